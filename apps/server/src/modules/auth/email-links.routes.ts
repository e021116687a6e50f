import { Email, ErrorReply, LinkTokenBody, LinkTokenReply, MessageReply, ResetPasswordBody, SendResetLinkBody } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { userOf } from "../../platform/auth/auth.plugin.js";
import { type LinkPurpose, LinkTokens } from "../../platform/auth/link-tokens.js";
import { checkPasswordPolicy, hashPassword } from "../../platform/auth/passwords.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { ownEmail, sameAddress, sendResetLinks, sendVerificationEmail, sendWelcomeEmail } from "./email-links.service.js";
import { findTenantByCode, requireActiveTenant, tenantById } from "./identity.service.js";

const tags = ["auth"];
const open = { access: "open" } as const;

export const LINK_SENT = "If an account matches, a link to reset the password has been sent to its e-mail address. It works once, for 1 hour.";
const invalidLink = () => badRequest("link.invalid", "This link is invalid or has expired. Ask for a new one.", { field: "token" });

/** E-mails asked for under one key (an identifier, or a signed-in person) in one window. */
async function limitEmails(services: Services, req: FastifyRequest, key: string) {
  const { attempts, config } = services;
  const window = config.OTP_SEND_WINDOW_SECONDS;
  const [perKey, perAddress] = await Promise.all([attempts.hit(`email:${key}`, window), attempts.hit(`email:address:${req.ip}`, window)]);
  if (perKey > config.OTP_MAX_SENDS || perAddress > config.LOGIN_MAX_FAILURES_PER_IP) {
    const minutes = Math.ceil(window / 60);
    throw new AppError(429, "email.too_many", `Too many e-mails were requested. Please wait ${minutes} minutes and try again.`, { minutes });
  }
}

/** Password reset and address verification by e-mailed link, and the welcome e-mail. */
export function registerEmailLinks(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const links = new LinkTokens(db, services.config.secretKey);

  /** The school, person and token row behind a live link, or the one refusal for all that is wrong with it. */
  async function liveLink(token: string, purpose: LinkPurpose) {
    const row = await links.find(token, purpose);
    const tenant = row && (await tenantById(db, row.tenantId));
    if (!row || !tenant) throw invalidLink();
    requireActiveTenant(tenant);
    const scope = new TenantScope(db, tenant.id);
    const user = await scope.findOptional(users, row.userId);
    // A link made for an address the account no longer has is dead.
    if (user?.status !== "active" || !sameAddress(user, row.email)) throw invalidLink();
    return { row, tenant, scope, user };
  }

  r.post("/admin/open/auth/sendresetpasswordlink", {
    config: open,
    schema: {
      tags,
      summary:
        "E-mail a password reset link. `user` is the account's e-mail address, mobile number or username; `code` is the school's business code (a person is an account in one school). The reply never tells whether an account matched.",
      body: SendResetLinkBody,
      response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const tenant = await findTenantByCode(db, req.body.code);
      const name = tryE164(req.body.user, tenant.country) ?? req.body.user.trim().toLowerCase();
      await limitEmails(services, req, `reset:${tenant.id}:${name}`);
      await sendResetLinks(services, tenant, req.body.user);
      return { message: LINK_SENT };
    },
  });

  r.post("/admin/open/auth/verifyresetpasswordtoken", {
    config: open,
    schema: {
      tags,
      summary: "Whether a reset link still works (does not use it up); names the link's school",
      body: LinkTokenBody,
      response: { 200: LinkTokenReply, 400: ErrorReply },
    },
    handler: async (req) => {
      const { tenant } = await liveLink(req.body.token, "reset-password");
      return { valid: true as const, message: "The link is valid.", school: { code: tenant.code, name: tenant.name } };
    },
  });

  r.post("/admin/open/auth/resetpassword/:token", {
    config: open,
    schema: {
      tags,
      summary: "Set a new password with a reset link (uses it up); every session of the person ends. `code`, when given, must be the link's school.",
      params: z.object({ token: LinkTokenBody.shape.token }),
      body: ResetPasswordBody,
      response: { 200: MessageReply, 400: ErrorReply },
    },
    handler: async (req) => {
      const { row, tenant, scope, user } = await liveLink(req.params.token, "reset-password");
      if (req.body.code && req.body.code.trim().toLowerCase() !== tenant.code.toLowerCase()) throw invalidLink();
      checkPasswordPolicy(req.body.password);
      const passwordHash = await hashPassword(req.body.password);
      await scope.transaction(async (tx) => {
        if (!(await links.consume(tx, row))) throw invalidLink();
        await tx.db
          .update(users)
          .set({ passwordHash })
          .where(tx.where(users, eq(users.id, user.id)));
        await links.retire(tx, user.id, "reset-password");
        await services.sessions.revokeOthers(tenant.id, user.id, undefined, tx.db);
        await recordChange(tx.db, {
          tenantId: tenant.id,
          userId: user.id,
          action: "password-reset",
          entity: "user",
          entityId: user.id,
          details: { via: "link" },
          ip: req.ip,
        });
      });
      return { message: "Your password has been changed. Sign in with your new password." };
    },
  });

  r.post("/admin/open/auth/sendemailverificationlink", {
    // Sends to an account, so it needs the account's session; the address must be the account's own.
    config: { access: "user" },
    schema: {
      tags,
      summary:
        "E-mail the signed-in person a link confirming their address. `email`, when given, must be the account's address (change it with PUT /user/api/user first).",
      body: z.object({ email: Email.optional() }),
      response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      const scope = new TenantScope(db, p.tenantId);
      const user = await scope.find(users, p.userId, "User");
      const email = ownEmail(user);
      if (req.body.email && req.body.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest("email.not_yours", "This is not the e-mail address of your account. Change it in your profile first.", { field: "email" });
      }
      if (user.emailVerifiedAt) return { message: "Your e-mail address is already verified." };
      await limitEmails(services, req, `verify:${p.tenantId}:${p.userId}`);
      const tenant = requireActiveTenant((await tenantById(db, p.tenantId))!);
      await sendVerificationEmail(services, tenant, user);
      return { message: `A verification link was sent to ${email}.` };
    },
  });

  r.post("/admin/open/auth/verifyuserverificationtoken", {
    config: open,
    schema: {
      tags,
      summary: "Confirm an e-mail address with the link's token (uses it up)",
      body: LinkTokenBody,
      response: { 200: MessageReply, 400: ErrorReply },
    },
    handler: async (req) => {
      const { row, tenant, scope, user } = await liveLink(req.body.token, "verify-email");
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
          ip: req.ip,
        });
      });
      return { message: "Your e-mail address is verified." };
    },
  });

  r.post("/admin/open/auth/signup-welcome-email", {
    // Sends to an account, so it needs the account's session: nobody mails a stranger from here.
    config: { access: "user" },
    schema: {
      tags,
      summary: "E-mail the signed-in person the welcome message (to the account's own address)",
      body: z.object({}).optional(),
      response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      const user = await new TenantScope(db, p.tenantId).find(users, p.userId, "User");
      const email = ownEmail(user);
      await limitEmails(services, req, `welcome:${p.tenantId}:${p.userId}`);
      const tenant = requireActiveTenant((await tenantById(db, p.tenantId))!);
      await sendWelcomeEmail(services, tenant, user);
      return { message: `A welcome e-mail was sent to ${email}.` };
    },
  });
}
