import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource, listReply } from "../resource.js";
import { RowId } from "../values.js";
import { PdfQuery } from "./exam-masters.js";
import { ResultStatus } from "./report-card.js";

/**
 * An exam: one paper of a term's examination for a classroom in a subject, on a date. Made by
 * saving the exam master; its date, times and marks can be changed here. Its maximum and pass
 * marks come from the master's subject unless set.
 */
export const examResource = defineResource({
  path: "exam",
  module: "exams",
  i18n: "exams:exams",
  fields: {
    examMasterId: field.ref("exammaster").required().filter().writeOnce(),
    examMasterName: field.readOnly(z.string()).column(),
    classroomId: field.ref("classRoom", "label").required().filter().writeOnce(),
    classroomLabel: field.readOnly(z.string()).column(),
    subjectId: field.ref("subject").required().filter().writeOnce(),
    subjectName: field.readOnly(z.string()).column().summary(),
    date: field.date().filter("range").sort().column("date"),
    startTime: field.time(),
    endTime: field.time(),
    maxMarks: field.int(1, 1000).required().column("number"),
    passMarks: field.int(0, 1000).required().column("number"),
    batchId: field.readOnly(z.number()).filter(),
    courseId: field.readOnly(z.number()).filter(),
    /** Students with a mark, absent or exempt, of the classroom's active students. */
    markedCount: field.readOnly(z.number()).column("number"),
    studentCount: field.readOnly(z.number()),
  },
  defaultSort: "date",
  refine: (create) => create.refine((b) => b.passMarks <= b.maxMarks, { message: "The pass mark must not be above the maximum", path: ["passMarks"] }),
});
export type ExamRow = z.infer<typeof examResource.row>;

/** The papers of a course's classrooms in a batch. */
export const examsOfBatchCourse = defineAction({
  method: "GET",
  path: "/admin/api/exam/batch/:batchId/course/:courseId",
  module: "exams",
  permission: ["exams", "view"],
  family: "scoped",
  summary: "The exams of a course's classrooms in a batch",
  params: z.object({ batchId: RowId, courseId: RowId }),
  reply: listReply(examResource.row),
  errors: [404],
});

/** A student of the exam's classroom and what has been entered for them. */
export const ExamStudent = z.object({
  studentId: z.number(),
  admissionNo: z.string(),
  name: z.string(),
  nameNative: z.string().nullable(),
  rollNo: z.number().nullable(),
  resultId: z.number().nullable(),
  marks: z.number().nullable(),
  status: ResultStatus.nullable(),
  remarks: z.string().nullable(),
});
export type ExamStudent = z.infer<typeof ExamStudent>;

/** The marks-entry grid: the paper and every active student of its classroom, in roll order. */
export const examStudents = defineAction({
  method: "GET",
  path: "/admin/api/exam/result/students/:id",
  module: "exams",
  permission: ["exams", "view"],
  family: "scoped",
  summary: "An exam's students in roll order with the marks entered so far (the marks-entry grid)",
  params: IdParams,
  reply: z.object({ message: z.string(), data: z.object({ exam: examResource.row, students: z.array(ExamStudent) }) }),
  errors: [404],
});

/** One paper's rank list (standard competition ranking on marks), rank-list-{id}.pdf. */
export const examRankList = defineAction({
  method: "GET",
  path: "/admin/api/exam/rank-list/:id",
  module: "exams",
  permission: ["exams", "view"],
  family: "staff",
  summary: "One exam's rank list as a PDF, rank-list-{id}.pdf",
  params: IdParams,
  query: PdfQuery,
  reply: fileReply(FILE_TYPES.pdf, "rank-list-{id}.pdf"),
  errors: [404],
});
