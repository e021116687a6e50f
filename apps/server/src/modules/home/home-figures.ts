import {
  type AttendanceMeaning,
  type AttendanceRules,
  type ComparisonDay,
  type HomeAttendanceEntry,
  type HomeData,
  type SalaahGrouped,
  type SalaahMeaning,
  statusOf,
  type TodayAttendanceState,
} from "@taleem/contract";
import { dayOfMarks } from "../attendance/student-day.service.js";

/**
 * The home's figures from rows the services answered: no queries here, so the hand-worked tests
 * and the reply read the same arithmetic.
 */

/** A mark as the attendance service answers it. */
export interface Mark {
  studentId: number;
  date: string;
  hourId: number;
  meaning: AttendanceMeaning;
  code: string;
}

/** Whole per cent, or null with nothing to count. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : null);

/** The last `n` working days up to `today` (today included when it is one), oldest first; at most 60 days back. */
export function lastSchoolDays(today: string, n: number, isWorking: (date: string) => boolean, addDays: (date: string, k: number) => string): string[] {
  const out: string[] = [];
  for (let k = 0; k < 60 && out.length < n; k++) {
    const date = addDays(today, -k);
    if (isWorking(date)) out.push(date);
  }
  return out.reverse();
}

/** Groups marks by student and date. */
function byStudentDay(marks: Mark[]): Map<string, Mark[]> {
  const out = new Map<string, Mark[]>();
  for (const m of marks) {
    const key = `${m.studentId}/${m.date}`;
    const list = out.get(key);
    if (list) list.push(m);
    else out.set(key, [m]);
  }
  return out;
}

/**
 * Each student's day from their marks, by the school's rule: the day register's mark, else the
 * periods in time order (`startOf` gives an hour's start; an hour of no known time goes last).
 */
export function daysOf(marks: Mark[], rules: Pick<AttendanceRules, "dayFromPeriods" | "minPeriods">, startOf: (hourId: number) => string | undefined) {
  const out = new Map<string, ReturnType<typeof dayOfMarks>>();
  for (const [key, list] of byStudentDay(marks)) {
    const periods = list
      .filter((m) => m.hourId !== 0)
      .sort((a, b) => (startOf(a.hourId) ?? "99").localeCompare(startOf(b.hourId) ?? "99") || a.hourId - b.hourId);
    out.set(
      key,
      dayOfMarks(
        list.find((m) => m.hourId === 0),
        periods,
        rules,
      ),
    );
  }
  return out;
}

/** Today's card: late, present, absent, or not taken yet. */
export function todayState(day: { status: "PRESENT" | "ABSENT"; meaning: AttendanceMeaning } | null | undefined): TodayAttendanceState {
  if (!day) return "not_taken";
  if (day.meaning === "late") return "late";
  return day.status === "PRESENT" ? "present" : "absent";
}

/**
 * The registers of the month as the spec's entries: every register taken of the child's classroom
 * (the day's, and the hours that serve the child) and every register the child was marked in,
 * each with the child's mark; newest day first, the day's register before the hours in time order.
 */
export function attendanceEntries(
  studentId: number,
  from: string,
  registers: { date: string; hourId: number }[],
  childMarks: Mark[],
  startOf: (hourId: number) => string | undefined,
): HomeAttendanceEntry[] {
  const keys = new Map<string, { date: string; hourId: number }>();
  for (const r of registers) if (r.date >= from && (r.hourId === 0 || startOf(r.hourId) !== undefined)) keys.set(`${r.date}/${r.hourId}`, r);
  const mine = new Map<string, Mark>();
  for (const m of childMarks) {
    if (m.studentId !== studentId || m.date < from) continue;
    keys.set(`${m.date}/${m.hourId}`, { date: m.date, hourId: m.hourId });
    mine.set(`${m.date}/${m.hourId}`, m);
  }
  return [...keys.entries()]
    .map(([key, r]) => {
      const m = mine.get(key);
      return {
        date: r.date,
        hourId: r.hourId === 0 ? null : r.hourId,
        startTime: r.hourId === 0 ? null : (startOf(r.hourId) ?? null),
        attendances: m ? [{ status: statusOf(m.meaning), meaning: m.meaning, code: m.code }] : [],
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || (a.startTime ?? "").localeCompare(b.startTime ?? "") || (a.hourId ?? 0) - (b.hourId ?? 0));
}

/**
 * Attendance against the class, per school day: the child 100 (present, late, half day) or 0, and
 * the share of the class's children marked that day who were present; null where nobody was marked.
 */
export function attendanceComparison(
  studentId: number,
  dates: string[],
  classmates: number[],
  days: Map<string, { status: "PRESENT" | "ABSENT" } | null>,
): ComparisonDay[] {
  return dates.map((date) => {
    const mine = days.get(`${studentId}/${date}`);
    let marked = 0;
    let present = 0;
    for (const id of classmates) {
      const d = days.get(`${id}/${date}`);
      if (!d) continue;
      marked++;
      if (d.status === "PRESENT") present++;
    }
    return { date, child: mine ? (mine.status === "PRESENT" ? 100 : 0) : null, classAverage: percent(present, marked) };
  });
}

const PRAYED: ReadonlySet<SalaahMeaning> = new Set(["congregation", "alone", "late"]);

/** Prayed logs of a student's day, capped at the day's prayers (Jumuah beside Zuhr counts once). */
const prayedOf = (logs: { meaning: SalaahMeaning }[], of: number) => Math.min(of, logs.filter((l) => PRAYED.has(l.meaning)).length);

/** The child's prayers per day: how many prayed of the daily prayers, and each log with its prayer's name. */
export function salaahDays(studentId: number, dates: string[], grouped: SalaahGrouped, of: number): HomeData["weeklySalaahLogs"] {
  const types = new Map(grouped.salaahTypes.map((t) => [t.id, t]));
  const logs = grouped.students.find((s) => s.id === studentId)?.logs ?? [];
  return dates.map((date) => {
    const day = logs.filter((l) => l.date === date);
    return {
      date,
      prayed: prayedOf(day, of),
      of,
      logs: day.map((l) => ({
        salaahTypeId: l.salaahTypeId,
        name: types.get(l.salaahTypeId)?.name ?? "",
        nameNative: types.get(l.salaahTypeId)?.nameNative ?? null,
        builtinKey: types.get(l.salaahTypeId)?.builtinKey ?? null,
        meaning: l.meaning,
      })),
    };
  });
}

/**
 * Prayers against the class, per day: the child's prayed share of the daily prayers, and the
 * class's over its children with a log that day; null where nothing was logged (or no prayers).
 */
export function salaahComparison(studentId: number, dates: string[], grouped: SalaahGrouped, of: number): ComparisonDay[] {
  return dates.map((date) => {
    let logged = 0;
    let prayed = 0;
    let child: number | null = null;
    for (const s of grouped.students) {
      const day = s.logs.filter((l) => l.date === date);
      if (!day.length || !of) continue;
      logged++;
      prayed += prayedOf(day, of);
      if (s.id === studentId) child = percent(prayedOf(day, of), of);
    }
    return { date, child, classAverage: percent(prayed, logged * of) };
  });
}
