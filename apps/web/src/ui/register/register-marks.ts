import {
  type AttendanceCodeBrief,
  type AttendanceMeaning,
  type AttendanceTotals,
  COMMON_MEANINGS,
  type RegisterLine,
  type RegisterReply,
} from "@taleem/contract";
import { nameForReader } from "../../lib/reader-name";

export const MEANING_COLOR: Record<AttendanceMeaning, string> = {
  present: "teal",
  absent: "red",
  late: "yellow",
  excused: "gray",
  on_leave: "violet",
  half_day: "orange",
};

/** The codes one tap cycles through: the first code of each common meaning, in that order. */
export function tapCycle(codes: AttendanceCodeBrief[]): AttendanceCodeBrief[] {
  return COMMON_MEANINGS.map((m) => codes.find((c) => c.meaning === m)).filter((c): c is AttendanceCodeBrief => !!c);
}

/** The code after `current` in the tap cycle (a code outside the cycle starts it again). */
export function nextCode(cycle: AttendanceCodeBrief[], current: number | undefined): number | undefined {
  const i = cycle.findIndex((c) => c.id === current);
  return cycle[(i + 1) % cycle.length]?.id;
}

/**
 * Where each child starts when the register opens: the saved mark, else on leave where an
 * approved leave covers the day, else the school's default code.
 */
export function startingMarks(reg: RegisterReply): Record<number, number> {
  const fallback = reg.codes.find((c) => c.isDefault) ?? reg.codes[0];
  const leave = reg.codes.find((c) => c.meaning === "on_leave");
  const out: Record<number, number> = {};
  for (const line of reg.lines) {
    const id = line.mark?.codeId ?? (line.onLeave ? leave?.id : undefined) ?? fallback?.id;
    if (id !== undefined) out[line.studentId] = id;
  }
  return out;
}

export function totalsOf(marks: Record<number, number>, codes: AttendanceCodeBrief[]): AttendanceTotals {
  const byId = new Map(codes.map((c) => [c.id, c.meaning]));
  const t: AttendanceTotals = { present: 0, absent: 0, late: 0, excused: 0, on_leave: 0, half_day: 0 };
  for (const id of Object.values(marks)) {
    const m = byId.get(id);
    if (m) t[m]++;
  }
  return t;
}

/** A child's name as the register shows it: in their own script when the reader reads it (lib/reader-name.ts). */
export const lineName = (line: Pick<RegisterLine, "name" | "nameNative">, language: string) => nameForReader(line, language);
