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
        // The bar is drawn again in the new language: read it once its four tabs are there.
        await expect.poll(() => bar.locator("a").count()).toBe(4);
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

  it('gives a finger at least 44x44 px for "See all my classes" and a list\'s sort buttons', async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "staff");
    await appReady(page);
    const seeAll = page.getByRole("link", { name: "See all my classes" });
    await seeAll.waitFor();
    const box = await seeAll.boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);

    // A list's sort buttons stand in its table's header, shown from a tablet's width up (a phone shows cards).
    const tablet = await browser.page({ ...PHONE, viewport: { width: 820, height: 1180 } });
    await signInAs(tablet, "admin");
    await tablet.goto("/admin/students");
    const sorts = tablet.getByRole("columnheader").getByRole("button");
    await sorts.first().waitFor();
    const sides = await sorts.evaluateAll((buttons) =>
      buttons.map((b) => ({ name: b.textContent, side: Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height) })),
    );
    expect(sides.length).toBeGreaterThan(0);
    for (const { name, side } of sides) expect(side, name ?? "").toBeGreaterThanOrEqual(44);
  });

  it("shows the office the first defaulter on the first screen, the filters behind one button", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "admin");
    await page.goto("/admin/fees/defaulters");
    // The whole first card, its student, overdue amount and guardian's number, within 360x740.
    const first = page.getByTestId("defaulters").getByRole("listitem").first();
    await first.waitFor();
    const box = await first.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.viewport.height);
    expect(await page.getByLabel("At least days late").count()).toBe(0);

    // The filters wait in the sheet, and a filter set there is counted on its button.
    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    for (const label of ["Academic year", "Classroom", "At least days late"]) await sheet.getByLabel(label).first().waitFor();
    await sheet.getByLabel("At least days late").fill("1");
    await sheet.getByRole("button", { name: "Show results" }).click();
    await page.getByRole("button", { name: "Filters (1)" }).waitFor();
  });
});
