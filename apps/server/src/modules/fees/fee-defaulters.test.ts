import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { feeSchool, shift } from "./fee-reports.fixture.js";

const app = await testApp();

interface Defaulter {
  studentId: number;
  studentName: string;
  admissionNo: string;
  classroomLabel: string | null;
  guardianName: string | null;
  guardianMobile: string | null;
  overdue: number;
  oldestDueDate: string;
  daysOverdue: number;
  remindersSent: number;
}
type Reply = { rows: Defaulter[]; count: number };

describe("fee defaulters", () => {
  it("lists students with a balance past due date and grace, oldest first, with a guardian to call", async () => {
    const s = await feeSchool(app);
    const all = await ok<Reply>(s.api.get("/admin/api/fees/defaulters"));
    expect(all.count).toBe(3);
    // Bilal owes both months (the oldest 60 days ago); Asma and Dawud their second (30 days ago), by id.
    expect(all.rows.map((r) => [r.studentName, r.overdue, r.oldestDueDate, r.daysOverdue])).toEqual([
      ["Bilal Khan", 200_000, s.dates.first, 60],
      ["Asma Rahman", 50_000, s.dates.second, 30],
      ["Dawud Nair", 100_000, s.dates.second, 30],
    ]);
    const dawud = all.rows.find((r) => r.studentId === s.students.dawud.id)!;
    expect(dawud).toMatchObject({ classroomLabel: "Class 5-B", guardianName: "Signed In", guardianMobile: s.parent.mobile, remindersSent: 0 });
    expect(all.rows.find((r) => r.studentId === s.students.bilal.id)).toMatchObject({ guardianName: null, guardianMobile: null });
    // Chand paid everything, Esa's tuition is waived, Asma's bus fare is within its grace.
    expect(all.rows.map((r) => r.studentId)).not.toContain(s.students.chand.id);
    expect(all.rows.map((r) => r.studentId)).not.toContain(s.students.esa.id);
  });

  it("filters by days, classroom, course, batch and name, and pages", async () => {
    const s = await feeSchool(app);
    const names = async (q: string) => (await ok<Reply>(s.api.get(`/admin/api/fees/defaulters?${q}`))).rows.map((r) => r.studentName);
    expect(await names("minDays=45")).toEqual(["Bilal Khan"]);
    expect(await names(`classroomId=${s.room5b.id}`)).toEqual(["Dawud Nair"]);
    expect(await names(`courseId=${s.course.id}`)).toEqual(["Bilal Khan", "Asma Rahman", "Dawud Nair"]);
    expect(await names(`batchId=${s.nextYear.id}`)).toEqual([]);
    expect(await names("q=asma")).toEqual(["Asma Rahman"]);
    expect(await names(`q=${s.students.dawud.admissionNo}`)).toEqual(["Dawud Nair"]);
    const page2 = await ok<Reply>(s.api.get("/admin/api/fees/defaulters?limit=2&page=2"));
    expect(page2).toMatchObject({ count: 3, rows: [{ studentName: "Dawud Nair" }] });
    const past = await ok<Reply>(s.api.get("/admin/api/fees/defaulters?limit=2&page=5"));
    expect(past).toEqual({ message: expect.any(String), rows: [], count: 3 });
    // Paying Bilal's oldest month leaves his second, as old as the others': then by id.
    await s.pay(s.students.bilal.id, 100_000);
    const after = await ok<Reply>(s.api.get("/admin/api/fees/defaulters"));
    expect(after.rows.map((r) => [r.studentName, r.overdue, r.oldestDueDate])).toEqual([
      ["Asma Rahman", 50_000, s.dates.second],
      ["Bilal Khan", 100_000, s.dates.second],
      ["Dawud Nair", 100_000, s.dates.second],
    ]);
    expect(shift(s.dates.second, 30)).toBe(s.today);
  });

  it("is refused to a parent, and finds a child at the counter by name, admission number or guardian's mobile", async () => {
    const s = await feeSchool(app);
    expect((await s.parent.api.get("/admin/api/fees/defaulters")).statusCode).toBe(403);
    type Counter = { rows: { studentId: number; balance: number; overdue: number; guardianMobile: string | null; classroomLabel: string | null }[] };
    const byName = await ok<Counter>(s.api.get("/admin/api/fees/counter?q=asma"));
    // Asma: the second month's 500.00, the bus fare 300.00 and the third month 1,000.00; 500.00 of it overdue.
    expect(byName.rows).toEqual([expect.objectContaining({ studentId: s.students.asma.id, balance: 180_000, overdue: 50_000, classroomLabel: "Class 5-A" })]);
    const byMobile = await ok<Counter>(s.api.get(`/admin/api/fees/counter?q=${encodeURIComponent(s.parent.mobile.slice(-8))}`));
    expect(byMobile.rows.map((r) => r.studentId)).toEqual([s.students.dawud.id]);
    expect(byMobile.rows[0]).toMatchObject({ balance: 200_000, overdue: 100_000, guardianMobile: s.parent.mobile });
    const byNo = await ok<Counter>(s.api.get(`/admin/api/fees/counter?q=${s.students.chand.admissionNo}`));
    // Chand paid all three months, the third ahead of its date.
    expect(byNo.rows).toEqual([expect.objectContaining({ studentId: s.students.chand.id, balance: 0, overdue: 0 })]);
    expect((await s.api.get("/admin/api/fees/counter?q=")).statusCode).toBe(400);
  });
});
