import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addUser, rolesOf } from "../../../test/people.js";
import { lastMessage } from "../auth/auth.test-kit.js";

describe("POST /admin/api/user/resendemail", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("sends an unconfirmed address its confirmation link", async () => {
    const { api } = await adminOfNewTenant(app);
    const roles = await rolesOf(api);
    const email = `teacher.${Date.now()}@example.org`;
    const user = await addUser(api, { name: "Maryam", email, roleIds: [roles.staff] });
    const res = await api.post("/admin/api/user/resendemail", { userId: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Email sent successfully");
    const mail = await lastMessage(app, email, "email");
    expect(mail?.body).toMatch(/\/auth\/verify-email\/[A-Za-z0-9_-]{20,}/);
  });

  it("refuses a user without an e-mail address, and another school's user is not found", async () => {
    const a = await adminOfNewTenant(app);
    const b = await adminOfNewTenant(app);
    const roles = await rolesOf(a.api);
    const noEmail = await addUser(a.api, { name: "No Mail", roleIds: [roles.parent] });
    const res = await a.api.post("/admin/api/user/resendemail", { userId: noEmail.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("email.none");
    expect((await b.api.post("/admin/api/user/resendemail", { userId: noEmail.id })).statusCode).toBe(404);
  });
});
