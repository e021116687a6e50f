import type { ResultRow, ResultStatus } from "@taleem/contract";
import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { subjectNames } from "../academics/academics.service.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { enrolmentsDuring } from "../academics/enrolments.service.js";
import { studentsByIds } from "../students/students.service.js";
import { type ExamRecord, examMasters, examSetComponents, examSets, exams, type ResultRecord, results } from "./exams.table.js";

export interface ResultValues {
  examId: number;
  studentId: number;
  marks: number | null;
  status: ResultStatus;
  /** undefined: leave the remarks as they are. */
  remarks?: string | null;
}

/** A paper and its term, or 404. */
export async function requirePaper(scope: TenantScope, examId: number) {
  const exam = await scope.find(exams, examId, "Exam");
  const master = await scope.find(examMasters, exam.examMasterId, "Examination");
  return { exam, master };
}

/** The students who may have a result in a paper: enrolled in its classroom during the term. */
export async function paperStudentIds(scope: TenantScope, exam: ExamRecord, termStart: string | null): Promise<Set<number>> {
  return new Set((await enrolmentsDuring(scope, [exam.classroomId], termStart)).map((e) => e.studentId));
}

/** Why one result cannot be saved in a paper, or null: a student not in the class, marks above the maximum. */
export function resultProblem(exam: ExamRecord, allowed: Set<number>, r: { studentId: number; marks: number | null; status: ResultStatus }) {
  if (!allowed.has(r.studentId)) return { field: "studentId", message: `Student ${r.studentId} is not enrolled in this exam's classroom.` };
  if (r.status === "present" && r.marks !== null && r.marks > exam.maxMarks)
    return { field: "marks", message: `${r.marks} is above the maximum of ${exam.maxMarks}.` };
  if (r.status !== "present" && r.marks !== null) return { field: "marks", message: "An absent or exempt student has no marks." };
  if (r.status === "present" && r.marks === null) return { field: "marks", message: "Give the marks of a student who sat the paper." };
  return null;
}

/** One result checked against its paper: 400 naming the field. */
export async function checkResult(scope: TenantScope, r: { examId: number; studentId: number; marks: number | null; status: ResultStatus }) {
  const { exam, master } = await requirePaper(scope, r.examId);
  const problem = resultProblem(exam, await paperStudentIds(scope, exam, master.startDate), r);
  if (problem) throw badRequest(problem.field === "studentId" ? "result.not_in_class" : "result.bad_marks", problem.message, { field: problem.field });
  return exam;
}

/**
 * Saves results set-based: one insert ... on conflict (tenant, exam, student) do update per
 * kind of row (remarks given or left), so sending the same sheet twice leaves one row each.
 */
export async function upsertResults(scope: TenantScope, rows: ResultValues[]): Promise<ResultRecord[]> {
  const saved: ResultRecord[] = [];
  const withRemarks = rows.filter((r) => r.remarks !== undefined);
  const without = rows.filter((r) => r.remarks === undefined);
  for (const [group, keepRemarks] of [
    [withRemarks, false],
    [without, true],
  ] as const) {
    for (let i = 0; i < group.length; i += 1000) {
      const chunk = group.slice(i, i + 1000);
      saved.push(
        ...(await scope.db
          .insert(results)
          .values(
            chunk.map((r) => ({
              tenantId: scope.tenantId,
              examId: r.examId,
              studentId: r.studentId,
              marks: r.marks,
              status: r.status,
              remarks: r.remarks ?? null,
            })),
          )
          .onConflictDoUpdate({
            target: [results.tenantId, results.examId, results.studentId],
            set: {
              marks: sql`excluded.marks`,
              status: sql`excluded.status`,
              ...(keepRemarks ? {} : { remarks: sql`excluded.remarks` }),
            },
          })
          .returning()),
      );
    }
  }
  return saved;
}

/** "Maths, Class 5-A, Half-yearly" for each paper. */
export async function paperLabels(scope: TenantScope, examIds: number[]): Promise<Map<number, { label: string; maxMarks: number }>> {
  const unique = [...new Set(examIds)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select({ id: exams.id, classroomId: exams.classroomId, subjectId: exams.subjectId, maxMarks: exams.maxMarks, masterName: examMasters.name })
    .from(exams)
    .innerJoin(examMasters, and(eq(examMasters.tenantId, exams.tenantId), eq(examMasters.id, exams.examMasterId)))
    .where(scope.where(exams, inArray(exams.id, unique)));
  const [rooms, subjects] = await Promise.all([
    classroomInfos(
      scope,
      rows.map((r) => r.classroomId),
    ),
    subjectNames(
      scope,
      rows.map((r) => r.subjectId),
    ),
  ]);
  return new Map(
    rows.map((r) => [r.id, { label: `${subjects.get(r.subjectId) ?? ""}, ${rooms.get(r.classroomId)?.label ?? ""}, ${r.masterName}`, maxMarks: r.maxMarks }]),
  );
}

/** Reply rows of results: the paper's label and maximum, the student's names. */
export async function presentResults(scope: TenantScope, rows: ResultRecord[]): Promise<ResultRow[]> {
  if (!rows.length) return [];
  const [labels, people] = await Promise.all([
    paperLabels(
      scope,
      rows.map((r) => r.examId),
    ),
    studentsByIds(
      scope,
      rows.map((r) => r.studentId),
    ),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    examLabel: labels.get(r.examId)?.label ?? "",
    maxMarks: labels.get(r.examId)?.maxMarks ?? 0,
    studentName: byId.get(r.studentId)?.name ?? "",
    studentNameNative: byId.get(r.studentId)?.nameNative ?? null,
    admissionNo: byId.get(r.studentId)?.admissionNo ?? "",
  }));
}

/**
 * Papers of some classrooms whose marks are still being entered on `date`: the examination is
 * active and has begun, the paper's day has come (or it has none), and no published set holds
 * the examination yet (publishing is the office's "marks are final"). Each with the students
 * actively enrolled in its classroom and how many of them have a result. Three statements.
 */
export async function papersAwaitingMarks(scope: TenantScope, classroomIds: number[], date: string) {
  if (!classroomIds.length) return [];
  const published = scope.db
    .select({ id: examSetComponents.examMasterId })
    .from(examSetComponents)
    .innerJoin(examSets, and(eq(examSets.tenantId, examSetComponents.tenantId), eq(examSets.id, examSetComponents.examSetId)))
    .where(scope.where(examSetComponents, isNotNull(examSets.publishedAt)));
  const papers = await scope.db
    .select({
      examId: exams.id,
      examName: examMasters.name,
      classroomId: exams.classroomId,
      subjectId: exams.subjectId,
      date: exams.date,
    })
    .from(exams)
    .innerJoin(examMasters, and(eq(examMasters.tenantId, exams.tenantId), eq(examMasters.id, exams.examMasterId)))
    .where(
      scope.where(
        exams,
        inArray(exams.classroomId, [...new Set(classroomIds)]),
        eq(examMasters.status, "active"),
        or(isNull(examMasters.startDate), lte(examMasters.startDate, date)),
        or(isNull(exams.date), lte(exams.date, date)),
        notInArray(exams.examMasterId, published),
      ),
    )
    .orderBy(asc(exams.date), asc(exams.id));
  if (!papers.length) return [];
  const [enrolled, entered] = await Promise.all([
    enrolmentsDuring(
      scope,
      papers.map((p) => p.classroomId),
      null,
    ),
    scope.db
      .select({ examId: results.examId, studentId: results.studentId })
      .from(results)
      .where(
        scope.where(
          results,
          inArray(
            results.examId,
            papers.map((p) => p.examId),
          ),
        ),
      ),
  ]);
  const done = new Set(entered.map((r) => `${r.examId}:${r.studentId}`));
  return papers.map((p) => {
    const students = enrolled.filter((e) => e.classroomId === p.classroomId);
    const have = students.filter((e) => done.has(`${p.examId}:${e.studentId}`)).length;
    return { ...p, students: students.length, entered: have, missing: students.length - have };
  });
}
