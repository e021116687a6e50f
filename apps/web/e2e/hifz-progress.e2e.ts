import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, PHONE, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe("a hafiz's progress", () => {
  it("shows the dashboard in Urdu on a phone with the mistakes coloured on the mushaf page, resolves one, then the rest in one go", async () => {
    const admin = await adminApi();
    const student = (await admin.post<{ data: { id: number } }>("/admin/api/student", { admissionNo: `HP-${tag()}`, name: `Heat ${tag()}` })).data;
    const hafiz = (await admin.post<{ data: { id: number } }>("/admin/api/hafiz", { studentId: student.id })).data;
    const session = (await admin.post<{ data: { id: number } }>("/admin/api/hifzsession", { date: "2026-11-02" })).data;
    const types = (await admin.get<{ rows: { id: number; builtinKey: string | null }[] }>("/admin/api/recitationtype/active")).rows;
    const metrics = (await admin.get<{ rows: { id: number; builtinKey: string | null }[] }>("/admin/api/recitationmetric/active")).rows;
    const metric = (key: string) => metrics.find((m) => m.builtinKey === key)!.id;
    // An-Nas with a clear error on 114:3 and a prompt on 114:5.
    await admin.call("PUT", "/admin/api/hifzlog/sitting", {
      sessionId: session.id,
      hafiz: [
        {
          hafizId: hafiz.id,
          logs: [
            {
              recitationTypeId: types.find((t) => t.builtinKey === "sabaq")!.id,
              startAyah: 6231,
              endAyah: 6236,
              mistakes: [
                { ayah: 6233, metricId: metric("lahn_jali") },
                { ayah: 6235, metricId: metric("prompted") },
                { ayah: 6231, metricId: metric("lahn_khafi") },
                { ayah: 6236, metricId: metric("lahn_khafi") },
              ],
            },
          ],
        },
      ],
    });

    const page = await browser.page(PHONE);
    await signInAs(page, "admin");
    await page.goto(`/admin/hafiz/${hafiz.id}`);
    await appReady(page);
    await page.getByTestId("hifz-dashboard").waitFor();
    await switchLanguage(page, "ur");
    try {
      await page.getByText("مصحف پر غلطیاں").waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      // The page the hottest ayah is on opens: page 604, with both ayahs coloured and the others not.
      const text = page.getByTestId("mushaf-text");
      await text.locator('[data-ayah="6233"]').waitFor();
      const colour = (n: number) => text.locator(`[data-ayah="${n}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await colour(6233)).not.toBe("rgba(0, 0, 0, 0)");
      expect(await colour(6235)).not.toBe("rgba(0, 0, 0, 0)");
      expect(await colour(6234)).toBe("rgba(0, 0, 0, 0)");
      // A clear error weighs more: 114:3 is redder (a smaller hue) than 114:5.
      expect(await colour(6233)).not.toBe(await colour(6235));
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toBe("");
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/hafiz-heat-ur-360.png`, fullPage: true });
      await text.screenshot({ path: `${SHOTS}/hafiz-heat-page-ur-360.png` });
      await page.getByTestId("last-ranges").screenshot({ path: `${SHOTS}/hafiz-next-ur-360.png` });
      // Resolving one leaves three open; ticking them all resolves the rest in one go.
      const open = page.getByTestId("open-mistakes");
      await open.getByRole("button", { name: "درست ہو گئی" }).first().click();
      await expect.poll(async () => open.getByRole("row").count()).toBe(4);
      const chosenButton = page.getByTestId("resolve-chosen");
      await expect.poll(() => chosenButton.isDisabled()).toBe(true);
      await open
        .getByRole("checkbox", { name: /^114:\d / })
        .first()
        .check();
      await expect.poll(() => chosenButton.textContent()).toContain("(1)");
      await open.getByRole("checkbox", { name: "تمام کھلی غلطیاں چنیں" }).check();
      await expect.poll(() => chosenButton.textContent()).toContain("(3)");
      await chosenButton.click();
      await page.getByText("کوئی غلطی درج نہیں").first().waitFor();
    } finally {
      await switchLanguage(page, "en");
    }
    const left = await admin.get<{ count: number }>(`/admin/api/hifzfeedback/hafiz/${hafiz.id}`);
    expect(left.count).toBe(0);
  });

  it("shows a parent their child's memorisation, read only", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await page.goto("/parent/hifz");
    await appReady(page);
    // The demo parent's elder child is in the second-year halqa, with three months of logs.
    await page.getByTestId("hifz-dashboard").waitFor();
    await page.getByTestId("last-ranges").waitFor();
    expect(await page.getByTestId("juz-grid").locator("[data-state=fresh], [data-state=overdue]").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Mark resolved" }).count()).toBe(0);
    expect(await seriousViolations(page)).toBe("");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/parent-hifz-360.png`, fullPage: true });
    await page.getByTestId("mushaf-text").screenshot({ path: `${SHOTS}/parent-hifz-page-360.png` });
    await page.getByTestId("juz-grid").screenshot({ path: `${SHOTS}/parent-hifz-juz-360.png` });
  });
});
