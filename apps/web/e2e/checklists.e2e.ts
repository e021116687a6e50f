import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, schoolToday, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

interface Row {
  id: number;
  name: string;
}
interface Log {
  id: number;
  status: string;
  answers: { value: unknown }[];
}

describe("checklists", () => {
  it("the warden submits tonight's round from a phone, the office sees it, and the analytics chart reads right to left in Arabic", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await adminApi();
    const round = (await admin.get<{ rows: Row[] }>("/admin/api/checklists?q=night")).rows[0]!;

    const phone = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(phone, "muawin");
    await phone.goto("/parent/checklists");
    await appReady(phone);
    await phone.getByTestId(`due-${round.id}`).click();
    const answer = (n: number) => phone.getByTestId(`answer-${n}`);
    await answer(0).getByText("Yes", { exact: true }).click();
    await answer(1).getByRole("textbox").fill("41");
    await answer(2).getByText("Yes", { exact: true }).click();
    await answer(3).getByRole("textbox").fill('=HYPERLINK("x")');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: `${SHOTS}/checklist-submit-360.png`, fullPage: true });
    expect(await seriousViolations(phone)).toBe("");
    await phone.getByTestId("checklist-submit").click();
    await phone.getByTestId(`due-${round.id}`).waitFor();

    const logs = await admin.get<{ rows: Log[] }>(
      `/admin/api/checklists/checklist-logs?checklistId=${round.id}&startDateFrom=${schoolToday()}&startDateTo=${schoolToday()}`,
    );
    expect(logs.rows).toHaveLength(1);
    expect(logs.rows[0]!.status).toBe("submitted");
    expect(logs.rows[0]!.answers.map((a) => a.value)).toEqual([true, 41, true, '=HYPERLINK("x")']);

    const page = await browser.page({ viewport: { width: 1280, height: 800 } });
    await signInAs(page, "admin");
    await page.goto("/admin/checklists/analytics");
    await appReady(page);
    await page.getByTestId(`stat-${round.id}`).waitFor();
    await switchLanguage(page, "ar");
    try {
      await page.getByRole("heading", { name: "تحليلات قوائم التحقق", exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      // The bar grows from the right: its fill starts at the track's right edge.
      const edges = await page.getByTestId(`stat-${round.id}`).evaluate((row) => {
        const track = row.querySelector("[role=img]")!.getBoundingClientRect();
        const fill = row.querySelector("[role=img] > div")!.getBoundingClientRect();
        return { track: track.right, fill: fill.right, width: fill.width };
      });
      expect(edges.width).toBeGreaterThan(0);
      expect(Math.abs(edges.track - edges.fill)).toBeLessThan(2);
      await page.screenshot({ path: `${SHOTS}/checklist-analytics-ar-1280.png`, fullPage: true });
      expect(await seriousViolations(page)).toBe("");
    } finally {
      await switchLanguage(page, "en");
    }
  });
});
