import { describe, expect, it } from "vitest";
import { appReady, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

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
});
