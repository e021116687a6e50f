import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId } from "../values.js";
import { Marks } from "./exam-masters.js";
import { ResultStatus } from "./report-card.js";

const marksGiven = (b: { marks?: number | null; status?: string }) =>
  (b.status ?? "present") === "present" ? b.marks !== undefined && b.marks !== null : b.marks === undefined || b.marks === null;
const MARKS_RULE = { message: "Give the marks of a student who sat the paper, and none for one absent or exempt", path: ["marks"] };

/**
 * One student's result in one exam: marks, or absent or exempt (never a zero for either). The
 * student must be in the exam's classroom and the marks within its maximum.
 */
export const resultResource = defineResource({
  path: "result",
  module: "exams",
  i18n: "exams:results",
  fields: {
    examId: field.ref("exam", "subjectName").required().filter().writeOnce(),
    examLabel: field.readOnly(z.string()).column(),
    studentId: field.ref("student").required().filter().writeOnce(),
    studentName: field.readOnly(z.string()).column("name").summary(),
    studentNameNative: field.readOnly(z.string().nullable()),
    admissionNo: field.readOnly(z.string()).column(),
    marks: field.shaped(Marks.nullable(), z.number().nullable()).form({ kind: "number" }).column("number"),
    maxMarks: field.readOnly(z.number()).column("number"),
    status: field.choice(ResultStatus).default("present").filter().column("status"),
    remarks: field.text(200),
  },
  refine: (create) => create.refine(marksGiven, MARKS_RULE),
});
export type ResultRow = z.infer<typeof resultResource.row>;

const Entry = z.object({ marks: Marks.nullable(), status: ResultStatus.default("present"), remarks: z.string().trim().max(200).nullish() });
/** A student's result in a classroom's sheet. */
export const ResultEntry = Entry.extend({ studentId: RowId }).refine(marksGiven, MARKS_RULE);
/** One paper's result in a student's sheet. */
export const PaperEntry = Entry.extend({ examId: RowId }).refine(marksGiven, MARKS_RULE);
export type ResultEntry = z.infer<typeof ResultEntry>;

/**
 * A whole classroom's marks for one exam in one call: saved all together or not at all, and
 * sending the same sheet twice leaves one result per student. Students left out are untouched.
 */
export const saveClassResults = defineAction({
  method: "POST",
  path: "/admin/api/result/multiresults",
  module: "exams",
  permission: ["exams", "add"],
  summary: "Save a classroom's marks for one exam at once (each student once; all or nothing)",
  body: z.object({ examId: RowId, results: z.array(ResultEntry).min(1).max(500) }),
  reply: z.object({ message: z.string(), saved: z.number(), rows: z.array(resultResource.row) }),
  errors: [404],
  refreshes: ["result", "exam"],
});
