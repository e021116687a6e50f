import type { AttendanceMeaning, AttendanceRules } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeBatch, requireBatch } from "../academics/academics.service.js";
import { type ClassroomInfo, classroomsOfBatch, requireClassroom } from "../academics/classrooms.service.js";
import { studentsByIds } from "../students/students.service.js";
import { attendanceMarks } from "./registers.table.js";
import { datesOf, schoolDays } from "./school-days.service.js";

/** The meanings that count as present under the school's rules: late and half day always do. */
export function presentMeanings(rules: AttendanceRules): AttendanceMeaning[] {
  return ["present", "late", "half_day", ...(rules.excusedCountsPresent ? (["excused", "on_leave"] as const) : [])];
}

export const percentOf = (present: number, marked: number) => (marked ? Math.round((present / marked) * 1000) / 10 : null);

/**
 * Percentages for a range from the day registers: per student, per class and for the school, with
 * the students below the minimum flagged, and those who cannot reach it by the batch's end even
 * if present on every remaining working day.
 */
export async function percentages(scope: TenantScope, q: { from: string; to: string; classroomId?: number }) {
  const days = await schoolDays(scope);
  const { rules } = days;
  let rooms: ClassroomInfo[];
  let batchEnd: string | null;
  if (q.classroomId) {
    const room = await requireClassroom(scope, q.classroomId);
    rooms = [room];
    batchEnd = (await requireBatch(scope, room.batchId)).endDate;
  } else {
    const batch = await activeBatch(scope);
    rooms = batch ? await classroomsOfBatch(scope, batch.id) : [];
    batchEnd = batch?.endDate ?? null;
  }
  const ids = rooms.map((r) => r.id);
  const present = presentMeanings(rules);
  const tallies = ids.length
    ? await scope.db
        .select({
          studentId: attendanceMarks.studentId,
          classroomId: attendanceMarks.classroomId,
          marked: count(),
          present: sql<number>`count(*) filter (where ${inArray(attendanceMarks.meaning, present)})`.mapWith(Number),
        })
        .from(attendanceMarks)
        .where(
          scope.where(
            attendanceMarks,
            inArray(attendanceMarks.classroomId, ids),
            eq(attendanceMarks.hourId, 0),
            gte(attendanceMarks.date, q.from),
            lte(attendanceMarks.date, q.to),
          ),
        )
        .groupBy(attendanceMarks.studentId, attendanceMarks.classroomId)
    : [];
  const names = new Map(
    (
      await studentsByIds(
        scope,
        tallies.map((t) => t.studentId),
      )
    ).map((s) => [s.id, s.name]),
  );
  const after = q.to > days.today ? q.to : days.today;
  const remaining = batchEnd && batchEnd > after ? datesOf(addDays(after, 1), batchEnd).filter(days.isWorking).length : 0;
  const sum = (rows: typeof tallies) => rows.reduce((a, t) => ({ present: a.present + t.present, marked: a.marked + t.marked }), { present: 0, marked: 0 });
  const school = sum(tallies);
  return {
    message: "Percentages",
    rules,
    school: { percent: percentOf(school.present, school.marked), marked: school.marked },
    classes: rooms.map((r) => {
      const c = sum(tallies.filter((t) => t.classroomId === r.id));
      return { classroomId: r.id, label: r.label, percent: percentOf(c.present, c.marked), marked: c.marked };
    }),
    students: tallies
      .map((t) => {
        const percent = percentOf(t.present, t.marked);
        const best = percentOf(t.present + remaining, t.marked + remaining) ?? 100;
        return {
          studentId: t.studentId,
          name: names.get(t.studentId) ?? "",
          classroomId: t.classroomId,
          present: t.present,
          marked: t.marked,
          percent,
          flagged: percent !== null && percent < rules.minimumPercent,
          cannotReach: best < rules.minimumPercent,
        };
      })
      .sort((a, b) => (a.percent ?? 101) - (b.percent ?? 101) || a.name.localeCompare(b.name)),
  };
}

/**
 * Day-register marks counted by date over from..to (present by the school's rules, absent, all
 * marked), in some classrooms or for one student: the dashboards' trend and totals.
 */
export async function dayRegisterTally(
  scope: TenantScope,
  q: { from: string; to: string; classroomIds?: number[]; studentId?: number; byDate: boolean; rules?: AttendanceRules },
) {
  if (q.classroomIds && !q.classroomIds.length) return [];
  const rules = q.rules ?? (await schoolDays(scope)).rules;
  const present = presentMeanings(rules);
  const rows = await scope.db
    .select({
      date: q.byDate ? attendanceMarks.date : sql<string>`''`,
      marked: count(),
      present: sql<number>`count(*) filter (where ${inArray(attendanceMarks.meaning, present)})`.mapWith(Number),
      absent: sql<number>`count(*) filter (where ${attendanceMarks.meaning} = 'absent')`.mapWith(Number),
    })
    .from(attendanceMarks)
    .where(
      scope.where(
        attendanceMarks,
        eq(attendanceMarks.hourId, 0),
        gte(attendanceMarks.date, q.from),
        lte(attendanceMarks.date, q.to),
        q.classroomIds ? inArray(attendanceMarks.classroomId, q.classroomIds) : undefined,
        q.studentId !== undefined ? eq(attendanceMarks.studentId, q.studentId) : undefined,
      ),
    )
    .groupBy(...(q.byDate ? [attendanceMarks.date] : []));
  return rows;
}
