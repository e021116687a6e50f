import { tenantOf } from "./tenant-of.js";
import type { TenantScope } from "./tenant-scope.js";
import type { TenantRow } from "./tenants.table.js";

/** Today in the school's time zone, YYYY-MM-DD. */
export async function schoolToday(scope: TenantScope): Promise<string> {
  const tenant = await tenantOf(scope);
  return new Intl.DateTimeFormat("en-CA", { timeZone: tenant.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** The year in the school's time zone. */
export const schoolYear = (tenant: Pick<TenantRow, "timeZone">, at = new Date()) =>
  Number(new Intl.DateTimeFormat("en-CA", { timeZone: tenant.timeZone, year: "numeric" }).format(at));
