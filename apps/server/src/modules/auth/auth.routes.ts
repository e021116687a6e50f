import { loginMobile, loginUsername, signOut, validateSession, verifyAdmin, verifyTwoFactor } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { AppError, forbidden } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { registerCodeSignIn } from "./code-sign-in.routes.js";
import { registerEmailLinks } from "./email-links.routes.js";
import { cookieScope, findTenantByCode, loadAuthUser } from "./identity.service.js";
import { registerPlatformSignIn } from "./platform-sign-in.routes.js";
import { registerPublicInfo } from "./public-info.routes.js";
import {
  accountKey,
  authFailure,
  checkOwnPassword,
  clearFailures,
  completeSignIn,
  findAccount,
  guardAttempts,
  INVALID_CREDENTIALS,
  lockNotice,
  passwordSignIn,
  signInFailed,
} from "./sign-in.service.js";

/**
 * Everything about signing in: password, one-time code, two-factor, e-mailed links, the session
 * check, sign-out, the platform admins' own sign-in, and what the sign-in pages show.
 */
export function registerAuthModule(app: FastifyInstance, services: Services) {
  app.register(async (signIn) => {
    // The sign-in calls' client decides on `auth`: every refusal says auth:false. The root
    // handler still writes the reply (a throw here goes to the parent handler).
    signIn.setErrorHandler((error) => {
      if (error instanceof AppError && error.status < 500 && error.extra?.auth === undefined) {
        throw new AppError(error.status, error.code, error.message, error.params, { ...error.extra, auth: false });
      }
      throw error;
    });
    registerSignInRoutes(signIn, services);
    registerCodeSignIn(signIn, services);
    registerPlatformSignIn(signIn, services);
  });
  registerEmailLinks(app, services);
  registerPublicInfo(app, services);
  registerSessionRoutes(app, services);
}

function registerSignInRoutes(app: FastifyInstance, services: Services) {
  serveAction(app, loginMobile, async (ctx, { body }) => {
    const tenant = await findTenantByCode(ctx.db, body.code);
    return passwordSignIn(services, ctx, tenant, { mobile: body.mobile }, body.password);
  });

  serveAction(app, loginUsername, async (ctx, { body }) => {
    const tenant = await findTenantByCode(ctx.db, body.code);
    return passwordSignIn(services, ctx, tenant, { username: body.username }, body.password);
  });

  serveAction(app, verifyTwoFactor, async (ctx, { body }) => {
    const { mobile, username, password, code, otp } = body;
    const tenant = await findTenantByCode(ctx.db, code);
    const account = mobile ? { mobile } : { username: username! };
    const key = accountKey(tenant, account);
    await guardAttempts(services, ctx.ip, key, lockNotice(services, ctx.db, tenant, account));
    // The password is checked again: the code alone never opens a password account.
    const user = await findAccount(ctx.db, tenant, account);
    if (!(await verifyPassword(user?.passwordHash, password, ctx.ip)) || user?.status !== "active" || !user.mobile) {
      await signInFailed(ctx, tenant, user?.id ?? null, "two-factor");
      throw authFailure("signin.invalid", INVALID_CREDENTIALS);
    }
    try {
      await services.otp.verify(tenant.id, user.mobile, "two-factor", otp);
    } catch (e) {
      await signInFailed(ctx, tenant, user.id, "two-factor");
      throw e;
    }
    await clearFailures(services, ctx.ip, key);
    return completeSignIn(services, ctx, tenant, user, { via: "two-factor", secondFactorDone: true });
  });
}

function registerSessionRoutes(app: FastifyInstance, services: Services) {
  serveAction(app, validateSession, async (ctx) => {
    const p = ctx.principal;
    if (p?.kind !== "user") return { auth: false as const, message: "Not signed in" };
    const user = await loadAuthUser(ctx.db, p.tenantId, p.userId, p.profileId);
    return user ? { auth: true as const, user } : { auth: false as const, message: "Not signed in" };
  });

  serveAction(app, signOut, async (ctx) => {
    await services.sessions.revoke(ctx.principal.sessionId, ctx.scope.db);
    ctx.reply.clearCookie(SESSION_COOKIE, cookieScope(services));
    return { message: "Signed out" };
  });

  serveAction(app, verifyAdmin, async (ctx, { body }) => {
    const p = ctx.principal;
    if (p.area !== "admin") throw forbidden(homeOf(p));
    if (!(await checkOwnPassword(services, ctx.scope, ctx.ip, p, body.password))) {
      throw authFailure("verify.failed", "Verification failed", { field: "password" });
    }
    return { auth: true as const, message: "Verified" };
  });
}
