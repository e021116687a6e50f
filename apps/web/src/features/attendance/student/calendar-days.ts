import { addDays } from "@taleem/contract";

/** Calendar arithmetic on YYYY-MM-DD days and YYYY-MM months, in UTC so no device zone shifts a day. */

const pad = (n: number) => String(n).padStart(2, "0");
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 1 Monday ... 7 Sunday. */
export const isoWeekday = (day: string) => utc(day).getUTCDay() || 7;

export const monthOf = (day: string) => day.slice(0, 7);
export const monthStart = (month: string) => `${month}-01`;

export function monthEnd(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(y, m, 0)));
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Whole days from `from` to `to` (0 when the same day). */
export const daysBetween = (from: string, to: string) => Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

/**
 * The school's week: seven ISO weekdays starting at its first working day (Monday in India,
 * Sunday in the Gulf, Saturday where the week opens then).
 */
export function weekOrder(workingDays: number[]): number[] {
  const first = workingDays[0] ?? 1;
  return Array.from({ length: 7 }, (_, i) => ((first - 1 + i) % 7) + 1);
}

/** The month as week rows in the school's week order; a cell outside the month is null. */
export function monthWeeks(month: string, order: number[]): (string | null)[][] {
  const first = monthStart(month);
  const last = monthEnd(month);
  const lead = order.indexOf(isoWeekday(first));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The days of the school's week that holds `day`, in its order. */
export function weekOf(day: string, order: number[]): string[] {
  const start = addDays(day, -order.indexOf(isoWeekday(day)));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}
