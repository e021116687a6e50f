import { can, FULL_ACCESS, type PermissionMap } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles } from "../../platform/auth/users.table.js";
import { forbidden } from "../../platform/http/errors.js";

/** Every action of every module: the Admin role's map. */
export const hasFullAccess = (p: PermissionMap) => p["*"]?.includes("*") === true;

export const isFullAccessMap = (p: unknown) => JSON.stringify(p) === JSON.stringify(FULL_ACCESS);

/** The grants of `wanted` that `caller` does not hold itself, as `module:action`. */
export function missingGrants(caller: PermissionMap, wanted: PermissionMap): string[] {
  if (hasFullAccess(caller)) return [];
  const missing: string[] = [];
  for (const [module, actions] of Object.entries(wanted)) {
    for (const action of actions) if (!can(caller, module, action)) missing.push(`${module}:${action}`);
  }
  return missing;
}

/**
 * Nobody hands out more than they hold: a person who may edit roles or users, but is not a full
 * admin, cannot write a grant they lack into a role, give someone a role stronger than their own,
 * or take over (reset, merge, delete) an account stronger than their own.
 */
export function assertWithinCaller(ctx: RequestContext, wanted: PermissionMap, what: string) {
  const missing = missingGrants(ctx.principal.permissions, wanted);
  if (missing.length) {
    throw forbidden(homeOf(ctx.principal), `You cannot ${what}: it needs permissions your own role does not have (${missing.slice(0, 5).join(", ")}).`);
  }
}

/**
 * What a role hands out, for the rule above. The built-in Parent role's rights are what the school
 * gives every family, each over its own children's rows: the office makes and manages parents'
 * accounts every day, and needs none of those rights itself (a parent submitting the checklists
 * given to them is no right of the clerk's to withhold).
 */
const handedOut = (r: { permissions: PermissionMap; builtin: string | null; linkedStudentsOnly: boolean }) =>
  r.builtin === "parent" && r.linkedStudentsOnly ? {} : r.permissions;

/** The union of the permissions of some roles, as `assertCanGrantRoles` weighs them. */
export async function permissionsOfRoles(ctx: RequestContext, roleIds: number[]): Promise<PermissionMap> {
  if (!roleIds.length) return {};
  const rows = await ctx.scope.db
    .select({ permissions: roles.permissions, builtin: roles.builtin, linkedStudentsOnly: roles.linkedStudentsOnly })
    .from(roles)
    .where(ctx.scope.where(roles, inArray(roles.id, roleIds)));
  return union(rows.map(handedOut));
}

/** The union of the permissions of every role a user holds, as `assertCanManageUser` weighs them. */
export async function permissionsOfUser(ctx: RequestContext, userId: number): Promise<PermissionMap> {
  const rows = await ctx.scope.db
    .select({ permissions: roles.permissions, builtin: roles.builtin, linkedStudentsOnly: roles.linkedStudentsOnly })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(ctx.scope.where(profiles, eq(profiles.userId, userId)));
  return union(rows.map(handedOut));
}

/** Refuses when the caller is weaker than the account they act on. */
export async function assertCanManageUser(ctx: RequestContext, userId: number) {
  if (hasFullAccess(ctx.principal.permissions)) return;
  assertWithinCaller(ctx, await permissionsOfUser(ctx, userId), "change this account");
}

/** Refuses when one of the roles is stronger than the caller. */
export async function assertCanGrantRoles(ctx: RequestContext, roleIds: number[]) {
  if (hasFullAccess(ctx.principal.permissions)) return;
  assertWithinCaller(ctx, await permissionsOfRoles(ctx, roleIds), "give this role");
}

function union(maps: PermissionMap[]): PermissionMap {
  const out = new Map<string, Set<string>>();
  for (const m of maps) {
    for (const [k, actions] of Object.entries(m)) {
      const set = out.get(k) ?? new Set<string>();
      for (const a of actions) set.add(a);
      out.set(k, set);
    }
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, [...v]]));
}
