import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

type Settings = { config: Record<string, unknown> };

describe("the counter's cash in the settings", () => {
  it("lets the school ask the office to confirm cash, and turns it off again", async () => {
    const admin = await adminApi();
    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/settings");
    await appReady(page);
    const toggle = page.getByRole("switch", { name: "The office confirms cash too" });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    try {
      await toggle.check({ force: true });
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(async () => (await admin.get<Settings>("/admin/api/setting")).config.feeConfirmCash).toBe(true);
      await switchLanguage(page, "ur");
      try {
        const urToggle = page.getByRole("switch", { name: "نقد کی تصدیق بھی دفتر کرے" });
        await urToggle.scrollIntoViewIfNeeded();
        expect(await urToggle.isChecked()).toBe(true);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/settings-fees-ur-360.png` });
        expect(await seriousViolations(page, "form")).toBe("");
      } finally {
        await switchLanguage(page, "en");
      }
      // Read again as saved: the switch is on, and turning it off saves null (the default again).
      await page.goto("/admin/settings");
      await appReady(page);
      expect(await toggle.isChecked()).toBe(true);
      await toggle.uncheck({ force: true });
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(async () => (await admin.get<Settings>("/admin/api/setting")).config.feeConfirmCash ?? null).toBe(null);
    } finally {
      await admin.call("PUT", "/admin/api/setting", { config: { feeConfirmCash: null } });
    }
  });
});
