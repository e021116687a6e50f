import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { recordChange } from "../../platform/audit/audit.service.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { tryE164 } from "../../platform/auth/phone.js";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import { chooseProfile, openSession, profilesOf, type UserRecord } from "./identity.service.js";

export type Account = { mobile: string } | { username: string };

export const INVALID_CREDENTIALS = "Invalid credentials. Check your details and try again.";

/** A refused sign-in step: 400 (never 401, which means "no session") with `auth: false`, which the client reads. */
export const authFailure = (code: string, message: string, params?: Record<string, unknown>) => new AppError(400, code, message, params, { auth: false });

/** The user a mobile number or username names in a school, if any. */
export async function findAccount(services: Services, tenant: TenantRow, account: Account): Promise<UserRecord | undefined> {
  let where: ReturnType<typeof eq>;
  if ("mobile" in account) {
    const mobile = tryE164(account.mobile, tenant.country);
    if (!mobile) return undefined;
    where = eq(users.mobile, mobile);
  } else {
    where = eq(sql`lower(${users.username})`, account.username.trim().toLowerCase());
  }
  const scope = new TenantScope(services.db, tenant.id);
  const [user] = await scope.db.select().from(users).where(scope.where(users, where)).limit(1);
  return user;
}

/** The limiter's name for an account: the school and the normalised identifier, whether or not it exists. */
export const accountKey = (tenant: TenantRow, account: Account) =>
  `${tenant.id}:${"mobile" in account ? (tryE164(account.mobile, tenant.country) ?? account.mobile) : account.username.trim().toLowerCase()}`;

const accountAddressKey = (key: string, req: FastifyRequest) => `signin:acct:${key}:${req.ip}`;
const addressKey = (req: FastifyRequest) => `signin:ip:${req.ip}`;

/**
 * Failed sign-ins are limited per account and address, and per address alone. The account key
 * includes the address, so a stranger elsewhere cannot lock the owner out; the owner can also
 * always sign in by one-time code, which has a limiter of its own.
 */
export async function guardAttempts(services: Services, req: FastifyRequest, key: string) {
  const { config, attempts } = services;
  const [account, ip] = await Promise.all([attempts.count(accountAddressKey(key, req)), attempts.count(addressKey(req))]);
  if (account >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT || ip >= config.LOGIN_MAX_FAILURES_PER_IP) {
    const minutes = Math.ceil(config.LOGIN_WINDOW_SECONDS / 60);
    throw new AppError(
      429,
      "signin.locked",
      `Too many failed attempts. Try again in ${minutes} minutes, or sign in with a one-time code.`,
      { minutes },
      { auth: false },
    );
  }
}

export async function countFailure(services: Services, req: FastifyRequest, key: string) {
  const w = services.config.LOGIN_WINDOW_SECONDS;
  await Promise.all([services.attempts.hit(accountAddressKey(key, req), w), services.attempts.hit(addressKey(req), w)]);
}

export async function clearFailures(services: Services, req: FastifyRequest, key: string) {
  await services.attempts.reset(accountAddressKey(key, req));
}

/** Counts a failed step and writes it to the audit log (action sign-in-failed). */
export async function signInFailed(services: Services, req: FastifyRequest, tenant: TenantRow, key: string, userId: number | null, via: string) {
  await countFailure(services, req, key);
  await recordChange(services.db, { tenantId: tenant.id, userId, action: "sign-in-failed", entity: "session", details: { via }, ip: req.ip });
}

/** Mobile or username with a password; opens a session or asks for the two-factor code. */
export async function passwordSignIn(services: Services, req: FastifyRequest, reply: FastifyReply, tenant: TenantRow, account: Account, password: string) {
  const key = accountKey(tenant, account);
  await guardAttempts(services, req, key);
  const user = await findAccount(services, tenant, account);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok || user.status !== "active") {
    await signInFailed(services, req, tenant, key, user?.id ?? null, "password");
    throw authFailure("signin.invalid", INVALID_CREDENTIALS);
  }
  await clearFailures(services, req, key);
  return completeSignIn(services, req, reply, tenant, user, { via: "password" });
}

/**
 * After the credentials are proven: refuses a person with no active role, asks for a second
 * factor when the profile's role requires one (and it was not just given), else opens a session.
 */
export async function completeSignIn(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  tenant: TenantRow,
  user: UserRecord,
  opts: { via: string; secondFactorDone?: boolean },
) {
  const all = await profilesOf(services.db, tenant.id, user.id);
  const profile = chooseProfile(all, user.lastProfileId);
  if (!profile) throw authFailure("signin.no_role", "This account has no active role in this school. Please contact the school.");
  // A code alone proves only the phone: a role that requires two factors signs in with its password.
  if (profile.requiresTwoFactor && opts.via === "code") {
    throw authFailure(
      "signin.password_required",
      "Your role needs your password and a verification code. Sign in with your password (choose 'Forgot password' if you have none).",
    );
  }
  if (profile.requiresTwoFactor && !opts.secondFactorDone) {
    if (!user.mobile) throw authFailure("signin.no_mobile", "Two-step verification needs a mobile number on this account. Please contact the school.");
    await services.otp.send(tenant.id, user.mobile, "two-factor", (code) => render("otp.two-factor", user.language, { code, school: tenant.name }));
    return reply.send({ auth: false, twoFactorRequired: true, message: "A verification code was sent to your mobile number." });
  }
  const out = await openSession(services, req, reply, tenant, user, profile, all);
  await recordChange(services.db, {
    tenantId: tenant.id,
    userId: user.id,
    action: "sign-in",
    entity: "session",
    details: { via: opts.via, profileId: profile.id },
    ip: req.ip,
  });
  return reply.send(out);
}

/**
 * Checks the signed-in person's own password again (verify-admin, wipe-data, a password change),
 * counting failures in the sign-in limiter so a left-open session cannot be used to guess it.
 */
export async function checkOwnPassword(services: Services, req: FastifyRequest, p: UserPrincipal, password: string): Promise<boolean> {
  const key = `${p.tenantId}:user:${p.userId}`;
  await guardAttempts(services, req, key);
  const user = await new TenantScope(services.db, p.tenantId).findOptional(users, p.userId);
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await clearFailures(services, req, key);
    return true;
  }
  await countFailure(services, req, key);
  return false;
}
