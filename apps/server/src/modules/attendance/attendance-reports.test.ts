import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { classOf, parentOf, registerOf, staffOf, workingDay } from "./registers.fixture.js";

describe("attendance for the office", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("staff mark in and out; the office sees who is in today; a parent is refused", async () => {
    const { s, kids } = await classOf(app, 1);
    const teacher = await staffOf(app, s);
    const inToday = await ok<{ data: { inAt: string; outAt: string | null } }>(teacher.api.post("/admin/api/attendance", { action: "in" }));
    expect(inToday.data.outAt).toBeNull();
    // A second tap keeps the first time.
    expect((await ok<typeof inToday>(teacher.api.post("/user/api/home/attendance", { action: "in" }))).data.inAt).toBe(inToday.data.inAt);
    const office = await ok<{ staff: { userId: number; outAt: string | null }[]; inCount: number }>(s.api.get("/admin/api/attendance/todays-attendance"));
    expect(office.staff.map((d) => d.userId)).toEqual([teacher.id]);
    expect(office.inCount).toBe(1);
    await ok(teacher.api.post("/user/api/home/attendance", { action: "out" }));
    const mine = await ok<{ me: { outAt: string | null }; status: string; staff: unknown[] }>(teacher.api.get("/admin/api/attendance/todays-attendance"));
    expect(mine.me.outAt).not.toBeNull();
    expect(mine.status).toBe("PRESENT");
    const parent = await parentOf(app, s, kids[0]!.id);
    expect((await parent.api.post("/user/api/home/attendance", { action: "in" })).statusCode).toBe(403);
    const out = await s.api.post("/admin/api/attendance", { action: "out" });
    expect(out.statusCode).toBe(409);
    expect(out.json().code).toBe("attendance.not_in");
  });

  it("shows today's registers taken and not taken, by whom, and lists the missing days", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const day = workingDay();
    const before = await ok<{ rows: { classroomId: number; taken: boolean }[] }>(s.api.get(`/admin/api/attendance/registers?date=${day}`));
    expect(before.rows).toEqual([expect.objectContaining({ classroomId: s.room5a.id, taken: false })]);
    const missing = await ok<{ rows: { date: string; classroomId: number }[] }>(s.api.get(`/admin/api/attendance/missing?from=${workingDay(6)}&to=${day}`));
    expect(missing.rows[0]).toEqual(expect.objectContaining({ date: day, classroomId: s.room5a.id }));
    await ok(
      s.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, (i) => (i ? "absent" : "present")),
      ),
    );
    const after = await ok<{ rows: { taken: boolean; byName: string; present: number; absent: number }[] }>(
      s.api.get(`/admin/api/attendance/registers?date=${day}`),
    );
    expect(after.rows[0]).toMatchObject({ taken: true, byName: "Test Admin", present: 1, absent: 1 });
    const still = await ok<{ rows: { date: string }[] }>(s.api.get(`/admin/api/attendance/missing?from=${workingDay(6)}&to=${day}`));
    expect(still.rows.map((r) => r.date)).not.toContain(day);
    expect((await s.api.get(`/admin/api/attendance/missing?from=${day}&to=2027-12-31`)).statusCode).toBe(400);
  });

  it("gives percentages with the school's rules and flags a child below the minimum", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const days = [workingDay(), workingDay(1), workingDay(2)].filter((d, i, all) => all.indexOf(d) === i);
    await ok(s.api.put("/admin/api/attendance/rules", { editDays: 10 }));
    for (const date of days)
      await ok(
        s.api.put(
          "/admin/api/attendance",
          registerOf(s, kids, code, (i) => (i ? "excused" : "present"), date),
        ),
      );
    const url = `/admin/api/attendance/percentages?classroomId=${s.room5a.id}&from=${days.at(-1)}&to=${days[0]}`;
    const strict = await ok<{ students: { studentId: number; percent: number; flagged: boolean }[]; school: { percent: number } }>(s.api.get(url));
    expect(strict.students.find((x) => x.studentId === kids[1]!.id)).toMatchObject({ percent: 0, flagged: true });
    expect(strict.students.find((x) => x.studentId === kids[0]!.id)).toMatchObject({ percent: 100, flagged: false });
    expect(strict.school.percent).toBe(50);
    await ok(s.api.put("/admin/api/attendance/rules", { excusedCountsPresent: true }));
    const lenient = await ok<typeof strict>(s.api.get(url));
    expect(lenient.students.every((x) => !x.flagged)).toBe(true);

    // A term at once (the same marks in a wider range); more than a year is refused, naming `to`.
    const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const term = await ok<typeof strict>(s.api.get(`/admin/api/attendance/percentages?classroomId=${s.room5a.id}&from=${shift(days[0]!, -150)}&to=${days[0]}`));
    expect(term.school.percent).toBe(lenient.school.percent);
    const tooLong = await s.api.get(`/admin/api/attendance/percentages?from=${shift(days[0]!, -400)}&to=${days[0]}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: "attendance.range_too_long", params: { field: "to", max: 366 } });
  });

  it("prints a class's month, children by days, and exports it as a spreadsheet with the class and month in its name", async () => {
    const { s, kids, code } = await classOf(app, 3);
    const day = workingDay();
    await ok(
      s.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, (i) => (i === 1 ? "absent" : "present")),
      ),
    );
    const month = day.slice(0, 7);
    const sheet = await ok<{ days: { date: string; present: number }[]; students: { codes: string[]; present: number; absent: number; percent: number }[] }>(
      s.api.get(`/admin/api/attendance/monthly-sheet?classroomId=${s.room5a.id}&month=${month}`),
    );
    const col = sheet.days.findIndex((d) => d.date === day);
    expect(sheet.students.map((x) => x.codes[col])).toEqual(["P", "A", "P"]);
    expect(sheet.students.map((x) => x.percent)).toEqual([100, 0, 100]);
    expect(sheet.days[col]!.present).toBe(2);
    const file = await s.api.get(`/admin/api/attendance/monthly-sheet/export?classroomId=${s.room5a.id}&month=${month}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="attendance-Class_5-A-${month}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.some((r) => r.includes(kids[1]!.name) && r.includes("A"))).toBe(true);
    expect((await s.api.get(`/admin/api/attendance/monthly-sheet?classroomId=${s.room5a.id}&month=2026-13`)).statusCode).toBe(400);
  });
});
