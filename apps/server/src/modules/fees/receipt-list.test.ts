import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { feeSchool } from "./fee-reports.fixture.js";

const app = await testApp();

interface Receipts {
  rows: {
    id: number;
    number: string;
    studentId: number;
    studentName: string;
    amount: number;
    status: string;
    paidOn: string;
    mode: string;
    cancelledReason: string | null;
  }[];
  count: number;
}

describe("finding receipts", () => {
  it("needs a query, and finds by number, student, name, date and status", async () => {
    const s = await feeSchool(app);
    const empty = await s.api.get("/admin/api/receipt");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().params.fields).toEqual(["q"]);
    const byNumber = await ok<Receipts>(s.api.get(`/admin/api/receipt?q=${encodeURIComponent(s.payments.chand.receiptNumber)}`));
    expect(byNumber.rows).toEqual([
      expect.objectContaining({ id: s.payments.chand.receiptId, studentName: "Chand Ali", amount: 300_000, status: "issued", mode: "cash", paidOn: s.today }),
    ]);
    const byStudent = await ok<Receipts>(s.api.get(`/admin/api/receipt?studentId=${s.students.dawud.id}`));
    expect(byStudent.rows.map((r) => r.id)).toEqual([s.payments.dawud.receiptId]);
    expect((await ok<Receipts>(s.api.get("/admin/api/receipt?q=asma"))).rows.map((r) => r.studentId)).toEqual([s.students.asma.id]);
    const today = await ok<Receipts>(s.api.get(`/admin/api/receipt?from=${s.today}&to=${s.today}&limit=2`));
    expect(today.count).toBe(3);
    expect(today.rows).toHaveLength(2);
    expect((await ok<Receipts>(s.api.get(`/admin/api/receipt?to=${s.dates.first}`))).count).toBe(0);
    expect((await s.api.get("/admin/api/receipt?studentId=999999")).statusCode).toBe(404);
  });

  it("shows a reversed payment's receipt cancelled with its reason", async () => {
    const s = await feeSchool(app);
    const res = await app.inject({
      method: "DELETE",
      url: "/admin/api/feepayment/deleteTransaction",
      headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": s.token },
      payload: { id: s.payments.asma.transactionId, reason: "Cheque bounced" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await ok<Receipts>(s.api.get("/admin/api/receipt?status=cancelled"));
    expect(cancelled.rows).toEqual([expect.objectContaining({ id: s.payments.asma.receiptId, status: "cancelled", cancelledReason: "Cheque bounced" })]);
    expect((await ok<Receipts>(s.api.get("/admin/api/receipt?status=issued"))).count).toBe(2);
    expect((await s.parent.api.get(`/admin/api/receipt?studentId=${s.students.dawud.id}`)).statusCode).toBe(403);
  });
});
