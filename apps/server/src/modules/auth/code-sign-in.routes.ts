import { AuthReply, ErrorReply, LoginOtpBody, MessageReply, ResetPasswordMobileBody, ValidateOtpBody } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { LinkTokens } from "../../platform/auth/link-tokens.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { toE164, tryE164 } from "../../platform/auth/phone.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import { render } from "../../platform/messaging/texts.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { findTenantByCode } from "./identity.service.js";
import { authFailure, clearFailures, completeSignIn, findAccount, guardAttempts, signInFailed } from "./sign-in.service.js";

const tags = ["auth"];

export const CODE_SENT = `If this mobile number belongs to an account at this school, a code has been sent to it. It is valid for ${CODE_TTL_MINUTES} minutes.`;
const wrongCode = () => authFailure("otp.invalid", "The code is wrong or has expired.", { field: "otp" });

/**
 * Requests for codes are counted per number whether or not the number has an account, so the
 * 429 comes at the same count either way and tells nothing; the address has a budget too.
 */
async function limitCodeRequests(services: Services, req: FastifyRequest, tenantId: number, mobile: string) {
  const { attempts, config } = services;
  const window = config.OTP_SEND_WINDOW_SECONDS;
  const [perNumber, perAddress] = await Promise.all([attempts.hit(`otp:request:${tenantId}:${mobile}`, window), attempts.hit(`otp:address:${req.ip}`, window)]);
  if (perNumber > config.OTP_MAX_SENDS || perAddress > config.LOGIN_MAX_FAILURES_PER_IP) throw services.otp.tooMany();
}

/** Sign-in and password reset by a one-time code sent by SMS. */
export function registerCodeSignIn(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "open" } as const;
  const links = new LinkTokens(services.db, services.config.secretKey);

  r.post("/user/open/auth/loginotp", {
    config: open,
    schema: {
      tags,
      summary:
        "Send a one-time code by SMS for signing in (purpose login) or setting a new password (purpose reset). The reply is the same whether or not the number has an account; at most 3 requests per number per 15 minutes.",
      body: LoginOtpBody,
      response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const { mobile, code, purpose } = req.body;
      const tenant = await findTenantByCode(services.db, code);
      // An unreadable number is refused for its form alone, which says nothing about accounts.
      const e164 = toE164(mobile, tenant.country);
      await limitCodeRequests(services, req, tenant.id, e164);
      const user = await findAccount(services, tenant, { mobile: e164 });
      if (user?.status === "active") {
        const text = (otp: string) => render(purpose === "reset" ? "otp.reset" : "otp.login", user.language, { code: otp, school: tenant.name });
        // Delivered after the reply: its timing must not depend on whether the account exists.
        await services.otp.send(tenant.id, e164, purpose, text, { later: true });
      }
      return { message: CODE_SENT };
    },
  });

  r.post("/admin/open/auth/validate-otp", {
    config: open,
    schema: {
      tags,
      summary:
        "Sign in with a login code from loginotp. user.mustSetPassword is true when the account has no password yet. A role that requires two-factor cannot sign in by code alone.",
      body: ValidateOtpBody,
      response: { 200: AuthReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req, reply) => {
      const { mobile, otp, code } = req.body;
      const tenant = await findTenantByCode(services.db, code);
      const e164 = tryE164(mobile, tenant.country);
      const key = `code:${tenant.id}:${e164 ?? mobile}`;
      await guardAttempts(services, req, key);
      const user = e164 ? await findAccount(services, tenant, { mobile: e164 }) : undefined;
      try {
        if (!e164) throw wrongCode();
        await services.otp.verify(tenant.id, e164, "login", otp);
        if (user?.status !== "active") throw wrongCode();
      } catch (e) {
        if (e instanceof AppError && e.status === 400) await signInFailed(services, req, tenant, key, user?.id ?? null, "code");
        throw e;
      }
      await clearFailures(services, req, key);
      return completeSignIn(services, req, reply, tenant, user, { via: "code" });
    },
  });

  r.post("/admin/open/auth/reset-password-mobile", {
    config: open,
    schema: {
      tags,
      summary: "Set a new password with a reset code from loginotp (purpose reset); every session of the person ends",
      body: ResetPasswordMobileBody,
      response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const { mobile, password, otp, code } = req.body;
      const tenant = await findTenantByCode(services.db, code);
      // The policy first, so a refused password does not use up the code.
      checkPasswordPolicy(password);
      const e164 = tryE164(mobile, tenant.country);
      const key = `code:${tenant.id}:${e164 ?? mobile}`;
      await guardAttempts(services, req, key);
      const user = e164 ? await findAccount(services, tenant, { mobile: e164 }) : undefined;
      try {
        if (!e164) throw wrongCode();
        await services.otp.verify(tenant.id, e164, "reset", otp);
        if (!user) throw wrongCode();
      } catch (e) {
        if (e instanceof AppError && e.status === 400) await signInFailed(services, req, tenant, key, user?.id ?? null, "reset-code");
        throw e;
      }
      await clearFailures(services, req, key);
      const passwordHash = await hashPassword(password);
      await new TenantScope(services.db, tenant.id).transaction(async (scope) => {
        await scope.db
          .update(users)
          .set({ passwordHash })
          .where(scope.where(users, eq(users.id, user.id)));
        await links.retire(scope, user.id, "reset-password");
        await services.sessions.revokeOthers(tenant.id, user.id, undefined, scope.db);
        await recordChange(scope.db, {
          tenantId: tenant.id,
          userId: user.id,
          action: "password-reset",
          entity: "user",
          entityId: user.id,
          details: { via: "code" },
          ip: req.ip,
        });
      });
      return { message: "Your password has been changed. Sign in with your new password." };
    },
  });
}
