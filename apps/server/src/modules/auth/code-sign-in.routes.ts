import { requestCode, resetPasswordWithCode, signInWithCode } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { OpenContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { LinkTokens } from "../../platform/auth/link-tokens.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { toE164, tryE164 } from "../../platform/auth/phone.js";
import { AppError } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import { findTenantByCode, type UserRecord } from "./identity.service.js";
import {
  authFailure,
  clearFailures,
  completeSignIn,
  findAccount,
  guardAttempts,
  limitCodeRequests,
  PASSWORD_CHANGED,
  setForgottenPassword,
  signInFailed,
} from "./sign-in.service.js";

export const CODE_SENT = `If this mobile number belongs to an account at this school, a code has been sent to it. It is valid for ${CODE_TTL_MINUTES} minutes.`;
const wrongCode = () => authFailure("otp.invalid", "The code is wrong or has expired.", { field: "otp" });

/** Sign-in and password reset by a one-time code sent by SMS. */
export function registerCodeSignIn(app: FastifyInstance, services: Services) {
  serveAction(app, requestCode, async (ctx, { body }) => {
    const { mobile, code, purpose } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    // An unreadable number is refused for its form alone, which says nothing about accounts.
    const e164 = toE164(mobile, tenant.country);
    await limitCodeRequests(services, ctx.ip, tenant.id, e164);
    const user = await findAccount(ctx.db, tenant, { mobile: e164 });
    // A number with no active account gets a code too, which is never sent: the same queries and
    // hash either way, so the reply's timing does not tell whether the account exists.
    const otp = await services.otp.issue(tenant.id, e164, purpose);
    if (user?.status === "active") {
      const text = render(purpose === "reset" ? "otp.reset" : "otp.login", user.language, { code: otp, school: tenant.name });
      // Delivered after the reply, for the same reason.
      services.messenger.later(() => services.messenger.sms(tenant.id, e164, text));
    }
    return { message: CODE_SENT };
  });

  serveAction(app, signInWithCode, async (ctx, { body }) => {
    const { mobile, otp, code } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    const user = await checkCode(services, ctx, tenant, { mobile, otp, purpose: "login", via: "code" });
    return completeSignIn(services, ctx, tenant, user, { via: "code" });
  });

  serveAction(app, resetPasswordWithCode, async (ctx, { body }) => {
    const { mobile, password, otp, code } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    // The policy first, so a refused password does not use up the code.
    checkPasswordPolicy(password);
    const user = await checkCode(services, ctx, tenant, { mobile, otp, purpose: "reset", via: "reset-code" });
    const passwordHash = await hashPassword(password, ctx.ip);
    const links = new LinkTokens(ctx.db, services.config.secretKey);
    await new TenantScope(ctx.db, tenant.id).transaction((scope) =>
      setForgottenPassword(services, scope, links, user.id, passwordHash, { via: "code", ip: ctx.ip }),
    );
    return { message: PASSWORD_CHANGED };
  });
}

/**
 * Consumes a one-time code sent to `mobile` and returns its account. Tries are limited like
 * passwords (under a key of their own, so a password lock leaves this path open); a refusal is
 * audited. Signing in needs an active account; a reset sets the password of any account.
 */
async function checkCode(
  services: Services,
  ctx: OpenContext,
  tenant: TenantRow,
  input: { mobile: string; otp: string; purpose: "login" | "reset"; via: "code" | "reset-code" },
): Promise<UserRecord> {
  const e164 = tryE164(input.mobile, tenant.country);
  const key = `code:${tenant.id}:${e164 ?? input.mobile}`;
  await guardAttempts(services, ctx.ip, key);
  const user = e164 ? await findAccount(ctx.db, tenant, { mobile: e164 }) : undefined;
  const usable = input.purpose === "login" ? user?.status === "active" : !!user;
  try {
    if (!e164) throw wrongCode();
    await services.otp.verify(tenant.id, e164, input.purpose, input.otp);
    if (!user || !usable) throw wrongCode();
  } catch (e) {
    if (e instanceof AppError && e.status === 400) await signInFailed(ctx, tenant, user?.id ?? null, input.via);
    throw e;
  }
  await clearFailures(services, ctx.ip, key);
  return user;
}
