import { ErrorReply, MessageReply, PlatformAuthReply, PlatformLoginBody, PlatformMeReply } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { findPlatformAdmin } from "../../platform/auth/platform-admins.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { platformAdmins } from "../../platform/auth/sessions.table.js";
import { unauthorized } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { sessionCookie } from "./identity.service.js";
import { authFailure, clearFailures, countFailure, guardAttempts, INVALID_CREDENTIALS } from "./sign-in.service.js";

const tags = ["platform"];

/** The people who run the service sign in with e-mail and password, without a school. */
export function registerPlatformSignIn(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.post("/api/open/auth/login", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "Platform admin sign-in (no school code)",
      body: PlatformLoginBody,
      response: { 200: PlatformAuthReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      const key = `platform:${email}`;
      await guardAttempts(services, req, key);
      const admin = await findPlatformAdmin(db, email);
      const ok = await verifyPassword(admin?.passwordHash, req.body.password);
      if (!admin || !ok || admin.status !== "active") {
        await countFailure(services, req, key);
        await recordChange(db, {
          tenantId: null,
          userId: admin?.id ?? null,
          action: "sign-in-failed",
          entity: "platform-session",
          details: { via: "password" },
          ip: req.ip,
        });
        throw authFailure("signin.invalid", INVALID_CREDENTIALS);
      }
      await clearFailures(services, req, key);
      if (req.principal) await services.sessions.revoke(req.principal.sessionId);
      const { token, expiresAt } = await services.sessions.create({ platformAdminId: admin.id }, { ip: req.ip, userAgent: req.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, token, sessionCookie(services, expiresAt));
      await recordChange(db, { tenantId: null, userId: admin.id, action: "sign-in", entity: "platform-session", details: { via: "password" }, ip: req.ip });
      return { auth: true as const, admin: { id: admin.id, name: admin.name, email: admin.email }, token, message: "Logged in successfully" };
    },
  });

  r.get("/api/auth/me", {
    config: { access: "platform" },
    schema: { tags, summary: "The signed-in platform admin", response: { 200: PlatformMeReply } },
    handler: async (req) => {
      const p = req.principal;
      if (p?.kind !== "platform") throw unauthorized();
      const [admin] = await db
        .select({ id: platformAdmins.id, name: platformAdmins.name, email: platformAdmins.email })
        .from(platformAdmins)
        .where(eq(platformAdmins.id, p.adminId));
      if (!admin) throw unauthorized();
      return { auth: true as const, admin };
    },
  });

  r.post("/api/auth/logout", {
    config: { access: "platform" },
    schema: { tags, summary: "Platform admin sign-out: revokes this session", response: { 200: MessageReply } },
    handler: async (req, reply) => {
      if (req.principal) await services.sessions.revoke(req.principal.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "Signed out" };
    },
  });
}
