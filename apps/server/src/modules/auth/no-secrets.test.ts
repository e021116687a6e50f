import { describe, expect, it } from "vitest";
import { client, newTenant, PASSWORD, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addPerson, lastCode, lastLinkToken } from "./auth.test-kit.js";

const NEW_PASSWORD = "Secret-Harbour-31";

/** Records every reply of a whole account's life, to look for secrets in them afterwards. */
function recorder(app: TestApp) {
  const replies: { call: string; status: number; body: string }[] = [];
  const wrap = (token?: string) => {
    const api = client(app, token);
    const record = (method: "get" | "post" | "put") => async (url: string, body?: unknown) => {
      const res = method === "get" ? await api.get(url) : await api[method](url, body);
      replies.push({ call: `${method.toUpperCase()} ${url.replace(/[A-Za-z0-9_-]{43}/, ":token")}`, status: res.statusCode, body: res.body });
      return res;
    };
    return { get: record("get"), post: record("post"), put: record("put") };
  };
  return { replies, wrap };
}

describe("no secret in any reply", () => {
  it("passwords, hashes, codes and tokens never come back, except the session token in the reply that issues it", async () => {
    const app = await testApp();
    const t = await newTenant(app);
    const email = `parent-${Date.now()}@example.org`;
    const mobile = uniqueMobile();
    await addPerson(app, t.id, { mobile, email, username: "parent.one", password: PASSWORD, roles: ["parent", "staff"] });
    const { replies, wrap } = recorder(app);
    const anon = wrap();
    const issued: string[] = [];
    const secrets: string[] = [PASSWORD, NEW_PASSWORD];

    const login = await anon.post("/admin/open/auth/login-mobile", { mobile, password: PASSWORD, code: t.code });
    issued.push(login.json().token);
    await anon.post("/user/open/auth/loginotp", { mobile, code: t.code });
    const otp = await lastCode(app, mobile);
    secrets.push(otp);
    const byCode = await anon.post("/admin/open/auth/validate-otp", { mobile, otp, code: t.code });
    issued.push(byCode.json().token);
    await anon.post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    const link = await lastLinkToken(app, email, "reset-password");
    secrets.push(link);
    await anon.post("/admin/open/auth/verifyresetpasswordtoken", { token: link });
    await anon.post(`/admin/open/auth/resetpassword/${link}`, { password: NEW_PASSWORD });
    const again = await anon.post("/user/open/auth/login", { username: "parent.one", password: NEW_PASSWORD, code: t.code });
    issued.push(again.json().token);

    const api = wrap(again.json().token);
    await api.get("/user/api/user");
    await api.get("/user/open/auth/validatetoken");
    await api.put("/user/api/user", { name: "Parent One" });
    await api.post("/admin/open/auth/sendemailverificationlink", { email });
    secrets.push(await lastLinkToken(app, email, "verify-email"));
    await api.post("/user/api/user/updatefcmtoken", { fcmToken: "device-token-for-push" });
    secrets.push("device-token-for-push");
    const other = (await api.get("/user/api/user")).json().data.profiles.find((p: { roleName: string }) => p.roleName === "Staff");
    await api.put("/user/api/user/switchprofile", { profileId: other.id });
    await api.put("/user/api/user/reset-password", { currentPassword: NEW_PASSWORD, newPassword: `${NEW_PASSWORD}x` });
    secrets.push(`${NEW_PASSWORD}x`);

    expect(replies).toHaveLength(15);
    for (const { call, status, body } of replies) {
      expect(status, `${call}: ${body}`).toBe(200);
      expect(body, call).not.toMatch(/passwordHash|codeHash|tokenHash|pushTargets|\$argon2/);
      for (const secret of secrets) expect(body.includes(secret), `${call} shows a secret`).toBe(false);
      for (const token of issued) {
        // A session token appears only in the one reply that issued it.
        if (body.includes(token)) expect(JSON.parse(body).token, call).toBe(token);
      }
    }
  });
});
