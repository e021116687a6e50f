import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, DEMO, schoolToday, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

describe("a parent's checklist", () => {
  it("opens for the parent it is given to and is submitted from a phone, instead of answering 403", async () => {
    const admin = await adminApi();
    const parent = (
      await admin.get<{ rows: { id: number; mobile: string | null }[] }>(`/admin/api/user?q=${encodeURIComponent(DEMO.mobiles.parent)}&limit=5`)
    ).rows.find((u) => u.mobile === DEMO.mobiles.parent)!;
    const made = await admin.post<{ data: { id: number } }>("/admin/api/checklists", {
      name: `Home reading ${Date.now().toString(36)}`,
      frequency: "daily",
      items: [{ question: "Read together for 20 minutes?", kind: "yesno" }],
      assigneeIds: [parent.id],
    });
    const id = made.data.id;

    const phone = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(phone, "parent");
    await phone.goto("/parent/checklists");
    await appReady(phone);
    await phone.getByTestId(`due-${id}`).click();
    await phone.getByTestId("answer-0").getByText("Yes", { exact: true }).click();
    await switchLanguage(phone, "ur");
    try {
      mkdirSync(SHOTS, { recursive: true });
      await phone.screenshot({ path: `${SHOTS}/checklist-parent-ur-360.png`, fullPage: true });
      expect(await seriousViolations(phone)).toBe("");
    } finally {
      await switchLanguage(phone, "en");
    }
    await phone.getByTestId("checklist-submit").click();
    await phone.getByTestId(`due-${id}`).waitFor();
    const logs = await admin.get<{ rows: { status: string; submittedBy: number; answers: { value: unknown }[] }[] }>(
      `/admin/api/checklists/checklist-logs?checklistId=${id}&startDateFrom=${schoolToday()}&startDateTo=${schoolToday()}`,
    );
    expect(logs.rows.map((l) => [l.status, l.submittedBy, l.answers.map((a) => a.value)])).toEqual([["submitted", parent.id, [true]]]);
  });
});
