import { beforeAll, describe, expect, it } from "vitest";
import { client, newTenant, type TestApp, testApp } from "../../../test/harness.js";
import { suspendTenant } from "./auth.test-kit.js";

describe("what the sign-in pages read", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("checkentity tells whether an active school has the code, with its name and logo only", async () => {
    const t = await newTenant(app, { name: "Al-Huda Centre" });
    expect((await client(app).post("/user/open/auth/checkentity", { code: t.code.toLowerCase() })).json()).toEqual({
      exists: true,
      name: "Al-Huda Centre",
      logo: null,
    });
    expect((await client(app).post("/user/open/auth/checkentity", { code: "NO-SUCH-CODE" })).json()).toEqual({ exists: false, name: null, logo: null });
    await suspendTenant(app, t.id, "Unpaid");
    expect((await client(app).post("/user/open/auth/checkentity", { code: t.code })).json()).toEqual({ exists: false, name: null, logo: null });
  });

  it("auth-media names the service, its pictures and the app store links", async () => {
    const res = await client(app).get("/user/open/auth/auth-media");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      serviceName: "Taleem",
      logo: expect.any(String),
      appLinks: { ios: expect.stringMatching(/^https:\/\/apps\.apple\.com\//), android: expect.stringMatching(/^https:\/\/play\.google\.com\//) },
    });
  });

  it("super-settings lists the five languages, right-to-left ones marked, and the password and code rules", async () => {
    const body = (await client(app).get("/user/open/auth/super-settings")).json();
    expect(body.defaultLanguage).toBe("en");
    expect(body.languages.map((l: { code: string }) => l.code)).toEqual(["en", "ta", "ur", "ar", "ml"]);
    expect(body.languages.filter((l: { rtl: boolean }) => l.rtl).map((l: { code: string }) => l.code)).toEqual(["ur", "ar"]);
    expect(body.passwordPolicy).toEqual({ minLength: 8, maxLength: 128 });
    expect(body.otp).toEqual({ length: 6, validMinutes: 10 });
    // The Web Push public key is public by design; nothing else of the server's configuration is.
    const { vapidPublicKey: _public, ...rest } = body;
    expect(JSON.stringify(rest)).not.toMatch(/secret|smtp|vapid|password_hash|private/i);
    expect(body.publicUrl).toBeNull();
  });

  it("names PUBLIC_URL, without its trailing slash, as where links given to parents point", async () => {
    const configured = await testApp({ PUBLIC_URL: "https://school.example.org/taleem/" });
    try {
      expect((await client(configured).get("/user/open/auth/super-settings")).json().publicUrl).toBe("https://school.example.org/taleem");
    } finally {
      await configured.close();
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents every sign-in and account call of the specification, with request and response schemas", async () => {
    const app = await testApp();
    const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    // The specification's sign-in and account calls (spec/endpoints.tsv), and the platform admins' own.
    const wanted = [
      ["get", "/user/api/user"],
      ["put", "/user/api/user"],
      ["put", "/user/api/user/reset-password"],
      ["put", "/user/api/user/switchprofile"],
      ["post", "/user/api/user/updatefcmtoken"],
      ["post", "/user/open/auth/loginotp"],
      ["post", "/user/open/auth/login"],
      ["get", "/user/open/auth/auth-media"],
      ["get", "/user/open/auth/super-settings"],
      ["post", "/user/open/auth/checkentity"],
      ["get", "/user/open/auth/validatetoken"],
      ["post", "/admin/open/auth/sendemailverificationlink"],
      ["post", "/admin/open/auth/verifyuserverificationtoken"],
      ["post", "/admin/open/auth/signup-welcome-email"],
      ["post", "/admin/open/auth/login-mobile"],
      ["post", "/admin/open/auth/validate-otp"],
      ["post", "/admin/open/auth/reset-password-mobile"],
      ["post", "/admin/open/auth/verify-2fa"],
      ["post", "/admin/open/auth/sendresetpasswordlink"],
      ["post", "/admin/open/auth/verifyresetpasswordtoken"],
      ["post", "/admin/open/auth/resetpassword/{token}"],
      ["post", "/admin/open/auth/verify-admin"],
      ["post", "/api/open/auth/login"],
      ["get", "/api/auth/me"],
    ] as const;
    for (const [method, path] of wanted) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.responses?.["200"], `${method} ${path} reply`).toBeDefined();
      if (method !== "get" && !path.endsWith("/logout")) expect(op?.requestBody, `${method} ${path} body`).toBeDefined();
    }
  });
});
