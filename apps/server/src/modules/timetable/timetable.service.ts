import type { HourRow, PeriodRow, TimetableRow } from "@taleem/contract";
import { and, asc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sittingNames, subjectNames } from "../academics/academics.service.js";
import { classroomInfos, userNames } from "../classrooms/classrooms.service.js";
import { enrolments } from "../enrolments/enrolments.table.js";
import { type HourRecord, hourStudents, hours, type PeriodRecord, periods, timetables } from "./timetable.table.js";

export const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/**
 * Student ids of hours that serve chosen students: those chosen who are still enrolled in the
 * hour's classroom. A student removed, transferred or promoted out of the class leaves its hours
 * with it, and comes back with a new enrolment there.
 */
export async function hourStudentIds(scope: TenantScope, hourIds: number[]): Promise<Map<number, number[]>> {
  if (!hourIds.length) return new Map();
  const rows = await scope.db
    .select({ hourId: hourStudents.hourId, studentId: hourStudents.studentId })
    .from(hourStudents)
    .innerJoin(hours, and(eq(hours.tenantId, hourStudents.tenantId), eq(hours.id, hourStudents.hourId)))
    .innerJoin(
      enrolments,
      and(
        eq(enrolments.tenantId, hourStudents.tenantId),
        eq(enrolments.studentId, hourStudents.studentId),
        eq(enrolments.classroomId, hours.classroomId),
        eq(enrolments.status, "active"),
      ),
    )
    .where(scope.where(hourStudents, inArray(hourStudents.hourId, hourIds)))
    .orderBy(asc(hourStudents.id));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.hourId, [...(out.get(r.hourId) ?? []), r.studentId]);
  return out;
}

export async function presentHours(scope: TenantScope, rows: HourRecord[]): Promise<HourRow[]> {
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
    id: h.id,
    classroomId: h.classroomId,
    classroomLabel: rooms.get(h.classroomId)?.label ?? "",
    dayOfWeek: h.dayOfWeek,
    startTime: hhmm(h.startTime)!,
    endTime: hhmm(h.endTime)!,
    sessionId: h.sittingId,
    sessionName: h.sittingId ? (sessions.get(h.sittingId) ?? null) : null,
    label: h.label,
    audience: h.audience,
    studentIds: chosen.get(h.id) ?? [],
    createdAt: h.createdAt.toISOString(),
  }));
}

export async function presentTimetables(scope: TenantScope, rows: (typeof timetables.$inferSelect)[]): Promise<TimetableRow[]> {
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
      id: t.id,
      hourId: t.hourId,
      classroomId: t.classroomId,
      classroomLabel: rooms.get(t.classroomId)?.label ?? "",
      dayOfWeek: h?.dayOfWeek ?? 0,
      startTime: hhmm(h?.startTime ?? null) ?? "",
      endTime: hhmm(h?.endTime ?? null) ?? "",
      subjectId: t.subjectId,
      subjectName: subjects.get(t.subjectId) ?? "",
      teacherId: t.teacherId,
      teacherName: t.teacherId ? (teachers.get(t.teacherId) ?? null) : null,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
    };
  });
}

export async function presentPeriods(scope: TenantScope, rows: PeriodRecord[]): Promise<PeriodRow[]> {
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
    id: p.id,
    classroomId: p.classroomId,
    classroomLabel: rooms.get(p.classroomId)?.label ?? "",
    hourId: p.hourId,
    date: p.date,
    startTime: p.hourId ? hhmm(starts.get(p.hourId) ?? null) : null,
    subjectId: p.subjectId,
    subjectName: subjects.get(p.subjectId) ?? "",
    teacherId: p.teacherId,
    teacherName: p.teacherId ? (teachers.get(p.teacherId) ?? null) : null,
    topic: p.topic,
    notes: p.notes,
    status: p.status,
    source: p.source,
    approvedAt: p.approvedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
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
  if (clash) {
    throw conflict("hour.overlap", `This overlaps the hour ${hhmm(clash.startTime)}-${hhmm(clash.endTime)} of the same day.`, {
      field: "startTime",
      hourId: clash.id,
    });
  }
}

/** Refuses a second period for the same slot and date. */
export async function assertPeriodFree(scope: TenantScope, hourId: number | null | undefined, date: string, exceptId?: number) {
  if (!hourId) return;
  const [taken] = await scope.db
    .select({ id: periods.id })
    .from(periods)
    .where(scope.where(periods, eq(periods.hourId, hourId), eq(periods.date, date), exceptId ? ne(periods.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict("period.exists", `A lesson is already recorded for this hour on ${date}.`, { field: "date", periodId: taken.id });
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
