import { describe, expect, it } from "vitest";
import { appReady, platformAdmin, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const pathOf = (url: string) => new URL(url).pathname;

describe("redirects", () => {
  it("sends / to the sign-in page, replacing the history entry", async () => {
    const direct = await browser.page();
    await direct.goto("/auth/sign-in");
    const entries = await direct.evaluate(() => history.length);
    const page = await browser.page();
    await page.goto("/");
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    // No extra entry: Back does not return to "/" (and bounce forward again).
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
  });

  it("sends someone not signed in from an area to the sign-in page", async () => {
    const page = await browser.page();
    for (const path of ["/admin/users", "/parent/home", "/rtl/dashboard"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    }
  });

  it("sends a Parent from an admin path to /parent/home", async () => {
    const page = await browser.page();
    await signInAs(page, "parent");
    await page.goto("/admin/users");
    await page.waitForURL((u) => u.pathname === "/parent/home");
    await page.goto("/rtl/users");
    await page.waitForURL((u) => u.pathname === "/parent/home");
  });

  it("sends Staff and Muawin from admin paths to /parent/home", async () => {
    for (const who of ["staff", "muawin"] as const) {
      const page = await browser.page();
      await signInAs(page, who);
      await page.goto("/admin/dashboard");
      await page.waitForURL((u) => u.pathname === "/parent/home");
    }
  });

  it("sends an Admin from a parent path to /admin/dashboard", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/parent/home");
    await page.waitForURL((u) => u.pathname === "/admin/dashboard");
  });

  it("keeps school roles out of platform/*", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/platform/home");
    await page.waitForURL((u) => u.pathname === "/admin/dashboard");
    await page.goto("/platform/sign-in");
    await page.waitForURL((u) => u.pathname === "/admin/dashboard");
    // The redirect lands on the real dashboard (the area loads after a redirect too).
    await page.goto("/platform");
    await page.waitForURL((u) => u.pathname === "/admin/dashboard");
    await page.getByRole("navigation").first().waitFor();
    expect(await page.getByText("Page not found").count()).toBe(0);
  });

  it("opens an area's bare path at its first page", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    for (const [from, to] of [
      ["/admin", "/admin/dashboard"],
      ["/rtl", "/rtl/dashboard"],
      ["/auth", "/admin/dashboard"],
    ] as const) {
      await page.goto(from);
      await page.waitForURL((u) => u.pathname === to);
    }
  });

  it("signs a platform admin in at /platform/sign-in, into /platform/home, and out again", async () => {
    const page = await browser.page();
    const { email, password } = platformAdmin();
    await page.goto("/platform/home");
    await page.waitForURL((u) => u.pathname === "/platform/sign-in");
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/platform/home");
    expect(await page.getByTestId("platform-admin").textContent()).toBe(email);
    // A platform admin is no school user: the school areas send them back.
    await page.goto("/admin/dashboard");
    await page.waitForURL((u) => u.pathname === "/platform/home");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/platform/sign-in");
    await page.goto("/platform/home");
    await page.waitForURL((u) => u.pathname === "/platform/sign-in");
  });

  it("sends the person to sign-in when a call answers 401 (the session ended)", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await appReady(page);
    // End the session on the server behind the app's back, then move within the app.
    await page.evaluate(() =>
      fetch("/user/api/user/logout", {
        method: "POST",
        headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": localStorage.getItem("x_access_token") ?? "", "content-type": "application/json" },
        body: "{}",
      }),
    );
    await page.evaluate(() => {
      history.pushState(null, "", "/admin/users");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    expect(await page.evaluate(() => localStorage.getItem("x_access_token"))).toBeNull();
  });
});

describe("areas load on demand", () => {
  it("shows an error with Retry when an area's code does not arrive, and Retry loads it", async () => {
    const page = await browser.page();
    let block = true;
    await page.route(/\/assets\/open\.routes-[^/]+\.js$/, (route) => (block ? route.abort() : route.continue()));
    await page.goto("/open/DEMO");
    await page.getByTestId("retry").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("This part of the app did not load");
    block = false;
    await page.getByTestId("retry").click();
    await page.getByRole("heading", { name: "Al-Noor Demo Madrasa" }).waitFor();
    expect(pathOf(page.url())).toBe("/open/DEMO");
  });

  it("loads the admin area only for those who may enter it", async () => {
    const page = await browser.page();
    const loaded: string[] = [];
    page.on("request", (r) => {
      if (/admin\.routes-/.test(r.url())) loaded.push(r.url());
    });
    await page.goto("/admin/users");
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    expect(loaded).toEqual([]);
  });
});

describe("refusals", () => {
  it("follows a 403 for the page itself to the reply's redirect, still signed in", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.route(/\/admin\/api\/user(\?|$)/, (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            status: 403,
            contentType: "application/json",
            body: JSON.stringify({ message: "No", code: "forbidden", redirect: "/admin/profile" }),
          })
        : route.continue(),
    );
    await page.goto("/admin/users");
    await page.waitForURL((u) => u.pathname === "/admin/profile");
    expect(await page.evaluate(() => localStorage.getItem("x_access_token"))).not.toBeNull();
  });
});
