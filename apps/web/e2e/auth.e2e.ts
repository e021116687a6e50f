import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { appReady, chooseSchool, codeFromLog, DEMO, type DemoPerson, HOME, logMark, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();

describe("signing in", () => {
  for (const who of ["admin", "staff", "parent", "muawin"] as const satisfies DemoPerson[]) {
    it(`${who} signs in with mobile and password and lands in ${HOME[who]}`, async () => {
      const page = await browser.page();
      await signInAs(page, who);
      expect(new URL(page.url()).pathname).toBe(HOME[who]);
      // The session survives a reload, and the sign-in page sends a signed-in person home.
      await page.goto("/auth/sign-in");
      await page.waitForURL((u) => u.pathname === HOME[who]);
    });
  }

  it("signs in by username too", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await page.locator("input[name=username]").fill("teacher");
    await page.locator("input[name=password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home");
  });

  it("finds the school by its code, remembers it, and refuses an unknown one", async () => {
    const page = await browser.page();
    await page.goto("/auth/sign-in");
    await page.locator("input[name=code]").fill("NO-SUCH-SCHOOL");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("form-error").textContent()).resolves.toContain("No school or centre was found with this code.");
    await page.locator("input[name=code]").fill("demo");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByTestId("school-badge").getByText("Al-Noor Demo Madrasa").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("taleem_school_code"))).toBe("DEMO");
    await page.reload();
    await page.getByTestId("school-badge").getByText("Al-Noor Demo Madrasa").waitFor();
  });

  it("says clearly when the password is wrong", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await page.locator("input[name=username]").fill(DEMO.mobiles.parent);
    await page.locator("input[name=password]").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toContain("Invalid credentials");
    expect(new URL(page.url()).pathname).toBe("/auth/sign-in");
  });

  it("signs in with a one-time code read from the server log", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Sign in with a one-time code" }).click();
    await page.locator("input[type=tel]").fill(DEMO.mobiles.parent);
    const mark = logMark();
    await page.getByRole("button", { name: "Send code" }).click();
    const code = await codeFromLog(DEMO.mobiles.parent, "login", mark);
    await page.locator("input[name=otp]").fill(code);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home");
  });

  it("is usable by keyboard alone", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await appReady(page);
    // The first field has the focus; type, Tab to the password, Enter submits.
    await page.locator("input[name=username]").waitFor();
    await page.keyboard.type(DEMO.mobiles.admin);
    await page.keyboard.press("Tab");
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/admin/dashboard");
  });

  it("resets a forgotten password with a code by SMS", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL((u) => u.pathname === "/auth/forgot-password");
    await page.locator("input[type=tel]").fill(DEMO.mobiles.muawin);
    const mark = logMark();
    await page.getByRole("button", { name: "Send code" }).click();
    const code = await codeFromLog(DEMO.mobiles.muawin, "reset", mark);
    await page.locator("input[name=otp]").fill(code);
    // The same password again: the demo accounts keep working for the other tests.
    await page.locator("input[name=new-password]").fill(DEMO.password);
    await page.locator("input[name=confirm-password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByTestId("reset-done").waitFor();
    await signInAs(page, "muawin");
  });

  it("shows an unusable reset link and e-mail link as such", async () => {
    const page = await browser.page();
    await page.goto("/auth/reset-password/not-a-real-token-but-long-enough-0123456789");
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toContain("This link is invalid or has expired");
    await page.goto("/auth/verify-email/not-a-real-token-but-long-enough-0123456789");
    await page.getByTestId("form-error").waitFor();
  });
});

describe("the sign-in page", () => {
  it("shows the splash with the logo and 'Loading...' first, then the page", async () => {
    const page = await browser.page();
    await page.goto("/auth/sign-in", { waitUntil: "domcontentloaded" });
    expect(await page.locator("#splash").textContent()).toContain("Loading...");
    expect(await page.locator("#splash img").count()).toBe(1);
    await appReady(page);
    await page.locator("input[name=code]").waitFor();
  });

  it("has no serious or critical accessibility violation", async () => {
    for (const schoolCode of [undefined, DEMO.code]) {
      const page = await browser.page({ schoolCode });
      await page.goto("/auth/sign-in");
      await appReady(page);
      await (schoolCode ? page.locator("input[name=username]") : page.locator("input[name=code]")).waitFor();
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });

  it("loads at most 170 KB of JavaScript (gzipped) and no push, table, chart or socket code", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    const scripts: { url: string; gz: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() !== "script") return;
      pending.push(
        r
          .body()
          .then((b) => void scripts.push({ url: new URL(r.url()).pathname, gz: gzipSync(b).length }))
          .catch(() => undefined),
      );
    });
    await page.goto("/auth/sign-in");
    await appReady(page);
    await chooseSchool(page);
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const total = scripts.reduce((s, x) => s + x.gz, 0);
    console.log(`sign-in page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`);
    expect(total, scripts.map((s) => `${s.url} ${s.gz}`).join("\n")).toBeLessThanOrEqual(170 * 1024);
    expect(scripts.map((s) => s.url).filter((u) => /push|socket|table|chart|dates|exceljs|query/i.test(u))).toEqual([]);
  });

  it("works on a 360-pixel-wide phone without sideways scrolling", async () => {
    const page = await browser.page({ viewport: { width: 360, height: 740 }, schoolCode: DEMO.code, isMobile: true, hasTouch: true });
    await page.goto("/auth/sign-in");
    await appReady(page);
    await page.locator("input[name=username]").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe("app and download", () => {
  for (const [path, device, ua, host] of [
    [
      "/download",
      "an Android phone",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "play.google.com",
    ],
    [
      "/app",
      "an iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "apps.apple.com",
    ],
  ] as const) {
    it(`${path} on ${device} shows 'Redirecting to app store...' and goes to ${host}`, async () => {
      const page = await browser.page({ userAgent: ua });
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => {
        release = r;
      });
      // The store links are held back until the text was checked; the store answers locally.
      await page.route("**/user/open/auth/super-settings", async (route) => {
        await held;
        await route.continue();
      });
      let target = "";
      await page.route(`https://${host}/**`, async (route) => {
        target = route.request().url();
        await route.fulfill({ status: 200, contentType: "text/html", body: "<title>store</title>" });
      });
      await page.goto(path);
      await page.getByTestId("store-redirect").waitFor();
      expect(await page.getByTestId("store-redirect").textContent()).toBe("Redirecting to app store...");
      release();
      await page.waitForURL((u) => u.hostname === host);
      expect(target).toContain(host);
    });
  }
});

/** Calls the API from the page, as the signed-in person (their token, the app's header). */
function call<T>(page: import("playwright-core").Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", "x-access-token": localStorage.getItem("x_access_token") ?? "" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: r.status, body: await r.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: T }>;
}

describe("two-factor sign-in", () => {
  it("asks a role that requires it for the code sent by SMS, then lands", async () => {
    const admin = await browser.page();
    await signInAs(admin, "admin");
    const roles = await call<{ rows: { id: number; builtin: string | null }[] }>(admin, "GET", "/admin/api/role?limit=100");
    const staffRole = roles.body.rows.find((r) => r.builtin === "staff")!;
    expect((await call(admin, "PUT", "/admin/api/role", { id: staffRole.id, requiresTwoFactor: true })).status).toBe(200);
    try {
      const page = await browser.page({ schoolCode: DEMO.code });
      await page.goto("/auth/sign-in");
      await page.locator("input[name=username]").fill(DEMO.mobiles.staff);
      await page.locator("input[name=password]").fill(DEMO.password);
      const mark = logMark();
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
      await page.locator("input[name=otp]").fill("000000");
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.getByTestId("form-error").waitFor();
      expect(await page.getByTestId("form-error").textContent()).toContain("The code is wrong or has expired.");
      await page.locator("input[name=otp]").fill(await codeFromLog(DEMO.mobiles.staff, "two-factor", mark));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.waitForURL((u) => u.pathname === "/parent/home");
    } finally {
      await call(admin, "PUT", "/admin/api/role", { id: staffRole.id, requiresTwoFactor: false });
    }
  });
});

describe("installable app and push", () => {
  it("has a manifest with its icons and a service worker that leaves API calls to the network", async () => {
    const page = await browser.page({ serviceWorkers: "allow", schoolCode: DEMO.code });
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.name).toBe("Taleem");
    expect(manifest.display).toBe("standalone");
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const r = await page.request.get(icon.src);
      expect([icon.src, r.status(), r.headers()["content-type"]]).toEqual([icon.src, 200, expect.stringContaining(icon.type.split("+")[0]!)]);
    }
    expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    await page.goto("/auth/sign-in");
    await appReady(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await appReady(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // Under the service worker: sign-in (API calls) works, and an API path is never the app's page.
    const health = await page.evaluate(() => fetch("/health").then((r) => r.headers.get("content-type")));
    expect(health).toContain("application/json");
    await page.locator("input[name=username]").fill(DEMO.mobiles.parent);
    await page.locator("input[name=password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home");
  });

  it("takes a native wrapper's device token through window.registerDeviceToken", async () => {
    const page = await browser.page();
    await signInAs(page, "parent");
    const sent = page.waitForRequest((r) => r.url().endsWith("/user/api/user/updatefcmtoken") && r.method() === "POST");
    await page.evaluate(() => window.registerDeviceToken?.("native-device-token-123"));
    const request = await sent;
    expect(request.postDataJSON()).toEqual({ fcmToken: "native-device-token-123" });
    expect((await request.response())?.status()).toBe(200);
  });

  it("logs that push is not supported where it is not, and keeps working", async () => {
    const page = await browser.page();
    await page.addInitScript(() => {
      // A browser without Web Push.
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await signInAs(page, "parent");
    await expect.poll(() => errors.some((e) => /Push messaging is not supported/.test(e))).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/parent/home");
  });

  it("loads no push code before sign-in", async () => {
    // Notifications allowed and a service worker running: after sign-in the device registers.
    const page = await browser.page({ schoolCode: DEMO.code, serviceWorkers: "allow", permissions: ["notifications"] });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/auth/sign-in");
    await appReady(page);
    expect(scripts.filter((u) => /\/push-/.test(u))).toEqual([]);
    await page.locator("input[name=username]").fill(DEMO.mobiles.parent);
    await page.locator("input[name=password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home");
    // Once the service worker has installed (it precaches the app first).
    await expect.poll(() => scripts.some((u) => /\/push-/.test(u)), { timeout: 30_000 }).toBe(true);
  });
});
