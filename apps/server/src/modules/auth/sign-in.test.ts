import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, newTenant, PASSWORD, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { auditLog } from "../../platform/audit/audit.tables.js";
import { sessions } from "../../platform/auth/sessions.table.js";
import { users } from "../../platform/auth/users.table.js";
import { addPerson, lastCode, requireTwoFactor, suspendTenant } from "./auth.test-kit.js";

describe("sign-in by mobile and password", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("signs the admin in and lands them in the admin area", async () => {
    const t = await newTenant(app);
    const res = await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: t.admin.password, code: t.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.auth).toBe(true);
    expect(body.user.role).toMatchObject({ name: "Admin", area: "admin" });
    expect(body.user.code).toBe(t.code);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.cookies.find((c) => c.name === "taleem_session")).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    expect(JSON.stringify(body)).not.toContain("passwordHash");
  });

  it("answers a wrong password with 400 and auth false, never 401", async () => {
    const t = await newTenant(app);
    const res = await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: "not-the-password", code: t.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ auth: false });
  });

  it("refuses an unknown school code", async () => {
    const res = await client(app).post("/admin/open/auth/login-mobile", { mobile: "+919999999999", password: "whatever-123", code: "NO-SUCH-SCHOOL" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("tenant.unknown");
  });

  it("checks the session and signs out", async () => {
    const t = await newTenant(app);
    const { api } = await signIn(app, t.code, t.admin.mobile);
    expect((await api.get("/user/open/auth/validatetoken")).json()).toMatchObject({ auth: true, user: { role: { area: "admin" } } });
    expect((await api.post("/user/api/user/logout")).statusCode).toBe(200);
    expect((await api.get("/user/open/auth/validatetoken")).json()).toMatchObject({ auth: false });
    expect((await api.get("/user/api/user")).statusCode).toBe(401);
  });

  it("ends a session left idle past its limit or older than its lifetime, and renews the idle clock of one in use", async () => {
    const t = await newTenant(app);
    const db = app.services.db;
    const idle = await signIn(app, t.code, t.admin.mobile);
    const old = await signIn(app, t.code, t.admin.mobile);
    const used = await signIn(app, t.code, t.admin.mobile);
    const ownSessions = eq(sessions.tenantId, t.id);
    const newest = async () => (await db.select().from(sessions).where(ownSessions).orderBy(sessions.id)).map((r) => r.id);
    const [idleId, oldId, usedId] = await newest();
    // Default idle limit: a week. Eight days without a request ends the session.
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '8 days'` }).where(eq(sessions.id, idleId!));
    await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.id, oldId!));
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '3 days'` }).where(eq(sessions.id, usedId!));
    expect((await idle.api.get("/user/api/user")).statusCode).toBe(401);
    expect((await old.api.get("/user/api/user")).statusCode).toBe(401);
    expect((await used.api.get("/user/api/user")).statusCode).toBe(200);
    const [renewed] = await db.select().from(sessions).where(eq(sessions.id, usedId!));
    expect(Date.now() - renewed!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

async function auditActions(app: TestApp, tenantId: number) {
  const rows = await app.services.db.select().from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

describe("sign-in security", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("stores passwords with argon2id at OWASP's parameters", async () => {
    const t = await newTenant(app);
    const [row] = await app.services.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, t.admin.id));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("writes every sign-in and every failure to the audit log", async () => {
    const t = await newTenant(app);
    await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: "Wrong-password-1", code: t.code });
    await signIn(app, t.code, t.admin.mobile);
    expect(await auditActions(app, t.id)).toEqual(["sign-in-failed", "sign-in"]);
  });

  it("renews the session at each sign-in: a new token each time, and the one the caller came with ends", async () => {
    const t = await newTenant(app);
    const first = await signIn(app, t.code, t.admin.mobile);
    const again = await client(app, first.token).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: t.admin.password, code: t.code });
    expect(again.json().token).not.toBe(first.token);
    expect((await first.api.get("/user/api/user")).statusCode).toBe(401);
    expect((await client(app, again.json().token).get("/user/api/user")).statusCode).toBe(200);
  });

  it("signs in by username too, whatever its case", async () => {
    const t = await newTenant(app);
    await addPerson(app, t.id, { username: "Teacher.One", password: PASSWORD, roles: ["staff"] });
    const res = await client(app).post("/user/open/auth/login", { username: "teacher.one", password: PASSWORD, code: t.code });
    expect(res.json()).toMatchObject({ auth: true, user: { role: { name: "Staff", area: "parent" } } });
  });

  it("answers a suspended school's sign-in with 400 and the reason", async () => {
    const t = await newTenant(app);
    await suspendTenant(app, t.id, "Subscription unpaid");
    const res = await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: t.admin.password, code: t.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ auth: false, code: "tenant.suspended", message: "This school's account is suspended: Subscription unpaid" });
  });

  it("asks for a code when the role requires two-factor, and signs in only with password and code", async () => {
    const t = await newTenant(app);
    await requireTwoFactor(app, t.id, "admin");
    const first = await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: t.admin.password, code: t.code });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ auth: false, twoFactorRequired: true, message: "A verification code was sent to your mobile number." });
    const otp = await lastCode(app, t.admin.mobile);
    const base = { mobile: t.admin.mobile, code: t.code };
    const wrongPassword = await client(app).post("/admin/open/auth/verify-2fa", { ...base, password: "Wrong-password-1", otp });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ auth: false, code: "signin.invalid" });
    const wrongCode = await client(app).post("/admin/open/auth/verify-2fa", {
      ...base,
      password: t.admin.password,
      otp: otp === "000000" ? "111111" : "000000",
    });
    expect(wrongCode.json()).toMatchObject({ auth: false, code: "otp.invalid" });
    const ok = await client(app).post("/admin/open/auth/verify-2fa", { ...base, password: t.admin.password, otp });
    expect(ok.json()).toMatchObject({ auth: true, user: { role: { area: "admin" } } });
    // Single use.
    const replay = await client(app).post("/admin/open/auth/verify-2fa", { ...base, password: t.admin.password, otp });
    expect(replay.json()).toMatchObject({ auth: false, code: "otp.invalid" });
    expect(await auditActions(app, t.id)).toEqual(["sign-in-failed", "sign-in-failed", "sign-in", "sign-in-failed"]);
  });
});

describe("failed sign-ins are limited", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const attempt = (app: TestApp, t: { code: string; admin: { mobile: string } }, password: string, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/admin/open/auth/login-mobile",
      remoteAddress,
      headers: { "x-requested-with": "XMLHttpRequest" },
      payload: { mobile: t.admin.mobile, password, code: t.code },
    });

  it("per account and address: the address is locked out, the owner elsewhere is not", async () => {
    const app = await testApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: "3" });
    apps.push(app);
    const t = await newTenant(app);
    for (let i = 0; i < 3; i++) expect((await attempt(app, t, "Wrong-password-1", "10.0.0.66")).statusCode).toBe(400);
    const locked = await attempt(app, t, t.admin.password, "10.0.0.66");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ auth: false, code: "signin.locked", params: { minutes: 15 } });
    expect(locked.json().message).toContain("Too many failed attempts");
    const owner = await attempt(app, t, t.admin.password, "10.0.0.7");
    expect(owner.statusCode).toBe(200);
    expect(owner.json().auth).toBe(true);
  });

  it("per address, across accounts", async () => {
    const app = await testApp({ LOGIN_MAX_FAILURES_PER_IP: "4" });
    apps.push(app);
    const schools = await Promise.all([newTenant(app), newTenant(app), newTenant(app)]);
    for (let i = 0; i < 4; i++) expect((await attempt(app, schools[i % 2]!, "Wrong-password-1", "10.0.0.99")).statusCode).toBe(400);
    expect((await attempt(app, schools[2]!, schools[2]!.admin.password, "10.0.0.99")).statusCode).toBe(429);
    expect((await attempt(app, schools[2]!, schools[2]!.admin.password, "10.0.0.100")).statusCode).toBe(200);
  });
});

describe("verify-admin", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("answers auth true only for the signed-in admin's own password", async () => {
    const { api } = await adminOfNewTenant(app);
    expect((await api.post("/admin/open/auth/verify-admin", { password: PASSWORD })).json()).toEqual({ auth: true, message: "Verified" });
    const wrong = await api.post("/admin/open/auth/verify-admin", { password: "Not-my-password-9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ auth: false, message: "Verification failed" });
  });

  it("needs a session of an admin-area role", async () => {
    expect((await client(app).post("/admin/open/auth/verify-admin", { password: PASSWORD })).statusCode).toBe(401);
    const t = await newTenant(app);
    const parent = await addPerson(app, t.id, { mobile: uniqueMobile(), password: PASSWORD, roles: ["parent"] });
    const { api } = await signIn(app, t.code, parent.mobile!);
    const res = await api.post("/admin/open/auth/verify-admin", { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().redirect).toBe("/parent/home");
  });

  it("counts failures in the attempt limiter", async () => {
    const limited = await testApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: "2" });
    try {
      const { api } = await adminOfNewTenant(limited);
      for (let i = 0; i < 2; i++) expect((await api.post("/admin/open/auth/verify-admin", { password: "Not-my-password-9" })).statusCode).toBe(400);
      expect((await api.post("/admin/open/auth/verify-admin", { password: PASSWORD })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
