import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, newTenant, PASSWORD, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { activityLog } from "../../platform/audit/audit.tables.js";
import { linkTokens } from "../../platform/auth/codes.table.js";
import { users } from "../../platform/auth/users.table.js";
import { addPerson, lastLinkToken, lastMessage, messageCount, suspendTenant } from "./auth.test-kit.js";
import { LINK_SENT } from "./email-links.routes.js";

const uniqueEmail = () => `person-${Math.random().toString(36).slice(2, 10)}@example.org`;

describe("password reset by e-mailed link", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  async function personWithEmail(language = "en") {
    const t = await newTenant(app);
    const email = uniqueEmail();
    const mobile = uniqueMobile();
    await addPerson(app, t.id, { mobile, username: `u${Date.now()}`, email, password: PASSWORD, language, roles: ["staff"] });
    return { t, email, mobile };
  }

  it("e-mails a link to the account named by its address, mobile number or username (outbox without SMTP)", async () => {
    const { t, email, mobile } = await personWithEmail();
    for (const user of [email.toUpperCase(), mobile]) {
      const res = await client(app).post("/admin/open/auth/sendresetpasswordlink", { user, code: t.code });
      expect(res.json()).toEqual({ message: LINK_SENT });
    }
    expect(await messageCount(app, email)).toBe(2);
    const mail = await lastMessage(app, email, "email");
    expect(mail?.subject).toBe("Reset your Taleem password");
    expect(mail?.body).toMatch(/http:\/\/localhost:3001\/auth\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    expect(mail?.body).toContain("60 minutes");
  });

  it("writes the e-mail in the person's language", async () => {
    const { t, email } = await personWithEmail("ar");
    await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    expect((await lastMessage(app, email, "email"))?.subject).toBe("إعادة تعيين كلمة مرور Taleem");
  });

  it("gives the same reply whether or not an account matches", async () => {
    const { t, email } = await personWithEmail();
    const known = await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    const unknown = await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: "nobody@example.org", code: t.code });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await messageCount(app, "nobody@example.org")).toBe(0);
  });

  it("checks a link without using it, then sets the password with it once, ending every session", async () => {
    const { t, email, mobile } = await personWithEmail();
    const session = await signIn(app, t.code, mobile);
    await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    const token = await lastLinkToken(app, email, "reset-password");
    for (let i = 0; i < 2; i++) {
      const check = await client(app).post("/admin/open/auth/verifyresetpasswordtoken", { token });
      expect(check.json()).toEqual({ valid: true, message: "The link is valid.", school: { code: t.code, name: `School ${t.code}` } });
    }
    const weak = await client(app).post(`/admin/open/auth/resetpassword/${token}`, { password: "password1" });
    expect(weak.json()).toMatchObject({ code: "password.common" });
    const res = await client(app).post(`/admin/open/auth/resetpassword/${token}`, { password: "Linked-Reset-55", code: t.code });
    expect(res.statusCode).toBe(200);
    expect((await session.api.get("/user/api/user")).statusCode).toBe(401);
    await signIn(app, t.code, mobile, "Linked-Reset-55");
    const again = await client(app).post(`/admin/open/auth/resetpassword/${token}`, { password: "Another-Reset-66" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "link.invalid", message: "This link is invalid or has expired. Ask for a new one." });
    expect((await client(app).post("/admin/open/auth/verifyresetpasswordtoken", { token })).statusCode).toBe(400);
  });

  it("stores the token only hashed, and lets the link expire after an hour", async () => {
    const { t, email } = await personWithEmail();
    await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    const token = await lastLinkToken(app, email, "reset-password");
    const [row] = await app.services.db.select().from(linkTokens).where(eq(linkTokens.tenantId, t.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(60 * 60_000, -3);
    await app.services.db.update(linkTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(linkTokens.tenantId, t.id));
    expect((await client(app).post("/admin/open/auth/verifyresetpasswordtoken", { token })).statusCode).toBe(400);
  });

  it("refuses a link with another school's code, and a suspended school's link with the reason", async () => {
    const { t, email } = await personWithEmail();
    const elsewhere = await newTenant(app);
    await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    const token = await lastLinkToken(app, email, "reset-password");
    const wrongSchool = await client(app).post(`/admin/open/auth/resetpassword/${token}`, { password: "Linked-Reset-55", code: elsewhere.code });
    expect(wrongSchool.json().code).toBe("link.invalid");
    await suspendTenant(app, t.id, "Moved to a new system");
    const suspended = await client(app).post("/admin/open/auth/verifyresetpasswordtoken", { token });
    expect(suspended.statusCode).toBe(400);
    expect(suspended.json()).toMatchObject({ code: "tenant.suspended", params: { reason: "Moved to a new system" } });
  });

  it("records the route pattern, never the token, in the activity log", async () => {
    await client(app).post("/admin/open/auth/resetpassword/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { password: "Linked-Reset-55" });
    await app.services.activity.flush();
    const rows = await app.services.db.select({ route: activityLog.route }).from(activityLog).where(sql`${activityLog.route} like '%resetpassword%'`);
    expect(rows.map((r) => r.route)).toContain("/admin/open/auth/resetpassword/:token");
    expect(rows.some((r) => r.route.includes("AAAA"))).toBe(false);
  });

  it("sends an account at most 3 reset links in 15 minutes, however it is named, with an unchanged reply", async () => {
    const { t, email, mobile } = await personWithEmail();
    const username = (await app.services.db.select().from(users).where(eq(users.email, email)))[0]!.username!;
    for (const user of [email, mobile, username, email.toUpperCase(), `0${mobile.slice(3)}`]) {
      expect((await client(app).post("/admin/open/auth/sendresetpasswordlink", { user, code: t.code })).json()).toEqual({ message: LINK_SENT });
    }
    expect(await messageCount(app, email)).toBe(3);
  });

  it("limits link requests per account name, with the same answer for unknown names", async () => {
    const t = await newTenant(app);
    for (let i = 0; i < 3; i++) await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: "nobody", code: t.code });
    const res = await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: "nobody", code: t.code });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("email.too_many");
  });
});

describe("e-mail verification and welcome", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("e-mails the signed-in person a link that marks their address verified, once", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const email = uniqueEmail();
    await api.put("/user/api/user", { email });
    const sent = await api.post("/admin/open/auth/sendemailverificationlink", { email });
    expect(sent.json()).toEqual({ message: `A verification link was sent to ${email}.` });
    const token = await lastLinkToken(app, email, "verify-email");
    expect((await lastMessage(app, email, "email"))?.subject).toBe("Confirm your e-mail address for Taleem");
    const res = await client(app).post("/admin/open/auth/verifyuserverificationtoken", { token });
    expect(res.json()).toEqual({ message: "Your e-mail address is verified." });
    const [row] = await app.services.db.select().from(users).where(eq(users.id, tenant.admin.id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await client(app).post("/admin/open/auth/verifyuserverificationtoken", { token })).statusCode).toBe(400);
    expect((await api.post("/admin/open/auth/sendemailverificationlink", {})).json().message).toBe("Your e-mail address is already verified.");
  });

  it("sends only to the account's own address, and needs a session", async () => {
    const { api } = await adminOfNewTenant(app);
    expect((await api.post("/admin/open/auth/sendemailverificationlink", {})).json().code).toBe("email.none");
    await api.put("/user/api/user", { email: uniqueEmail() });
    const other = await api.post("/admin/open/auth/sendemailverificationlink", { email: "someone.else@example.org" });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe("email.not_yours");
    expect((await client(app).post("/admin/open/auth/sendemailverificationlink", { email: "x@example.org" })).statusCode).toBe(401);
  });

  it("kills a verification link when the address changes", async () => {
    const { api } = await adminOfNewTenant(app);
    const first = uniqueEmail();
    await api.put("/user/api/user", { email: first });
    await api.post("/admin/open/auth/sendemailverificationlink", {});
    const token = await lastLinkToken(app, first, "verify-email");
    await api.put("/user/api/user", { email: uniqueEmail() });
    expect((await client(app).post("/admin/open/auth/verifyuserverificationtoken", { token })).statusCode).toBe(400);
  });

  it("sends the welcome e-mail to the signed-in person in their language", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    expect((await api.post("/admin/open/auth/signup-welcome-email")).json().code).toBe("email.none");
    const email = uniqueEmail();
    await api.put("/user/api/user", { email, language: "ta" });
    expect((await api.post("/admin/open/auth/signup-welcome-email")).statusCode).toBe(200);
    const mail = await lastMessage(app, email, "email");
    expect(mail?.subject).toBe("Taleem-க்கு வரவேற்கிறோம்");
    expect(mail?.body).toContain(tenant.code);
    expect(mail?.body).toContain("http://localhost:3001/auth/sign-in");
    expect((await client(app).post("/admin/open/auth/signup-welcome-email")).statusCode).toBe(401);
  });
});

describe("e-mail through SMTP", () => {
  const received: { to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, done) {
        let data = "";
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the reset e-mail with its link to a real SMTP server", async () => {
    const app = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://school.example.org/" });
    apps.push(app);
    const t = await newTenant(app);
    const email = uniqueEmail();
    await addPerson(app, t.id, { mobile: uniqueMobile(), email, password: PASSWORD, roles: ["parent"] });
    const res = await client(app).post("/admin/open/auth/sendresetpasswordlink", { user: email, code: t.code });
    expect(res.statusCode).toBe(200);
    await app.services.messenger.settled();
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.data).toContain("Subject: Reset your Taleem password");
    // Quoted-printable may wrap long lines; undo the soft breaks before looking for the link.
    const body = mail!.data.replace(/=\r?\n/g, "");
    expect(body).toMatch(/https:\/\/school\.example\.org\/auth\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(await messageCount(app, email)).toBe(0);
  });

  it("answers 'Something went wrong, please try again later.' when the mail server is down", async () => {
    const app = await testApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    apps.push(app);
    const { api } = await adminOfNewTenant(app);
    await api.put("/user/api/user", { email: uniqueEmail() });
    const res = await api.post("/admin/open/auth/sendemailverificationlink", {});
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong, please try again later.", code: "internal" });
  });
});
