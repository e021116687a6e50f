import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, type TestApp, testApp } from "../../../test/harness.js";
import { auditLog } from "../../platform/audit/audit.tables.js";
import { createPlatformAdmin } from "../../platform/auth/platform-admins.js";

const uniqueEmail = () => `ops-${Math.random().toString(36).slice(2, 10)}@taleem.example`;
const PASSWORD = "Runs-The-Service-8";

describe("platform admins", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("sign in without a school, reach the platform area and sign out", async () => {
    const email = uniqueEmail();
    const admin = await createPlatformAdmin(app.services.db, { name: "Ops Person", email, password: PASSWORD });
    const res = await client(app).post("/api/open/auth/login", { email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ auth: true, admin: { id: admin.id, name: "Ops Person", email } });
    expect(Object.keys(body.admin).sort()).toEqual(["email", "id", "name"]);
    const api = client(app, body.token);
    expect((await api.get("/api/auth/me")).json()).toEqual({ auth: true, admin: { id: admin.id, name: "Ops Person", email } });
    // A platform admin is nobody in a school.
    expect((await api.get("/user/api/user")).statusCode).toBe(403);
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(isNull(auditLog.tenantId), eq(auditLog.userId, admin.id), eq(auditLog.action, "sign-in")));
    expect(audit).toHaveLength(1);
    expect((await api.post("/api/auth/logout")).statusCode).toBe(200);
    expect((await api.get("/api/auth/me")).statusCode).toBe(401);
  });

  it("refuses a wrong password with 400 and auth false, and writes the failure to the audit log", async () => {
    const email = uniqueEmail();
    const admin = await createPlatformAdmin(app.services.db, { name: "Ops", email, password: PASSWORD });
    const res = await client(app).post("/api/open/auth/login", { email, password: "Not-The-Password-1" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ auth: false, code: "signin.invalid" });
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), eq(auditLog.action, "sign-in-failed"), eq(auditLog.entity, "platform-session")));
    expect(audit).toHaveLength(1);
  });

  it("keeps school users out of the platform area", async () => {
    const { api } = await adminOfNewTenant(app);
    const res = await api.get("/api/auth/me");
    expect(res.statusCode).toBe(403);
    expect(res.json().redirect).toBe("/admin/dashboard");
    expect((await client(app).get("/api/auth/me")).statusCode).toBe(401);
  });

  it("createPlatformAdmin applies the password policy and keeps e-mail addresses unique", async () => {
    const email = uniqueEmail();
    await expect(createPlatformAdmin(app.services.db, { name: "Ops", email, password: "Sh0rt!" })).rejects.toMatchObject({ code: "password.too_short" });
    await expect(createPlatformAdmin(app.services.db, { name: "Ops", email, password: "password123" })).rejects.toMatchObject({ code: "password.common" });
    await createPlatformAdmin(app.services.db, { name: "Ops", email, password: PASSWORD });
    await expect(createPlatformAdmin(app.services.db, { name: "Ops", email: email.toUpperCase(), password: PASSWORD })).rejects.toMatchObject({
      code: "platform_admin.email_taken",
    });
  });
});
