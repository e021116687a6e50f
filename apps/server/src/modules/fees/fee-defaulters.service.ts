import type { feeDefaulters } from "@taleem/contract";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { guardians, users } from "../../platform/auth/users.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents, activeStudentIds } from "../academics/enrolments.service.js";
import { searchStudents, studentColumns, studentMatches } from "../students/students.service.js";
import { type DueFilter, dueLines, overdueOf } from "./fee-dashboard.service.js";
import { studentSums } from "./fee-ledger.js";
import { daysBetween } from "./fee-rules.js";
import { feeReminders } from "./fees.table.js";

type Query = z.infer<typeof feeDefaulters.query>;
type Row = z.infer<typeof feeDefaulters.reply>["rows"][number];

/** Each student's overdue balance and oldest overdue due date, from the ledger (see dueLines). */
export function overdueByStudent(scope: TenantScope, filter: DueFilter, today: string) {
  const d = dueLines(scope, filter, today);
  return scope.db
    .with(d)
    .select({
      studentId: d.studentId,
      overdue: sql<number>`sum(${d.balance})::bigint`.mapWith(Number).as("overdue"),
      oldest: sql<string>`min(${d.dueDate})`.as("oldest"),
    })
    .from(d)
    .where(overdueOf(d))
    .groupBy(d.studentId)
    .as("o");
}

/** The class each student is in now: the newest active enrolment's classroom label. */
export async function currentClassrooms(scope: TenantScope, studentIds: number[]): Promise<Map<number, { id: number; label: string }>> {
  const active = await activeEnrolmentsOfStudents(scope, studentIds);
  const newestFirst = [...active].sort((a, b) => b.startedOn.localeCompare(a.startedOn) || b.id - a.id);
  const current = new Map<number, number>();
  for (const e of newestFirst) if (!current.has(e.studentId)) current.set(e.studentId, e.classroomId);
  const rooms = await classroomInfos(scope, [...current.values()]);
  const out = new Map<number, { id: number; label: string }>();
  for (const [studentId, roomId] of current) {
    const room = rooms.get(roomId);
    if (room) out.set(studentId, { id: room.id, label: room.label });
  }
  return out;
}

/** The guardian the office calls for each student: the first linked, with their mobile. */
export async function firstGuardians(scope: TenantScope, studentIds: number[]): Promise<Map<number, { name: string; mobile: string | null }>> {
  if (!studentIds.length) return new Map();
  const rows = await scope.db
    .select({ studentId: guardians.studentId, name: users.name, mobile: users.mobile })
    .from(guardians)
    .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
    .where(scope.where(guardians, inArray(guardians.studentId, studentIds)))
    .orderBy(asc(guardians.id));
  const out = new Map<number, { name: string; mobile: string | null }>();
  for (const r of rows) if (!out.has(r.studentId)) out.set(r.studentId, { name: r.name, mobile: r.mobile });
  return out;
}

/**
 * Students with a balance past due date and grace, oldest overdue first: whom the office calls.
 * `minDays` keeps those whose oldest overdue due is at least that many days old.
 */
export async function defaulters(scope: TenantScope, query: Query, today: string): Promise<{ rows: Row[]; count: number }> {
  const o = overdueByStudent(scope, { batchId: query.batchId, courseId: query.courseId }, today);
  const students = studentColumns(scope);
  const found = await scope.db
    .select({
      studentId: o.studentId,
      overdue: o.overdue,
      oldest: o.oldest,
      name: students.name,
      nameNative: students.nameNative,
      admissionNo: students.admissionNo,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(o)
    .innerJoin(students, and(eq(students.tenantId, scope.tenantId), eq(students.id, o.studentId)))
    .where(
      and(
        query.minDays ? sql`${o.oldest} <= ${today}::date - ${query.minDays}::int` : undefined,
        query.q ? studentMatches(query.q, students) : undefined,
        query.classroomId ? inArray(o.studentId, activeStudentIds(scope, { classroomId: query.classroomId })) : undefined,
      ),
    )
    .orderBy(asc(o.oldest), asc(o.studentId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const ids = found.map((f) => f.studentId);
  const [rooms, people, reminders] = await Promise.all([currentClassrooms(scope, ids), firstGuardians(scope, ids), remindersSince(scope, found)]);
  const rows = found.map((f) => ({
    studentId: f.studentId,
    studentName: f.name,
    studentNameNative: f.nameNative,
    admissionNo: f.admissionNo,
    classroomLabel: rooms.get(f.studentId)?.label ?? null,
    guardianName: people.get(f.studentId)?.name ?? null,
    guardianMobile: people.get(f.studentId)?.mobile ?? null,
    overdue: f.overdue,
    oldestDueDate: f.oldest,
    daysOverdue: daysBetween(f.oldest, today),
    remindersSent: reminders.get(f.studentId) ?? 0,
  }));
  return { rows, count: found[0]?.total ?? (query.page > 1 ? await countOnly(scope, query, today) : 0) };
}

/** The count alone, for a page past the end. */
async function countOnly(scope: TenantScope, query: Query, today: string) {
  return (await defaulters(scope, { ...query, page: 1, limit: 1 }, today)).count;
}

/** Reminders sent to each student's family for due dates since their oldest overdue one. */
async function remindersSince(scope: TenantScope, found: { studentId: number; oldest: string }[]) {
  const out = new Map<number, number>();
  if (!found.length) return out;
  const rows = await scope.db
    .select({ studentId: feeReminders.studentId, dueDate: feeReminders.dueDate })
    .from(feeReminders)
    .where(
      scope.where(
        feeReminders,
        inArray(
          feeReminders.studentId,
          found.map((f) => f.studentId),
        ),
        gte(
          feeReminders.dueDate,
          found.reduce((m, f) => (f.oldest < m ? f.oldest : m), found[0]!.oldest),
        ),
      ),
    );
  const oldest = new Map(found.map((f) => [f.studentId, f.oldest]));
  for (const r of rows) if (r.dueDate >= (oldest.get(r.studentId) ?? "")) out.set(r.studentId, (out.get(r.studentId) ?? 0) + 1);
  return out;
}

const COUNTER_ROWS = 20;

/**
 * The counter's search: children by name, native name or admission number (the students' trigram
 * index), or by a guardian's mobile (its digits, from the guardians table), each with the whole
 * balance and what of it is overdue, from the ledger. Active students first, then by name.
 */
export async function counterSearch(scope: TenantScope, q: string, today: string) {
  const found = await searchStudents(scope, q, COUNTER_ROWS);
  const ids = found.map((s) => s.id);
  if (!ids.length) return [];
  const o = overdueByStudent(scope, { studentIds: ids }, today);
  const [rooms, people, sums, overdue] = await Promise.all([
    currentClassrooms(scope, ids),
    firstGuardians(scope, ids),
    studentSums(scope, ids),
    scope.db.select({ studentId: o.studentId, overdue: o.overdue }).from(o),
  ]);
  const overdueOfStudent = new Map(overdue.map((r) => [r.studentId, r.overdue]));
  return found.map((s) => ({
    studentId: s.id,
    studentName: s.name,
    studentNameNative: s.nameNative,
    admissionNo: s.admissionNo,
    classroomLabel: rooms.get(s.id)?.label ?? null,
    guardianName: people.get(s.id)?.name ?? null,
    guardianMobile: people.get(s.id)?.mobile ?? null,
    balance: sums.get(s.id)?.balance ?? 0,
    overdue: overdueOfStudent.get(s.id) ?? 0,
  }));
}
