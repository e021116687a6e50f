import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

describe("a paper that is not the teacher's", () => {
  it("says why on the marks page instead of sending the teacher home", async () => {
    const admin = await adminApi();
    const paper = (await admin.get<{ rows: { id: number }[] }>("/admin/api/exam?limit=1")).rows[0]!;
    // The demo teacher's Staff role enters no marks: the paper's sheet answers 403.
    const phone = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(phone, "staff");
    await phone.goto(`/parent/exams/marks/${paper.id}`);
    await appReady(phone);
    const told = phone.getByTestId("marks-forbidden");
    await told.waitFor();
    expect(new URL(phone.url()).pathname).toBe(`/parent/exams/marks/${paper.id}`);
    expect(await told.innerText()).toContain("it is another teacher's, or your role does not enter marks");
    await switchLanguage(phone, "ur");
    try {
      await told.getByText("یہ پرچہ کھولنے کی اجازت آپ کو نہیں").waitFor();
      expect(new URL(phone.url()).pathname).toBe(`/parent/exams/marks/${paper.id}`);
      mkdirSync(SHOTS, { recursive: true });
      await phone.screenshot({ path: `${SHOTS}/marks-forbidden-ur-360.png` });
      expect(await seriousViolations(phone, "main")).toBe("");
    } finally {
      await switchLanguage(phone, "en");
    }
  });
});
