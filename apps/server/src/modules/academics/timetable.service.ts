import { and, asc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sittingNames, subjectNames } from "./academics.service.js";
import { classroomInfos, userNames } from "./classrooms.service.js";
import { activeEnrolmentsOfStudents } from "./enrolments.service.js";
import { type HourRecord, hourStudents, hours, type PeriodRecord, timetables } from "./timetable.table.js";

export const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/**
 * Student ids of hours that serve chosen students: those chosen who are still enrolled in the
 * hour's classroom. A student removed, transferred or promoted out of the class leaves its hours
 * with it, and comes back with a new enrolment there.
 */
export async function hourStudentIds(scope: TenantScope, hourIds: number[]): Promise<Map<number, number[]>> {
  if (!hourIds.length) return new Map();
  const chosen = await scope.db
    .select({ hourId: hourStudents.hourId, studentId: hourStudents.studentId, classroomId: hours.classroomId })
    .from(hourStudents)
    .innerJoin(hours, and(eq(hours.tenantId, hourStudents.tenantId), eq(hours.id, hourStudents.hourId)))
    .where(scope.where(hourStudents, inArray(hourStudents.hourId, hourIds)))
    .orderBy(asc(hourStudents.id));
  const active = await activeEnrolmentsOfStudents(scope, [...new Set(chosen.map((c) => c.studentId))]);
  const enrolled = new Set(active.map((e) => `${e.classroomId}:${e.studentId}`));
  const out = new Map<number, number[]>();
  for (const c of chosen) if (enrolled.has(`${c.classroomId}:${c.studentId}`)) out.set(c.hourId, [...(out.get(c.hourId) ?? []), c.studentId]);
  return out;
}

/** Hours with their classroom's label, their session's name and the students they serve. */
export async function presentHours(scope: TenantScope, rows: HourRecord[]) {
  if (!rows.length) return [];
  const [rooms, sessions, chosen] = await Promise.all([
    classroomInfos(
      scope,
      rows.map((h) => h.classroomId),
    ),
    sittingNames(
      scope,
      rows.map((h) => h.sittingId).filter((id): id is number => id !== null),
    ),
    hourStudentIds(
      scope,
      rows.map((h) => h.id),
    ),
  ]);
  return rows.map((h) => ({
    ...h,
    classroomLabel: rooms.get(h.classroomId)?.label ?? "",
    sessionId: h.sittingId,
    sessionName: h.sittingId ? (sessions.get(h.sittingId) ?? null) : null,
    studentIds: chosen.get(h.id) ?? [],
  }));
}

/** Timetable entries with their hour's day and times, and the names of classroom, subject and teacher. */
export async function presentTimetables(scope: TenantScope, rows: (typeof timetables.$inferSelect)[]) {
  if (!rows.length) return [];
  const slotRows = await scope.db
    .select()
    .from(hours)
    .where(
      scope.where(
        hours,
        inArray(
          hours.id,
          rows.map((t) => t.hourId),
        ),
      ),
    );
  const slots = new Map(slotRows.map((h) => [h.id, h]));
  const [rooms, subjects, teachers] = await Promise.all([
    classroomInfos(
      scope,
      rows.map((t) => t.classroomId),
    ),
    subjectNames(
      scope,
      rows.map((t) => t.subjectId),
    ),
    userNames(
      scope,
      rows.map((t) => t.teacherId),
    ),
  ]);
  return rows.map((t) => {
    const h = slots.get(t.hourId);
    return {
      ...t,
      classroomLabel: rooms.get(t.classroomId)?.label ?? "",
      dayOfWeek: h?.dayOfWeek ?? 0,
      startTime: hhmm(h?.startTime ?? null) ?? "",
      endTime: hhmm(h?.endTime ?? null) ?? "",
      subjectName: subjects.get(t.subjectId) ?? "",
      teacherName: t.teacherId ? (teachers.get(t.teacherId) ?? null) : null,
    };
  });
}

/** Periods with their hour's start and the names of classroom, subject and teacher. */
export async function presentPeriods(scope: TenantScope, rows: PeriodRecord[]) {
  if (!rows.length) return [];
  const hourIds = rows.map((p) => p.hourId).filter((id): id is number => id !== null);
  const [rooms, subjects, teachers, slotRows] = await Promise.all([
    classroomInfos(
      scope,
      rows.map((p) => p.classroomId),
    ),
    subjectNames(
      scope,
      rows.map((p) => p.subjectId),
    ),
    userNames(
      scope,
      rows.map((p) => p.teacherId),
    ),
    hourIds.length
      ? scope.db
          .select({ id: hours.id, startTime: hours.startTime })
          .from(hours)
          .where(scope.where(hours, inArray(hours.id, hourIds)))
      : Promise.resolve([]),
  ]);
  const starts = new Map(slotRows.map((h) => [h.id, h.startTime]));
  return rows.map((p) => ({
    ...p,
    classroomLabel: rooms.get(p.classroomId)?.label ?? "",
    startTime: p.hourId ? hhmm(starts.get(p.hourId) ?? null) : null,
    subjectName: subjects.get(p.subjectId) ?? "",
    teacherName: p.teacherId ? (teachers.get(p.teacherId) ?? null) : null,
  }));
}

/** Refuses an hour that overlaps another of the same classroom on the same day. */
export async function assertNoOverlap(
  scope: TenantScope,
  slot: { classroomId: number; dayOfWeek: number; startTime: string; endTime: string },
  exceptId?: number,
) {
  const [clash] = await scope.db
    .select()
    .from(hours)
    .where(
      scope.where(
        hours,
        eq(hours.classroomId, slot.classroomId),
        eq(hours.dayOfWeek, slot.dayOfWeek),
        lt(hours.startTime, slot.endTime),
        gt(hours.endTime, slot.startTime),
        exceptId ? ne(hours.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw overlapError(clash);
}

/** The refusal of an hour that overlaps `clash` (an hour of the classroom, or an earlier one of the same list). */
export function overlapError(clash: { id?: number; startTime: string; endTime: string }, field = "startTime", prefix = "This") {
  return conflict("hour.overlap", `${prefix} overlaps the hour ${hhmm(clash.startTime)}-${hhmm(clash.endTime)} of the same day.`, {
    field,
    ...(clash.id ? { hourId: clash.id } : {}),
  });
}

/** The timetable entry of a slot, if it has one. */
export async function entryOfHour(scope: TenantScope, hourId: number) {
  const [t] = await scope.db
    .select()
    .from(timetables)
    .where(and(scope.where(timetables), eq(timetables.hourId, hourId)))
    .limit(1);
  return t;
}

export type HourBrief = { id: number; classroomId: number; dayOfWeek: number; startTime: string; endTime: string; label: string | null };

const HOUR_BRIEF = {
  id: hours.id,
  classroomId: hours.classroomId,
  dayOfWeek: hours.dayOfWeek,
  startTime: hours.startTime,
  endTime: hours.endTime,
  label: hours.label,
};

/** One timetable hour of this school, or undefined. */
export async function hourOf(scope: TenantScope, hourId: number): Promise<HourBrief | undefined> {
  const [row] = await scope.db
    .select(HOUR_BRIEF)
    .from(hours)
    .where(scope.where(hours, eq(hours.id, hourId)));
  return row;
}

/** A classroom's hours of a weekday, in time order. */
export async function hoursOfDay(scope: TenantScope, classroomId: number, dayOfWeek: number): Promise<HourBrief[]> {
  return scope.db
    .select(HOUR_BRIEF)
    .from(hours)
    .where(scope.where(hours, eq(hours.classroomId, classroomId), eq(hours.dayOfWeek, dayOfWeek)))
    .orderBy(asc(hours.startTime));
}

/** Timetable hours the school has made. */
export const hourCount = (scope: TenantScope) => scope.count(hours);
