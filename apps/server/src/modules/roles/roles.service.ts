import type { PermissionMap, roleResource, setRolePermissions } from "@taleem/contract";
import { count, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles } from "../../platform/auth/users.table.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertWithinCaller, isFullAccessMap } from "./role-grants.service.js";

type RoleRecord = typeof roles.$inferSelect;

/** The Admin role keeps full access, its area and its status, so a school can never lock itself out. */
function guardBuiltin(existing: RoleRecord, change: { area?: string; permissions?: unknown; status?: string; linkedStudentsOnly?: boolean }) {
  if (existing.builtin === "admin") {
    const losesAccess = change.permissions !== undefined && !isFullAccessMap(change.permissions);
    if (losesAccess || (change.area && change.area !== "admin") || change.status === "inactive") {
      throw badRequest("role.admin_locked", "The Admin role always has full access; its permissions, area and status cannot change.", { field: "permissions" });
    }
    return;
  }
  if (existing.builtin && change.area && change.area !== existing.area) {
    throw badRequest("role.builtin_area", "A built-in role's area cannot change.", { field: "area" });
  }
  // A parent reaches their own children and no one else's, whatever else the school changes.
  if (existing.builtin === "parent" && change.linkedStudentsOnly === false) {
    throw badRequest("role.parent_linked", "The Parent role always reaches only the students linked to each parent.", { field: "linkedStudentsOnly" });
  }
}

/**
 * A permission map as stored: actions without repeats. Full access ("*") belongs to the Admin
 * role alone; a school's own role lists its modules and actions one by one.
 */
function cleanPermissions(ctx: RequestContext, permissions: PermissionMap, role: { builtin: string | null }): PermissionMap {
  if (permissions["*"] && role.builtin !== "admin") {
    throw badRequest("role.full_access_reserved", "Full access is reserved for the Admin role. Choose modules and actions one by one.", {
      field: "permissions",
    });
  }
  const clean = Object.fromEntries(Object.entries(permissions).map(([module, actions]) => [module, [...new Set(actions)]]));
  assertWithinCaller(ctx, clean, "grant these permissions");
  return clean;
}

/** Refuses a second role of the same name (any case) in the school. */
async function refuseDuplicateName(scope: TenantScope, name: string, exceptId?: number) {
  const [taken] = await scope.db
    .select({ id: roles.id })
    .from(roles)
    .where(scope.where(roles, eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict("role.name_taken", `A role named ${name} already exists.`, { field: "name" });
}

/** Refuses deleting a built-in role or one a person holds. */
async function refuseInUse(scope: TenantScope, role: RoleRecord) {
  if (role.builtin) throw conflict("role.builtin", "Built-in roles cannot be deleted.");
  const [n] = await scope.db
    .select({ n: count() })
    .from(profiles)
    .where(scope.where(profiles, eq(profiles.roleId, role.id)));
  if ((n?.n ?? 0) > 0) throw conflict("role.in_use", `This role is held by ${n!.n} user(s). Give them another role first.`, { users: n!.n });
}

/** A school's own new role, checked: a free name, permissions the caller holds, never full access. */
export async function newRoleValues(ctx: RequestContext, input: z.infer<typeof roleResource.create>) {
  await refuseDuplicateName(ctx.scope, input.name);
  return { ...input, builtin: null, permissions: cleanPermissions(ctx, input.permissions, { builtin: null }) };
}

/** A change to a role, checked: the built-in roles' guards, every grant of the role held by the caller, a free name. */
export async function roleChangeValues(ctx: RequestContext, existing: RoleRecord, input: z.infer<typeof roleResource.update>) {
  guardBuiltin(existing, input);
  // Editing a role at all needs every grant it has: renaming or disabling a stronger role is not for a weaker one.
  assertWithinCaller(ctx, existing.permissions, "change this role");
  const { id: _id, ...rest } = input;
  if (rest.name !== undefined) await refuseDuplicateName(ctx.scope, rest.name, existing.id);
  return rest.permissions === undefined ? rest : { ...rest, permissions: cleanPermissions(ctx, rest.permissions, existing) };
}

/** Refuses deleting a role the caller could not have made, a built-in one or one in use. */
export async function prepareRoleDelete(ctx: RequestContext, existing: RoleRecord) {
  assertWithinCaller(ctx, existing.permissions, "delete this role");
  await refuseInUse(ctx.scope, existing);
}

/** How many of the school's roles are active and inactive, for the list. */
export async function roleCounts(scope: TenantScope) {
  const rows = await scope.db.select({ status: roles.status, n: count() }).from(roles).where(scope.where(roles)).groupBy(roles.status);
  return {
    activeRoles: rows.find((r) => r.status === "active")?.n ?? 0,
    inactiveRoles: rows.find((r) => r.status === "inactive")?.n ?? 0,
  };
}

/** Sets a role's permissions, checked as a change is; audited. */
export async function setPermissionsOf(ctx: RequestContext, body: z.infer<typeof setRolePermissions.body>) {
  const existing = await ctx.scope.find(roles, body.id, "Role");
  guardBuiltin(existing, { permissions: body.permissions });
  assertWithinCaller(ctx, existing.permissions, "change this role");
  const permissions = cleanPermissions(ctx, body.permissions, existing);
  const row = await ctx.scope.update(roles, existing.id, { permissions });
  await ctx.audit({ action: "update", entity: "roles", entityId: row.id, before: existing, after: row });
  return row;
}

/** A school's own role with no permissions, for the isolation suite. */
export const sampleRole = (scope: TenantScope) =>
  scope.insert(roles, { name: `Sample ${Math.random().toString(36).slice(2, 8)}`, area: "parent", permissions: {} });
