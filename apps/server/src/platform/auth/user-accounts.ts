import { eq, inArray, ne, sql } from "drizzle-orm";
import { badRequest, conflict } from "../http/errors.js";
import { tenantOf } from "../tenancy/tenant-of.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { checkPasswordPolicy, hashPassword } from "./passwords.js";
import { toE164 } from "./phone.js";
import { roles } from "./roles.table.js";
import { profiles, users } from "./users.table.js";

export interface NewUser {
  name: string;
  mobile?: string | null;
  username?: string | null;
  email?: string | null;
  password?: string | null;
  language?: string;
  status?: "active" | "inactive";
  roleIds: number[];
}

/**
 * The identity rules every way of making or changing a user shares (the users screen, the
 * spreadsheet import, the CLI, an enrolment making a parent): mobile in E.164 and unique in the
 * school, username unique, a sign-in identifier present, the password policy.
 */
export async function prepareIdentity(
  scope: TenantScope,
  country: string,
  input: { mobile?: string | null; username?: string | null; email?: string | null; password?: string | null },
  exceptUserId?: number,
) {
  const mobile = input.mobile ? toE164(input.mobile, country) : input.mobile === null ? null : undefined;
  const username = input.username?.trim() || (input.username === null ? null : undefined);
  const email = input.email?.trim().toLowerCase() || (input.email === null ? null : undefined);
  const others = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  if (mobile) {
    const [taken] = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.where(users, eq(users.mobile, mobile), others))
      .limit(1);
    if (taken) throw conflict("user.mobile_taken", "Another user in this school already has this mobile number.", { field: "mobile" });
  }
  if (username) {
    const [taken] = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(scope.where(users, eq(sql`lower(${users.username})`, username.toLowerCase()), others))
      .limit(1);
    if (taken) throw conflict("user.username_taken", "Another user in this school already has this username.", { field: "username" });
  }
  let passwordHash: string | undefined;
  if (input.password) {
    checkPasswordPolicy(input.password);
    passwordHash = await hashPassword(input.password);
  }
  return { mobile, username, email, passwordHash };
}

/** Checks that every role id is one of this school's roles. */
export async function requireRoles(scope: TenantScope, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const found = await scope.db
    .select({ id: roles.id })
    .from(roles)
    .where(scope.where(roles, inArray(roles.id, unique)));
  if (found.length !== unique.length) throw badRequest("user.role_unknown", "One of the chosen roles does not exist.", { field: "roleIds" });
  return unique;
}

/** Replaces a person's role memberships with `roleIds`, keeping the ones that stay (and their ids). */
export async function setProfiles(scope: TenantScope, userId: number, roleIds: number[]) {
  const wanted = await requireRoles(scope, roleIds);
  const current = await scope.db
    .select()
    .from(profiles)
    .where(scope.where(profiles, eq(profiles.userId, userId)));
  const gone = current.filter((p) => !wanted.includes(p.roleId)).map((p) => p.id);
  if (gone.length) await scope.db.delete(profiles).where(scope.where(profiles, inArray(profiles.id, gone)));
  const have = new Set(current.map((p) => p.roleId));
  await scope.insertMany(
    profiles,
    wanted.filter((r) => !have.has(r)).map((roleId) => ({ userId, roleId })),
  );
}

/** Makes a user with their profiles, in the caller's transaction; without a language, in the school's default one. */
export async function createUser(scope: TenantScope, country: string, input: NewUser) {
  if (!input.mobile && !input.username) {
    throw badRequest("user.no_identifier", "Give a mobile number or a username, so the person can sign in.", { field: "mobile" });
  }
  const identity = await prepareIdentity(scope, country, input);
  const language = input.language ?? (await tenantOf(scope)).defaultLanguage;
  const user = await scope.insert(users, {
    name: input.name.trim(),
    mobile: identity.mobile ?? null,
    username: identity.username ?? null,
    email: identity.email ?? null,
    passwordHash: identity.passwordHash ?? null,
    language,
    status: input.status ?? "active",
  });
  await setProfiles(scope, user.id, input.roleIds);
  return user;
}

/** The id of one of a school's built-in roles. */
export async function builtinRoleId(scope: TenantScope, key: string): Promise<number> {
  const [role] = await scope.db
    .select({ id: roles.id })
    .from(roles)
    .where(scope.where(roles, eq(roles.builtin, key)))
    .limit(1);
  if (!role) throw new Error(`built-in role ${key} is missing`);
  return role.id;
}
