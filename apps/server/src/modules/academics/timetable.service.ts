import { and, asc, eq, gt, inArray, lt, ne, or } from "drizzle-orm";
import { conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchOfDay, sittingNames, subjectNames } from "./academics.service.js";
import { classroomInfos, describe, userNames } from "./classrooms.service.js";
import { classroomSubjects, classrooms } from "./classrooms.table.js";
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

/**
 * What a teacher teaches in the year of `date` (academics.service's `batchOfDay`): each active
 * classroom they are class teacher of or teach a subject in (named on the classroom's subjects or
 * on its timetable), with the subjects they teach there and their names.
 */
export async function classroomsTaughtBy(scope: TenantScope, userId: number, date: string) {
  const batch = await batchOfDay(scope, date);
  if (!batch) return { batch, rooms: [] };
  const [listed, timetabled] = await Promise.all([
    scope.db
      .select({ classroomId: classroomSubjects.classroomId, subjectId: classroomSubjects.subjectId })
      .from(classroomSubjects)
      .where(scope.where(classroomSubjects, eq(classroomSubjects.teacherId, userId))),
    scope.db
      .selectDistinct({ classroomId: timetables.classroomId, subjectId: timetables.subjectId })
      .from(timetables)
      .where(scope.where(timetables, eq(timetables.teacherId, userId), eq(timetables.status, "active"))),
  ]);
  const taught = [...listed, ...timetabled];
  const rows = await scope.db
    .select()
    .from(classrooms)
    .where(
      scope.where(
        classrooms,
        eq(classrooms.batchId, batch.id),
        eq(classrooms.status, "active"),
        or(
          eq(classrooms.classTeacherId, userId),
          taught.length
            ? inArray(
                classrooms.id,
                taught.map((t) => t.classroomId),
              )
            : undefined,
        ),
      ),
    );
  const [infos, names] = await Promise.all([
    describe(scope, rows),
    subjectNames(
      scope,
      taught.map((t) => t.subjectId),
    ),
  ]);
  const rooms = infos
    .map((room) => {
      const ids = [...new Set(taught.filter((t) => t.classroomId === room.id).map((t) => t.subjectId))];
      const subjects = ids.map((id) => ({ id, name: names.get(id) ?? "" })).sort((a, b) => a.name.localeCompare(b.name));
      return { room, classTeacher: room.classTeacherId === userId, subjects };
    })
    .sort((a, b) => a.room.label.localeCompare(b.room.label));
  return { batch, rooms };
}

/** The timetable hours a teacher teaches in some classrooms (active entries), by weekday and time. */
export async function hoursTaughtBy(scope: TenantScope, userId: number, classroomIds: number[]) {
  if (!classroomIds.length) return [];
  return scope.db
    .select({ ...HOUR_BRIEF, subjectId: timetables.subjectId })
    .from(timetables)
    .innerJoin(hours, and(eq(hours.tenantId, timetables.tenantId), eq(hours.id, timetables.hourId)))
    .where(scope.where(timetables, eq(timetables.teacherId, userId), eq(timetables.status, "active"), inArray(timetables.classroomId, classroomIds)))
    .orderBy(asc(hours.dayOfWeek), asc(hours.startTime));
}

/** Whether a person teaches a classroom: its class teacher, or the teacher of one of its subjects (its subjects list or timetable). */
export async function teachesClassroom(scope: TenantScope, userId: number, classroomId: number): Promise<boolean> {
  const [found] = await scope.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(
      scope.where(
        classrooms,
        eq(classrooms.id, classroomId),
        or(
          eq(classrooms.classTeacherId, userId),
          inArray(
            classrooms.id,
            scope.db
              .select({ id: classroomSubjects.classroomId })
              .from(classroomSubjects)
              .where(scope.where(classroomSubjects, eq(classroomSubjects.teacherId, userId))),
          ),
          inArray(
            classrooms.id,
            scope.db
              .select({ id: timetables.classroomId })
              .from(timetables)
              .where(scope.where(timetables, eq(timetables.teacherId, userId), eq(timetables.status, "active"))),
          ),
        ),
      ),
    )
    .limit(1);
  return !!found;
}

/**
 * A week as the home shows it: the hours of some classrooms (those of a student's, less the hours
 * chosen for other students) or those a teacher teaches, and their active timetable entries, by
 * day and start time.
 */
export async function weekOf(scope: TenantScope, who: { classroomIds: number[]; studentId?: number } | { teacherId: number }) {
  let hourRows: HourRecord[];
  if ("teacherId" in who) {
    const taught = scope.db
      .select({ id: timetables.hourId })
      .from(timetables)
      .where(scope.where(timetables, eq(timetables.teacherId, who.teacherId), eq(timetables.status, "active")));
    hourRows = await scope.db
      .select()
      .from(hours)
      .where(scope.where(hours, inArray(hours.id, taught)));
  } else {
    hourRows = who.classroomIds.length
      ? await scope.db
          .select()
          .from(hours)
          .where(scope.where(hours, inArray(hours.classroomId, who.classroomIds)))
      : [];
  }
  const presented = await presentHours(scope, hourRows);
  const { studentId } = "studentId" in who ? who : { studentId: undefined };
  const week = presented
    .filter((h) => studentId === undefined || h.audience === "all" || h.studentIds.includes(studentId))
    .map((h) => ({ ...h, startTime: h.startTime.slice(0, 5), endTime: h.endTime.slice(0, 5) }))
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
  const entryRows = week.length
    ? await scope.db
        .select()
        .from(timetables)
        .where(
          scope.where(
            timetables,
            eq(timetables.status, "active"),
            inArray(
              timetables.hourId,
              week.map((h) => h.id),
            ),
            "teacherId" in who ? eq(timetables.teacherId, who.teacherId) : undefined,
          ),
        )
    : [];
  // The hours are in hand: only the subjects' and teachers' names are read for the entries.
  const [subjects, teachers] = await Promise.all([
    subjectNames(
      scope,
      entryRows.map((t) => t.subjectId),
    ),
    userNames(
      scope,
      entryRows.map((t) => t.teacherId),
    ),
  ]);
  const slots = new Map(week.map((h) => [h.id, h]));
  const entries = entryRows
    .map((t) => {
      const h = slots.get(t.hourId)!;
      return {
        ...t,
        classroomLabel: h.classroomLabel,
        dayOfWeek: h.dayOfWeek,
        startTime: h.startTime,
        endTime: h.endTime,
        subjectName: subjects.get(t.subjectId) ?? "",
        teacherName: t.teacherId ? (teachers.get(t.teacherId) ?? null) : null,
      };
    })
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
  return { hours: week, timetable: entries };
}
