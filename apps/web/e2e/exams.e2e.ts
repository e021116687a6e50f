import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminApi, appReady, baseUrl, DEMO, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

interface Row {
  id: number;
}
interface GridStudent {
  studentId: number;
  marks: number | null;
  status: string | null;
}

/** The demo parent's own API (the children the school links to them). */
async function parentChildren(): Promise<{ id: number; name: string }[]> {
  const login = await fetch(`${baseUrl()}/admin/open/auth/login-mobile`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ code: DEMO.code, mobile: DEMO.mobiles.parent, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/user/api/home/children`, { headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token } });
  return ((await res.json()) as { rows: { id: number; name: string }[] }).rows;
}

describe("exams from marks entry to a parent's results", () => {
  it("an admin enters a class's marks with the keyboard only and publishes; the parent reads the child's marks and grade in Malayalam", async () => {
    const admin = await adminApi();
    const name = tag();
    // The parent's first child, whose classroom sits a new examination of one subject out of 50.
    const child = (await parentChildren())[0]!;
    const enrolment = (
      await admin.get<{ rows: { classroomId: number; batchId: number; courseId: number; status: string }[] }>(
        `/admin/api/enrollment?studentId=${child.id}&limit=20`,
      )
    ).rows.find((e) => e.status === "active")!;
    const taught = (await admin.get<{ rows: { subjectId: number }[] }>(`/admin/api/classRoom/subjects/${enrolment.classroomId}`)).rows;
    const subjectId = taught[0]?.subjectId ?? (await admin.get<{ rows: Row[] }>("/admin/api/subject?limit=1")).rows[0]!.id;
    // This course's own scale in this year, so the grade is known whatever the school's default is.
    for (const [band, min, max] of [
      ["A", 80, 100],
      ["B", 60, 79],
      ["C", 35, 59],
      ["D", 0, 34],
    ] as const) {
      await admin
        .post("/admin/api/grade", { name: band, minPercent: min, maxPercent: max, batchId: enrolment.batchId, courseId: enrolment.courseId })
        .catch(() => undefined);
    }
    const master = (
      await admin.post<{ data: Row }>("/admin/api/exammaster", {
        name: `Half-yearly ${name}`,
        batchId: enrolment.batchId,
        classroomIds: [enrolment.classroomId],
        subjects: [{ subjectId, maxMarks: 50, passMarks: 18 }],
      })
    ).data;
    const paper = (await admin.get<{ rows: (Row & { classroomId: number })[] }>(`/admin/api/exam?examMasterId=${master.id}&limit=50`)).rows.find(
      (p) => p.classroomId === enrolment.classroomId,
    )!;
    const set = (
      await admin.post<{ data: Row }>("/admin/api/examset", {
        name: `Term report ${name}`,
        batchId: enrolment.batchId,
        components: [{ examMasterId: master.id }],
        combine: "total",
        rankRule: "all",
      })
    ).data;
    const grid = async () => (await admin.get<{ data: { students: GridStudent[] } }>(`/admin/api/exam/result/students/${paper.id}`)).data.students;
    const students = await grid();
    const childRow = students.findIndex((s) => s.studentId === child.id);
    // The child scores 42.5 of 50 (85%: an A); the student after the child (or before, when last) is absent.
    const absentRow = childRow + 1 < students.length ? childRow + 1 : childRow - 1;
    const typed = students.map((_, i) => (i === childRow ? "42.5" : i === absentRow ? "a" : String(20 + (i % 25))));

    const page = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(page, "admin");
    await page.goto(`/admin/exams/marks/${paper.id}`);
    await appReady(page);
    const first = page.locator("#mark-input-0");
    await first.waitFor();
    await page.getByText("Maximum 50").waitFor();
    await first.focus();
    // Keyboard only: type, Enter to the next student. A mark above the maximum is flagged in its row at once.
    for (let i = 0; i < typed.length; i++) {
      if (i === 0) {
        await page.keyboard.type("51");
        await page.getByTestId(`marks-row-${students[0]!.studentId}`).getByText("Above the maximum of 50").waitFor();
        expect(await page.getByTestId("marks-save").isDisabled()).toBe(true);
        await page.keyboard.press("Control+A");
      }
      await page.keyboard.type(typed[i]!);
      await page.keyboard.press("Enter");
      if (i + 1 < typed.length) expect(await page.evaluate(() => document.activeElement?.id)).toBe(`mark-input-${i + 1}`);
    }
    // Shift+Tab goes back a student; the absent one reads AB.
    await page.locator(`#mark-input-${absentRow}`).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`mark-input-${absentRow - 1}`);
    expect(await page.locator(`#mark-input-${absentRow}`).inputValue()).toBe("AB");
    expect(await page.getByTestId("marks-wrong").count()).toBe(0);
    // Nothing is saved yet: a reload (a closed tab, a lost signal) brings the typed marks back from this device.
    await page.reload();
    await page.getByTestId("marks-restored").waitFor();
    expect(await page.locator(`#mark-input-${childRow}`).inputValue()).toBe("42.5");
    expect(await page.locator(`#mark-input-${absentRow}`).inputValue()).toBe("AB");
    // The last Enter left the focus on Save: Enter saves the whole sheet.
    await page.locator(`#mark-input-${typed.length - 1}`).focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("marks-save");
    await page.keyboard.press("Enter");
    await page.getByText(`Marks saved: ${students.length}`).waitFor();
    const saved = await grid();
    expect(saved.find((s) => s.studentId === child.id)).toMatchObject({ marks: 42.5, status: "present" });
    expect(saved.filter((s) => s.status === "absent")).toHaveLength(1);
    expect(saved.find((s) => s.status === "absent")!.marks).toBeNull();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/exams-marks-en-360.png`, fullPage: true });
    expect(await seriousViolations(page)).toBe("");

    // Publishing asks first, saying parents will be told.
    await page.goto(`/admin/exams/sets/${set.id}`);
    await page.getByTestId("publish-toggle").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("each parent will be notified").waitFor();
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page.getByTestId("set-status").getByText("Published").waitFor();

    // The parent, in Malayalam, reads the child's card.
    const parent = await browser.page({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signInAs(parent, "parent");
    await parent.goto("/parent/results");
    await appReady(parent);
    await switchLanguage(parent, "ml");
    try {
      await parent.getByRole("heading", { name: "ഫലങ്ങൾ", exact: true }).waitFor();
      const card = parent.getByTestId(`results-set-${set.id}`);
      await card.waitFor();
      await card.getByText(`Term report ${name}`).waitFor();
      const subject = card.locator(`[data-testid="card-subject-${subjectId}"]`);
      expect(await subject.innerText()).toContain("42.5/50");
      expect(await subject.innerText()).toContain("ജയിച്ചു");
      expect(await card.getByTestId("card-grade").innerText()).toMatch(/ഗ്രേഡ്\s+A$/);
      await card.getByRole("columnheader", { name: "ഗ്രേഡ്" }).waitFor();
      await card.getByText("ക്ലാസ് റാങ്ക്").waitFor();
      expect(await parent.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await parent.screenshot({ path: `${SHOTS}/exams-parent-ml-360.png`, fullPage: true });
      expect(await seriousViolations(parent)).toBe("");
    } finally {
      await switchLanguage(parent, "en");
    }
  });
});
