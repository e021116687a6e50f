import { z } from "zod";
import { addDays } from "../values.js";

/** How often a checklist is due: each day, each week (Monday to Sunday), each month, or once. */
export const ChecklistFrequency = z.enum(["daily", "weekly", "monthly", "once"]);
export type ChecklistFrequency = z.infer<typeof ChecklistFrequency>;

/** The days one submission covers, both ends included (YYYY-MM-DD). */
export interface Period {
  startDate: string;
  endDate: string;
}

const toDate = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday of a date's week: a school week's checklist is due by its Sunday. */
export const weekStart = (d: string) => addDays(d, -((toDate(d).getUTCDay() + 6) % 7));

/** What a checklist's schedule needs: how often, and its first and (optional) last day. */
export interface Schedule {
  frequency: ChecklistFrequency;
  startsOn: string;
  endsOn: string | null;
}

/** The schedule's last day, if it has one: a `once` checklist without one is due on its first. */
const lastDay = (s: Schedule) => (s.frequency === "once" ? (s.endsOn ?? s.startsOn) : s.endsOn);

/**
 * The period of a schedule that holds `day`, or none outside the schedule. Periods keep the
 * calendar's bounds (a whole week, a whole month) even where the schedule starts mid-way; a
 * `once` checklist has one period, from its first to its last day.
 */
export function periodOf(s: Schedule, day: string): Period | undefined {
  const last = lastDay(s);
  if (day < s.startsOn || (last && day > last)) return undefined;
  switch (s.frequency) {
    case "daily":
      return { startDate: day, endDate: day };
    case "weekly": {
      const start = weekStart(day);
      return { startDate: start, endDate: addDays(start, 6) };
    }
    case "monthly": {
      const d = toDate(day);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
      return { startDate: `${day.slice(0, 7)}-01`, endDate: iso(last) };
    }
    case "once":
      return { startDate: s.startsOn, endDate: last ?? s.startsOn };
  }
}

/** The periods of a schedule that start between `from` and `to` or hold `from`, in order. */
export function periodsBetween(s: Schedule, from: string, to: string): Period[] {
  const out: Period[] = [];
  let day = from < s.startsOn ? s.startsOn : from;
  while (day <= to) {
    const p = periodOf(s, day);
    if (!p) break;
    out.push(p);
    if (s.frequency === "once") break;
    day = addDays(p.endDate, 1);
  }
  return out;
}

/** The last period that has ended by `today` (the one whose submission is now missed, if none came). */
export function lastEndedPeriod(s: Schedule, today: string): Period | undefined {
  const current = periodOf(s, today);
  const last = lastDay(s);
  const before = current ? addDays(current.startDate, -1) : last && last < today ? last : addDays(today, -1);
  const p = periodOf(s, before);
  return p && p.endDate < today ? p : undefined;
}
