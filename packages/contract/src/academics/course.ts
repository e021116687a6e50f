import { z } from "zod";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { ActiveStatus, DateOnly, updateOf } from "./common.js";

export const CourseKind = z.enum(["hifz", "madrasa", "alim", "school", "other"]);

/** A programme: Hifz, a madrasa curriculum, an Alim course. */
export const CourseRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: CourseKind,
  description: z.string().nullable(),
  durationYears: z.number().nullable(),
  /** A Google Sheets link the course's students are imported from. */
  sheetUrl: z.string().nullable(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type CourseRow = z.infer<typeof CourseRow>;

/** A Google Sheets link (or another allowed import address); checked again when used. */
const SheetUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\//.test(v), "Give the full address, starting with https://");

const courseFields = {
  name: z.string().trim().min(1).max(120),
  kind: CourseKind,
  description: z.string().trim().max(2000).nullish(),
  durationYears: z.number().int().min(1).max(20).nullish(),
  sheetUrl: SheetUrl.nullish(),
  status: ActiveStatus,
};
export const CourseCreate = z.object({ ...courseFields, kind: CourseKind.default("other"), status: ActiveStatus.default("active") });
export const CourseUpdate = updateOf(courseFields);

export const courseResource = defineResource({
  path: "course",
  module: "academics",
  i18n: "courses",
  row: CourseRow,
  create: CourseCreate,
  update: CourseUpdate,
  filters: { status: "exact", kind: "exact" },
  search: ["name"],
  sortable: ["name", "createdAt"],
  defaultSort: "name",
  columns: [{ key: "name", sortable: true }, { key: "kind" }, { key: "durationYears", kind: "number" }, { key: "status", kind: "status" }],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "kind", kind: "select", options: ["hifz", "madrasa", "alim", "school", "other"] },
    { key: "description", kind: "textarea" },
    { key: "durationYears", kind: "number" },
    { key: "sheetUrl", kind: "text" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/** A level of a course (Class 5), in order. */
export const CourseClassRow = z.object({
  id: z.number(),
  courseId: z.number(),
  courseName: z.string(),
  name: z.string(),
  order: z.number(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type CourseClassRow = z.infer<typeof CourseClassRow>;
const courseClassFields = {
  courseId: RowId,
  name: z.string().trim().min(1).max(60),
  order: z.number().int().min(0).max(1000),
  status: ActiveStatus,
};
export const CourseClassCreate = z.object({ ...courseClassFields, order: courseClassFields.order.default(0), status: ActiveStatus.default("active") });
export const CourseClassUpdate = updateOf(courseClassFields);

export const courseClassResource = defineResource({
  path: "course/class",
  module: "academics",
  i18n: "courseClasses",
  row: CourseClassRow,
  create: CourseClassCreate,
  update: CourseClassUpdate,
  filters: { courseId: "exact", status: "exact" },
  search: ["name"],
  sortable: ["order", "name", "createdAt"],
  defaultSort: "order",
  columns: [{ key: "name", sortable: true }, { key: "courseName" }, { key: "order", kind: "number", sortable: true }, { key: "status", kind: "status" }],
  fields: [
    { key: "courseId", kind: "select", ref: { resource: "course", label: "name" }, required: true },
    { key: "name", kind: "text", required: true },
    { key: "order", kind: "number" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

export const ContentKind = z.enum(["link", "video", "document", "text"]);
export const CourseContentRow = z.object({
  id: z.number(),
  courseId: z.number(),
  title: z.string(),
  kind: ContentKind,
  url: z.string().nullable(),
  text: z.string().nullable(),
  order: z.number(),
  createdAt: z.string(),
});
export type CourseContentRow = z.infer<typeof CourseContentRow>;
const ContentUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^(https?:\/\/|\/)/.test(v), "Give a web address (https://...) or an upload path (/...)");
export const CourseContentInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    kind: ContentKind,
    url: ContentUrl.nullish(),
    text: z.string().max(20_000).nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === "text" && !c.text) ctx.addIssue({ code: "custom", path: ["text"], message: "A text item needs its text" });
    if (c.kind !== "text" && !c.url) ctx.addIssue({ code: "custom", path: ["url"], message: "This item needs its address" });
  });
/** POST course/:id/upload-content: adds items after the course's existing content. */
export const CourseContentUpload = z.object({ content: z.array(CourseContentInput).min(1).max(100) });

export const HafizTarget = z.enum(["quran", "juz_range"]);
/** POST course/:id/create-hafiz-records: one record per actively enrolled student, idempotently. */
export const CreateHafizRecords = z
  .object({
    startedOn: DateOnly.optional(),
    target: HafizTarget.default("quran"),
    fromJuz: z.number().int().min(1).max(30).optional(),
    toJuz: z.number().int().min(1).max(30).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.target === "juz_range" && (!b.fromJuz || !b.toJuz))
      ctx.addIssue({ code: "custom", path: ["fromJuz"], message: "A juz range needs fromJuz and toJuz" });
  });

/** One bad cell of an import: the sheet's row number (header is row 1), the column and why. */
export const ImportProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;
export const ImportReply = z.object({
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  enrolled: z.number(),
});
