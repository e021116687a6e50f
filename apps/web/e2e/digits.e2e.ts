import { describe, expect, it } from "vitest";
import { adminApi, appReady, PHONE_BROWSER, setupBrowser, signInAs, switchLanguage } from "./harness";

// One choice of digits per school and language: an Urdu page writes its dates, counts and amounts
// all in Latin digits, or, when the school chooses Urdu's own, all in those; never the two mixed.
const browser = setupBrowser();
const LATIN = /[0-9]/;
const URDU = /[\u06f0-\u06f9]/;
const SHOTS = "/tmp/shots";

describe("a school's digits", () => {
  it("an Urdu dashboard writes every figure in Latin digits, then in Urdu ones once the school chooses them", async () => {
    const api = await adminApi();
    await api.call("PUT", "/admin/api/setting", { config: { digits: null } });
    const page = await browser.page();
    await signInAs(page, "admin");
    try {
      await page.goto("/admin/dashboard");
      await appReady(page);
      await switchLanguage(page, "ur");
      // The dates above the figures, and every figure (students, attendance, fees collected).
      const figures = async () => {
        await page.getByTestId("school-figures").waitFor();
        await page.getByTestId("attendance-trend").waitFor();
        return [await page.getByTestId("figures-range").innerText(), ...(await page.locator('[data-testid^="figure-"]').allInnerTexts())];
      };
      const latin = await figures();
      expect(latin.length).toBeGreaterThan(3);
      expect(
        latin.filter((f) => URDU.test(f)),
        "no figure in Urdu digits",
      ).toEqual([]);
      expect(latin.filter((f) => LATIN.test(f)).length, "figures are written").toBeGreaterThan(3);

      await page.goto("/admin/settings");
      await appReady(page);
      await page.getByRole("group", { name: "اردو" }).getByText("۱۲۳۴۵۶۷۸۹۰").click();
      const saved = page.waitForResponse((r) => r.url().endsWith("/admin/api/setting") && r.request().method() === "PUT");
      await page.getByRole("button", { name: "تبدیلیاں محفوظ کریں" }).click();
      expect((await saved).status()).toBe(200);
      expect((await api.get<{ config: { digits?: unknown } }>("/admin/api/setting")).config.digits).toEqual({ ur: "native" });

      await page.goto("/admin/dashboard");
      await appReady(page);
      await expect.poll(async () => URDU.test(await page.getByTestId("figures-range").innerText())).toBe(true);
      const urdu = await figures();
      expect(
        urdu.filter((f) => LATIN.test(f)),
        "no figure in Latin digits",
      ).toEqual([]);
      expect(urdu.filter((f) => URDU.test(f)).length).toBeGreaterThan(3);
      await page.screenshot({ path: `${SHOTS}/digits-dashboard-ur.png` });
      await page.goto("/admin/settings");
      await appReady(page);
      await page.getByRole("group", { name: "اردو" }).screenshot({ path: `${SHOTS}/digits-setting-ur.png` });
    } finally {
      await api.call("PUT", "/admin/api/setting", { config: { digits: null } });
      await switchLanguage(page, "en");
    }
  });

  it("the parent home the server draws writes a child's figures in the digits the school chose", async () => {
    const api = await adminApi();
    const page = await browser.page(PHONE_BROWSER);
    await signInAs(page, "parent");
    await appReady(page);
    await switchLanguage(page, "ur");
    try {
      await api.call("PUT", "/admin/api/setting", { config: { digits: { ur: "native" } } });
      // A child chosen once, so the server draws that child's home.
      await page.getByRole("radio").first().click();
      await page.goto("/parent/home");
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-server-home"))).toBe(true);
      const totals = await page.getByTestId("home-attendance-totals").first().innerText();
      expect(totals).toMatch(URDU);
      expect(totals).not.toMatch(LATIN);
      await page.screenshot({ path: `${SHOTS}/digits-parent-home-ur-360.png` });
    } finally {
      await api.call("PUT", "/admin/api/setting", { config: { digits: null } });
      await page.goto("/parent/profile");
      await appReady(page);
      await switchLanguage(page, "en");
    }
  });
});
