import { AuthReply, AuthUser, BusinessCode, ErrorReply, Mobile, Otp, Username, VerifyAdminBody, VerifyAdminReply } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { homeOf, userOf } from "../../platform/auth/auth.plugin.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { AppError, forbidden } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { registerCodeSignIn } from "./code-sign-in.routes.js";
import { registerEmailLinks } from "./email-links.routes.js";
import { findTenantByCode, loadAuthUser } from "./identity.service.js";
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
  passwordSignIn,
  signInFailed,
} from "./sign-in.service.js";

const SignInPassword = z.string().min(1).max(128);
const tags = ["auth"];

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "open" } as const;

  r.post("/admin/open/auth/login-mobile", {
    config: open,
    schema: {
      tags,
      summary: "Sign in with mobile number and password",
      body: z.object({ mobile: Mobile, password: SignInPassword, code: BusinessCode }),
      response: { 200: AuthReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req, reply) => {
      const tenant = await findTenantByCode(services.db, req.body.code);
      return passwordSignIn(services, req, reply, tenant, { mobile: req.body.mobile }, req.body.password);
    },
  });

  r.post("/user/open/auth/login", {
    config: open,
    schema: {
      tags,
      summary: "Sign in with username and password",
      body: z.object({ username: Username, password: SignInPassword, code: BusinessCode }),
      response: { 200: AuthReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req, reply) => {
      const tenant = await findTenantByCode(services.db, req.body.code);
      return passwordSignIn(services, req, reply, tenant, { username: req.body.username }, req.body.password);
    },
  });

  r.post("/admin/open/auth/verify-2fa", {
    config: open,
    schema: {
      tags,
      summary: "Complete a sign-in with the two-factor code (the password is checked again)",
      body: z
        .object({ mobile: Mobile.optional(), username: Username.optional(), password: SignInPassword, code: BusinessCode, otp: Otp })
        .refine((b) => b.mobile || b.username, { message: "Give the mobile number or the username", path: ["mobile"] }),
      response: { 200: AuthReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req, reply) => {
      const { mobile, username, password, code, otp } = req.body;
      const tenant = await findTenantByCode(services.db, code);
      const account = mobile ? { mobile } : { username: username! };
      const key = accountKey(tenant, account);
      await guardAttempts(services, req, key);
      // The password is checked again: the code alone never opens a password account.
      const user = await findAccount(services, tenant, account);
      if (!(await verifyPassword(user?.passwordHash, password)) || user?.status !== "active" || !user.mobile) {
        await signInFailed(services, req, tenant, key, user?.id ?? null, "two-factor");
        throw authFailure("signin.invalid", INVALID_CREDENTIALS);
      }
      try {
        await services.otp.verify(tenant.id, user.mobile, "two-factor", otp);
      } catch (e) {
        await signInFailed(services, req, tenant, key, user.id, "two-factor");
        throw e;
      }
      await clearFailures(services, req, key);
      return completeSignIn(services, req, reply, tenant, user, { via: "two-factor", secondFactorDone: true });
    },
  });
}

function registerSessionRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/user/open/auth/validatetoken", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "The session check",
      response: { 200: z.union([z.object({ auth: z.literal(true), user: AuthUser }), z.object({ auth: z.literal(false), message: z.string() })]) },
    },
    handler: async (req) => {
      const p = req.principal;
      if (p?.kind !== "user") return { auth: false as const, message: "Not signed in" };
      const user = await loadAuthUser(services.db, p.tenantId, p.userId, p.profileId);
      return user ? { auth: true as const, user } : { auth: false as const, message: "Not signed in" };
    },
  });

  r.post("/user/api/user/logout", {
    schema: { tags, summary: "Sign out: revokes this session", response: { 200: z.object({ message: z.string() }) } },
    handler: async (req, reply) => {
      const p = userOf(req);
      await services.sessions.revoke(p.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { message: "Signed out" };
    },
  });

  r.post("/admin/open/auth/verify-admin", {
    // Under /admin/open by the specification's path, but it checks the caller's own password,
    // so it needs a signed-in session of an admin-area role.
    config: { access: "user" },
    schema: {
      tags,
      summary: "Confirm the signed-in admin's password before a dangerous action (needs an admin-area session; failures are rate limited)",
      body: VerifyAdminBody,
      response: { 200: VerifyAdminReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const p = userOf(req);
      if (p.area !== "admin") throw forbidden(homeOf(p));
      if (!(await checkOwnPassword(services, req, p, req.body.password))) throw authFailure("verify.failed", "Verification failed", { field: "password" });
      return { auth: true as const, message: "Verified" };
    },
  });
}
