import { can, type saveStudentResult, type updateBulkRemarks, type updateRemarks } from "@taleem/contract";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomIdsOfStudent } from "../academics/enrolments.service.js";
import { requireStudent } from "../students/students.service.js";
import { requireSet, setPapers, setStudents } from "./exam-sets.service.js";
import { examMasterClassrooms, examRemarks, examSetComponents, examSets, exams } from "./exams.table.js";
import { examSetCards } from "./report-cards.service.js";
import { paperStudentIds, resultProblem, upsertResults } from "./results.service.js";

/** A student of the set, or 400 naming the field. */
async function requireSetStudent(ctx: RequestContext, setId: number, studentId: number, field = "studentId") {
  await requireStudent(ctx.scope, studentId);
  const student = (await setStudents(ctx.scope, setId)).find((s) => s.studentId === studentId);
  if (!student) throw badRequest("exam_set.not_a_student", `Student ${studentId} sits none of this set's examinations.`, { field });
  return student;
}

/** Saves remarks: text upserted, null clears. */
async function saveRemarks(ctx: RequestContext, setId: number, rows: { studentId: number; remarks: string | null }[]) {
  const cleared = rows.filter((r) => !r.remarks).map((r) => r.studentId);
  const kept = rows.filter((r): r is { studentId: number; remarks: string } => !!r.remarks);
  if (cleared.length)
    await ctx.scope.db.delete(examRemarks).where(ctx.scope.where(examRemarks, eq(examRemarks.examSetId, setId), inArray(examRemarks.studentId, cleared)));
  if (kept.length)
    await ctx.scope.db
      .insert(examRemarks)
      .values(kept.map((r) => ({ tenantId: ctx.scope.tenantId, examSetId: setId, studentId: r.studentId, remarks: r.remarks })))
      .onConflictDoUpdate({ target: [examRemarks.tenantId, examRemarks.examSetId, examRemarks.studentId], set: { remarks: sql`excluded.remarks` } });
}

/** Whether the caller may read this student's results, and whether only published sets. */
async function readableResults(ctx: RequestContext, studentId: number): Promise<{ publishedOnly: boolean }> {
  // In a family's scope another family's child is not found.
  await requireStudent(ctx.scope, studentId);
  if (ctx.scope.family) return { publishedOnly: true };
  if (!can(ctx.principal.permissions, "exams", "view")) throw new AppError(403, "forbidden", "You do not have permission to do this.");
  return { publishedOnly: false };
}

/**
 * Saves one student's results across a set's papers, all or none (400 listing every problem),
 * and answers the student's report card as it now stands.
 */
export async function saveSetResults(ctx: RequestContext, body: z.infer<typeof saveStudentResult.body>) {
  const set = await requireSet(ctx.scope, body.examsetId);
  await requireSetStudent(ctx, set.id, body.studentId);
  const { masters, papers } = await setPapers(ctx.scope, set.id);
  const problems: { row: number; examId: number; field: string; message: string }[] = [];
  for (const [i, r] of body.results.entries()) {
    const paper = papers.find((p) => p.id === r.examId);
    const master = masters.find((m) => m.id === paper?.examMasterId);
    if (!paper || !master) {
      problems.push({ row: i, examId: r.examId, field: "examId", message: `Exam ${r.examId} is not a paper of this set.` });
      continue;
    }
    const problem = resultProblem(paper, await paperStudentIds(ctx.scope, paper, master.startDate), { ...r, studentId: body.studentId });
    if (problem) problems.push({ row: i, examId: r.examId, ...problem });
  }
  if (new Set(body.results.map((r) => r.examId)).size !== body.results.length)
    problems.push({ row: 0, examId: 0, field: "examId", message: "A paper appears twice." });
  if (problems.length)
    throw badRequest("result.sheet_invalid", `${problems.length} result(s) cannot be saved; nothing was saved.`, { field: "results", problems });
  await upsertResults(
    ctx.scope,
    body.results.map((r) => ({
      examId: r.examId,
      studentId: body.studentId,
      marks: r.status === "present" ? r.marks : null,
      status: r.status,
      remarks: r.remarks === undefined ? undefined : (r.remarks ?? null),
    })),
  );
  await ctx.audit({ action: "update", entity: "results", entityId: body.studentId, details: { examSetId: set.id, saved: body.results.length } });
  const { cards, failed } = await examSetCards(ctx.scope, set.id, { studentIds: [body.studentId] });
  const card = cards[0];
  if (!card) throw badRequest("exam_set.card_failed", failed[0]?.message ?? "The report card could not be made.", { field: "results" });
  return card;
}

/** Saves or clears one student's remarks on a set. */
export async function saveStudentRemarks(ctx: RequestContext, body: z.infer<typeof updateRemarks.body>) {
  await requireSet(ctx.scope, body.examsetId);
  await requireSetStudent(ctx, body.examsetId, body.studentId);
  await saveRemarks(ctx, body.examsetId, [{ studentId: body.studentId, remarks: body.remarks }]);
  await ctx.audit({ action: "update", entity: "exam_remarks", entityId: body.examsetId, details: { studentId: body.studentId } });
}

/** Saves many students' remarks on a set, all or none; answers how many. */
export async function saveSetRemarks(ctx: RequestContext, body: z.infer<typeof updateBulkRemarks.body>) {
  await requireSet(ctx.scope, body.examsetId);
  const students = new Set((await setStudents(ctx.scope, body.examsetId)).map((s) => s.studentId));
  const ids = body.data.map((d) => d.studentId);
  if (new Set(ids).size !== ids.length) throw badRequest("exam_set.student_twice", "A student appears twice.", { field: "data" });
  const strangers = ids.filter((id) => !students.has(id));
  if (strangers.length)
    throw badRequest("exam_set.not_a_student", `Student ${strangers.join(", ")} sits none of this set's examinations; nothing was saved.`, {
      field: "data",
      studentIds: strangers,
    });
  await saveRemarks(ctx, body.examsetId, body.data);
  await ctx.audit({ action: "update", entity: "exam_remarks", entityId: body.examsetId, details: { saved: body.data.length } });
  return body.data.length;
}

/** A set's students with their remarks, by classroom, roll number and name; one classroom's if given. */
export async function setRemarks(scope: TenantScope, setId: number, classroomId: number | undefined) {
  await requireSet(scope, setId);
  const [students, remarks] = await Promise.all([
    setStudents(scope, setId),
    scope.db
      .select()
      .from(examRemarks)
      .where(scope.where(examRemarks, eq(examRemarks.examSetId, setId))),
  ]);
  const rows = students
    .filter((s) => !classroomId || s.classroomId === classroomId)
    .sort(
      (a, b) =>
        a.classroomLabel.localeCompare(b.classroomLabel, undefined, { numeric: true }) ||
        (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) ||
        a.name.localeCompare(b.name),
    )
    .map((s) => ({
      studentId: s.studentId,
      name: s.name,
      nameNative: s.nameNative,
      admissionNo: s.admissionNo,
      classroomId: s.classroomId,
      classroomLabel: s.classroomLabel,
      remarks: remarks.find((r) => r.studentId === s.studentId)?.remarks ?? null,
    }));
  return rows;
}

/**
 * A student's report cards of every set they sat, newest first; a family sees the published ones.
 * Undefined for a student in no classroom.
 */
export async function studentResults(ctx: RequestContext, studentId: number) {
  const { publishedOnly } = await readableResults(ctx, studentId);
  const rooms = await classroomIdsOfStudent(ctx.scope, studentId);
  if (!rooms.length) return undefined;
  const masterIds = ctx.scope.db
    .select({ id: examMasterClassrooms.examMasterId })
    .from(examMasterClassrooms)
    .where(ctx.scope.where(examMasterClassrooms, inArray(examMasterClassrooms.classroomId, rooms)));
  const paperMasters = ctx.scope.db
    .select({ id: exams.examMasterId })
    .from(exams)
    .where(ctx.scope.where(exams, inArray(exams.classroomId, rooms)));
  const sets = await ctx.scope.db
    .selectDistinct({ id: examSets.id, createdAt: examSets.createdAt })
    .from(examSets)
    .innerJoin(examSetComponents, and(eq(examSetComponents.tenantId, examSets.tenantId), eq(examSetComponents.examSetId, examSets.id)))
    .where(ctx.scope.where(examSets, publishedOnly ? isNotNull(examSets.publishedAt) : undefined, inArray(examSetComponents.examMasterId, masterIds)))
    .orderBy(desc(examSets.createdAt), asc(examSets.id));
  const morePaperSets = await ctx.scope.db
    .selectDistinct({ id: examSets.id, createdAt: examSets.createdAt })
    .from(examSets)
    .innerJoin(examSetComponents, and(eq(examSetComponents.tenantId, examSets.tenantId), eq(examSetComponents.examSetId, examSets.id)))
    .where(ctx.scope.where(examSets, publishedOnly ? isNotNull(examSets.publishedAt) : undefined, inArray(examSetComponents.examMasterId, paperMasters)));
  const ids = [...new Set([...sets, ...morePaperSets].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((s) => s.id))];
  const rows = [];
  for (const id of ids) {
    const { cards } = await examSetCards(ctx.scope, id, { studentIds: [studentId], publishedOnly });
    rows.push(...cards);
  }
  return rows;
}
