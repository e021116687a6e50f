import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classroomOf } from "./classroom.fixture";
import { adminApi, appReady, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

type Made = { data: { id: number } };

describe("a report card's PDF", () => {
  it("downloads the open card as report-card-{admissionNo}-{set}.pdf, with the roll number on the list and the card, in English and Urdu", async () => {
    const admin = await adminApi();
    const tag = Date.now().toString(36);
    const { batch, room, kids } = await classroomOf(admin, 2, { prefix: "Roll" });
    const lines = (await admin.get<{ rows: { id: number; studentId: number }[] }>(`/admin/api/enrollment?classroomId=${room.id}&limit=10`)).rows;
    for (const [n, kid] of kids.entries()) {
      await admin.call("PUT", "/admin/api/enrollment", { id: lines.find((l) => l.studentId === kid.id)!.id, rollNo: 11 + n });
    }
    const subjectId = (await admin.get<{ rows: { id: number }[] }>("/admin/api/subject?limit=1")).rows[0]!.id;
    const master = (
      await admin.post<Made>("/admin/api/exammaster", {
        name: `Term ${tag}`,
        batchId: batch.id,
        startDate: "2026-09-01",
        endDate: "2026-09-02",
        classroomIds: [room.id],
        subjects: [{ subjectId, maxMarks: 50, passMarks: 18 }],
      })
    ).data;
    const paper = (await admin.get<{ rows: { id: number }[] }>(`/admin/api/exam?examMasterId=${master.id}&limit=5`)).rows[0]!;
    await admin.post("/admin/api/result/multiresults", {
      examId: paper.id,
      results: kids.map((k, i) => ({ studentId: k.id, marks: 40 - i * 5 })),
    });
    const set = (await admin.post<Made>("/admin/api/examset", { name: `Final ${tag}`, batchId: batch.id, components: [{ examMasterId: master.id }] })).data;
    const student = await admin.get<{ data: { admissionNo: string } }>(`/admin/api/student/${kids[1]!.id}`);
    const fileName = `report-card-${student.data.admissionNo.replace(/[^A-Za-z0-9]+/g, "-")}-final-${tag}.pdf`;

    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/exams/sets/${set.id}`);
    await appReady(page);
    const row = page.getByTestId(`card-row-${kids[1]!.id}`);
    expect(await row.getByTestId("card-roll").innerText()).toBe("12");
    await row.getByRole("button").first().click();
    const card = page.getByTestId(`report-card-${kids[1]!.id}`);
    await card.getByText("Roll no.: 12").waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/report-card-pdf-en-1280.png` });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("card-pdf").click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    await download.saveAs(`${SHOTS}/report-card-pdf-en.pdf`);

    const phone = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(phone, "admin");
    await phone.goto(`/admin/exams/sets/${set.id}`);
    await appReady(phone);
    await switchLanguage(phone, "ur");
    try {
      await phone.getByTestId(`card-row-${kids[1]!.id}`).click();
      const urCard = phone.getByTestId(`report-card-${kids[1]!.id}`);
      await urCard.getByText("رول نمبر", { exact: false }).first().waitFor();
      const button = phone.getByTestId("card-pdf");
      expect(await button.innerText()).not.toBe("Download PDF");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(phone, "[role=dialog]")).toBe("");
      await phone.screenshot({ path: `${SHOTS}/report-card-pdf-ur-360.png` });
      const [urDownload] = await Promise.all([phone.waitForEvent("download"), button.click()]);
      expect(urDownload.suggestedFilename()).toBe(fileName);
      await urDownload.saveAs(`${SHOTS}/report-card-pdf-ur.pdf`);
    } finally {
      await switchLanguage(phone, "en");
    }
  });
});
