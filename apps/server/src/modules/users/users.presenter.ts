import type { Language } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, type users } from "../../platform/auth/users.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

type UserRecord = typeof users.$inferSelect;

/** Reply rows for users: their profiles joined, whether they have a password; never the hash or the push targets. */
export async function presentUsers(scope: TenantScope, rows: UserRecord[]) {
  if (!rows.length) return [];
  const ids = rows.map((u) => u.id);
  const memberships = await scope.db
    .select({ id: profiles.id, userId: profiles.userId, roleId: roles.id, roleName: roles.name, area: roles.area })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, inArray(profiles.userId, ids)))
    .orderBy(profiles.id);
  return rows.map(({ passwordHash, pushTargets: _private, ...u }) => ({
    ...u,
    language: u.language as Language,
    hasPassword: !!passwordHash,
    profiles: memberships.filter((m) => m.userId === u.id).map(({ userId: _u, ...m }) => m),
  }));
}
