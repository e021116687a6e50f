import type { AuthReply } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import type { OpenContext } from "../../platform/actions/request-context.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import type { LinkTokens } from "../../platform/auth/link-tokens.js";
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
export async function findAccount(db: Db, tenant: TenantRow, account: Account): Promise<UserRecord | undefined> {
  let where: ReturnType<typeof eq>;
  if ("mobile" in account) {
    const mobile = tryE164(account.mobile, tenant.country);
    if (!mobile) return undefined;
    where = eq(users.mobile, mobile);
  } else {
    where = eq(sql`lower(${users.username})`, account.username.trim().toLowerCase());
  }
  const scope = new TenantScope(db, tenant.id);
  const [user] = await scope.db.select().from(users).where(scope.where(users, where)).limit(1);
  return user;
}

/** The limiter's name for an account: the school and the normalised identifier, whether or not it exists. */
export const accountKey = (tenant: TenantRow, account: Account) =>
  `${tenant.id}:${"mobile" in account ? (tryE164(account.mobile, tenant.country) ?? account.mobile) : account.username.trim().toLowerCase()}`;

const accountAddressKey = (key: string, ip: string) => `signin:acct:${key}:${ip}`;
const addressKey = (ip: string) => `signin:ip:${ip}`;
/** Failures of one account from every address, and the pause and lock they lead to. */
const allAddressesKey = (key: string) => `signin:acct-all:${key}`;
const paceKey = (key: string) => `signin:pace:${key}`;
const lockKey = (key: string) => `signin:lock:${key}`;

/** Past LOGIN_ACCOUNT_SLOW_AFTER failures, an account takes one password try per this many seconds. */
export const PACE_SECONDS = 10;

/** The account-wide limit of a password step; `onLock` runs once when the account's lock trips. */
export interface AccountWide {
  onLock(minutes: number): void;
}

const tooMany = (code: string, message: string, params: Record<string, number>, retryAfter: number) =>
  new AppError(429, code, message, params, { auth: false, retryAfter });

async function refuseIfLocked(services: Services, key: string) {
  const left = await services.attempts.secondsLeft(lockKey(key));
  if (!left) return;
  const minutes = Math.ceil(left / 60);
  throw tooMany(
    "signin.account_locked",
    `Password sign-in for this account is paused for ${minutes} minutes after many failed attempts. Sign in with a one-time code.`,
    { minutes },
    left,
  );
}

/**
 * Failed sign-ins are limited per account and address, and per address alone. The account key
 * includes the address, so a stranger elsewhere cannot lock the owner out; the owner can also
 * always sign in by one-time code, which has a limiter of its own. An attempt is counted before
 * it is checked, so sixty parallel guesses cannot all pass the limit; `clearFailures` takes a
 * successful one back.
 *
 * A password step also counts against the account from every address (`accountWide`): many
 * addresses with a few guesses each would otherwise guess without end. Past the slow limit the
 * account takes one try per PACE_SECONDS; past the lock limit its password sign-in is refused
 * for LOGIN_ACCOUNT_LOCK_SECONDS and the owner is told once. The one-time code path counts under
 * a key of its own, so the owner still gets in.
 */
export async function guardAttempts(services: Services, ip: string, key: string, accountWide?: AccountWide) {
  const { config, attempts } = services;
  const w = config.LOGIN_WINDOW_SECONDS;
  if (accountWide) await refuseIfLocked(services, key);
  const [account, address, all] = await Promise.all([
    attempts.hit(accountAddressKey(key, ip), w),
    attempts.hit(addressKey(ip), w),
    accountWide ? attempts.hit(allAddressesKey(key), config.LOGIN_ACCOUNT_LOCK_SECONDS) : 0,
  ]);
  if (account > config.LOGIN_MAX_FAILURES_PER_ACCOUNT || address > config.LOGIN_MAX_FAILURES_PER_IP) {
    const minutes = Math.ceil(w / 60);
    throw tooMany("signin.locked", `Too many failed attempts. Try again in ${minutes} minutes, or sign in with a one-time code.`, { minutes }, w);
  }
  if (!accountWide) return;
  if (all > config.LOGIN_ACCOUNT_LOCK_AFTER) {
    // Only the attempt that starts the lock sees 1: parallel ones tell the owner nothing more.
    if ((await attempts.hit(lockKey(key), config.LOGIN_ACCOUNT_LOCK_SECONDS)) === 1) accountWide.onLock(Math.ceil(config.LOGIN_ACCOUNT_LOCK_SECONDS / 60));
    await refuseIfLocked(services, key);
  }
  if (all > config.LOGIN_ACCOUNT_SLOW_AFTER && (await attempts.hit(paceKey(key), PACE_SECONDS)) > 1) {
    const seconds = Math.max(1, await attempts.secondsLeft(paceKey(key)));
    throw tooMany(
      "signin.slow_down",
      `Many wrong passwords were tried for this account. Wait ${seconds} seconds and try again, or sign in with a one-time code.`,
      { seconds },
      seconds,
    );
  }
}

/**
 * Requests for codes are counted per number whether or not the number has an account, so the
 * 429 comes at the same count either way and tells nothing; the address has a budget too.
 */
export async function limitCodeRequests(services: Services, ip: string, tenantId: number, mobile: string) {
  const { attempts, config } = services;
  const window = config.OTP_SEND_WINDOW_SECONDS;
  const [perNumber, perAddress] = await Promise.all([attempts.hit(`otp:request:${tenantId}:${mobile}`, window), attempts.hit(`otp:address:${ip}`, window)]);
  if (perNumber > config.OTP_MAX_SENDS || perAddress > config.LOGIN_MAX_FAILURES_PER_IP) throw services.otp.tooMany();
}

/**
 * After a success: the account's failures from this address are forgotten, and the attempt no
 * longer counts against the address or the account. The account-wide count is not reset: the
 * owner signing in must not clear the guesses others made from elsewhere.
 */
export async function clearFailures(services: Services, ip: string, key: string) {
  const { attempts } = services;
  await Promise.all([attempts.reset(accountAddressKey(key, ip)), attempts.release(addressKey(ip)), attempts.release(allAddressesKey(key))]);
}

/**
 * Tells the owner once that their password sign-in is paused, by SMS and e-mail where they have
 * them, after the reply (the reply must not tell whether the account exists).
 */
export function lockNotice(services: Services, db: Db, tenant: TenantRow, account: Account): AccountWide {
  return {
    onLock: (minutes) =>
      services.messenger.later(async () => {
        const user = await findAccount(db, tenant, account);
        if (user?.status !== "active") return;
        const params = { school: tenant.name, minutes, name: user.name };
        if (user.mobile) await services.messenger.sms(tenant.id, user.mobile, render("signin.locked", user.language, params));
        if (user.email) {
          await services.messenger.email(
            tenant.id,
            user.email,
            render("email.signin-locked.subject", user.language, params),
            render("email.signin-locked.body", user.language, params),
          );
        }
      }),
  };
}

/** Writes a failed step to the audit log (action sign-in-failed); `guardAttempts` counted it already. */
export async function signInFailed(ctx: OpenContext, tenant: TenantRow, userId: number | null, via: string) {
  await recordChange(ctx.db, { tenantId: tenant.id, userId, action: "sign-in-failed", entity: "session", details: { via }, ip: ctx.ip });
}

/** Mobile or username with a password; opens a session or asks for the two-factor code. */
export async function passwordSignIn(services: Services, ctx: OpenContext, tenant: TenantRow, account: Account, password: string): Promise<AuthReply> {
  const key = accountKey(tenant, account);
  await guardAttempts(services, ctx.ip, key, lockNotice(services, ctx.db, tenant, account));
  const user = await findAccount(ctx.db, tenant, account);
  const ok = await verifyPassword(user?.passwordHash, password, ctx.ip);
  if (!user || !ok || user.status !== "active") {
    await signInFailed(ctx, tenant, user?.id ?? null, "password");
    throw authFailure("signin.invalid", INVALID_CREDENTIALS);
  }
  await clearFailures(services, ctx.ip, key);
  return completeSignIn(services, ctx, tenant, user, { via: "password" });
}

/**
 * After the credentials are proven: refuses a person with no active role, asks for a second
 * factor when the profile's role requires one (and it was not just given), else opens a session.
 */
export async function completeSignIn(
  services: Services,
  ctx: OpenContext,
  tenant: TenantRow,
  user: UserRecord,
  opts: { via: string; secondFactorDone?: boolean },
): Promise<AuthReply> {
  const all = await profilesOf(ctx.db, tenant.id, user.id);
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
    return { auth: false, twoFactorRequired: true, message: "A verification code was sent to your mobile number." };
  }
  const out = await openSession(services, ctx, tenant, user, profile, all);
  await recordChange(ctx.db, {
    tenantId: tenant.id,
    userId: user.id,
    action: "sign-in",
    entity: "session",
    details: { via: opts.via, profileId: profile.id },
    ip: ctx.ip,
  });
  return out;
}

/**
 * Checks the signed-in person's own password again (verify-admin, a password change), in the
 * caller's scope, counting failures in the sign-in limiter so a left-open session cannot be used
 * to guess it.
 */
export async function checkOwnPassword(services: Services, scope: TenantScope, ip: string, p: UserPrincipal, password: string): Promise<boolean> {
  const key = `${p.tenantId}:user:${p.userId}`;
  await guardAttempts(services, ip, key);
  const user = await scope.findOptional(users, p.userId);
  if (user && (await verifyPassword(user.passwordHash, password, ip))) {
    await clearFailures(services, ip, key);
    return true;
  }
  return false;
}

export const PASSWORD_CHANGED = "Your password has been changed. Sign in with your new password.";

/**
 * Sets a forgotten password in the caller's transaction: the person's other reset links die, every
 * other session ends, and the change is audited with how they proved themselves (a code or a link).
 */
export async function setForgottenPassword(
  services: Services,
  scope: TenantScope,
  links: LinkTokens,
  userId: number,
  passwordHash: string,
  proof: { via: "code" | "link"; ip: string },
) {
  await scope.db
    .update(users)
    .set({ passwordHash })
    .where(scope.where(users, eq(users.id, userId)));
  await links.retire(scope, userId, "reset-password");
  await services.sessions.revokeOthers(scope.tenantId, userId, undefined, scope.db);
  await recordChange(scope.db, {
    tenantId: scope.tenantId,
    userId,
    action: "password-reset",
    entity: "user",
    entityId: userId,
    details: { via: proof.via },
    ip: proof.ip,
  });
}
