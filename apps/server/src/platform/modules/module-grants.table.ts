import { text, uniqueIndex } from "drizzle-orm/pg-core";
import { declareFamilyLink, familyLinks } from "../tenancy/family-scope.js";
import { tenantTable } from "../tenancy/tenant-table.js";

/**
 * The default rights (`staff:tasks.add`, see `DefaultGrant`) a school's built-in roles have been
 * given, one row each, with when: a right is given once, so one the school took away stays away.
 * Kept through a wipe, as the roles are.
 */
export const moduleGrants = tenantTable(
  "module_grants",
  { grantKey: text().notNull() },
  (t) => [uniqueIndex("module_grants_key").on(t.tenantId, t.grantKey)],
  "keep",
);

// Bookkeeping of the platform's, read by no request.
declareFamilyLink(moduleGrants, familyLinks.staff);
