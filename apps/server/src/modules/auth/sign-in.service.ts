import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { recordChange } from "../../platform/audit/audit.service.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import { chooseProfile, openSession, profilesOf, type UserRecord } from "./identity.service.js";

export type Account = { mobile: string } | { username: string };

export const INVALID_CREDENTIALS = "Invalid credentials. Check your details and try again.";

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
  const [user] = await services.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), where))
    .limit(1);
  return user;
}

const accountKey = (tenant: TenantRow, account: Account) =>
  `${tenant.id}:${"mobile" in account ? (tryE164(account.mobile, tenant.country) ?? account.mobile) : account.username.toLowerCase()}`;

/**
 * Failed sign-ins are limited per account and address, and per address alone. The account key
 * includes the address, so a stranger elsewhere cannot lock the owner out; the owner can also
 * always sign in by one-time code.
 */
export async function guardAttempts(services: Services, req: FastifyRequest, key: string) {
  const { config, attempts } = services;
  const [account, ip] = await Promise.all([attempts.count(`signin:acct:${key}:${req.ip}`), attempts.count(`signin:ip:${req.ip}`)]);
  if (account >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT || ip >= config.LOGIN_MAX_FAILURES_PER_IP) {
    const minutes = Math.ceil(config.LOGIN_WINDOW_SECONDS / 60);
    throw new AppError(429, "signin.locked", `Too many failed sign-in attempts. Try again in ${minutes} minutes, or sign in with a one-time code.`, {
      minutes,
    });
  }
}

async function countFailure(services: Services, req: FastifyRequest, key: string) {
  const w = services.config.LOGIN_WINDOW_SECONDS;
  await Promise.all([services.attempts.hit(`signin:acct:${key}:${req.ip}`, w), services.attempts.hit(`signin:ip:${req.ip}`, w)]);
}

/** Mobile or username with a password; opens a session or asks for the two-factor code. */
export async function passwordSignIn(services: Services, req: FastifyRequest, reply: FastifyReply, tenant: TenantRow, account: Account, password: string) {
  const key = accountKey(tenant, account);
  await guardAttempts(services, req, key);
  const user = await findAccount(services, tenant, account);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok || user.status !== "active") {
    await countFailure(services, req, key);
    await recordChange(services.db, {
      tenantId: tenant.id,
      userId: user?.id ?? null,
      action: "sign-in-failed",
      entity: "session",
      details: { via: "password" },
      ip: req.ip,
    });
    return reply.status(400).send({ auth: false, message: INVALID_CREDENTIALS, code: "signin.invalid" });
  }
  await services.attempts.reset(`signin:acct:${key}:${req.ip}`);
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
  if (!profile) throw badRequest("signin.no_role", "This account has no active role in this school. Please contact the school.");
  if (profile.requiresTwoFactor && !opts.secondFactorDone) {
    if (!user.mobile) throw badRequest("signin.no_mobile", "Two-step verification needs a mobile number on this account. Please contact the school.");
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
