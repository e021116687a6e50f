import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appReady, DEMO, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

/** Where the heading's text itself sits (the heading box spans the card either way). */
const headingText = (page: Page) =>
  page.getByRole("heading", { level: 1 }).evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    const text = range.getBoundingClientRect();
    const box = h.getBoundingClientRect();
    return { start: text.left - box.left, end: box.right - text.right };
  });

const direction = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe("languages", () => {
  it("turns the page right to left for Arabic, mirroring the layout, and remembers it", async () => {
    const page = await browser.page({ schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await appReady(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const ltr = await headingText(page);
    const switcherLtr = (await page.getByTestId("language-switcher").boundingBox())!;
    await page.getByTestId("language-switcher").selectOption("ar");
    await page.getByRole("heading", { name: "تسجيل الدخول" }).waitFor();
    expect(await direction(page)).toEqual({ dir: "rtl", lang: "ar" });
    const rtl = await headingText(page);
    // The start-aligned heading moves from the card's left edge to its right edge...
    expect(ltr.start).toBeLessThan(2);
    expect(ltr.end).toBeGreaterThan(100);
    expect(rtl.end).toBeLessThan(2);
    expect(rtl.start).toBeGreaterThan(100);
    // ...and the switcher, at the end of the header, from the right side to the left.
    const switcherRtl = (await page.getByTestId("language-switcher").boundingBox())!;
    expect(switcherLtr.x).toBeGreaterThan(1280 / 2);
    expect(switcherRtl.x).toBeLessThan(1280 / 2);
    await page.reload();
    await appReady(page);
    await page.getByRole("heading", { name: "تسجيل الدخول" }).waitFor();
    expect(await direction(page)).toEqual({ dir: "rtl", lang: "ar" });
  });

  it("uses each script's own font", async () => {
    const fonts: Record<string, [string, string]> = {
      ar: ["Noto Naskh Arabic", "ع"],
      ur: ["Noto Nastaliq Urdu", "ع"],
      ml: ["Noto Sans Malayalam", "മ"],
      ta: ["Noto Sans Tamil", "த"],
      en: ["Noto Sans", "A"],
    };
    for (const [lng, [font, sample]] of Object.entries(fonts)) {
      const page = await browser.page({ language: lng, schoolCode: DEMO.code });
      await page.goto("/auth/sign-in");
      await appReady(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
      const family = await page.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
      // Arabic and Urdu pages draw Latin words in Noto Sans first; the script's font follows.
      const families = family.split(",").map((f) => f.trim().replace(/"/g, ""));
      expect(families.slice(0, lng === "ar" || lng === "ur" ? 2 : 1)).toContain(font);
      await page.evaluate(() => document.fonts.ready);
      // The bundled font is loaded for the script's letters (nothing falls back to a system font).
      const loaded = await page.evaluate(
        ([f, s]) =>
          document.fonts.check(`16px "${f}"`, s) && [...document.fonts].some((face) => face.family.replace(/"/g, "") === f && face.status === "loaded"),
        [font, sample],
      );
      expect(loaded).toBe(true);
    }
  });

  it("formats server errors in the reader's language", async () => {
    const page = await browser.page({ language: "ml", schoolCode: DEMO.code });
    await page.goto("/auth/sign-in");
    await appReady(page);
    await page.locator("input[name=username]").fill(DEMO.mobiles.parent);
    await page.locator("input[name=password]").fill("wrong-password");
    await page.locator("button[type=submit]").click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toContain("ലോഗിൻ വിവരങ്ങൾ തെറ്റാണ്");
  });

  it("saves the choice to the profile when signed in", async () => {
    const page = await browser.page();
    await signInAs(page, "staff");
    await appReady(page);
    await switchLanguage(page, "ta");
    const language = await page.evaluate(() =>
      fetch("/user/api/user", { headers: { "x-access-token": localStorage.getItem("x_access_token") ?? "" } })
        .then((r) => r.json())
        .then((r) => r.data.language),
    );
    expect(language).toBe("ta");
    // Put it back, so other tests meet the staff member in English.
    await switchLanguage(page, "en");
  });

  it("takes screenshots of the sign-in screen in English, Arabic, Malayalam, Urdu and Tamil", async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const lng of ["en", "ar", "ml", "ur", "ta"]) {
      for (const [kind, viewport] of [
        ["phone", { width: 360, height: 740 }],
        ["desktop", { width: 1280, height: 800 }],
      ] as const) {
        const page = await browser.page({ language: lng, schoolCode: DEMO.code, viewport });
        await page.goto("/auth/sign-in");
        await appReady(page);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${SHOTS}/sign-in-${lng}-${kind}.png`, fullPage: true });
      }
    }
  });
});
