import type { ExamRow, ExamStudent, examResource } from "@taleem/contract";
import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireBatch, requireCourse, requireSubject, subjectNames } from "../academics/academics.service.js";
import { classroomIdsOfCourse, classroomInfos, requireClassroom } from "../academics/classrooms.service.js";
import { activeCounts } from "../academics/enrolments.service.js";
import { requireMaster } from "./exam-masters.service.js";
import { requireVisiblePaper } from "./exam-sets.service.js";
import { type ExamRecord, examMasters, exams, results } from "./exams.table.js";
import { studentsOf } from "./report-cards.service.js";

/** Reply rows of papers: the term's, classroom's and subject's names, and how far marking has got. */
export async function presentPapers(scope: TenantScope, rows: ExamRecord[]): Promise<ExamRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [masters, rooms, subjects, marked, students] = await Promise.all([
    scope.db
      .select({ id: examMasters.id, name: examMasters.name, batchId: examMasters.batchId })
      .from(examMasters)
      .where(
        scope.where(
          examMasters,
          inArray(
            examMasters.id,
            rows.map((r) => r.examMasterId),
          ),
        ),
      ),
    classroomInfos(
      scope,
      rows.map((r) => r.classroomId),
    ),
    subjectNames(
      scope,
      rows.map((r) => r.subjectId),
    ),
    scope.db
      .select({ examId: results.examId, n: count() })
      .from(results)
      .where(scope.where(results, inArray(results.examId, ids)))
      .groupBy(results.examId),
    activeCounts(
      scope,
      rows.map((r) => r.classroomId),
    ),
  ]);
  return rows.map((r) => {
    const master = masters.find((m) => m.id === r.examMasterId);
    const room = rooms.get(r.classroomId);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      startTime: r.startTime?.slice(0, 5) ?? null,
      endTime: r.endTime?.slice(0, 5) ?? null,
      examMasterName: master?.name ?? "",
      classroomLabel: room?.label ?? "",
      subjectName: subjects.get(r.subjectId) ?? "",
      batchId: master?.batchId ?? room?.batchId ?? 0,
      courseId: room?.courseId ?? 0,
      markedCount: marked.find((m) => m.examId === r.id)?.n ?? 0,
      studentCount: students.get(r.classroomId) ?? 0,
    };
  });
}

/** The marks-entry grid: the paper's students during its term, in roll order, with what is entered. */
export async function paperGrid(scope: TenantScope, exam: ExamRecord, termStart: string | null): Promise<ExamStudent[]> {
  const [people, entered] = await Promise.all([
    studentsOf(scope, [exam.classroomId], termStart),
    scope.db
      .select()
      .from(results)
      .where(scope.where(results, inArray(results.examId, [exam.id]))),
  ]);
  const byStudent = new Map(entered.map((r) => [r.studentId, r]));
  return people
    .map((s) => {
      const r = byStudent.get(s.studentId);
      return {
        studentId: s.studentId,
        admissionNo: s.admissionNo,
        name: s.name,
        nameNative: s.nameNative,
        rollNo: s.rollNo,
        resultId: r?.id ?? null,
        marks: r?.marks ?? null,
        status: r?.status ?? null,
        remarks: r?.remarks ?? null,
      };
    })
    .sort((a, b) => (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name));
}

/** The ids of a batch's terms, as a subquery (the papers' batch filter). */
export const masterIdsOfBatch = (scope: TenantScope, batchId: number) =>
  scope.db
    .select({ id: examMasters.id })
    .from(examMasters)
    .where(scope.where(examMasters, eq(examMasters.batchId, batchId)));

/** A new paper, checked: its classroom of the term's batch, its subject of the classroom's course. */
export async function newPaperValues(scope: TenantScope, input: z.infer<typeof examResource.create>) {
  const [master, room] = await Promise.all([requireMaster(scope, input.examMasterId), requireClassroom(scope, input.classroomId)]);
  const subject = await requireSubject(scope, input.subjectId);
  if (room.batchId !== master.batchId)
    throw badRequest("exam.other_batch", `${room.label} is a classroom of another batch than ${master.name}.`, { field: "classroomId" });
  if (subject.courseId !== null && subject.courseId !== room.courseId)
    throw badRequest("subject.other_course", `The subject ${subject.name} belongs to another course.`, { field: "subjectId" });
  return { ...input, date: input.date ?? null, startTime: input.startTime ?? null, endTime: input.endTime ?? null };
}

/** A change to a paper, checked: the pass mark within the maximum, no marks given above a lowered maximum. */
export async function paperChangeValues(scope: TenantScope, existing: ExamRecord, input: z.infer<typeof examResource.update>) {
  const { id: _id, ...values } = input;
  const max = values.maxMarks ?? existing.maxMarks;
  const pass = values.passMarks ?? existing.passMarks;
  if (pass > max) throw badRequest("exam.pass_above_max", "The pass mark must not be above the maximum.", { field: "passMarks" });
  if (values.maxMarks !== undefined) {
    const [above] = await scope.db
      .select({ id: results.id })
      .from(results)
      .where(scope.where(results, and(eq(results.examId, existing.id), gt(results.marks, max))))
      .limit(1);
    if (above) throw conflict("exam.marks_above_max", `Some marks of this paper are above ${max}.`, { field: "maxMarks" });
  }
  return values;
}

/** The papers of a batch's terms in a course's classrooms, by date. */
export async function papersOfBatchCourse(scope: TenantScope, batchId: number, courseId: number) {
  await Promise.all([requireBatch(scope, batchId), requireCourse(scope, courseId)]);
  const rows = await scope.db
    .select()
    .from(exams)
    .where(scope.where(exams, inArray(exams.classroomId, classroomIdsOfCourse(scope, courseId)), inArray(exams.examMasterId, masterIdsOfBatch(scope, batchId))))
    .orderBy(exams.date, exams.id);
  return presentPapers(scope, rows);
}

/** A paper with its marks-entry grid (404 for a family when the paper is not published). */
export async function paperWithStudents(ctx: Pick<RequestContext, "scope">, id: number) {
  const exam = await ctx.scope.find(exams, id, "Exam");
  await requireVisiblePaper(ctx, exam.id);
  const master = await requireMaster(ctx.scope, exam.examMasterId);
  const [row] = await presentPapers(ctx.scope, [exam]);
  return { exam: row!, students: await paperGrid(ctx.scope, exam, master.startDate) };
}
