import { describe, expect, it } from "vitest";
import { adminOfNewTenant, client, PASSWORD, testApp, uniqueMobile } from "../../../test/harness.js";
import { hashingLine, hashingStats } from "./passwords.js";

describe("password sign-in under load", () => {
  it("hashes nothing for a number that has no account, and answers as a wrong password does", async () => {
    const app = await testApp();
    const { tenant } = await adminOfNewTenant(app);
    const signIn = (mobile: string, password: string) => client(app).post("/admin/open/auth/login-mobile", { mobile, password, code: tenant.code });

    const before = hashingStats();
    const madeUp = await Promise.all(Array.from({ length: 5 }, () => signIn(uniqueMobile(), "Made-Up-Password-1")));
    const afterMadeUp = hashingStats();
    expect(afterMadeUp.worked).toBe(before.worked);
    expect(afterMadeUp.imitated).toBe(before.imitated + 5);

    const wrong = await signIn(tenant.admin.mobile, "Wrong-Password-1");
    expect(hashingStats().worked).toBe(afterMadeUp.worked + 1);
    for (const res of madeUp) {
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(res.json()).toEqual(wrong.json());
    }
    expect(wrong.json()).toMatchObject({ auth: false, code: "signin.invalid" });
  });

  it("lets a burst of genuine sign-ins larger than the old line of 48 all in, waiting instead of 503", async () => {
    // One account signs in many times at once: its own limits would answer 429 before any hashing.
    const app = await testApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: "100000", LOGIN_ACCOUNT_SLOW_AFTER: "100000", LOGIN_ACCOUNT_LOCK_AFTER: "100000" });
    const { tenant } = await adminOfNewTenant(app);
    const burst = await Promise.all(
      Array.from({ length: 100 }, () =>
        client(app).post("/admin/open/auth/login-mobile", { mobile: tenant.admin.mobile, password: PASSWORD, code: tenant.code }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(burst.every((res) => res.json().auth === true)).toBe(true);
  });

  it("gives each address a line of its own, and an IPv6 subscriber's /64 one line", () => {
    expect(hashingLine("203.0.113.7")).toBe("203.0.113.7");
    expect(hashingLine("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(hashingLine("2001:db8:1:2:aaaa::1")).toBe(hashingLine("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(hashingLine("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(hashingLine("2001:db8:1:3::1")).not.toBe(hashingLine("2001:db8:1:2::1"));
  });
});
