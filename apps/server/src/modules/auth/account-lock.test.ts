import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { outbox } from "../../platform/messaging/outbox.table.js";
import { addPerson, lastCode } from "./auth.test-kit.js";

/**
 * Wrong passwords for one account from many addresses: each address stays under its own limit,
 * so only a count across addresses stops them. Behind the configured proxy (TRUST_PROXY), the
 * address is the one X-Forwarded-For names, as in production.
 */
describe("failed sign-ins are limited per account across addresses", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(() => app.close());

  const from = (address: string, payload: Record<string, unknown>, url = "/admin/open/auth/login-mobile") =>
    app.inject({
      method: "POST",
      url,
      remoteAddress: "127.0.0.1",
      headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": address },
      payload,
    });
  const messagesTo = async (tenantId: number, recipient: string) => {
    await app.services.messenger.settled();
    return app.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.recipient, recipient)));
  };

  it("after 40 addresses x 5 wrong passwords refuses the right one, lets the owner in by code, and tells them once", async () => {
    const t = await newTenant(app);
    const statuses = new Set<number>();
    for (let a = 1; a <= 40; a++) {
      for (let i = 0; i < 5; i++) {
        const res = await from(`203.0.113.${a}`, { mobile: t.admin.mobile, password: `Wrong-guess-${a}-${i}`, code: t.code });
        statuses.add(res.statusCode);
        expect(res.json().auth).toBe(false);
      }
    }
    expect([...statuses].sort()).toEqual([400, 429]);

    const right = await from("198.51.100.7", { mobile: t.admin.mobile, password: t.admin.password, code: t.code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ auth: false, code: "signin.account_locked", params: { minutes: 60 } });
    expect(right.json().message).toContain("one-time code");
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(3000);

    // Exactly one message, the notice, before the owner asks for anything.
    const notices = await messagesTo(t.id, t.admin.mobile);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain("Password sign-in is paused for 60 minutes");

    expect((await from("198.51.100.7", { mobile: t.admin.mobile, code: t.code }, "/user/open/auth/loginotp")).statusCode).toBe(200);
    const otp = await lastCode(app, t.admin.mobile);
    const byCode = await from("198.51.100.7", { mobile: t.admin.mobile, otp, code: t.code }, "/admin/open/auth/validate-otp");
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toMatchObject({ auth: true, user: { role: { area: "admin" } } });
    // The code was the only message after the notice.
    expect(await messagesTo(t.id, t.admin.mobile)).toHaveLength(2);
  });

  it("slows an account down past the first limit, with Retry-After", async () => {
    const t = await newTenant(app);
    let res = await from("203.0.113.200", { mobile: t.admin.mobile, password: "Wrong-guess-0", code: t.code });
    for (let a = 1; a <= 12 && res.statusCode !== 429; a++) {
      res = await from(`203.0.114.${a}`, { mobile: t.admin.mobile, password: `Wrong-guess-${a}`, code: t.code });
    }
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ auth: false, code: "signin.slow_down" });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(await messagesTo(t.id, t.admin.mobile)).toHaveLength(0);
  });

  it("sends the notice by e-mail too, in the owner's language, and nothing for a number with no account", async () => {
    const t = await newTenant(app);
    const email = `owner-${t.code.toLowerCase()}@example.org`;
    const owner = await addPerson(app, t.id, { mobile: uniqueMobile(), email, password: "Quiet-Garden-42", language: "ta", roles: ["staff"] });
    const stranger = uniqueMobile();
    for (const mobile of [owner.mobile!, stranger]) {
      for (let a = 1; a <= 40; a++) await from(`203.0.115.${a}`, { mobile, password: `Wrong-guess-${a}`, code: t.code });
    }
    const mails = await messagesTo(t.id, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("உங்கள் Taleem கணக்கில் கடவுச்சொல் மூலம் உள்நுழைவது நிறுத்தப்பட்டுள்ளது");
    expect(await messagesTo(t.id, owner.mobile!)).toHaveLength(1);
    expect(await messagesTo(t.id, stranger)).toHaveLength(0);
    // The locked account answers the same whether or not it exists.
    const [known, unknown] = [
      await from("198.51.100.8", { mobile: owner.mobile, password: "Quiet-Garden-42", code: t.code }),
      await from("198.51.100.8", { mobile: stranger, password: "Quiet-Garden-42", code: t.code }),
    ];
    expect(known.json().code).toBe("signin.account_locked");
    expect(unknown.json().code).toBe(known.json().code);
  });

  it("a forged X-Forwarded-For from an untrusted peer counts against the peer's own address", async () => {
    const t = await newTenant(app);
    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: "POST",
        url: "/admin/open/auth/login-mobile",
        remoteAddress: "192.0.2.9",
        headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": `203.0.116.${i}` },
        payload: { mobile: t.admin.mobile, password: `Wrong-guess-${i}`, code: t.code },
      });
    }
    const sixth = await app.inject({
      method: "POST",
      url: "/admin/open/auth/login-mobile",
      remoteAddress: "192.0.2.9",
      headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": "203.0.116.77" },
      payload: { mobile: t.admin.mobile, password: t.admin.password, code: t.code },
    });
    expect(sixth.json().code).toBe("signin.locked");
  });
});
