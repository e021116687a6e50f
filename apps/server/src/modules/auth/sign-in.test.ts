import { beforeAll, describe, expect, it } from "vitest";
import { client, newTenant, signIn, type TestApp, testApp } from "../../../test/harness.js";

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
});
