import { describe, expect, it } from "vitest";
import { client, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { feeSchool } from "./fee-reports.fixture.js";

const app = await testApp();

interface Outstanding {
  id: number;
  name: string;
  due: number;
  paid: number;
  balance: number;
  students: number;
}
interface Dashboard {
  data: {
    currency: string;
    batchWise: Outstanding[];
    courseWise: Outstanding[];
    recentPayments: { studentId: number; amount: number; receiptNumber: string | null }[];
    overdue: { amount: number; students: number; dues: number };
    collectionRate: { due: number; paid: number; rate: number | null };
    monthly: { month: string; collected: number; due: number }[];
    topOutstandingBatches: Outstanding[];
    topOutstandingCourses: Outstanding[];
  };
}

describe("the fee dashboard", () => {
  it("adds up the small school's figures as worked by hand", async () => {
    const s = await feeSchool(app);
    const d = (await ok<Dashboard>(s.api.get("/admin/api/fees/dashboard"))).data;
    expect(d.currency).toBe("INR");
    // Due by today: two tuition months for five students (Esa's waived to nothing) and Asma's bus fare.
    // 8 x 1,000.00 + 300.00 = 8,300.00; paid on them: Asma 1,500, Chand 2,000 (his third month is not due yet), Dawud 1,000.
    expect(d.collectionRate).toEqual({ due: 830_000, paid: 450_000, rate: 0.5422 });
    // Past due and grace with a balance: Asma's second month (500), Bilal's two (2,000), Dawud's second (1,000); the bus fare is within its grace.
    expect(d.overdue).toEqual({ amount: 350_000, students: 3, dues: 4 });
    const batch = { id: s.thisYear.id, name: "2026-27", due: 830_000, paid: 450_000, balance: 380_000, students: 5 };
    expect(d.batchWise).toEqual([batch]);
    expect(d.topOutstandingBatches).toEqual([batch]);
    // The bus fare has no course of its own: it counts under the course Asma is enrolled in.
    expect(d.courseWise).toEqual([{ ...batch, id: s.course.id, name: "Madrasa" }]);
    expect(d.recentPayments.map((p) => [p.studentId, p.amount])).toEqual([
      [s.students.dawud.id, 100_000],
      [s.students.chand.id, 300_000],
      [s.students.asma.id, 150_000],
    ]);
    expect(d.recentPayments.every((p) => p.receiptNumber)).toBe(true);
    expect(d.monthly).toHaveLength(12);
    const thisMonth = d.monthly.at(-1)!;
    expect(thisMonth.month).toBe(s.today.slice(0, 7));
    // Every payment was made today: Chand's third month, paid ahead, counts as collected too.
    expect(d.monthly.reduce((sum, m) => sum + m.collected, 0)).toBe(550_000);
    expect(thisMonth.collected).toBe(550_000);
    expect(d.monthly.reduce((sum, m) => sum + m.due, 0)).toBe(830_000);
  });

  it("narrows to dates, a batch and a course, and answers 404 for another school's batch", async () => {
    const s = await feeSchool(app);
    // Up to the third month's date: everything generated.
    const all = (await ok<Dashboard>(s.api.get(`/admin/api/fees/dashboard?to=${s.dates.third}`))).data;
    expect(all.batchWise[0]).toMatchObject({ due: 1_230_000, paid: 550_000, balance: 680_000 });
    // The rate still counts what is due by today only.
    expect(all.collectionRate).toEqual({ due: 830_000, paid: 450_000, rate: 0.5422 });
    const firstMonth = (await ok<Dashboard>(s.api.get(`/admin/api/fees/dashboard?from=${s.dates.first}&to=${s.dates.first}`))).data;
    expect(firstMonth.batchWise[0]).toMatchObject({ due: 400_000, paid: 300_000, balance: 100_000, students: 5 });
    expect(firstMonth.overdue).toEqual({ amount: 100_000, students: 1, dues: 1 });
    const nextYear = (await ok<Dashboard>(s.api.get(`/admin/api/fees/dashboard?batchId=${s.nextYear.id}`))).data;
    expect(nextYear.batchWise).toEqual([]);
    expect(nextYear.recentPayments).toEqual([]);
    expect(nextYear.collectionRate.rate).toBeNull();
    const course = (await ok<Dashboard>(s.api.get(`/admin/api/fees/dashboard?courseId=${s.course.id}`))).data;
    expect(course.collectionRate.due).toBe(830_000);
    const other = await feeSchool(app);
    expect((await s.api.get(`/admin/api/fees/dashboard?batchId=${other.thisYear.id}`)).statusCode).toBe(404);
  });

  it("takes a reversed payment back out of every figure", async () => {
    const s = await feeSchool(app);
    const res = await app.inject({
      method: "DELETE",
      url: "/admin/api/feepayment/deleteTransaction",
      headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": s.token },
      payload: { id: s.payments.dawud.transactionId, reason: "Entered against the wrong child" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await ok<Dashboard>(s.api.get("/admin/api/fees/dashboard"))).data;
    // Dawud's 1,000.00 is owed again: his first month joins the overdue dues.
    expect(d.collectionRate).toEqual({ due: 830_000, paid: 350_000, rate: 0.4217 });
    expect(d.overdue).toEqual({ amount: 450_000, students: 3, dues: 5 });
    expect(d.recentPayments.map((p) => p.studentId)).not.toContain(s.students.dawud.id);
    expect(d.monthly.at(-1)!.collected).toBe(450_000);
  });

  it("is refused to a parent and to staff without fees", async () => {
    const s = await feeSchool(app);
    expect((await s.parent.api.get("/admin/api/fees/dashboard")).statusCode).toBe(403);
    expect((await s.clerk.api.get("/admin/api/fees/dashboard")).statusCode).toBe(403);
    expect((await client(app).get("/admin/api/fees/dashboard")).statusCode).toBe(401);
  });
});
