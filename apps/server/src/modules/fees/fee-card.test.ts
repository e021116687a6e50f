import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { feeSchool } from "./fee-reports.fixture.js";

const app = await testApp();

interface Card {
  data: {
    student: { id: number; name: string; classroomLabel: string | null; guardianName: string | null };
    currency: string;
    totals: {
      amount: number;
      concession: number;
      fine: number;
      finePending: number;
      paid: number;
      balance: number;
      advance: number;
      overdue: number;
      nextDueDate: string | null;
    };
    dues: { id: number; name: string; dueDate: string; amount: number; concession: number; paid: number; balance: number; state: string }[];
    payments: { id: number; amount: number; status: string; receiptNumber: string | null }[];
    concessions: { name: string; fundSource: string }[];
  };
}
interface Logs {
  rows: {
    studentId: number;
    feeId: number | null;
    feeName: string | null;
    kind: string;
    amount: number;
    receiptNumber: string | null;
    byName: string | null;
  }[];
  count: number;
}

describe("a student's fee card", () => {
  it("shows every due with its ledger figures, the payments and the totals", async () => {
    const s = await feeSchool(app);
    const card = (await ok<Card>(s.api.get(`/admin/api/fees/student/${s.students.asma.id}`))).data;
    expect(card.student).toMatchObject({ name: "Asma Rahman", classroomLabel: "Class 5-A", guardianName: "Signed In" });
    expect(card.dues.map((d) => [d.name, d.dueDate, d.amount, d.paid, d.balance, d.state])).toEqual([
      ["Tuition (1/3)", s.dates.first, 100_000, 100_000, 0, "paid"],
      ["Tuition (2/3)", s.dates.second, 100_000, 50_000, 50_000, "overdue"],
      ["Bus", s.dates.transport, 30_000, 0, 30_000, "due"],
      ["Tuition (3/3)", s.dates.third, 100_000, 0, 100_000, "due"],
    ]);
    expect(card.totals).toEqual({
      amount: 330_000,
      concession: 0,
      fine: 0,
      finePending: 0,
      paid: 150_000,
      balance: 180_000,
      advance: 0,
      overdue: 50_000,
      nextDueDate: s.dates.third,
    });
    expect(card.payments).toEqual([
      expect.objectContaining({ id: s.payments.asma.transactionId, amount: 150_000, receiptNumber: s.payments.asma.receiptNumber }),
    ]);
    const esa = (await ok<Card>(s.api.get(`/admin/api/fees/student/${s.students.esa.id}`))).data;
    expect(esa.dues.every((d) => d.state === "waived" && d.balance === 0 && d.concession === 100_000)).toBe(true);
    expect(esa.concessions).toEqual([expect.objectContaining({ name: "Zakat waiver", fundSource: "zakat" })]);
    expect(esa.totals).toMatchObject({ amount: 300_000, concession: 300_000, balance: 0 });
  });

  it("shows a parent their own child's card and answers 404 for another child's", async () => {
    const s = await feeSchool(app);
    const own = await ok<Card>(s.parent.api.get(`/admin/api/fees/student/${s.students.dawud.id}`));
    expect(own.data.totals).toMatchObject({ paid: 100_000, balance: 200_000, overdue: 100_000 });
    const other = await s.parent.api.get(`/admin/api/fees/student/${s.students.asma.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("Asma");
    const elsewhere = await feeSchool(app);
    expect((await s.api.get(`/admin/api/fees/student/${elsewhere.students.asma.id}`)).statusCode).toBe(404);
    // Staff without fees.view: refused, not told whether the child exists beyond that.
    expect((await s.clerk.api.get(`/admin/api/fees/student/${s.students.asma.id}`)).statusCode).toBe(403);
  });

  it("lists the ledger's lines of a student or a due, newest first, with names", async () => {
    const s = await feeSchool(app);
    const lines = await ok<Logs>(s.api.put("/admin/api/fees/logs", { studentId: s.students.asma.id }));
    // Four charges, and the payment in two parts (the first month, half the second).
    expect(lines.count).toBe(6);
    expect(lines.rows.reduce((sum, r) => sum + r.amount, 0)).toBe(180_000);
    expect(lines.rows.filter((r) => r.kind === "payment").every((r) => r.receiptNumber === s.payments.asma.receiptNumber)).toBe(true);
    expect(lines.rows.filter((r) => r.kind === "charge").map((r) => r.feeName)).toEqual(expect.arrayContaining(["Tuition (1/3)", "Bus"]));
    const card = (await ok<Card>(s.api.get(`/admin/api/fees/student/${s.students.asma.id}`))).data;
    const second = card.dues[1]!;
    const ofDue = await ok<Logs>(s.api.put("/admin/api/fees/logs", { feeId: second.id, limit: 1 }));
    expect(ofDue.count).toBe(2);
    expect(ofDue.rows).toEqual([expect.objectContaining({ kind: "payment", amount: -50_000, byName: "Test Admin" })]);
    // The ledger is a staff tool: the built-in parent role is not granted it.
    expect((await s.parent.api.put("/admin/api/fees/logs", { studentId: s.students.dawud.id })).statusCode).toBe(403);
    expect((await s.api.put("/admin/api/fees/logs", { studentId: 999_999 })).statusCode).toBe(404);
  });
});
