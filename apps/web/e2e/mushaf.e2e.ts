import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appReady, PHONE as PHONE_360, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe("the mushaf", () => {
  it("opens Juz Amma in Urdu on a phone, in the mushaf's font, right to left, and turns to the next page on the left", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "admin");
    await page.goto("/admin/mushaf?page=582");
    await appReady(page);
    // The switcher saves the choice to the shared demo admin's profile: set back to English at the end.
    await switchLanguage(page, "ur");
    await page.getByRole("heading", { name: "مصحف" }).waitFor();
    const text = page.getByTestId("mushaf-text");
    await text.waitFor();
    expect(await text.getAttribute("dir")).toBe("rtl");
    // The first ayah of An-Naba, closed by its number in Arabic-Indic digits.
    expect(await page.locator("[data-ayah]").first().getAttribute("data-ayah")).toBe("5673");
    expect(await text.innerText()).toContain("﴿١﴾");
    await page.waitForFunction(() => document.fonts.check('16px "Amiri Quran"'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toBe("");
    await page.screenshot({ path: "/tmp/shots/mushaf-ur-phone.png" });

    // The next page lies to the left, as in a printed mushaf.
    const next = page.getByRole("button", { name: "اگلا صفحہ" });
    const prev = page.getByRole("button", { name: "پچھلا صفحہ" });
    expect((await next.boundingBox())!.x).toBeLessThan((await prev.boundingBox())!.x);
    await next.click();
    await page.waitForURL((u) => u.searchParams.get("page") === "583");
    await page.getByText("صفحہ 583 از 604").waitFor();
    await switchLanguage(page, "en");
    await page.getByRole("heading", { name: "Mushaf" }).waitFor();
  });

  it("draws page 594 on a 360 px phone in Urdu and Malayalam with Al-Fajr 25's open tanween in the code points its font has", async () => {
    const page = await browser.page(PHONE_360);
    await signInAs(page, "admin");
    await page.goto("/admin/mushaf?page=594");
    await appReady(page);
    mkdirSync("/tmp/shots", { recursive: true });
    try {
      for (const [language, heading] of [
        ["ur", "مصحف"],
        ["ml", "മുസ്ഹഫ്"],
      ] as const) {
        await switchLanguage(page, language);
        await page.getByRole("heading", { name: heading }).waitFor();
        const text = page.getByTestId("mushaf-text");
        // 89:25 (global 6018): «فَيَوۡمَئِذٖ ... أَحَدٞ», an open kasratan and an open dammatan.
        const fajr25 = await text.locator('[data-ayah="6018"]').innerText();
        expect(fajr25.endsWith("\u0623\u064E\u062D\u064E\u062F\u08F1")).toBe(true);
        expect(fajr25).toContain("\u0630\u08F2 ");
        // No mark on the page the font would draw as another one, or not at all.
        expect(await text.innerText()).not.toMatch(/[\u0656\u0657\u065E\u2009]/);
        await page.waitForFunction(() => document.fonts.check('16px "Amiri Quran"'));
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // "Page 594 of 604" in the reader's own direction, though the arrows around it keep the mushaf's.
        const direction = await page.getByText(/594.*604|604.*594/).evaluate((e) => getComputedStyle(e).direction);
        expect(direction).toBe(language === "ur" ? "rtl" : "ltr");
        await page.screenshot({ path: `/tmp/shots/mushaf-594-${language}-360.png`, fullPage: true });
      }
    } finally {
      await switchLanguage(page, "en");
    }
  });
});
