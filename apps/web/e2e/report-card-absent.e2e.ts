import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classroomOf } from "./classroom.fixture";
import { adminApi, appReady, schoolToday, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";

type Made = { data: { id: number } };

describe("an absent child's report card", () => {
  it("says not ranked, with the rule and totals the printed card states, and the attendance of the class's registers", async () => {
    const admin = await adminApi();
    const tag = Date.now().toString(36);
    // Three children; the register is taken today, and the term's one paper (of 25) is tomorrow.
    const { batch, room, kids } = await classroomOf(admin, 3, { prefix: "Card" });
    const [sat, also, absent] = [kids[0]!, kids[1]!, kids[2]!];
    const codes = (await admin.get<{ rows: { id: number; meaning: string }[] }>("/admin/api/attendance-code?limit=20")).rows;
    const present = codes.find((c) => c.meaning === "present")!.id;
    const today = schoolToday();
    await admin.call("PUT", "/admin/api/attendance", { classroomId: room.id, date: today, marks: kids.map((k) => ({ studentId: k.id, codeId: present })) });
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const subjectId = (await admin.get<{ rows: { id: number }[] }>("/admin/api/subject?limit=1")).rows[0]!.id;
    const master = (
      await admin.post<Made>("/admin/api/exammaster", {
        name: `Term ${tag}`,
        batchId: batch.id,
        startDate: tomorrow,
        endDate: tomorrow,
        classroomIds: [room.id],
        subjects: [{ subjectId, maxMarks: 25, passMarks: 9 }],
      })
    ).data;
    const paper = (await admin.get<{ rows: { id: number; classroomId: number }[] }>(`/admin/api/exam?examMasterId=${master.id}&limit=50`)).rows.find(
      (p) => p.classroomId === room.id,
    )!;
    await admin.post("/admin/api/result/multiresults", {
      examId: paper.id,
      results: [
        { studentId: sat.id, marks: 20 },
        { studentId: also.id, marks: 15 },
        { studentId: absent.id, marks: null, status: "absent" },
      ],
    });
    const set = (
      await admin.post<Made>("/admin/api/examset", {
        name: `Report ${tag}`,
        batchId: batch.id,
        components: [{ examMasterId: master.id }],
        combine: "total",
        rankRule: "all",
      })
    ).data;

    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto(`/admin/exams/sets/${set.id}`);
    await appReady(page);
    await page.getByTestId(`card-row-${absent.id}`).getByRole("button").first().click();
    const card = page.getByTestId(`report-card-${absent.id}`);
    await card.waitFor();
    expect(await card.getByTestId("card-class-rank").innerText()).toContain("Not ranked");
    // The rule and the totals in the printed card's own words (report-card-rules.ts).
    expect(await card.getByTestId("card-rule-all").innerText()).toBe(
      "Every student who sat at least one paper is ranked, on the percentage; a student absent from every paper is not ranked. Equal percentages share a rank and the next rank is skipped (1, 2, 2, 4).",
    );
    expect(await card.getByTestId("card-rule-totals").innerText()).toBe("AB: absent, counted as 0 marks in the total · EX: exempt, left out of the total");
    await card.getByText("1 of 1 days (100%)").waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/report-card-absent-screen-en.png`, fullPage: true });
    await switchLanguage(page, "ur");
    try {
      await card.getByText("پوزیشن نہیں دی گئی").first().waitFor();
      await card.getByText("جو ہر پرچے میں غیر حاضر رہا اسے پوزیشن نہیں دی جاتی", { exact: false }).waitFor();
      await page.screenshot({ path: `${SHOTS}/report-card-absent-screen-ur.png`, fullPage: true });
    } finally {
      await switchLanguage(page, "en");
    }
  });
});
