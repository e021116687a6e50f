import type { UserRow } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, type users } from "../../platform/auth/users.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

type UserRecord = typeof users.$inferSelect;

/** Reply rows for users: their profiles joined, no password hash or push targets. */
export async function presentUsers(scope: TenantScope, rows: UserRecord[]): Promise<UserRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((u) => u.id);
  const memberships = await scope.db
    .select({ id: profiles.id, userId: profiles.userId, roleId: roles.id, roleName: roles.name, area: roles.area })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, inArray(profiles.userId, ids)))
    .orderBy(profiles.id);
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    mobile: u.mobile,
    username: u.username,
    email: u.email,
    language: u.language as UserRow["language"],
    status: u.status,
    hasPassword: !!u.passwordHash,
    profiles: memberships.filter((m) => m.userId === u.id).map(({ userId: _u, ...m }) => m),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  }));
}
