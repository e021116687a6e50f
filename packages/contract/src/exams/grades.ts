import { z } from "zod";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Status } from "../values.js";

/**
 * A grade band of the school's scale: A+ from 90 to 100 per cent, say, or a word ("Excellent").
 * The school's default scale has neither a course nor a batch; a course's or a batch's own bands,
 * when it has any, replace the default for its students (batch and course together first, then
 * batch, then course, then the school's). Bands of one scale may not overlap.
 */
export const gradeResource = defineResource({
  path: "grade",
  module: "exams",
  i18n: "exams:grades",
  fields: {
    name: field.text(20).required().search().sort().column().summary(),
    minPercent: field.int(0, 100).required().sort().column("number"),
    maxPercent: field.int(0, 100).required().column("number"),
    /** The band in words, printed beside the grade: "Outstanding". */
    description: field.text(60).column(),
    courseId: field.ref("course").filter(),
    courseName: field.readOnly(z.string().nullable()).column(),
    batchId: field.ref("batch").filter(),
    batchName: field.readOnly(z.string().nullable()).column(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "-minPercent",
  refine: (create) =>
    create.refine((b) => b.minPercent <= b.maxPercent, { message: "The lowest percentage must not be above the highest", path: ["maxPercent"] }),
});
export type GradeRow = z.infer<typeof gradeResource.row>;

/**
 * How a percentage finds its band, stated on every report card and rank list: rounded to a whole
 * number first, a half going up (89.5 is 90, an A+ when A+ starts at 90).
 */
export const GRADE_ROUNDING = "half-up-to-whole" as const;

/** A percentage as the grade lookup reads it. */
export const gradePercent = (percent: number) => Math.floor(percent + 0.5 + 1e-9);
