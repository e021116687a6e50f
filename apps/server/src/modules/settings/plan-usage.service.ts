import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

/**
 * The plan's limits that count another module's rows (active students), each counted as that
 * module declares beside its service: the plan shows them without importing the modules, which
 * import settings (custom fields) themselves. This file imports nothing of ours, so a module may
 * declare while it is still loading.
 */
type Counter = (scope: TenantScope) => Promise<number>;
const counters = new Map<"students", Counter>();

export function declarePlanCounter(limit: "students", count: Counter) {
  counters.set(limit, count);
}

/** What the school uses of a limit another module declared. */
export function planUsage(scope: TenantScope, limit: "students"): Promise<number> {
  const count = counters.get(limit);
  if (!count) throw new Error(`No module declared how to count the plan's ${limit}`);
  return count(scope);
}
