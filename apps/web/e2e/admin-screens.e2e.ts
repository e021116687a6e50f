import { describe, expect, it } from "vitest";
import { appReady, useBrowser as browserPerTest, DEMO, seriousViolations, signInAs } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();

describe("roles screen", () => {
  it("saves a role's permission matrix and shows the Admin role locked", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/roles");

    // A role of the test's own, so the demo roles other tests rely on stay as they are.
    const name = `Librarian ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByRole("button", { name: "Add role" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Area/).click();
    await page.getByRole("option", { name: "Parent area" }).click();
    await dialog.getByRole("button", { name: "Add role" }).click();
    await page.getByText("Role added successfully").waitFor();

    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Edit permissions" }).click();
    const matrix = page.getByRole("dialog", { name: `Permissions of ${name}` });
    // Granting an action grants view with it.
    await matrix.getByRole("checkbox", { name: "Students: Edit" }).check();
    expect(await matrix.getByRole("checkbox", { name: "Students: View" }).isChecked()).toBe(true);
    await matrix.getByRole("checkbox", { name: "Exams: View" }).check();
    await matrix.getByRole("checkbox", { name: "Publish" }).check();
    await matrix.getByRole("button", { name: "Save permissions" }).click();
    await page.getByText(`Permissions of ${name} saved`).waitFor();
    await matrix.waitFor({ state: "detached" });

    const roles = await (await page.request.get("/admin/api/role?limit=100")).json();
    const saved = roles.rows.find((r: { name: string }) => r.name === name);
    expect(saved.permissions).toEqual({ students: ["view", "edit"], exams: ["view", "publish"] });

    // Reopened, the matrix shows what was saved.
    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Edit permissions" }).click();
    expect(await matrix.getByRole("checkbox", { name: "Exams: View" }).isChecked()).toBe(true);
    expect(await matrix.getByRole("checkbox", { name: "Fees: View" }).isChecked()).toBe(false);
    await matrix.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Actions for Admin" }).click();
    await page.getByRole("menuitem", { name: "Edit permissions" }).click();
    const locked = page.getByRole("dialog", { name: "Permissions of Admin" });
    await locked.getByText("The Admin role can always do everything").waitFor();
    expect(await locked.getByRole("checkbox", { name: "Fees: Delete" }).isDisabled()).toBe(true);
    expect(await locked.getByRole("checkbox", { name: "Fees: Delete" }).isChecked()).toBe(true);
    expect(await locked.getByRole("button", { name: "Save permissions" }).count()).toBe(0);
    await locked.getByRole("button", { name: "Close" }).last().click();

    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this role?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Role deleted successfully").waitFor();
  });
});

describe("settings screen", () => {
  it("guards the wipe behind the admin's password and the typed school code", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/settings");
    await page.getByRole("heading", { name: "Danger zone" }).waitFor();
    const password = page.getByLabel(/^Your password/);

    await password.fill("Not-the-password-1");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "Verification failed" }).waitFor();
    expect(await page.getByRole("button", { name: "Wipe all data" }).count()).toBe(0);

    await password.fill(DEMO.password);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Verified", { exact: true }).waitFor();
    const wipe = page.getByRole("button", { name: "Wipe all data" });
    expect(await wipe.isDisabled()).toBe(true);
    await page.getByLabel(/^Type the school's code/).fill("demo");
    expect(await wipe.isDisabled()).toBe(true);
    await page.getByLabel(/^Type the school's code/).fill("DEMO");
    expect(await wipe.isDisabled()).toBe(false);
    // The demo school is shared by every test: the wipe itself is not pressed. Starting over locks it again.
    await page.getByRole("button", { name: "Start over" }).click();
    await page.getByRole("button", { name: "Verify" }).waitFor();
    expect(await wipe.count()).toBe(0);
  });

  it("saves the school's public details", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/settings");
    const tagline = `Learning with love ${Math.random().toString(36).slice(2, 6)}`;
    await page.getByLabel(/^Tagline/).fill(tagline);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Settings updated successfully").waitFor();
    const open = await (await page.request.get("/admin/open/setting/DEMO")).json();
    expect(open.config.tagline).toBe(tagline);
  });

  it("has no serious or critical accessibility violation", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/settings");
    await page.getByRole("heading", { name: "Danger zone" }).waitFor();
    await page.getByLabel(/^Name/).first().waitFor();
    expect(await seriousViolations(page)).toBe("");
    await page.getByLabel(/^Your password/).fill("Not-the-password-1");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "Verification failed" }).waitFor();
    expect(await seriousViolations(page)).toBe("");
  });
});

describe("dashboard and the right-to-left area", () => {
  it("shows the school, its counts and the next steps", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    await page.getByText("Al-Noor Demo Madrasa").first().waitFor();
    await page.getByText("All users").waitFor();
    // The step opens the parents once the school's roles are in (before, all users).
    const addParents = page.getByRole("link", { name: /Add parents/ });
    await expect.poll(async () => await addParents.getAttribute("href")).toContain("roleId=");
    await addParents.click();
    await page.waitForURL((u) => u.pathname === "/admin/users" && !!u.searchParams.get("roleId"));
    // The demo school has a hundred parents: find the demo parent among them.
    await page.goto(`${page.url()}&q=Fatima`);
    await page.getByRole("cell", { name: "Fatima Begum (Parent)", exact: true }).waitFor();
  });

  it("shows the administration right to left under /rtl and keeps its links there", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/rtl/dashboard");
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // An English sentence that starts with a date ("1 Dec 2026 to 7 Dec 2026") reads in its own
    // order: its first character is drawn left of its last, not moved to the right end.
    const range = page.getByTestId("figures-range");
    await range.waitFor();
    const ends = await range.evaluate((el) => {
      const text = [...el.querySelectorAll("*"), el].flatMap((e) => [...e.childNodes]).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())!;
      const at = (i: number) => {
        const r = document.createRange();
        r.setStart(text, i);
        r.setEnd(text, i + 1);
        return r.getBoundingClientRect().left;
      };
      return { text: text.textContent, first: at(0), last: at(text.textContent!.length - 1) };
    });
    expect(ends.text).toMatch(/^\d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}$/);
    expect(ends.first).toBeLessThan(ends.last);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const box = await nav.boundingBox();
    expect(box!.x).toBeGreaterThan(640);
    await nav.getByRole("link", { name: "Users" }).click();
    await page.waitForURL((u) => u.pathname === "/rtl/users");
    await page.getByRole("cell", { name: "Aisha Rahman (Admin)", exact: true }).waitFor();
    await appReady(page);
    await page.screenshot({ path: "/tmp/shots/rtl-users-en.png" });
    // Leaving the area gives the page back its own direction.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "My profile" }).click();
    await page.waitForURL((u) => u.pathname === "/rtl/profile");
    await page.goto("/admin/dashboard");
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");
  });
});
