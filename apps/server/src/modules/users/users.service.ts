import { MAX_ID, type userResource } from "@taleem/contract";
import { and, count, eq, exists, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { roles } from "../../platform/auth/roles.table.js";
import { builtinRoleId, prepareIdentity } from "../../platform/auth/user-accounts.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertCanGrantRoles, assertCanManageUser } from "../roles/role-grants.service.js";
import { revokeSessions } from "./user-sessions.js";

type UserRecord = typeof users.$inferSelect;

const NO_IDENTIFIER = "Give a mobile number or a username, so the person can sign in.";

/** The ids of a person's roles, for the audit log (memberships live in their own table). */
export async function roleIdsOf(ctx: Pick<RequestContext, "scope">, userId: number): Promise<number[]> {
  const rows = await ctx.scope.db
    .select({ roleId: profiles.roleId })
    .from(profiles)
    .where(ctx.scope.where(profiles, eq(profiles.userId, userId)))
    .orderBy(profiles.roleId);
  return rows.map((r) => r.roleId);
}

/** Whether a person holds the built-in Admin role (full access). */
export async function holdsAdminRole(ctx: Pick<RequestContext, "scope">, userId: number): Promise<boolean> {
  const [row] = await ctx.scope.db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(ctx.scope.where(profiles, eq(profiles.userId, userId), eq(roles.builtin, "admin")))
    .limit(1);
  return !!row;
}

/** Refuses to leave a school without an active holder of the Admin role. */
export async function keepAnAdmin(ctx: Pick<RequestContext, "scope">, userId: number) {
  const { scope } = ctx;
  const [others] = await scope.db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, eq(roles.builtin, "admin"), eq(users.status, "active"), ne(users.id, userId)));
  if (!others?.n) throw conflict("user.last_admin", "This is the school's last admin. Make someone else an admin first.");
}

/** The list's role filter: people holding the role (a value that is no role's id is a 400). */
export function holdingRole(scope: TenantScope, value: string) {
  const roleId = Number(value);
  if (!Number.isInteger(roleId) || roleId < 1 || roleId > MAX_ID) {
    throw badRequest("filter.invalid", "The filter roleId must be a role's id.", { field: "roleId" });
  }
  return exists(
    scope.db
      .select({ one: sql`1` })
      .from(profiles)
      .where(and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id), eq(profiles.roleId, roleId))),
  );
}

/** A new person's account, checked: a way to sign in, roles the caller may give. */
export async function newUserValues(ctx: RequestContext, input: z.infer<typeof userResource.create>) {
  if (!input.mobile && !input.username) throw badRequest("user.no_identifier", NO_IDENTIFIER, { field: "mobile" });
  await assertCanGrantRoles(ctx, input.roleIds);
  const tenant = await tenantOf(ctx.scope);
  const identity = await prepareIdentity(ctx.scope, tenant.country, input);
  return {
    name: input.name,
    mobile: identity.mobile ?? null,
    username: identity.username ?? null,
    email: identity.email ?? null,
    passwordHash: identity.passwordHash ?? null,
    language: input.language,
    status: input.status,
  };
}

/**
 * A change to a person's account, checked: roles the caller may give, never one's own account
 * made inactive, never the school's last admin lost, still a way to sign in.
 */
export async function userChangeValues(ctx: RequestContext, existing: UserRecord, input: z.infer<typeof userResource.update>) {
  await assertCanManageUser(ctx, existing.id);
  if (input.roleIds) await assertCanGrantRoles(ctx, input.roleIds);
  const tenant = await tenantOf(ctx.scope);
  const identity = await prepareIdentity(ctx.scope, tenant.country, { mobile: input.mobile, username: input.username, email: input.email }, existing.id);
  const becomesInactive = input.status === "inactive" && existing.status === "active";
  if (becomesInactive && existing.id === ctx.principal.userId) throw badRequest("user.self_inactive", "You cannot deactivate your own account.");
  if (becomesInactive || input.roleIds) {
    const wasAdmin = await holdsAdminRole(ctx, existing.id);
    const adminRoleId = await builtinRoleId(ctx.scope, "admin");
    const staysAdmin = !becomesInactive && (!input.roleIds || input.roleIds.includes(adminRoleId));
    if (wasAdmin && !staysAdmin) await keepAnAdmin(ctx, existing.id);
  }
  const values: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (identity.mobile !== undefined) values.mobile = identity.mobile;
  if (identity.username !== undefined) values.username = identity.username;
  if (identity.email !== undefined) values.email = identity.email;
  if (input.language !== undefined) values.language = input.language;
  if (input.status !== undefined) values.status = input.status;
  const nextMobile = values.mobile !== undefined ? values.mobile : existing.mobile;
  const nextUsername = values.username !== undefined ? values.username : existing.username;
  if (!nextMobile && !nextUsername) throw badRequest("user.no_identifier", NO_IDENTIFIER, { field: "mobile" });
  // A changed address is no longer the verified one.
  if (values.email !== undefined && values.email !== existing.email) values.emailVerifiedAt = null;
  return values;
}

/** Refuses deleting one's own account, one the caller may not manage or the last admin; ends the person's sessions. */
export async function prepareUserDelete(ctx: RequestContext, existing: UserRecord) {
  if (existing.id === ctx.principal.userId) throw badRequest("user.self_delete", "You cannot delete your own account.");
  await assertCanManageUser(ctx, existing.id);
  if (await holdsAdminRole(ctx, existing.id)) await keepAnAdmin(ctx, existing.id);
  await revokeSessions(ctx.scope, existing.id);
}
