import { AuthReply, AuthUser, BusinessCode, ErrorReply, Mobile, Username } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../../platform/auth/auth.plugin.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { SESSION_COOKIE } from "../../platform/auth/session.service.js";
import { users } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { authUser, chooseProfile, findTenantByCode, profilesOf } from "./identity.service.js";
import { completeSignIn, findAccount, passwordSignIn } from "./sign-in.service.js";

const SignInPassword = z.string().min(1).max(128);
const Otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The code has 6 digits");
const tags = ["auth"];

/** Sign-in: mobile or username with a password, the two-factor step, the session check, sign-out. */
export function registerAuthModule(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "open" } as const;

  r.post("/admin/open/auth/login-mobile", {
    config: open,
    schema: {
      tags,
      summary: "Sign in with mobile number and password",
      body: z.object({ mobile: Mobile, password: SignInPassword, code: BusinessCode }),
      response: { 200: AuthReply, 400: ErrorReply },
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
      response: { 200: AuthReply, 400: ErrorReply },
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
      summary: "Complete a sign-in with the two-factor code",
      body: z
        .object({ mobile: Mobile.optional(), username: Username.optional(), password: SignInPassword, code: BusinessCode, otp: Otp })
        .refine((b) => b.mobile || b.username, { message: "Give the mobile number or the username", path: ["mobile"] }),
      response: { 200: AuthReply, 400: ErrorReply },
    },
    handler: async (req, reply) => {
      const { mobile, username, password, code, otp } = req.body;
      const tenant = await findTenantByCode(services.db, code);
      const account = mobile ? { mobile } : { username: username! };
      // The password is checked again: the code alone never opens a password account.
      const user = await findAccount(services, tenant, account);
      if (user?.status !== "active" || !(await verifyPassword(user.passwordHash, password)) || !user.mobile) {
        return reply.status(400).send({ auth: false as const, message: "Invalid credentials. Check your details and try again.", code: "signin.invalid" });
      }
      await services.otp.verify(tenant.id, user.mobile, "two-factor", otp);
      return completeSignIn(services, req, reply, tenant, user, { via: "two-factor", secondFactorDone: true });
    },
  });

  r.get("/user/open/auth/validatetoken", {
    config: open,
    schema: {
      tags,
      summary: "The session check",
      response: { 200: z.union([z.object({ auth: z.literal(true), user: AuthUser }), z.object({ auth: z.literal(false), message: z.string() })]) },
    },
    handler: async (req) => {
      const p = req.principal;
      if (p?.kind !== "user") return { auth: false as const, message: "Not signed in" };
      const [tenant] = await services.db.select().from(tenants).where(eq(tenants.id, p.tenantId));
      const [user] = await services.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, p.tenantId), eq(users.id, p.userId)));
      const all = await profilesOf(services.db, p.tenantId, p.userId);
      const profile = chooseProfile(all, p.profileId);
      if (!tenant || !user || !profile) return { auth: false as const, message: "Not signed in" };
      return { auth: true as const, user: authUser(tenant, user, profile, all) };
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
}
