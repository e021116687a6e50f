import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, setupBrowser, signInAs } from "./harness";

// A photo and a logo are uploaded files, picked or taken with the phone's camera: the server
// refuses typed addresses for them.
const browser = setupBrowser();
const tag = Math.random().toString(36).slice(2, 7);

/** A real 1x1 PNG: the server checks a file's first bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** Picks a file through the browser's own file chooser, opened by the field's button. */
async function choose(page: Page, button: Locator, name: string, buffer: Buffer, mimeType = "image/png") {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles({ name, mimeType, buffer });
}

/** Whether the picture at `src` loads in the page (the signed-in person may read the upload). */
const loads = (page: Page, src: string) => page.evaluate(async (url) => (await fetch(url, { credentials: "include" })).ok, src);

describe("uploads in the generic form and the settings", () => {
  it("adds a student with a photo chosen from the device, and refuses a disguised file on the field", async () => {
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add student" });
    await dialog.getByRole("textbox", { name: "Admission number" }).fill(`UP-${tag}`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Photo ${tag}`);

    // A text file named like a picture is caught by its first bytes, before any upload.
    await choose(page, dialog.getByRole("button", { name: "Choose a picture" }), "notes.png", Buffer.from("just some text, not a picture"), "image/png");
    await dialog.getByText("cannot be used").waitFor();

    await choose(page, dialog.getByRole("button", { name: "Choose a picture" }), "face.png", PNG);
    await dialog.getByRole("button", { name: "Replace picture" }).waitFor();
    await dialog.getByRole("button", { name: "Add student" }).click();
    await dialog.waitFor({ state: "hidden" });

    const api = await adminApi();
    const { rows } = await api.get<{ rows: { admissionNo: string; photo: string | null }[] }>(`/admin/api/student?q=UP-${tag}`);
    expect(rows[0]?.photo).toMatch(/^\/admin\/api\/upload\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await loads(page, rows[0]!.photo!)).toBe(true);
  });

  it("offers the camera on a phone", async () => {
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/students");
    await appReady(page);
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add student" });
    await dialog.getByRole("button", { name: "Take a photo" }).waitFor();
    expect(await dialog.locator('input[type=file][capture="environment"]').count()).toBe(1);
  });

  it("uploads the school's logo in the settings, which anyone may then read", async () => {
    const api = await adminApi();
    const before = (await api.get<{ school: { logo: string | null } }>("/admin/api/setting")).school.logo;
    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/settings");
    await appReady(page);
    try {
      const logo = page.locator("[data-upload-field=logo]");
      await choose(page, logo.getByRole("button", { name: /Choose a picture|Replace picture/ }), "logo.png", PNG);
      await page.getByRole("button", { name: "Replace picture" }).waitFor();
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Settings updated successfully").waitFor();
      const saved = (await api.get<{ school: { logo: string | null } }>("/admin/api/setting")).school.logo;
      expect(saved).toMatch(/^\/admin\/open\/upload\/\d+\/[A-Za-z0-9_-]{22}\.png$/);
      expect(saved).not.toBe(before);
      const stranger = await browser.page();
      expect((await stranger.request.get(saved!)).ok()).toBe(true);
    } finally {
      await api.call("PUT", "/admin/api/setting", { school: { logo: before } });
    }
  });
});
