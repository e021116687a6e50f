import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, schoolToday, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

describe("the new classroom dialog", () => {
  it("starts on the school's active year, which may be changed", async () => {
    const admin = await adminApi();
    const batches = (
      await admin.get<{ rows: { id: number; name: string; active: boolean; startDate: string; endDate: string }[] }>("/admin/api/batch?limit=50")
    ).rows;
    const today = schoolToday();
    const active = batches.find((b) => b.active && b.startDate <= today && today <= b.endDate) ?? batches.find((b) => b.active)!;

    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto("/admin/classrooms");
    await appReady(page);
    await page.getByRole("button", { name: "Add classroom" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add classroom" });
    const year = dialog.getByRole("textbox", { name: "Academic year", exact: true }).or(dialog.getByRole("combobox", { name: "Academic year", exact: true }));
    await expect.poll(() => year.inputValue(), { timeout: 20_000 }).toBe(active.name);
    await switchLanguage(page, "ur");
    try {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/classroom-dialog-ur-360.png` });
      expect(await seriousViolations(page, "[role=dialog]")).toBe("");
    } finally {
      await switchLanguage(page, "en");
    }
  });
});
