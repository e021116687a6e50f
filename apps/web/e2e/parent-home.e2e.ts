import { describe, expect, it } from "vitest";
import { appReady, useBrowser as browserPerTest, chooseSchool, DEMO, signInAs } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

describe("parent area", () => {
  it("a parent lands on /parent/home and sees their name, school and their two children", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    expect(new URL(page.url()).pathname).toBe("/parent/home");
    await page.getByTestId("parent-name").getByText("Fatima Begum (Parent)").waitFor();
    await page.getByText("Your school").waitFor();
    // The demo school links the demo parent to two children (apps/server/src/db/demo/demo-roster.ts).
    await page.getByText("Muhammed Rayan").first().waitFor();
    await page.getByText("Ayisha Minha").first().waitFor();
    // A parent has no classes; the bottom bar offers home, chat and profile.
    const bar = page.getByRole("navigation", { name: "Sections" });
    expect(await bar.getByRole("link").allTextContents()).toEqual(["Home", "Chat", "Profile"]);
    const box = await bar.boundingBox();
    expect(box!.y).toBeGreaterThan(600);
    await appReady(page);
    await page.screenshot({ path: "/tmp/shots/parent-home-phone.png" });
    await bar.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL((u) => u.pathname === "/parent/profile");
    await page.getByRole("heading", { name: "My profile" }).waitFor();
  });

  it("staff see My classes, empty until the school assigns classes", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await page.getByText("See your classes").waitFor();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "My classes" }).click();
    await page.waitForURL((u) => u.pathname === "/parent/classes");
    await page.getByText("Your classes appear here once the school assigns them to you.").waitFor();
    // Signing out ends the session on the server too: the session check then says signed out.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/auth/sign-in");
    const session = await (await page.request.get("/user/open/auth/validatetoken")).json();
    expect(session.auth).toBe(false);
  });

  it("the profile screen changes one's own details", async () => {
    const page = await browser.page();
    await signInAs(page, "muawin");
    await page.goto("/parent/profile");
    const name = page.getByLabel(/^Name/);
    const before = await name.inputValue();
    await name.fill(`${before} `);
    await page.getByLabel(/^E-mail/).fill("muawin@example.org");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your profile was saved").waitFor();
    const me = await (await page.request.get("/user/api/user")).json();
    expect(me.data.email).toBe("muawin@example.org");
  });

  it("switches profile: the page reloads into the other profile's area", async () => {
    const setup = await browser.page();
    await signInAs(setup, "admin");
    const roles = await (await setup.request.get("/admin/api/role?limit=100")).json();
    const id = (key: string) => roles.rows.find((r: { builtin: string | null }) => r.builtin === key).id;
    const mobile = `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const made = await setup.request.post("/admin/api/user", {
      headers: { "x-requested-with": "XMLHttpRequest" },
      data: { name: "Khadija Two Roles", mobile, password: DEMO.password, roleIds: [id("parent"), id("admin")] },
    });
    expect(made.status()).toBe(200);

    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await chooseSchool(page);
    await page.locator("input[name=username]").fill(mobile);
    await page.locator("input[name=password]").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/parent/home" || u.pathname === "/admin/dashboard");
    const startedIn = new URL(page.url()).pathname;
    const [menuPath, target, targetHome] =
      startedIn === "/parent/home" ? ["/parent/profile", "Admin", "/admin/dashboard"] : ["/admin/profile", "Parent", "/parent/home"];
    await page.goto(menuPath);
    await page.getByRole("heading", { name: "My profiles" }).waitFor();
    const loaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Switch" }).click();
    await loaded;
    await page.waitForURL((u) => u.pathname === targetHome);
    await appReady(page);
    await page
      .getByRole("button", { name: /Account menu/ })
      .getByText(target)
      .waitFor();
  });
});
