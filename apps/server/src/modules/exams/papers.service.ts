import type { ExamRow, ExamStudent } from "@taleem/contract";
import { count, inArray } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { subjectNames } from "../academics/academics.service.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activeCounts } from "../academics/enrolments.service.js";
import { type ExamRecord, examMasters, results } from "./exams.table.js";
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
