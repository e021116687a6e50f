import { inspect } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { client, newTenant, PASSWORD, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { auditLog } from "../../platform/audit/audit.tables.js";
import { oneTimeCodes } from "../../platform/auth/codes.table.js";
import { addPerson, lastCode, lastMessage, messageCount, suspendTenant } from "./auth.test-kit.js";
import { CODE_SENT } from "./code-sign-in.routes.js";

const other = (code: string) => (code === "000000" ? "111111" : "000000");

describe("sign-in by one-time code", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  const requestCode = (code: string, mobile: string, purpose?: "login" | "reset") =>
    client(app).post("/user/open/auth/loginotp", { mobile, code, ...(purpose ? { purpose } : {}) });

  it("lets a parent made by an enrolment sign in by code and asks them to set a password", async () => {
    const t = await newTenant(app);
    const parent = await addPerson(app, t.id, { mobile: uniqueMobile(), language: "ml", roles: ["parent"] });
    const sent = await requestCode(t.code, parent.mobile!);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: CODE_SENT });
    const sms = await lastMessage(app, parent.mobile!, "sms");
    // In the person's own language.
    expect(sms?.body).toContain("ലോഗിൻ കോഡ്");
    const otp = await lastCode(app, parent.mobile!);
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: parent.mobile, otp, code: t.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ auth: true, user: { mustSetPassword: true, role: { name: "Parent", area: "parent" } } });
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.id), eq(auditLog.action, "sign-in")));
    expect(audit[0]?.changes).toMatchObject({ via: "code" });
    // The new password, without a current one since there is none.
    const api = client(app, res.json().token);
    expect((await api.put("/user/api/user/reset-password", { newPassword: "Fresh-Olive-Tree-7" })).json().data.mustSetPassword).toBe(false);
  });

  it("reads the mobile number as typed, with the school's country", async () => {
    const t = await newTenant(app);
    const mobile = uniqueMobile();
    await addPerson(app, t.id, { mobile, password: PASSWORD, roles: ["staff"] });
    await requestCode(t.code, mobile.slice(3));
    const otp = await lastCode(app, mobile);
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: `0${mobile.slice(3)}`, otp, code: t.code });
    expect(res.json().auth).toBe(true);
  });

  it("answers a wrong code with 400 and auth false, and writes the failure to the audit log", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp: other(otp), code: t.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ auth: false, code: "otp.invalid", message: "The code is wrong or has expired." });
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.id), eq(auditLog.action, "sign-in-failed")));
    expect(audit).toHaveLength(1);
  });

  it("gives the same reply whether or not the number has an account, and sends only to a real one", async () => {
    const t = await newTenant(app);
    const stranger = uniqueMobile();
    const known = await requestCode(t.code, t.admin.mobile);
    const unknown = await requestCode(t.code, stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await messageCount(app, t.admin.mobile)).toBe(1);
    expect(await messageCount(app, stranger)).toBe(0);
    // The limit comes at the same count for both, so it tells nothing either.
    for (let i = 0; i < 2; i++) {
      await requestCode(t.code, t.admin.mobile);
      await requestCode(t.code, stranger);
    }
    const [a, b] = [await requestCode(t.code, t.admin.mobile), await requestCode(t.code, stranger)];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.body).toBe(b.body);
  });

  it("does the same work for a number with no account: a code is made, hashed and stored, and never sent", async () => {
    const t = await newTenant(app);
    const stranger = uniqueMobile();
    const issued = vi.spyOn(app.services.otp, "issue");
    try {
      await requestCode(t.code, t.admin.mobile);
      await requestCode(t.code, stranger);
      expect(issued.mock.calls.map((c) => c[1])).toEqual([t.admin.mobile, stranger]);
    } finally {
      issued.mockRestore();
    }
    const stored = async (mobile: string) =>
      (
        await app.services.db
          .select()
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.tenantId, t.id), eq(oneTimeCodes.mobile, mobile)))
      ).map((r) => ({
        purpose: r.purpose,
        hashLength: r.codeHash.length,
      }));
    expect(await stored(stranger)).toEqual(await stored(t.admin.mobile));
    expect(await stored(stranger)).toEqual([{ purpose: "login", hashLength: 64 }]);
    expect(await messageCount(app, t.admin.mobile)).toBe(1);
    expect(await messageCount(app, stranger)).toBe(0);
  });

  it("sends at most 3 codes per number in 15 minutes, then 429 with a clear message", async () => {
    const t = await newTenant(app);
    for (let i = 0; i < 3; i++) expect((await requestCode(t.code, t.admin.mobile)).statusCode).toBe(200);
    const res = await requestCode(t.code, t.admin.mobile);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: "otp.too_many", message: "Too many codes were requested for this number. Please wait 15 minutes and try again." });
    expect(await messageCount(app, t.admin.mobile)).toBe(3);
  });

  it("takes only six-digit codes", async () => {
    const t = await newTenant(app);
    for (const otp of ["12345", "1234567", "12a456"]) {
      const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp, code: t.code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", params: { fields: ["otp"] } });
    }
  });

  it("uses a code once", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const body = { mobile: t.admin.mobile, otp, code: t.code };
    expect((await client(app).post("/admin/open/auth/validate-otp", body)).statusCode).toBe(200);
    expect((await client(app).post("/admin/open/auth/validate-otp", body)).statusCode).toBe(400);
  });

  it("binds a code to its purpose: a reset code cannot sign in, a login code cannot reset", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile, "reset");
    const resetCode = await lastCode(app, t.admin.mobile);
    const signInWithIt = await client(app).post("/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp: resetCode, code: t.code });
    expect(signInWithIt.json()).toMatchObject({ auth: false, code: "otp.invalid" });
    await requestCode(t.code, t.admin.mobile, "login");
    const loginCode = await lastCode(app, t.admin.mobile);
    const resetWithIt = await client(app).post("/admin/open/auth/reset-password-mobile", {
      mobile: t.admin.mobile,
      otp: loginCode,
      password: "Brand-New-Pass-77",
      code: t.code,
    });
    expect(resetWithIt.statusCode).toBe(400);
    // The reset code is still good for its own purpose.
    const reset = await client(app).post("/admin/open/auth/reset-password-mobile", {
      mobile: t.admin.mobile,
      otp: resetCode,
      password: "Brand-New-Pass-77",
      code: t.code,
    });
    expect(reset.statusCode).toBe(200);
  });

  it("lets a code expire after 10 minutes", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const [row] = await app.services.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.tenantId, t.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(10 * 60_000, -3);
    await app.services.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.tenantId, t.id));
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp, code: t.code });
    expect(res.json()).toMatchObject({ auth: false, code: "otp.invalid" });
  });

  it("kills a code after 5 wrong tries", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const body = { mobile: t.admin.mobile, code: t.code };
    for (let i = 0; i < 5; i++) expect((await client(app).post("/admin/open/auth/validate-otp", { ...body, otp: other(otp) })).statusCode).toBe(400);
    // From another address, so the sign-in limiter (which also counted those tries) is not what refuses it.
    const right = await app.inject({
      method: "POST",
      url: "/admin/open/auth/validate-otp",
      remoteAddress: "10.1.2.3",
      headers: { "x-requested-with": "XMLHttpRequest" },
      payload: { ...body, otp },
    });
    expect(right.json()).toMatchObject({ auth: false, code: "otp.invalid" });
  });

  it("stores codes only hashed", async () => {
    const t = await newTenant(app);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const [row] = await app.services.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.tenantId, t.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(otp);
  });

  it("does not open a role that requires two-factor with a code alone", async () => {
    const t = await newTenant(app);
    await app.services.db.execute(sql`update roles set requires_two_factor = true where tenant_id = ${t.id} and builtin = 'admin'`);
    await requestCode(t.code, t.admin.mobile);
    const otp = await lastCode(app, t.admin.mobile);
    const res = await client(app).post("/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp, code: t.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ auth: false, code: "signin.password_required" });
  });

  it("answers a suspended school's code calls with 400 and the reason", async () => {
    const t = await newTenant(app);
    await suspendTenant(app, t.id, "Closed for the summer");
    for (const [url, body] of [
      ["/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code }],
      ["/admin/open/auth/validate-otp", { mobile: t.admin.mobile, otp: "123456", code: t.code }],
      ["/admin/open/auth/reset-password-mobile", { mobile: t.admin.mobile, otp: "123456", password: "Brand-New-Pass-77", code: t.code }],
    ] as const) {
      const res = await client(app).post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "tenant.suspended", params: { reason: "Closed for the summer" } });
    }
  });
});

describe("password reset by code", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("sets a new password, ends every session, and the old password stops working", async () => {
    const t = await newTenant(app);
    const session = await signIn(app, t.code, t.admin.mobile);
    await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code, purpose: "reset" });
    const otp = await lastCode(app, t.admin.mobile);
    const res = await client(app).post("/admin/open/auth/reset-password-mobile", { mobile: t.admin.mobile, otp, password: "Brand-New-Pass-77", code: t.code });
    expect(res.json()).toEqual({ message: "Your password has been changed. Sign in with your new password." });
    expect((await session.api.get("/user/api/user")).statusCode).toBe(401);
    await expect(signIn(app, t.code, t.admin.mobile)).rejects.toThrow();
    await signIn(app, t.code, t.admin.mobile, "Brand-New-Pass-77");
  });

  it("applies the password policy before using up the code", async () => {
    const t = await newTenant(app);
    await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code, purpose: "reset" });
    const otp = await lastCode(app, t.admin.mobile);
    const base = { mobile: t.admin.mobile, otp, code: t.code };
    const common = await client(app).post("/admin/open/auth/reset-password-mobile", { ...base, password: "password123" });
    expect(common.json()).toMatchObject({ code: "password.common" });
    const short = await client(app).post("/admin/open/auth/reset-password-mobile", { ...base, password: "Ab1!" });
    expect(short.statusCode).toBe(400);
    const long = await client(app).post("/admin/open/auth/reset-password-mobile", { ...base, password: "x".repeat(129) });
    expect(long.statusCode).toBe(400);
    expect((await client(app).post("/admin/open/auth/reset-password-mobile", { ...base, password: "A".repeat(128) })).statusCode).toBe(200);
  });

  it("answers an unknown number exactly like a wrong code", async () => {
    const t = await newTenant(app);
    const body = { otp: "123456", password: "Brand-New-Pass-77", code: t.code };
    const known = await client(app).post("/admin/open/auth/reset-password-mobile", { ...body, mobile: t.admin.mobile });
    const unknown = await client(app).post("/admin/open/auth/reset-password-mobile", { ...body, mobile: uniqueMobile() });
    expect([known.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(unknown.json().message).toBe(known.json().message);
    expect(unknown.json().code).toBe(known.json().code);
  });
});

describe("codes in the server log", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  async function loggedLines(env: Record<string, string>) {
    const app = await testApp(env);
    apps.push(app);
    const t = await newTenant(app);
    const lines: string[] = [];
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
      vi.spyOn(app.services.log, level).mockImplementation((...args: unknown[]) => {
        lines.push(inspect(args, { depth: 5 }));
      });
    }
    await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code });
    const otp = await lastCode(app, t.admin.mobile);
    return { lines, otp };
  }

  it("logs a code outside production, so a newcomer can sign in", async () => {
    const { lines, otp } = await loggedLines({ NODE_ENV: "development" });
    expect(lines.some((l) => l.includes(otp))).toBe(true);
  });

  it("never logs a code in production", async () => {
    const { lines, otp } = await loggedLines({ NODE_ENV: "production", SECRET_KEY: "a-production-secret-for-tests" });
    expect(lines.some((l) => l.includes(otp))).toBe(false);
  });
});
