import { and, count, eq, gte, inArray, lte } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeBatch } from "../academics/academics.service.js";
import { classroomsOfBatch, userNames } from "../academics/classrooms.service.js";
import { activeCounts } from "../academics/enrolments.service.js";
import { attendanceMarks, attendanceRegisters } from "./registers.table.js";
import { datesOf, schoolDays } from "./school-days.service.js";

/** The active batch's classrooms that have children: the registers the office expects. */
async function expectedClassrooms(scope: TenantScope) {
  const batch = await activeBatch(scope);
  if (!batch) return { batch, rooms: [], counts: new Map<number, number>() };
  const rooms = (await classroomsOfBatch(scope, batch.id)).filter((r) => r.status === "active");
  const counts = await activeCounts(
    scope,
    rooms.map((r) => r.id),
  );
  return { batch, rooms: rooms.filter((r) => (counts.get(r.id) ?? 0) > 0), counts };
}

/** Every classroom's day register of a date: taken or not, by whom, with present and absent counts. */
export async function registersOfDay(scope: TenantScope, date?: string) {
  const days = await schoolDays(scope);
  const day = date ?? days.today;
  const { rooms, counts } = await expectedClassrooms(scope);
  const ids = rooms.map((r) => r.id);
  const [byRoom, tallies] = ids.length
    ? await Promise.all([
        dayRegistersOf(scope, ids, day),
        scope.db
          .select({ classroomId: attendanceMarks.classroomId, meaning: attendanceMarks.meaning, n: count() })
          .from(attendanceMarks)
          .where(scope.where(attendanceMarks, eq(attendanceMarks.date, day), eq(attendanceMarks.hourId, 0), inArray(attendanceMarks.classroomId, ids)))
          .groupBy(attendanceMarks.classroomId, attendanceMarks.meaning),
      ])
    : [new Map<number, { byName: string; at: string }>(), []];
  const tally = (id: number, absent: boolean) =>
    tallies
      .filter((t) => t.classroomId === id && (t.meaning === "absent" || t.meaning === "excused" || t.meaning === "on_leave") === absent)
      .reduce((a, t) => a + t.n, 0);
  return {
    message: "Registers",
    date: day,
    workingDay: days.isWorking(day),
    rows: rooms.map((r) => {
      const t = byRoom.get(r.id);
      return {
        classroomId: r.id,
        label: r.label,
        students: counts.get(r.id) ?? 0,
        taken: !!t,
        byName: t ? t.byName : null,
        at: t ? t.at : null,
        present: tally(r.id, false),
        absent: tally(r.id, true),
      };
    }),
  };
}

/** Day registers not taken on the working days of from..to (no later than today, inside the batch). */
export async function missingRegisters(scope: TenantScope, from: string, to: string) {
  const days = await schoolDays(scope);
  const { batch, rooms } = await expectedClassrooms(scope);
  if (!batch || !rooms.length) return { message: "Missing registers", count: 0, rows: [] };
  const first = from < batch.startDate ? batch.startDate : from;
  const lastWanted = to > days.today ? days.today : to;
  const last = lastWanted > batch.endDate ? batch.endDate : lastWanted;
  const dates = first <= last ? datesOf(first, last).filter(days.isWorking) : [];
  if (!dates.length) return { message: "Missing registers", count: 0, rows: [] };
  const taken = await scope.db
    .select({ classroomId: attendanceRegisters.classroomId, date: attendanceRegisters.date })
    .from(attendanceRegisters)
    .where(
      scope.where(
        attendanceRegisters,
        eq(attendanceRegisters.hourId, 0),
        and(gte(attendanceRegisters.date, first), lte(attendanceRegisters.date, last)),
        inArray(
          attendanceRegisters.classroomId,
          rooms.map((r) => r.id),
        ),
      ),
    );
  const done = new Set(taken.map((t) => `${t.classroomId}:${t.date}`));
  const rows = [...dates]
    .reverse()
    .flatMap((date) => rooms.filter((r) => !done.has(`${r.id}:${date}`)).map((r) => ({ classroomId: r.id, label: r.label, date })));
  return { message: "Missing registers", count: rows.length, rows };
}

/** The day registers (hour 0) of some classrooms on a date, in one statement. */
async function dayRegisterRows(scope: TenantScope, classroomIds: number[], date: string) {
  if (!classroomIds.length) return [];
  return scope.db
    .select()
    .from(attendanceRegisters)
    .where(
      scope.where(
        attendanceRegisters,
        eq(attendanceRegisters.date, date),
        eq(attendanceRegisters.hourId, 0),
        inArray(attendanceRegisters.classroomId, classroomIds),
      ),
    );
}

/** Which of some classrooms' day registers of a date were taken, by whom and when (one statement, plus the takers' names). */
export async function dayRegistersOf(scope: TenantScope, classroomIds: number[], date: string) {
  const taken = await dayRegisterRows(scope, classroomIds, date);
  const names = await userNames(
    scope,
    taken.map((t) => t.takenBy),
  );
  return new Map(taken.map((t) => [t.classroomId, { byName: names.get(t.takenBy ?? 0) ?? "", at: t.takenAt.toISOString() }]));
}

/** Which of some classrooms' day registers of a date were taken (the dashboard's "not taken today"), in one statement. */
export async function registersTakenOn(scope: TenantScope, classroomIds: number[], date: string): Promise<Set<number>> {
  const rows = await dayRegisterRows(scope, classroomIds, date);
  return new Set(rows.map((r) => r.classroomId));
}
