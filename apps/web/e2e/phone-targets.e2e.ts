import { describe, expect, it } from "vitest";
import { appReady, useBrowser as browserPerTest, PHONE, signInAs, switchLanguage } from "./harness";

// One Chromium per file, a fresh context per test (the harness names it like a hook; it is not one).
const browser = browserPerTest();

describe("a 360 px phone", () => {
  it("in Malayalam and Tamil, each bottom-bar label of a teacher's area stands whole on one line", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await appReady(page);
    const bar = page
      .getByRole("navigation")
      .filter({ has: page.locator("a[href='/parent/classes']") })
      .last();
    try {
      for (const language of ["ml", "ta"]) {
        await switchLanguage(page, language);
        await page.waitForFunction((l) => document.documentElement.lang === l, language);
        await page.evaluate(() => document.fonts.ready);
        // Each label: the lines its text is drawn on, and whether the text is cut at the tab's edge.
        const labels = await bar.locator("a").evaluateAll((links) =>
          links.map((a) => {
            const label = a.querySelector("p, span:not(:empty)") as HTMLElement;
            const range = document.createRange();
            range.selectNodeContents(label);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            return { text: label.textContent, lines, cut: label.scrollWidth > label.clientWidth };
          }),
        );
        expect(labels.length).toBe(4);
        for (const label of labels) expect(label, language).toMatchObject({ lines: 1, cut: false });
      }
    } finally {
      // Put it back, so other tests meet the teacher in English.
      await switchLanguage(page, "en");
    }
  });
});
