import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classroomOf } from "./classroom.fixture";
import { adminApi, appReady, PHONE, schoolToday, seriousViolations, setupBrowser, signInAs, switchLanguage } from "./harness";

const browser = setupBrowser();
const SHOTS = "/tmp/shots";
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

interface Row {
  id: number;
}
type Admin = Awaited<ReturnType<typeof adminApi>>;

const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** The month after `month` (YYYY-MM). */
const nextMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7);
/** DD/MM/YYYY: how the demo school (India) types dates. */
const typed = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** Today at the demo school (India). */

/** The demo school's current year. */
async function currentBatch(admin: Admin) {
  const today = schoolToday();
  const batches = await admin.get<{ rows: { id: number; active: boolean; startDate: string; endDate: string }[] }>("/admin/api/batch?limit=50");
  const holdsToday = (b: { startDate: string; endDate: string }) => b.startDate <= today && today <= b.endDate;
  return batches.rows.find((b) => b.active && holdsToday(b)) ?? batches.rows.find(holdsToday)!;
}

describe("attendance percentages and a student's calendar", () => {
  it("finds a flagged student among the percentages, then opens their calendar with marked days and a day by period", async () => {
    const admin = await adminApi();
    // Seven weeks of registers for a class of two: the second child is away every other working day.
    const to = schoolToday();
    const from = dayBefore(to, 49);
    const { batch, room, kids } = await classroomOf(admin, 2, { prefix: "PCT" });
    const codes = (await admin.get<{ rows: { id: number; meaning: string }[] }>("/admin/api/attendance-code?limit=50")).rows;
    const code = (meaning: string) => codes.find((c) => c.meaning === meaning)!.id;
    // Every month the seven weeks touch: three when today is early in a month (19 October to 7 December).
    const months: string[] = [];
    for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = nextMonth(m)) months.push(m);
    const working: string[] = [];
    for (const month of months) {
      const sheet = await admin.get<{ days: { date: string; working: boolean }[] }>(
        `/admin/api/attendance/monthly-sheet?classroomId=${room.id}&month=${month}`,
      );
      working.push(...sheet.days.filter((d) => d.working && d.date >= from && d.date <= to && d.date >= batch.startDate).map((d) => d.date));
    }
    await admin.call("PUT", "/admin/api/attendance/bulk", {
      classroomId: room.id,
      days: working.map((date, i) => ({
        date,
        marks: [
          { studentId: kids[0]!.id, codeId: code("present") },
          { studentId: kids[1]!.id, codeId: code(i % 2 ? "absent" : "present") },
        ],
      })),
    });
    const reply = await admin.get<{ students: { studentId: number; name: string; flagged: boolean }[] }>(
      `/admin/api/attendance/percentages?from=${from}&to=${to}&classroomId=${room.id}`,
    );
    const flagged = reply.students.find((s) => s.studentId === kids[1]!.id);
    expect(flagged, "the often-absent child is below the minimum").toMatchObject({ flagged: true });
    expect(reply.students.find((s) => s.studentId === kids[0]!.id)).toMatchObject({ flagged: false });

    const page = await browser.page();
    await signInAs(page, "admin");
    await page.goto("/admin/attendance-percentages");
    await appReady(page);
    await page.getByTestId("student-percentages").waitFor();
    await page.getByLabel("From").fill(typed(from));
    await page.getByLabel("From").press("Enter");
    await page.getByRole("heading", { name: "Attendance percentages" }).click();
    const classroom = page.getByPlaceholder("All classrooms");
    await classroom.click();
    await classroom.fill(room.name);
    await page.getByRole("option", { name: new RegExp(room.name) }).click();
    expect(await page.getByTestId("percent-rules").innerText()).toMatch(/at least 75% attendance/);
    // From the keyboard: the sticky header may cover the switch on a short window.
    const onlyFlagged = page.getByRole("switch", { name: /Flagged students only/ });
    await onlyFlagged.focus();
    await page.keyboard.press("Space");
    expect(await onlyFlagged.isChecked()).toBe(true);
    const row = page.getByTestId("student-percentages").getByRole("row").filter({ hasText: flagged!.name }).first();
    // The list shows a page at a time: turn pages until the child's row is there.
    while (!(await row.isVisible())) await page.getByRole("button", { name: "Next page" }).click();
    await row.getByText("Below the minimum").waitFor();
    // Every row left is flagged.
    const rows = page.getByTestId("student-percentages").locator("tbody tr");
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) expect(await rows.nth(i).textContent()).toMatch(/Below the minimum|Cannot reach it this term/);
    expect(await seriousViolations(page)).toBe("");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/attendance-percentages.png`, fullPage: true });
    // The flagged list as a spreadsheet.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Spreadsheet" }).click();
    expect((await download).suggestedFilename()).toBe(`attendance-percentages-${from}-${to}.xlsx`);

    // The name opens the student's calendar; last month is a whole month of the demo's term.
    await row.getByRole("link", { name: flagged!.name }).click();
    await page.waitForURL((u) => u.pathname === "/admin/attendance-student" && u.searchParams.get("studentId") === String(flagged!.studentId));
    const calendar = page.getByTestId("attendance-calendar");
    await calendar.waitFor();
    await calendar.getByRole("button", { name: "Previous month" }).click();
    await calendar.locator("td[data-meaning]").first().waitFor();
    const marked = await calendar.locator("td[data-meaning]").count();
    expect(marked).toBeGreaterThan(10);
    const absent = calendar.getByRole("button", { name: /: Absent \(/ }).first();
    const label = (await absent.getAttribute("aria-label")) ?? "";
    expect(label).toMatch(/^\w+day, \d{1,2} \w{3} \d{4}: Absent \(\w+\)$/);
    expect(await page.getByTestId("month-totals").innerText()).toMatch(/Present \d+ of \d+ days/);
    await absent.click();
    const day = page.getByTestId("day-by-period");
    // The day's own mark, then its periods (or the note that the day has none).
    await day
      .getByText(/^Absent \(/)
      .first()
      .waitFor();
    expect(await day.textContent()).toMatch(/Period|No timetable periods/);
  });
});

describe("a register for one timetable period", () => {
  it("marks one hour of a classroom and reads it back, leaving the day's register alone", async () => {
    const admin = await adminApi();
    const batch = await currentBatch(admin);
    const rooms = await admin.get<{ rows: { id: number; batchId: number; courseClassId: number }[] }>("/admin/api/classRoom?limit=500");
    // A classroom of this year with a timetable (other tests add classrooms without one), and one of its subjects.
    const entries = (
      await admin.get<{ rows: { classroomId: number; subjectId: number; subjectName: string }[] }>("/admin/api/timetable?status=active&limit=500")
    ).rows;
    const entry = entries.find((e) => rooms.rows.some((r) => r.id === e.classroomId && r.batchId === batch.id))!;
    const like = rooms.rows.find((r) => r.id === entry.classroomId)!;
    const name = `PER${tag()}`;
    const room = (await admin.post<{ data: Row & { label: string } }>("/admin/api/classRoom", { batchId: batch.id, courseClassId: like.courseClassId, name }))
      .data;
    const kids: Row[] = [];
    for (let i = 1; i <= 3; i++)
      kids.push((await admin.post<{ data: Row }>("/admin/api/student", { admissionNo: `${name}-${i}`, name: `${name} Child ${i}` })).data);
    await admin.post("/admin/api/enrollment/bulk", { classroomId: room.id, studentIds: kids.map((k) => k.id), startedOn: batch.startDate });
    // The latest day the school worked whose register may still be marked.
    let date = schoolToday();
    for (let back = 0; back < 10; back++, date = dayBefore(date, 1)) {
      const reg = await admin.get<{ editable: boolean }>(`/admin/api/attendance/register?classroomId=${room.id}&date=${date}`);
      if (reg.editable) break;
    }
    const dayOfWeek = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    const hour = (
      await admin.post<{ data: Row }>("/admin/api/hour", { classroomId: room.id, dayOfWeek, startTime: "10:00", endTime: "10:45", label: "E2E period" })
    ).data;
    await admin.post("/admin/api/timetable", { hourId: hour.id, subjectId: entry.subjectId });

    const page = await browser.page(PHONE);
    await signInAs(page, "admin");
    await page.goto(`/admin/register?classroomId=${room.id}&date=${date}`);
    await appReady(page);
    await page.getByTestId("register-lines").locator("[data-student]").nth(2).waitFor();
    const chooser = page.getByTestId("period-chooser");
    expect(await chooser.inputValue()).toBe("Whole day");
    const hourRegister = page.waitForResponse((r) => r.url().includes("/admin/api/attendance/register") && r.url().includes(`hourId=${hour.id}`));
    await chooser.click();
    await page.getByRole("option", { name: `10:00–10:45 · ${entry.subjectName}` }).click();
    expect((await hourRegister).status()).toBe(200);
    await page.getByTestId("register-lines").locator("[data-student]").nth(2).waitFor();
    await page.getByRole("button", { name: new RegExp(`${name} Child 1`) }).click();
    await page.getByTestId("register-counts").getByText("Absent: 1").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Confirm and save" }).click();
    await page.getByText(`Register of ${room.label} saved`).waitFor();

    const marks = await admin.get<{ count: number; rows: { hourId: number | null; status: string }[] }>(
      `/admin/api/attendance?classroomId=${room.id}&date=${date}&limit=50`,
    );
    expect(marks.count).toBe(3);
    expect(marks.rows.every((m) => m.hourId === hour.id)).toBe(true);
    expect(marks.rows.filter((m) => m.status === "ABSENT")).toHaveLength(1);

    // A link naming the hour opens it with the saved marks; the whole day's register is still empty.
    const again = await browser.page(PHONE);
    await signInAs(again, "admin");
    await again.goto(`/admin/register?classroomId=${room.id}&date=${date}&hourId=${hour.id}`);
    await again.getByTestId("register-counts").getByText("Absent: 1").waitFor();
    expect(await again.getByTestId("period-chooser").inputValue()).toBe(`10:00–10:45 · ${entry.subjectName}`);
    expect(await again.getByText(/^Taken by/).count()).toBe(1);
    await again.getByTestId("period-chooser").click();
    await again.getByRole("option", { name: "Whole day" }).click();
    await again.getByTestId("register-counts").getByText("Absent: 0").waitFor();
    expect(await again.getByText(/^Taken by/).count()).toBe(0);
  });
});

describe("a parent's attendance calendar", () => {
  it("shows the child's month in Urdu on a 360 px phone, right to left, with no sideways scroll and no serious accessibility violation", async () => {
    const page = await browser.page(PHONE);
    await signInAs(page, "parent");
    await page.goto("/parent/attendance");
    await appReady(page);
    await page.getByTestId("attendance-calendar").waitFor();
    await switchLanguage(page, "ur");
    try {
      const calendar = page.getByTestId("attendance-calendar");
      await calendar.getByRole("button", { name: "پچھلا مہینہ" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await calendar.getByRole("button", { name: "پچھلا مہینہ" }).click();
      await calendar.locator("td[data-meaning]").first().waitFor();
      // Each day says its date and its mark in words.
      const present = calendar.locator('td[data-meaning="present"]').first();
      expect(await present.getAttribute("aria-label")).toMatch(/: حاضر \(/);
      await calendar.getByRole("button", { name: "اگلا مہینہ" }).click();
      await page.getByTestId("week-marks").getByText("یہ ہفتہ").waitFor();
      // The week starts at the right in Urdu: Monday's column is to the right of Tuesday's.
      const [mon, tue] = await calendar.locator("thead th").evaluateAll((ths) => ths.slice(0, 2).map((th) => th.getBoundingClientRect().x));
      expect(mon!).toBeGreaterThan(tue!);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toBe("");
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/attendance-calendar-ur-360.png`, fullPage: true });
    } finally {
      // Put it back, so other tests meet the parent in English.
      await switchLanguage(page, "en");
    }
  });
});
