import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { JobParams, JobStarted, jobProgress } from "../platform/jobs.js";
import { defineResource } from "../resource.js";
import { Instant, Status } from "../values.js";
import { ENROLMENT_READERS } from "./enrolment-readers.js";

export const CourseKind = z.enum(["hifz", "madrasa", "alim", "school", "other"]);

/** A Google Sheets link (or another allowed import address); checked again when used. */
const SheetUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\//.test(v), "Give the full address, starting with https://");

/** A programme: Hifz, a madrasa curriculum, an Alim course. */
export const courseResource = defineResource({
  path: "course",
  module: "academics",
  i18n: "academics:courses",
  fields: {
    name: field.text(120).required().search().sort().column(),
    kind: field.choice(CourseKind).default("other").filter().column(),
    description: field.longText(2000),
    durationYears: field.int(1, 20).column("number"),
    /** A Google Sheets link the course's students are imported from. */
    sheetUrl: field.shaped(SheetUrl, z.string()).form({ kind: "text" }),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type CourseRow = z.infer<typeof courseResource.row>;

/** A level of a course (Class 5), in order. */
export const courseClassResource = defineResource({
  path: "course/class",
  module: "academics",
  i18n: "academics:courseClasses",
  fields: {
    courseId: field.ref("course").required().filter(),
    name: field.text(60).required().search().sort().column(),
    courseName: field.readOnly(z.string()).column(),
    order: field.int(0, 1000).default(0).sort().column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "order",
});
export type CourseClassRow = z.infer<typeof courseClassResource.row>;

export const ContentKind = z.enum(["link", "video", "document", "text"]);
export const CourseContentRow = z.object({
  id: z.number(),
  courseId: z.number(),
  title: z.string(),
  kind: ContentKind,
  url: z.string().nullable(),
  text: z.string().nullable(),
  order: z.number(),
  createdAt: Instant,
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

export const uploadCourseContent = defineAction({
  method: "POST",
  path: "/admin/api/course/:id/upload-content",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Add content items (links, videos, documents, texts) to a course, after its existing ones",
  params: IdParams,
  body: CourseContentUpload,
  reply: z.object({ message: z.string(), rows: z.array(CourseContentRow) }),
  errors: [404],
});

export const courseContent = defineAction({
  method: "GET",
  path: "/admin/api/course/:id/content",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "A course's content items, in order",
  params: IdParams,
  reply: z.object({ message: z.string(), rows: z.array(CourseContentRow), count: z.number() }),
  errors: [404],
});

export const deleteCourseContent = defineAction({
  method: "DELETE",
  path: "/admin/api/course/content/:id",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Delete one content item of a course",
  params: IdParams,
  reply: z.object({ message: z.string() }),
  errors: [404],
});

/** One bad cell of an import: the sheet's row number (header is row 1), the column and why. */
export const ImportProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;
/** What an import of a course's students did, once its job is done. */
export const ImportResult = z.object({
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  enrolled: z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * GET course/fetch-from-google-sheets/:id: a GET the specification names, which writes. The
 * sheet is read and every row checked before it answers (400 import.invalid lists each bad row);
 * then the rows are written by a job in one transaction, followed with courseImportProgress.
 */
export const importCourseStudents = defineAction({
  method: "GET",
  path: "/admin/api/course/fetch-from-google-sheets/:id",
  module: "academics",
  permission: ["students", "import"],
  family: "scoped",
  changesData: true,
  summary: "Import the course's students from its Google Sheets link (CSV export): every bad row is reported and nothing is written; good sheets start a job",
  params: IdParams,
  reply: JobStarted,
  errors: [404, 409],
  refreshes: ["student", "enrollment", "classRoom"],
  invalidates: ENROLMENT_READERS,
});

/** A spreadsheet sent inline: an Excel (.xlsx, first sheet) or CSV file as base64 or a data URL, at most 8 MB. */
export const ImportFile = z.object({
  fileName: z.string().trim().min(1).max(200),
  data: z
    .string()
    .min(4)
    .max(Math.ceil((8 * 1024 * 1024) / 3) * 4 + 100),
});

/** The same import from a file the user uploads instead of the course's sheet link. */
export const importCourseStudentsFile = defineAction({
  method: "POST",
  path: "/admin/api/course/:id/import-file",
  module: "academics",
  permission: ["students", "import"],
  summary: "Import the course's students from an uploaded Excel (.xlsx) or CSV file: the same columns, checks and job as the sheet link",
  params: IdParams,
  body: ImportFile,
  reply: JobStarted,
  errors: [404, 409, 413],
  refreshes: ["student", "enrollment", "classRoom"],
  invalidates: ENROLMENT_READERS,
});

/** How far a course import has got; another school's job, or one long finished, is 404. */
export const courseImportProgress = defineAction({
  method: "GET",
  path: "/admin/api/course/import-progress/:job",
  module: "academics",
  permission: ["students", "import"],
  family: "scoped",
  summary: "Progress of a course's student import: rows written of the total, then what it did or why nothing was written",
  params: JobParams,
  reply: jobProgress(ImportResult),
  errors: [404],
  refreshes: ["student", "enrollment", "classRoom"],
  invalidates: ENROLMENT_READERS,
});
