import { z } from "zod";
import { ImportFile } from "../academics/course.js";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Instant, RowId } from "../values.js";
import { PdfQuery } from "./exam-masters.js";
import { CombineRule, RankRule, ReportCard } from "./report-card.js";
import { PaperEntry } from "./results.js";

const ComponentInput = z.object({ examMasterId: RowId, weight: z.number().int().min(1).max(100).nullish() });
const Component = z.object({ examMasterId: z.number(), examMasterName: z.string(), weight: z.number().nullable() });

/**
 * The terms whose results make one report card (the annual card of three terms, say), how they
 * combine, who is ranked, and whether parents may see it. Nothing of an unpublished set reaches a
 * parent: not a mark, a total, a rank or a notification.
 */
export const examSetResource = defineResource({
  path: "examset",
  module: "exams",
  i18n: "exams:sets",
  fields: {
    name: field.text(120).required().search().sort().column().summary(),
    batchId: field.ref("batch").required().filter(),
    batchName: field.readOnly(z.string()).column(),
    components: field.shaped(z.array(ComponentInput).min(1).max(6), z.array(Component)).required().form({ kind: "rows" }),
    combine: field.choice(CombineRule).default("total").column(),
    rankRule: field.choice(RankRule).default("passedAll").column(),
    published: field.readOnly(z.boolean()).filter("boolean").column("boolean"),
    publishedAt: field.readOnly(Instant.nullable()),
  },
  refine: (create) =>
    create.superRefine((b, ctx) => {
      const weights = b.components.map((c) => c.weight ?? null);
      if (b.combine === "weighted" && (weights.some((w) => w === null) || weights.reduce<number>((s, w) => s + (w ?? 0), 0) !== 100))
        ctx.addIssue({ code: "custom", path: ["components"], message: "Weighted terms need a weight each, adding up to 100" });
      if (new Set(b.components.map((c) => c.examMasterId)).size !== b.components.length)
        ctx.addIssue({ code: "custom", path: ["components"], message: "A term appears twice" });
    }),
});
export type ExamSetRow = z.infer<typeof examSetResource.row>;

export const RANK_LIST_TYPES = ["class", "overall"] as const;
export const RankListType = z.enum(RANK_LIST_TYPES);

/** The set's rank list: one section per classroom (`class`) or the whole batch in one (`overall`). */
export const examSetRankList = defineAction({
  method: "GET",
  path: "/admin/api/examset/rank-list/:examsetId/:type",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "An exam set's rank list by classroom or overall as a PDF, rank-list-{examsetId}.pdf",
  params: z.object({ examsetId: RowId, type: RankListType }),
  query: PdfQuery.extend({ classroomId: RowId.optional() }),
  reply: fileReply(FILE_TYPES.pdf, "rank-list-{examsetId}.pdf"),
  errors: [404],
});

/**
 * One student's report card of a set as a PDF, as the mark sheets print it (ranked over the whole
 * set), named after the student's admission number and the set: report-card-{admissionNo}-{set}.pdf.
 */
export const examSetReportCard = defineAction({
  method: "GET",
  path: "/admin/api/examset/:id/report-card/:studentId",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "One student's report card of an exam set as a PDF, report-card-{admissionNo}-{set}.pdf",
  params: z.object({ id: RowId, studentId: RowId }),
  query: PdfQuery,
  reply: fileReply(FILE_TYPES.pdf),
  errors: [404, 409],
});

/** A report card's file name: its admission number (as written) and set (lower case) in letters, digits and dashes. */
export function reportCardFileName(card: { admissionNo: string }, set: { name: string }): string {
  const part = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return `${["report-card", part(card.admissionNo), part(set.name).toLowerCase()].filter(Boolean).join("-")}.pdf`;
}

/** The report cards of a set (or of one classroom), ranked, for the results and analysis screens. */
export const examSetResults = defineAction({
  method: "GET",
  path: "/admin/api/examset/:id/results",
  module: "exams",
  permission: ["exams", "view"],
  family: "scoped",
  summary: "An exam set's report cards with ranks, for a classroom or the whole set",
  params: IdParams,
  query: z.object({ classroomId: RowId.optional() }),
  reply: z.object({ message: z.string(), rows: z.array(ReportCard), count: z.number() }),
  errors: [404],
});

const SubjectFigures = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  average: z.number().nullable(),
  passRate: z.number().nullable(),
  schoolAverage: z.number().nullable(),
});

/** Result analysis: pass rate, subject averages, the grade distribution, the classroom against the set. */
export const examSetAnalysis = defineAction({
  method: "GET",
  path: "/admin/api/examset/:id/analysis",
  module: "exams",
  permission: ["exams", "view"],
  family: "scoped",
  summary: "Pass rate, subject averages, grade distribution, and a classroom against the whole set",
  params: IdParams,
  query: z.object({ classroomId: RowId.optional() }),
  reply: z.object({
    message: z.string(),
    data: z.object({
      students: z.number(),
      marked: z.number(),
      passRate: z.number().nullable(),
      average: z.number().nullable(),
      schoolAverage: z.number().nullable(),
      subjects: z.array(SubjectFigures),
      distribution: z.array(z.object({ grade: z.string(), count: z.number() })),
      classrooms: z.array(z.object({ classroomId: z.number(), classroomLabel: z.string(), average: z.number().nullable(), passRate: z.number().nullable() })),
    }),
  }),
  errors: [404],
});

/** One student's marks in any of the set's papers at once, answered with their report card. */
export const saveStudentResult = defineAction({
  method: "POST",
  path: "/admin/api/examset/single-student-result",
  module: "exams",
  permission: ["exams", "add"],
  summary: "Save one student's marks across the set's exams and answer their report card",
  body: z.object({
    examsetId: RowId,
    studentId: RowId,
    results: z.array(PaperEntry).min(1).max(200),
  }),
  reply: z.object({ message: z.string(), data: ReportCard }),
  errors: [404],
  refreshes: ["result", "exam"],
});

const Remarks = z.string().trim().max(500).nullable();

export const updateRemarks = defineAction({
  method: "POST",
  path: "/admin/api/examset/update-remarks",
  module: "exams",
  permission: ["exams", "edit"],
  summary: "Set (or clear, with null) the remarks on one student's report card",
  body: z.object({ examsetId: RowId, studentId: RowId, remarks: Remarks }),
  reply: z.object({ message: z.string() }),
  errors: [404],
});

export const updateBulkRemarks = defineAction({
  method: "PUT",
  path: "/admin/api/examset/update-bulk-remarks",
  module: "exams",
  permission: ["exams", "edit"],
  summary: "Set the remarks of many students of a set at once (all or none)",
  body: z.object({
    examsetId: RowId,
    data: z
      .array(z.object({ studentId: RowId, remarks: Remarks }))
      .min(1)
      .max(1000),
  }),
  reply: z.object({ message: z.string(), saved: z.number() }),
  errors: [404],
});

export const StudentRemarks = z.object({
  studentId: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  remarks: z.string().nullable(),
});

export const examSetRemarks = defineAction({
  method: "GET",
  path: "/admin/api/examset/remarks/:id",
  module: "exams",
  permission: ["exams", "view"],
  family: "scoped",
  summary: "Every student of an exam set with their report card remarks",
  params: IdParams,
  query: z.object({ classroomId: RowId.optional() }),
  reply: z.object({ message: z.string(), rows: z.array(StudentRemarks), count: z.number() }),
  errors: [404],
});

/** Publishing makes a set visible to parents and tells each about their own child; unpublishing hides it. */
export const publishExamSet = defineAction({
  method: "POST",
  path: "/admin/api/examset/publish",
  module: "exams",
  permission: ["exams", "publish"],
  summary: "Publish an exam set to parents (each told about their own child once) or hide it again",
  body: z.object({ id: RowId, published: z.boolean().default(true) }),
  reply: z.object({ message: z.string(), data: examSetResource.row, notified: z.number() }),
  errors: [404],
  refreshes: ["examset"],
});

/** A problem with one row of an uploaded results sheet. */
export const UploadProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });

/**
 * One term's marks for a set from a spreadsheet: a row per student (admission number), a column
 * per subject (name or code) holding marks, AB (absent) or EX (exempt); a blank cell is left as it
 * is. Every bad row is reported (400, params.problems) and nothing is saved unless all are good.
 */
export const uploadResults = defineAction({
  method: "POST",
  path: "/admin/api/examset/upload-results",
  module: "exams",
  permission: ["exams", "add"],
  summary: "Upload a term's marks for an exam set from an Excel or CSV sheet (all rows or none)",
  body: ImportFile.extend({ examsetId: RowId, examMasterId: RowId.optional() }),
  reply: z.object({ message: z.string(), saved: z.number() }),
  errors: [404],
  refreshes: ["result", "exam"],
});

/**
 * A student's published results (parents see their own children's; staff with exams.view see
 * every set, published or not, marked as such).
 */
export const studentExamResults = defineAction({
  method: "GET",
  path: "/admin/api/examset/student-result/:id",
  module: "exams",
  family: "scoped",
  summary: "A student's report cards of published exam sets (the parent area's results page)",
  params: IdParams,
  reply: z.object({ message: z.string(), rows: z.array(ReportCard) }),
  errors: [404],
});
