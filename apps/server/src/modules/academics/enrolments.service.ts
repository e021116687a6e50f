import { randomBytes } from "node:crypto";
import type { enrolmentResource } from "@taleem/contract";
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { groupMembers, requireStudent, studentColumns, studentsByIds } from "../students/students.service.js";
import { type ClassroomInfo, classroomInfos, requireClassroom } from "./classrooms.service.js";
import { classrooms } from "./classrooms.table.js";
import { type EnrolmentRecord, enrolmentListJoin, enrolments } from "./enrolments.table.js";

/** 256 random bits, base64url: what the public verification link carries. */
const newRecordToken = () => randomBytes(32).toString("base64url");
export const RECORD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Enrolments with the student's names and the classroom's, batch's and course's joined. */
export async function presentEnrolments(scope: TenantScope, rows: EnrolmentRecord[]) {
  if (!rows.length) return [];
  const [people, rooms] = await Promise.all([
    studentsByIds(
      scope,
      rows.map((r) => r.studentId),
    ),
    classroomInfos(
      scope,
      rows.map((r) => r.classroomId),
    ),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((e) => {
    const s = byId.get(e.studentId);
    const c = rooms.get(e.classroomId);
    return {
      ...e,
      studentName: s?.name ?? "",
      studentNameNative: s?.nameNative ?? null,
      admissionNo: s?.admissionNo ?? "",
      classroomLabel: c?.label ?? "",
      batchName: c?.batchName ?? "",
      courseName: c?.courseName ?? "",
    };
  });
}

/** Refuses students who already have an active enrolment in the batch (one per student per batch). */
export async function assertNotEnrolled(scope: TenantScope, batchId: number, studentIds: number[], except: number[] = []) {
  if (!studentIds.length) return;
  const taken = await scope.db
    .select({ studentId: enrolments.studentId })
    .from(enrolments)
    .where(
      scope.where(
        enrolments,
        eq(enrolments.batchId, batchId),
        eq(enrolments.status, "active"),
        inArray(enrolments.studentId, studentIds),
        except.length ? and(...except.map((id) => ne(enrolments.id, id))) : undefined,
      ),
    );
  if (taken.length) {
    const ids = taken.map((t) => t.studentId);
    throw conflict("enrolment.already_active", `Student ${ids.join(", ")} is already enrolled in a class of this batch.`, { studentIds: ids });
  }
}

/** A new active enrolment row's values. */
export const enrolmentValues = (
  studentId: number,
  classroom: ClassroomInfo,
  startedOn: string,
  extra: { rollNo?: number | null; previousId?: number } = {},
) => ({
  studentId,
  classroomId: classroom.id,
  batchId: classroom.batchId,
  courseId: classroom.courseId,
  startedOn,
  rollNo: extra.rollNo ?? null,
  previousId: extra.previousId ?? null,
  status: "active" as const,
  recordToken: newRecordToken(),
});

/** Ends enrolments with a status (transferred, promoted, removed, ...) on a date. */
export async function endEnrolments(scope: TenantScope, ids: number[], status: EnrolmentRecord["status"], endedOn: string, endReason?: string | null) {
  if (!ids.length) return;
  await scope.db
    .update(enrolments)
    .set({ status, endedOn, endReason: endReason ?? null })
    .where(scope.where(enrolments, inArray(enrolments.id, ids)));
}

/** Active enrolments by id; every one must exist (404) and be active (400). */
export async function requireActiveEnrolments(scope: TenantScope, ids: number[]): Promise<EnrolmentRecord[]> {
  const rows = await scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, inArray(enrolments.id, ids)))
    .for("update");
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound(`Enrolment ${missing}`);
  const ended = rows.filter((r) => r.status !== "active");
  if (ended.length) {
    throw badRequest("enrolment.not_active", `Enrolment ${ended.map((e) => e.id).join(", ")} has already ended.`, { ids: ended.map((e) => e.id) });
  }
  return rows;
}

/** The active enrolments of a classroom, locked for the caller's transaction. */
export async function activeEnrolmentsOf(scope: TenantScope, classroomId: number, lock = false): Promise<EnrolmentRecord[]> {
  const q = scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.classroomId, classroomId), eq(enrolments.status, "active")))
    .orderBy(enrolments.rollNo, enrolments.id);
  return lock ? q.for("update") : q;
}

/** Student ids actively enrolled in a classroom, batch or course: a subquery for list filters. */
export function activeStudentIds(scope: TenantScope, by: { classroomId?: number; batchId?: number; courseId?: number }) {
  return scope.db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(
      scope.where(
        enrolments,
        eq(enrolments.status, "active"),
        by.classroomId !== undefined ? eq(enrolments.classroomId, by.classroomId) : undefined,
        by.batchId !== undefined ? eq(enrolments.batchId, by.batchId) : undefined,
        by.courseId !== undefined ? eq(enrolments.courseId, by.courseId) : undefined,
      ),
    );
}

/**
 * The classrooms (or courses) some students are actively enrolled in, as a subquery for another
 * module's condition: `who` narrows the student column to them.
 */
export function activelyEnrolledIn(scope: TenantScope, place: "classroomId" | "courseId", who: (studentId: AnyPgColumn) => SQL | undefined) {
  return scope.db
    .select({ id: enrolments[place] })
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.status, "active"), who(enrolments.studentId)));
}

/**
 * Enrolments of a student, of a classroom, of a batch (any status: history a delete must keep),
 * or of one status across the school.
 */
export function enrolmentCount(
  scope: TenantScope,
  by: { studentId?: number; classroomId?: number; batchId?: number; courseId?: number; status?: EnrolmentRecord["status"] },
) {
  return scope.count(
    enrolments,
    by.studentId !== undefined ? eq(enrolments.studentId, by.studentId) : undefined,
    by.classroomId !== undefined ? eq(enrolments.classroomId, by.classroomId) : undefined,
    by.batchId !== undefined ? eq(enrolments.batchId, by.batchId) : undefined,
    by.courseId !== undefined ? eq(enrolments.courseId, by.courseId) : undefined,
    by.status !== undefined ? eq(enrolments.status, by.status) : undefined,
  );
}

/** Active student counts per classroom. */
export async function activeCounts(scope: TenantScope, classroomIds: number[]): Promise<Map<number, number>> {
  if (!classroomIds.length) return new Map();
  const rows = await scope.db
    .select({ classroomId: enrolments.classroomId, n: count() })
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.status, "active"), inArray(enrolments.classroomId, classroomIds)))
    .groupBy(enrolments.classroomId);
  return new Map(rows.map((r) => [r.classroomId, r.n]));
}

/** Whether an enrolment belongs to a transfer or promotion chain (its history must stay whole). */
export async function isChained(scope: TenantScope, e: EnrolmentRecord): Promise<boolean> {
  if (e.previousId) return true;
  const [next] = await scope.db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.previousId, e.id)))
    .limit(1);
  return !!next;
}

/** Active enrolments of students (for a course's or a parent's views). */
export async function activeEnrolmentsOfStudents(scope: TenantScope, studentIds: number[]) {
  if (!studentIds.length) return [];
  return scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.status, "active"), inArray(enrolments.studentId, studentIds)));
}

/** Active enrolments of a course, or of one classroom. */
export async function activeEnrolmentsOfCourse(scope: TenantScope, courseId: number, batchId?: number) {
  return scope.db
    .select()
    .from(enrolments)
    .where(
      scope.where(
        enrolments,
        eq(enrolments.courseId, courseId),
        eq(enrolments.status, "active"),
        batchId !== undefined ? eq(enrolments.batchId, batchId) : undefined,
      ),
    )
    .orderBy(enrolments.classroomId, enrolments.rollNo, enrolments.id);
}

/** Inserts new enrolments (values from enrolmentValues) in the caller's transaction. */
export function insertEnrolments(scope: TenantScope, values: ReturnType<typeof enrolmentValues>[]) {
  return scope.insertMany(enrolments, values);
}

export interface RosterLine {
  studentId: number;
  rollNo: number | null;
  name: string;
  nameNative: string | null;
  admissionNo: string;
  classroomLabel: string;
  startedOn: string;
  endedOn: string | null;
}

/**
 * The children of a classroom on `date` (or, with `until`, at any time in date..until), roll
 * order, with their names and the classroom's label in one statement. Unlike the active
 * enrolments above, a past day keeps a child who has since moved class: a register of last term
 * still lists who was there.
 */
export async function rosterOn(scope: TenantScope, classroomId: number, date: string, until = date): Promise<RosterLine[]> {
  const query = scope.db
    .selectDistinctOn([enrolments.studentId], {
      studentId: enrolments.studentId,
      rollNo: enrolments.rollNo,
      name: enrolmentListJoin.columns.studentName!,
      nameNative: enrolmentListJoin.columns.studentNameNative!,
      admissionNo: enrolmentListJoin.columns.admissionNo!,
      classroomLabel: enrolmentListJoin.columns.classroomLabel!,
      startedOn: enrolments.startedOn,
      endedOn: enrolments.endedOn,
    })
    .from(enrolments);
  const rows = await enrolmentListJoin
    .join(query)
    .where(
      scope.where(
        enrolments,
        eq(enrolments.classroomId, classroomId),
        lte(enrolments.startedOn, until),
        or(isNull(enrolments.endedOn), gt(enrolments.endedOn, date)),
        // An enrolment removed as a mistake (no end date) never had the child in class.
        sql`not (${enrolments.status} <> 'active' and ${enrolments.endedOn} is null)`,
      ),
    )
    .orderBy(asc(enrolments.studentId), sql`${enrolments.startedOn} desc`);
  // Roll order, then name: how the register is read out.
  return (rows as RosterLine[]).sort((a, b) => (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name));
}

/**
 * Enrolments in classrooms during a term: active ones, and those that ended on or after `since`
 * (a child who moved class after the term began still has its marks). An enrolment removed as a
 * mistake (ended without a date) never counts. Without `since`, the active ones only.
 */
export async function enrolmentsDuring(scope: TenantScope, classroomIds: number[], since: string | null): Promise<EnrolmentRecord[]> {
  if (!classroomIds.length) return [];
  return scope.db
    .select()
    .from(enrolments)
    .where(
      scope.where(
        enrolments,
        inArray(enrolments.classroomId, [...new Set(classroomIds)]),
        since === null
          ? eq(enrolments.status, "active")
          : or(eq(enrolments.status, "active"), and(sql`${enrolments.endedOn} is not null`, sql`${enrolments.endedOn} >= ${since}`)),
      ),
    )
    .orderBy(enrolments.classroomId, enrolments.rollNo, enrolments.id);
}

/** The classrooms a student has ever been enrolled in (a mistake's removal aside). */
export async function classroomIdsOfStudent(scope: TenantScope, studentId: number): Promise<number[]> {
  const rows = await scope.db
    .selectDistinct({ id: enrolments.classroomId })
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.studentId, studentId), sql`not (${enrolments.status} <> 'active' and ${enrolments.endedOn} is null)`));
  return rows.map((r) => r.id);
}

/** A student's enrolments, current and past (a mistake's removal aside), newest first. */
export async function enrolmentsOfStudent(scope: TenantScope, studentId: number): Promise<EnrolmentRecord[]> {
  return scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.studentId, studentId), sql`not (${enrolments.status} <> 'active' and ${enrolments.endedOn} is null)`))
    .orderBy(sql`${enrolments.startedOn} desc, ${enrolments.id} desc`);
}

/**
 * The course a student is enrolled in for a batch (the active enrolment first, then the newest), as
 * a correlated subquery for another module's statement: its row's school, student and batch.
 */
export function enrolledCourse(tenantId: SQLWrapper, studentId: SQLWrapper, batchId: SQLWrapper) {
  return sql<
    number | null
  >`(select e.course_id from ${enrolments} e where e.tenant_id = ${tenantId} and e.student_id = ${studentId} and e.batch_id = ${batchId} order by (e.status = 'active') desc, e.started_on desc, e.id desc limit 1)`;
}

/**
 * The students actively enrolled in a batch, narrowed by course, course class, group and `only`:
 * id, name and admission number, each once, by name.
 */
export function enrolledStudents(
  scope: TenantScope,
  by: { batchId: number; courseId?: number | null; courseClassId?: number | null; groupId?: number | null; only?: readonly number[] },
) {
  const s = studentColumns(scope);
  return scope.db
    .selectDistinct({ id: s.id, name: s.name, admissionNo: s.admissionNo })
    .from(enrolments)
    .innerJoin(s, and(eq(s.tenantId, enrolments.tenantId), eq(s.id, enrolments.studentId)))
    .innerJoin(classrooms, and(eq(classrooms.tenantId, enrolments.tenantId), eq(classrooms.id, enrolments.classroomId)))
    .where(
      scope.where(
        enrolments,
        eq(enrolments.batchId, by.batchId),
        eq(enrolments.status, "active"),
        by.courseId ? eq(enrolments.courseId, by.courseId) : undefined,
        by.courseClassId ? eq(classrooms.courseClassId, by.courseClassId) : undefined,
        by.groupId ? inArray(enrolments.studentId, groupMembers(scope, by.groupId)) : undefined,
        by.only?.length ? inArray(enrolments.studentId, [...by.only]) : undefined,
      ),
    )
    .orderBy(asc(s.name), asc(s.id));
}

/** A new enrolment, checked: an active student, a classroom of the school; it starts today unless told. */
export async function newEnrolmentValues(scope: TenantScope, input: z.infer<typeof enrolmentResource.create>) {
  const student = await requireStudent(scope, input.studentId);
  if (student.status !== "active") {
    throw badRequest("enrolment.student_not_active", `${student.name} is marked ${student.status}; make the student active first.`, { field: "studentId" });
  }
  const room = await requireClassroom(scope, input.classroomId);
  return enrolmentValues(student.id, room, input.startedOn ?? (await schoolToday(scope)), { rollNo: input.rollNo });
}

/** A correction of an enrolment: the classroom (and so batch and course), roll number and start; the student is its own. */
export async function enrolmentChangeValues(scope: TenantScope, existing: EnrolmentRecord, input: z.infer<typeof enrolmentResource.update>) {
  const values: Partial<typeof enrolments.$inferInsert> = {};
  if (input.classroomId !== undefined && input.classroomId !== existing.classroomId) {
    const room = await requireClassroom(scope, input.classroomId);
    Object.assign(values, { classroomId: room.id, batchId: room.batchId, courseId: room.courseId });
  }
  if (input.rollNo !== undefined) values.rollNo = input.rollNo;
  if (input.startedOn) {
    if (existing.endedOn && input.startedOn > existing.endedOn) {
      throw badRequest("enrolment.dates", "The start date must not be after the end date.", { field: "startedOn" });
    }
    values.startedOn = input.startedOn;
  }
  return values;
}

/** Refuses deleting an enrolment that a transfer or promotion follows on from. */
export async function refuseChainedDelete(scope: TenantScope, existing: EnrolmentRecord) {
  if (await isChained(scope, existing)) {
    throw conflict("enrolment.has_history", "This enrolment is part of a transfer or promotion history. Remove the student from the class instead.");
  }
}
