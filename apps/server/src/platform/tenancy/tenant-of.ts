import { eq } from "drizzle-orm";
import type { TenantScope } from "./tenant-scope.js";
import { type TenantRow, tenants } from "./tenants.table.js";

/** The scope's own tenant row (country for phone numbers, name for messages). */
export async function tenantOf(scope: TenantScope): Promise<TenantRow> {
  const [tenant] = await scope.db.select().from(tenants).where(eq(tenants.id, scope.tenantId));
  if (!tenant) throw new Error(`tenant ${scope.tenantId} vanished`);
  return tenant;
}
