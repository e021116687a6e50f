import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { JobParams, JobStarted, jobProgress } from "../platform/jobs.js";
import { defineResource } from "../resource.js";
import { IdList, Language, RowId, Status } from "../values.js";

/** Marks are whole or half marks (37.5) up to 1,000. */
export const Marks = z.number().min(0).max(1000).multipleOf(0.5);

/** A subject of a term's examination, with its maximum and pass marks. */
export const ExamMasterSubjectInput = z
  .object({ subjectId: RowId, maxMarks: z.number().int().min(1).max(1000), passMarks: z.number().int().min(0).max(1000) })
  .refine((s) => s.passMarks <= s.maxMarks, { message: "The pass mark must not be above the maximum", path: ["passMarks"] });
export const ExamMasterSubject = z.object({ subjectId: z.number(), subjectName: z.string(), maxMarks: z.number(), passMarks: z.number() });
export type ExamMasterSubject = z.infer<typeof ExamMasterSubject>;

/**
 * A term's examination (half-yearly, annual) for a batch: which classrooms sit it and which
 * subjects, each with its maximum and pass marks. Saving it makes one exam (paper) per classroom
 * and subject the classroom is taught (every subject, for a classroom that lists none); a paper
 * with marks is never removed by an edit.
 */
export const examMasterResource = defineResource({
  path: "exammaster",
  module: "exams",
  i18n: "exams:masters",
  fields: {
    name: field.text(120).required().search().sort().column().summary(),
    batchId: field.ref("batch").required().filter(),
    batchName: field.readOnly(z.string()).column(),
    startDate: field.date().filter("range").sort().column("date"),
    endDate: field.date(),
    classroomIds: field
      .shaped(IdList(200), z.array(z.number()))
      .required()
      .form({ kind: "multiselect", ref: { resource: "classRoom", label: "label" } }),
    subjects: field.shaped(z.array(ExamMasterSubjectInput).min(1).max(40), z.array(ExamMasterSubject)).required().form({ kind: "rows" }),
    examCount: field.readOnly(z.number()).column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "-startDate",
});
export type ExamMasterRow = z.infer<typeof examMasterResource.row>;

/** The language a PDF is printed in; the caller's own when left out. */
export const PdfQuery = z.object({ lang: Language.optional() });

/**
 * Report cards of a term's examination, one student a page (or two), for one classroom: made in
 * the request. A whole school is too many for one request (409 names the job call).
 */
export const examMasterMarkSheets = defineAction({
  method: "GET",
  path: "/admin/api/exammaster/mark-sheets/:id",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "Report cards (mark sheets) of a term's examination for one classroom as a PDF, mark-sheets-{id}.pdf",
  params: IdParams,
  query: PdfQuery.extend({ classroomId: RowId.optional() }),
  reply: fileReply(FILE_TYPES.pdf, "mark-sheets-{id}.pdf"),
  errors: [404, 409],
});

/** What a mark-sheets job leaves: how many cards were made and the students whose card failed. */
export const MarkSheetsResult = z.object({
  cards: z.number(),
  failed: z.array(z.object({ studentId: z.number(), name: z.string(), message: z.string() })),
  fileName: z.string(),
});
export type MarkSheetsResult = z.infer<typeof MarkSheetsResult>;

/** Mark sheets of many classrooms (a whole school): a job, each student's card made on its own. */
export const startMarkSheetsJob = defineAction({
  method: "POST",
  path: "/admin/api/exammaster/mark-sheets/:id/job",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "Start making the report cards of a term's examination for many classrooms (or the whole school) as a job",
  params: IdParams,
  body: PdfQuery.extend({ classroomIds: IdList(500).optional() }),
  reply: JobStarted,
  errors: [404],
});

export const markSheetsProgress = defineAction({
  method: "GET",
  path: "/admin/api/exammaster/mark-sheets-progress/:job",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "Progress of a mark-sheets job: cards made of the total, then the cards that failed",
  params: JobParams,
  reply: jobProgress(MarkSheetsResult),
  errors: [404],
});

export const markSheetsFile = defineAction({
  method: "GET",
  path: "/admin/api/exammaster/mark-sheets-file/:job",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "The PDF a finished mark-sheets job made, mark-sheets-{id}.pdf",
  params: JobParams,
  reply: fileReply(FILE_TYPES.pdf, "mark-sheets-{id}.pdf"),
  errors: [404, 409],
});
