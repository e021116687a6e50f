import { platformMe, platformSignIn, platformSignOut } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { findPlatformAdmin } from "../../platform/auth/platform-admins.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { platformAdmins } from "../../platform/auth/sessions.table.js";
import { unauthorized } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { cookieScope, sessionCookie } from "./identity.service.js";
import { authFailure, clearFailures, guardAttempts, INVALID_CREDENTIALS } from "./sign-in.service.js";

/** The people who run the service sign in with e-mail and password, without a school. */
export function registerPlatformSignIn(app: FastifyInstance, services: Services) {
  serveAction(app, platformSignIn, async (ctx, { body }) => {
    const email = body.email.trim().toLowerCase();
    const key = `platform:${email}`;
    await guardAttempts(services, ctx.ip, key);
    const admin = await findPlatformAdmin(ctx.db, email);
    const ok = await verifyPassword(admin?.passwordHash, body.password, ctx.ip);
    if (!admin || !ok || admin.status !== "active") {
      await recordChange(ctx.db, {
        tenantId: null,
        userId: admin?.id ?? null,
        action: "sign-in-failed",
        entity: "platform-session",
        details: { via: "password" },
        ip: ctx.ip,
      });
      throw authFailure("signin.invalid", INVALID_CREDENTIALS);
    }
    await clearFailures(services, ctx.ip, key);
    if (ctx.principal) await services.sessions.revoke(ctx.principal.sessionId);
    const { token, expiresAt } = await services.sessions.create({ platformAdminId: admin.id }, { ip: ctx.ip, userAgent: ctx.req.headers["user-agent"] });
    ctx.reply.setCookie(SESSION_COOKIE, token, sessionCookie(services, expiresAt));
    await recordChange(ctx.db, { tenantId: null, userId: admin.id, action: "sign-in", entity: "platform-session", details: { via: "password" }, ip: ctx.ip });
    return { auth: true as const, admin: { id: admin.id, name: admin.name, email: admin.email }, token, message: "Logged in successfully" };
  });

  serveAction(app, platformMe, async (ctx) => {
    const p = ctx.principal;
    if (p?.kind !== "platform") throw unauthorized();
    const [admin] = await ctx.db
      .select({ id: platformAdmins.id, name: platformAdmins.name, email: platformAdmins.email })
      .from(platformAdmins)
      .where(eq(platformAdmins.id, p.adminId));
    if (!admin) throw unauthorized();
    return { auth: true as const, admin };
  });

  serveAction(app, platformSignOut, async (ctx) => {
    if (ctx.principal) await services.sessions.revoke(ctx.principal.sessionId);
    ctx.reply.clearCookie(SESSION_COOKIE, cookieScope(services));
    return { message: "Signed out" };
  });
}
