import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, newTenant, type TestApp, testApp } from "../../../test/harness.js";
import { lastMessage, requireTwoFactor } from "../../modules/auth/auth.test-kit.js";
import { CODE_SENT } from "../../modules/auth/code-sign-in.routes.js";
import { render, renderEmail } from "./texts.js";

/** A stand-in SMS gateway: records what it is sent, answers with `status`. */
function fakeGateway() {
  const received: { headers: IncomingHttpHeaders; body: { to: string; text: string } }[] = [];
  const gateway = { status: 200, received, server: undefined as Server | undefined, url: "" };
  gateway.server = createServer((req, res) => {
    let data = "";
    req.on("data", (c: Buffer) => {
      data += c.toString("utf8");
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(data) });
      res.writeHead(gateway.status, { "content-type": "application/json" }).end("{}");
    });
  });
  return gateway;
}

describe("SMS", () => {
  const gateway = fakeGateway();
  let app: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.server!.listen(0, "127.0.0.1", resolve));
    const { port } = gateway.server!.address() as AddressInfo;
    app = await testApp({ SMS_GATEWAY_URL: `http://127.0.0.1:${port}/sms`, SMS_GATEWAY_TOKEN: "gateway-secret" });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => gateway.server!.close(() => resolve()));
  });

  it("goes to the gateway as an HTTP POST {to, text} when SMS_GATEWAY_URL is set", async () => {
    gateway.status = 200;
    const t = await newTenant(app);
    expect((await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code })).statusCode).toBe(200);
    await app.services.messenger.settled();
    const sms = gateway.received.find((r) => r.body.to === t.admin.mobile);
    expect(sms?.body.text).toMatch(/^\d{6} is your Taleem sign-in code for School /);
    expect(sms?.headers.authorization).toBe("Bearer gateway-secret");
    expect(sms?.headers["content-type"]).toBe("application/json");
    expect(await lastMessage(app, t.admin.mobile, "sms")).toBeUndefined();
  });

  it("a gateway failure changes nothing in a code request's reply (it would tell the account exists)", async () => {
    gateway.status = 503;
    const t = await newTenant(app);
    const res = await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CODE_SENT });
    await app.services.messenger.settled();
  });

  it("a gateway failure during a signed-in step answers 'Something went wrong, please try again later.'", async () => {
    gateway.status = 503;
    const t = await newTenant(app);
    await requireTwoFactor(app, t.id, "admin");
    const res = await client(app).post("/admin/open/auth/login-mobile", { mobile: t.admin.mobile, password: t.admin.password, code: t.code });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong, please try again later.", code: "internal" });
  });
});

describe("without a gateway", () => {
  it("the SMS lands in the outbox", async () => {
    const app = await testApp();
    const t = await newTenant(app);
    await client(app).post("/user/open/auth/loginotp", { mobile: t.admin.mobile, code: t.code });
    const row = await lastMessage(app, t.admin.mobile, "sms");
    expect(row).toMatchObject({ tenantId: t.id, channel: "sms", recipient: t.admin.mobile });
    expect(row?.body).toMatch(/^\d{6} is your Taleem sign-in code/);
  });
});

describe("texts", () => {
  const languages = ["en", "ta", "ur", "ar", "ml"];

  it("has every message in all five languages, each filling its placeholders", () => {
    const params = { code: "123456", school: "Al-Noor", name: "Fatima", link: "https://x.example/l", minutes: 60, hours: 24, email: "f@x.example" };
    for (const kind of ["reset-password", "verify-email", "welcome"] as const) {
      const english = renderEmail(kind, "en", params);
      for (const lang of languages) {
        const mail = renderEmail(kind, lang, params);
        expect(mail.text, `${kind} ${lang}`).toContain(kind === "welcome" ? "https://x.example/l" : params.link);
        expect(mail.text).not.toMatch(/\{\w+\}/);
        if (lang !== "en") expect(mail.subject, `${kind} ${lang} is translated`).not.toBe(english.subject);
      }
    }
    for (const key of ["otp.login", "otp.reset", "otp.two-factor", "otp.switch-profile"] as const) {
      for (const lang of languages) expect(render(key, lang, params)).toContain("123456");
    }
  });

  it("falls back to English for a language it does not know", () => {
    expect(renderEmail("welcome", "fr", { name: "A", school: "B", code: "C", link: "L" }).subject).toBe("Welcome to Taleem");
  });
});
