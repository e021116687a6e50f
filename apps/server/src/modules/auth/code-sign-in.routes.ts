import { requestCode, resetPasswordWithCode, signInWithCode } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { LinkTokens } from "../../platform/auth/link-tokens.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { toE164, tryE164 } from "../../platform/auth/phone.js";
import { AppError } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { findTenantByCode } from "./identity.service.js";
import {
  authFailure,
  clearFailures,
  completeSignIn,
  findAccount,
  guardAttempts,
  PASSWORD_CHANGED,
  setForgottenPassword,
  signInFailed,
} from "./sign-in.service.js";

export const CODE_SENT = `If this mobile number belongs to an account at this school, a code has been sent to it. It is valid for ${CODE_TTL_MINUTES} minutes.`;
const wrongCode = () => authFailure("otp.invalid", "The code is wrong or has expired.", { field: "otp" });

/**
 * Requests for codes are counted per number whether or not the number has an account, so the
 * 429 comes at the same count either way and tells nothing; the address has a budget too.
 */
async function limitCodeRequests(services: Services, ip: string, tenantId: number, mobile: string) {
  const { attempts, config } = services;
  const window = config.OTP_SEND_WINDOW_SECONDS;
  const [perNumber, perAddress] = await Promise.all([attempts.hit(`otp:request:${tenantId}:${mobile}`, window), attempts.hit(`otp:address:${ip}`, window)]);
  if (perNumber > config.OTP_MAX_SENDS || perAddress > config.LOGIN_MAX_FAILURES_PER_IP) throw services.otp.tooMany();
}

/** Sign-in and password reset by a one-time code sent by SMS. */
export function registerCodeSignIn(app: FastifyInstance, services: Services) {
  serveAction(app, requestCode, async (ctx, { body }) => {
    const { mobile, code, purpose } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    // An unreadable number is refused for its form alone, which says nothing about accounts.
    const e164 = toE164(mobile, tenant.country);
    await limitCodeRequests(services, ctx.ip, tenant.id, e164);
    const user = await findAccount(ctx.db, tenant, { mobile: e164 });
    if (user?.status === "active") {
      const text = (otp: string) => render(purpose === "reset" ? "otp.reset" : "otp.login", user.language, { code: otp, school: tenant.name });
      // Delivered after the reply: its timing must not depend on whether the account exists.
      await services.otp.send(tenant.id, e164, purpose, text, { later: true });
    }
    return { message: CODE_SENT };
  });

  serveAction(app, signInWithCode, async (ctx, { body }) => {
    const { mobile, otp, code } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    const e164 = tryE164(mobile, tenant.country);
    const key = `code:${tenant.id}:${e164 ?? mobile}`;
    await guardAttempts(services, ctx.ip, key);
    const user = e164 ? await findAccount(ctx.db, tenant, { mobile: e164 }) : undefined;
    try {
      if (!e164) throw wrongCode();
      await services.otp.verify(tenant.id, e164, "login", otp);
      if (user?.status !== "active") throw wrongCode();
    } catch (e) {
      if (e instanceof AppError && e.status === 400) await signInFailed(ctx, tenant, user?.id ?? null, "code");
      throw e;
    }
    await clearFailures(services, ctx.ip, key);
    return completeSignIn(services, ctx, tenant, user, { via: "code" });
  });

  serveAction(app, resetPasswordWithCode, async (ctx, { body }) => {
    const { mobile, password, otp, code } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    // The policy first, so a refused password does not use up the code.
    checkPasswordPolicy(password);
    const e164 = tryE164(mobile, tenant.country);
    const key = `code:${tenant.id}:${e164 ?? mobile}`;
    await guardAttempts(services, ctx.ip, key);
    const user = e164 ? await findAccount(ctx.db, tenant, { mobile: e164 }) : undefined;
    try {
      if (!e164) throw wrongCode();
      await services.otp.verify(tenant.id, e164, "reset", otp);
      if (!user) throw wrongCode();
    } catch (e) {
      if (e instanceof AppError && e.status === 400) await signInFailed(ctx, tenant, user?.id ?? null, "reset-code");
      throw e;
    }
    await clearFailures(services, ctx.ip, key);
    const passwordHash = await hashPassword(password);
    const links = new LinkTokens(ctx.db, services.config.secretKey);
    await new TenantScope(ctx.db, tenant.id).transaction((scope) =>
      setForgottenPassword(services, scope, links, user.id, passwordHash, { via: "code", ip: ctx.ip }),
    );
    return { message: PASSWORD_CHANGED };
  });
}
