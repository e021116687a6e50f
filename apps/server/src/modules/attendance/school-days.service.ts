import { ATTENDANCE_MAX_RANGE_DAYS, addDays, DEFAULT_ATTENDANCE_RULES, workingDaysOf } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { badRequest } from "../../platform/http/errors.js";
import { settings } from "../../platform/tenancy/settings.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { attendanceRules } from "./attendance-codes.table.js";

/** ISO weekday of a YYYY-MM-DD date: 1 Monday ... 7 Sunday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Every date of from..to. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The school's calendar as attendance needs it: today in its time zone and its working days (the
 * settings key `workingDays`, else its country's week). The school has no holiday list yet, so a
 * day off is a day that is not a working day.
 */
export async function schoolDays(scope: TenantScope) {
  // One statement (the monthly sheet counts them): the tenant's zone and country, its settings and its attendance rules.
  const [row] = await scope.db
    .select({ timeZone: tenants.timeZone, country: tenants.country, config: settings.config, rules: attendanceRules.rules })
    .from(tenants)
    .leftJoin(settings, eq(settings.tenantId, tenants.id))
    .leftJoin(attendanceRules, eq(attendanceRules.tenantId, tenants.id))
    .where(eq(tenants.id, scope.tenantId));
  if (!row) throw new Error(`tenant ${scope.tenantId} vanished`);
  // schoolToday's formula, on the row already read.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: row.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const working = new Set(workingDaysOf(row.config ?? undefined, row.country));
  // The defaults fill any key an older rules row lacks, and stand in for a school without one.
  const rules = { ...DEFAULT_ATTENDANCE_RULES, ...(row.rules ?? {}) };
  return { today, rules, isWorking: (date: string) => working.has(weekdayOf(date)) };
}
export type SchoolDays = Awaited<ReturnType<typeof schoolDays>>;

/** A range one call may read, or 400 naming `to`. */
export function checkRange(from: string, to: string, max = ATTENDANCE_MAX_RANGE_DAYS) {
  if (from > to) throw badRequest("attendance.bad_range", "The range ends before it starts.", { field: "to" });
  if (daysFrom(from, to) >= max) throw badRequest("attendance.range_too_long", `At most ${max} days at once.`, { field: "to", max });
}
