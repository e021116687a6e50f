import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appReady, useBrowser as browserPerTest, chooseSchool, DEMO, seriousViolations, signInAs, switchLanguage } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();
const JSON_HEADERS = { "x-requested-with": "XMLHttpRequest" };
const SHOTS = "/tmp/shots";

/** Signs in a person the test made (the harness knows the demo people only). */
async function signInWith(page: Page, mobile: string, home: string) {
  await page.goto("/auth/sign-in");
  await chooseSchool(page);
  await page.locator("input[name=username]").fill(mobile);
  await page.locator("input[name=password]").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => u.pathname === home);
}

const uniqueMobile = () => `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const uniqueName = (stem: string) => `${stem} ${Math.random().toString(36).slice(2, 8)}`;

/** Opens the add dialog and fills name, mobile and one role. */
async function fillNewUser(page: Page, name: string, mobile: string, role = "Parent") {
  await page.getByRole("button", { name: "Add user" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Mobile number/).fill(mobile);
  await dialog.getByLabel(/^Roles/).click();
  await page.getByRole("option", { name: role, exact: true }).click();
  // Closes the role list without closing the dialog.
  await dialog.getByRole("heading", { name: "Add user" }).click();
  return dialog;
}

describe("users screen", () => {
  it("adds a user through the form, finds it by search, edits it and deletes it", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.getByRole("link", { name: "Users" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/users");
    await page.getByRole("cell", { name: "Aisha Rahman (Admin)", exact: true }).waitFor();

    const name = uniqueName("Maryam Test");
    const dialog = await fillNewUser(page, name, uniqueMobile());
    await dialog.getByRole("button", { name: "Add user" }).click();
    await page.getByText("User added successfully").waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("searchbox", { name: "Search" }).fill(name);
    await page.waitForURL((u) => u.searchParams.get("q") === name);
    await page.getByText("1–1 of 1").waitFor();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByText("Parent").waitFor();

    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog");
    await edit.getByLabel(/^Name/).fill(`${name} Edited`);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("User updated successfully").waitFor();
    await page.getByRole("cell", { name: `${name} Edited`, exact: true }).waitFor();

    await page.getByRole("button", { name: `Actions for ${name} Edited` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this user?" });
    await confirm.getByText(`${name} Edited will be deleted`).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("User deleted successfully").waitFor();
    await page.getByText("No users match these filters").waitFor();
  });

  it("puts a bad mobile number's error on the mobile field, from the form's check and from the server", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/users");
    const dialog = await fillNewUser(page, uniqueName("Bad Mobile"), "call me");
    const mobile = dialog.getByLabel(/^Mobile number/);
    await dialog.getByRole("button", { name: "Add user" }).click();
    await dialog.getByText("Not a valid mobile number").waitFor();
    expect(await mobile.getAttribute("aria-invalid")).toBe("true");

    // Digits, but no Indian number: the form reads it with the school's country, as the server does.
    await mobile.fill("123456");
    expect(await mobile.getAttribute("aria-invalid")).not.toBe("true");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await dialog.getByText("Not a valid mobile number").waitFor();
    expect(await mobile.getAttribute("aria-invalid")).toBe("true");

    // A real number the server refuses (another user has it): its error lands on the mobile field too.
    await mobile.fill(DEMO.mobiles.staff);
    expect(await mobile.getAttribute("aria-invalid")).not.toBe("true");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await dialog.getByText("Another user in this school already has this mobile number.").waitFor();
    expect(await mobile.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel(/^Name/).getAttribute("aria-invalid")).not.toBe("true");
  });

  it("imports a spreadsheet all or nothing, naming each bad row", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/users");
    const good = uniqueMobile();
    const csv = (second: string) => Buffer.from(`Name,Mobile,Role,Language\nSafiya Import,${good},Parent,Malayalam\nHamza Import,${second},Parent,en\n`);
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import users from a spreadsheet" });
    await dialog.locator("input[type=file]").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: csv("12") });
    await dialog.getByText("Rows to import: 2").waitFor();
    await dialog.getByRole("button", { name: "Import (2)" }).click();
    await dialog.getByText("Rows with problems: 1").waitFor();
    await dialog.getByRole("row", { name: /^2 Mobile number/ }).waitFor();
    const none = await (await page.request.get(`/admin/api/user?q=${encodeURIComponent(good)}`)).json();
    expect(none.count).toBe(0);

    await dialog.locator("input[type=file]").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: csv(uniqueMobile()) });
    await dialog.getByRole("button", { name: "Import (2)" }).click();
    await page.getByText("Users imported successfully (2)").waitFor();
    const imported = await (await page.request.get(`/admin/api/user?q=${encodeURIComponent(good)}`)).json();
    expect(imported.rows[0]).toMatchObject({ name: "Safiya Import", language: "ml" });
  });

  it("has no serious or critical accessibility violation", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/users");
    await page.getByRole("cell", { name: "Aisha Rahman (Admin)", exact: true }).waitFor();
    expect(await seriousViolations(page)).toBe("");
    await fillNewUser(page, "Axe Check", "abc");
    expect(await seriousViolations(page)).toBe("");
  });

  it("looks right in English, Arabic and Malayalam (screenshots)", async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A school admin of its own, so switching languages leaves the demo admin's profile alone.
    const setup = await browser.page();
    await signInAs(setup, "admin");
    const roles = await (await setup.request.get("/admin/api/role?limit=100")).json();
    const adminRole = roles.rows.find((r: { builtin: string | null }) => r.builtin === "admin");
    const mobile = uniqueMobile();
    const created = await setup.request.post("/admin/api/user", {
      headers: JSON_HEADERS,
      data: { name: "Zainab Screenshot", mobile, password: DEMO.password, roleIds: [adminRole.id] },
    });
    expect(created.status()).toBe(200);

    const page = await browser.page({ schoolCode: DEMO.code });
    await signInWith(page, mobile, "/admin/dashboard");
    await page.goto("/admin/users");
    await appReady(page);
    await page.getByRole("cell", { name: "Aisha Rahman (Admin)", exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/users-en.png`, fullPage: true });

    await switchLanguage(page, "ar");
    await page.getByRole("heading", { name: "المستخدمون" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/users-ar.png`, fullPage: true });

    await switchLanguage(page, "ml");
    await page.getByRole("heading", { name: "ഉപയോക്താക്കൾ" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/users-ml.png`, fullPage: true });

    // The phone layout: the navigation folds behind the burger, the table scrolls sideways.
    await switchLanguage(page, "en");
    await page.setViewportSize({ width: 360, height: 760 });
    await page.getByRole("heading", { name: "Users" }).waitFor();
    // The navigation slides away when the page narrows.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/users-phone.png`, fullPage: true });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Roles and permissions" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/roles");
  });
});
