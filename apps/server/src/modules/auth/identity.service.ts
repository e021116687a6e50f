import type { Area, AuthUser } from "@taleem/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import type { OpenContext } from "../../platform/actions/request-context.js";
import { roles } from "../../platform/auth/roles.table.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type TenantRow, tenants } from "../../platform/tenancy/tenants.table.js";

export type UserRecord = typeof users.$inferSelect;

/** The school behind a business code, refusing a suspended one with its reason. */
export async function findTenantByCode(db: Db, code: string): Promise<TenantRow> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(eq(sql`lower(${tenants.code})`, code.trim().toLowerCase()))
    .limit(1);
  if (!tenant) throw badRequest("tenant.unknown", "No school or centre was found with this code.", { field: "code" });
  return requireActiveTenant(tenant);
}

/** Refuses a suspended school with its reason: nobody signs in or resets a password there. */
export function requireActiveTenant(tenant: TenantRow): TenantRow {
  if (tenant.status !== "active") {
    throw badRequest(
      "tenant.suspended",
      tenant.suspendedReason
        ? `This school's account is suspended: ${tenant.suspendedReason}`
        : "This school's account is suspended. Please contact the school.",
      { reason: tenant.suspendedReason ?? "" },
    );
  }
  return tenant;
}

export async function tenantById(db: Db, tenantId: number): Promise<TenantRow | undefined> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return tenant;
}

export interface ProfileInfo {
  id: number;
  roleId: number;
  roleName: string;
  area: Area;
  permissions: Record<string, string[]>;
  requiresTwoFactor: boolean;
  builtin: string | null;
}

/** A person's active-role memberships, oldest first. */
export async function profilesOf(db: Db, tenantId: number, userId: number): Promise<ProfileInfo[]> {
  const rows = await db
    .select({
      id: profiles.id,
      roleId: roles.id,
      roleName: roles.name,
      area: roles.area,
      permissions: roles.permissions,
      requiresTwoFactor: roles.requiresTwoFactor,
      builtin: roles.builtin,
    })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(and(eq(profiles.tenantId, tenantId), eq(profiles.userId, userId), eq(roles.status, "active")))
    .orderBy(profiles.id);
  return rows as ProfileInfo[];
}

/** The profile a sign-in opens: the last one used, else the first. */
export function chooseProfile(all: ProfileInfo[], lastProfileId: number | null): ProfileInfo | undefined {
  return all.find((p) => p.id === lastProfileId) ?? all[0];
}

export function authUser(tenant: TenantRow, user: UserRecord, profile: ProfileInfo, all: ProfileInfo[]): AuthUser {
  const summary = (p: ProfileInfo) => ({ id: p.id, roleId: p.roleId, roleName: p.roleName, area: p.area });
  return {
    id: user.id,
    name: user.name,
    mobile: user.mobile,
    username: user.username,
    email: user.email,
    language: user.language as AuthUser["language"],
    code: tenant.code,
    tenant: { id: tenant.id, name: tenant.name, code: tenant.code, logo: tenant.logo, timeZone: tenant.timeZone },
    role: { id: profile.roleId, name: profile.roleName, builtin: profile.builtin, area: profile.area, permissions: profile.permissions },
    profile: summary(profile),
    profiles: all.map(summary),
    mustSetPassword: !user.passwordHash,
  };
}

/** A person as the session check and their own profile show them, through the session's profile. */
export async function loadAuthUser(db: Db, tenantId: number, userId: number, profileId: number): Promise<AuthUser | undefined> {
  const tenant = await tenantById(db, tenantId);
  const user = await new TenantScope(db, tenantId).findOptional(users, userId);
  const all = await profilesOf(db, tenantId, userId);
  const profile = chooseProfile(all, profileId);
  if (!tenant || !user || !profile) return undefined;
  return authUser(tenant, user, profile, all);
}

/** The session cookie's options: httpOnly, SameSite=Strict, Secure in production. */
export function sessionCookie(services: Services, expires: Date) {
  return { ...cookieScope(services), expires } as const;
}

/** How the session cookie is set and cleared alike: a browser matches a clearing to its attributes. */
export function cookieScope(services: Services) {
  return { httpOnly: true, sameSite: "strict", secure: services.config.production, path: "/" } as const;
}

/**
 * Opens a session for a person in a profile: renews the session (a new token at every sign-in,
 * and the session the caller came with, if any, ends), sets the cookie, remembers the profile,
 * and returns the reply every sign-in call gives.
 */
export async function openSession(services: Services, ctx: OpenContext, tenant: TenantRow, user: UserRecord, profile: ProfileInfo, all: ProfileInfo[]) {
  if (ctx.principal) await services.sessions.revoke(ctx.principal.sessionId);
  const { token, expiresAt } = await services.sessions.create(
    { tenantId: tenant.id, userId: user.id, profileId: profile.id },
    { ip: ctx.ip, userAgent: ctx.req.headers["user-agent"] },
  );
  await ctx.db
    .update(users)
    .set({ lastProfileId: profile.id, lastLoginAt: new Date() })
    .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id)));
  ctx.reply.setCookie(SESSION_COOKIE, token, sessionCookie(services, expiresAt));
  return { auth: true as const, user: authUser(tenant, user, profile, all), token, message: "Logged in successfully" };
}
