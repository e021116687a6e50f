import { checkResetLink, resetPasswordWithLink, sendResetLink, sendVerificationLink, sendWelcomeEmail, verifyEmail } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/db-types.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import { type LinkPurpose, LinkTokens } from "../../platform/auth/link-tokens.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { ownEmail, sameAddress, sendResetLinks, sendVerificationEmail, sendWelcomeEmail as sendWelcome } from "./email-links.service.js";
import { findTenantByCode, requireActiveTenant, tenantById } from "./identity.service.js";
import { PASSWORD_CHANGED, setForgottenPassword } from "./sign-in.service.js";

export const LINK_SENT = "If an account matches, a link to reset the password has been sent to its e-mail address. It works once, for 1 hour.";
const invalidLink = () => badRequest("link.invalid", "This link is invalid or has expired. Ask for a new one.", { field: "token" });

/** E-mails asked for under one key (an identifier, or a signed-in person) in one window. */
async function limitEmails(services: Services, ip: string, key: string) {
  const { attempts, config } = services;
  const window = config.OTP_SEND_WINDOW_SECONDS;
  const [perKey, perAddress] = await Promise.all([attempts.hit(`email:${key}`, window), attempts.hit(`email:address:${ip}`, window)]);
  if (perKey > config.OTP_MAX_SENDS || perAddress > config.LOGIN_MAX_FAILURES_PER_IP) {
    const minutes = Math.ceil(window / 60);
    throw new AppError(429, "email.too_many", `Too many e-mails were requested. Please wait ${minutes} minutes and try again.`, { minutes });
  }
}

/**
 * Password reset and address verification by e-mailed link, and the welcome e-mail. The calls
 * that send to the signed-in person wait for the mail server (its failure is the caller's 500),
 * so they hold no transaction meanwhile.
 */
export function registerEmailLinks(app: FastifyInstance, services: Services) {
  /** The school, person and token row behind a live link, or the one refusal for all that is wrong with it. */
  async function liveLink(db: Db, token: string, purpose: LinkPurpose) {
    const links = new LinkTokens(db, services.config.secretKey);
    const row = await links.find(token, purpose);
    const tenant = row && (await tenantById(db, row.tenantId));
    if (!row || !tenant) throw invalidLink();
    requireActiveTenant(tenant);
    const scope = new TenantScope(db, tenant.id);
    const user = await scope.findOptional(users, row.userId);
    // A link made for an address the account no longer has is dead.
    if (user?.status !== "active" || !sameAddress(user, row.email)) throw invalidLink();
    return { links, row, tenant, scope, user };
  }

  serveAction(app, sendResetLink, async (ctx, { body }) => {
    const tenant = await findTenantByCode(ctx.db, body.code);
    const name = tryE164(body.user, tenant.country) ?? body.user.trim().toLowerCase();
    await limitEmails(services, ctx.ip, `reset:${tenant.id}:${name}`);
    await sendResetLinks(services, ctx.db, tenant, body.user);
    return { message: LINK_SENT };
  });

  serveAction(app, checkResetLink, async (ctx, { body }) => {
    const { tenant } = await liveLink(ctx.db, body.token, "reset-password");
    return { valid: true as const, message: "The link is valid.", school: { code: tenant.code, name: tenant.name } };
  });

  serveAction(app, resetPasswordWithLink, async (ctx, { params, body }) => {
    const { links, row, tenant, scope, user } = await liveLink(ctx.db, params.token, "reset-password");
    if (body.code && body.code.trim().toLowerCase() !== tenant.code.toLowerCase()) throw invalidLink();
    checkPasswordPolicy(body.password);
    const passwordHash = await hashPassword(body.password, ctx.ip);
    await scope.transaction(async (tx) => {
      if (!(await links.consume(tx, row))) throw invalidLink();
      await setForgottenPassword(services, tx, links, user.id, passwordHash, { via: "link", ip: ctx.ip });
    });
    return { message: PASSWORD_CHANGED };
  });

  serveAction(
    app,
    sendVerificationLink,
    async (ctx, { body }) => {
      const p = ctx.principal;
      const user = await ctx.scope.find(users, p.userId, "User");
      const email = ownEmail(user);
      if (body.email && body.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest("email.not_yours", "This is not the e-mail address of your account. Change it in your profile first.", { field: "email" });
      }
      if (user.emailVerifiedAt) return { message: "Your e-mail address is already verified." };
      await limitEmails(services, ctx.ip, `verify:${p.tenantId}:${p.userId}`);
      const tenant = requireActiveTenant((await tenantById(ctx.scope.db, p.tenantId))!);
      await sendVerificationEmail(services, ctx.scope, tenant, user);
      return { message: `A verification link was sent to ${email}.` };
    },
    { transaction: false },
  );

  serveAction(app, verifyEmail, async (ctx, { body }) => {
    const { links, row, tenant, scope, user } = await liveLink(ctx.db, body.token, "verify-email");
    await scope.transaction(async (tx) => {
      if (!(await links.consume(tx, row))) throw invalidLink();
      const after = await tx.update(users, user.id, { emailVerifiedAt: new Date() });
      await recordChange(tx.db, {
        tenantId: tenant.id,
        userId: user.id,
        action: "email-verified",
        entity: "user",
        entityId: user.id,
        before: { emailVerifiedAt: user.emailVerifiedAt },
        after: { emailVerifiedAt: after.emailVerifiedAt },
        ip: ctx.ip,
      });
    });
    return { message: "Your e-mail address is verified." };
  });

  serveAction(
    app,
    sendWelcomeEmail,
    async (ctx) => {
      const p = ctx.principal;
      const user = await ctx.scope.find(users, p.userId, "User");
      const email = ownEmail(user);
      await limitEmails(services, ctx.ip, `welcome:${p.tenantId}:${p.userId}`);
      const tenant = requireActiveTenant((await tenantById(ctx.scope.db, p.tenantId))!);
      await sendWelcome(services, tenant, user);
      return { message: `A welcome e-mail was sent to ${email}.` };
    },
    { transaction: false },
  );
}
