import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { addDue, collect, deleteWithBody, duesOf, expectError, feeSchool, generate, key, ok } from "./fees.fixture.js";

const app = await testApp();

interface Payment {
  id: number;
  status: string;
  kind: string;
  amount: number;
  reference: string | null;
  note: string | null;
  receiptNumber: string | null;
  invoiceNumber: string | null;
  reversalReason: string | null;
  allocations: { feeId: number | null; kind: string; amount: number }[];
}

describe("transactions", () => {
  it("confirms a received payment once, and corrects its reference and note but not its mode", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const paid = await collect(api, { studentId: s.aisha.id, amount: 10_000, paidOn: "2026-07-01", mode: "cheque", reference: "CHQ 1" });
    const confirmed = await ok<{ data: Payment }>(
      api.put("/admin/api/feepayment/updateTransaction", { id: paid.transactionId, confirm: true, reference: "CHQ 001" }),
    );
    expect(confirmed.data).toMatchObject({ status: "confirmed", reference: "CHQ 001" });
    await expectError(api.put("/admin/api/feepayment/updateTransaction", { id: paid.transactionId, confirm: true }), 409, "fee_payment.already_confirmed");
    await expectError(api.put("/admin/api/feepayment/updateTransaction", { id: 999_999, confirm: true }), 404);
    const edited = await ok<{ data: Payment }>(api.put("/admin/api/feepayment", { id: paid.transactionId, note: "Father's cheque" }));
    expect(edited.data).toMatchObject({ note: "Father's cheque", amount: 10_000 });
    expect((await expectError(api.put("/admin/api/feepayment", { id: paid.transactionId, mode: "cash" }), 409, "fee_payment.locked")).params).toMatchObject({
      field: "mode",
    });
  });

  it("reverses a payment with a reason: reversal rows, the receipt cancelled, the dues owed again; never twice, never deleted", async () => {
    const s = await feeSchool(app);
    const { api, token } = s;
    await generate(api, s.master.id);
    const paid = await collect(api, { studentId: s.bilal.id, amount: 250_000, paidOn: "2026-07-01", advance: true });
    const reversed = await ok<{ data: Payment }>(
      deleteWithBody(app, token, "/admin/api/feepayment/deleteTransaction", { id: paid.transactionId, reason: "Entered twice" }),
    );
    expect(reversed.data).toMatchObject({ status: "reversed", reversalReason: "Entered twice" });
    const dues = await duesOf(api, s.bilal.id);
    expect(dues.map((d) => d.balance)).toEqual([100_000, 100_000]);
    expect(dues.map((d) => d.paid)).toEqual([0, 0]);
    const receipts = await ok<{ rows: { number: string; status: string; cancelledReason: string | null }[] }>(
      api.get(`/admin/api/receipt?studentId=${s.bilal.id}`),
    );
    expect(receipts.rows[0]).toMatchObject({ number: paid.receiptNumber, status: "cancelled", cancelledReason: "Entered twice" });
    await expectError(
      deleteWithBody(app, token, "/admin/api/feepayment/deleteTransaction", { id: paid.transactionId, reason: "Again" }),
      409,
      "fee_payment.reversed",
    );
    await expectError(deleteWithBody(app, token, "/admin/api/feepayment/deleteTransaction", { id: paid.transactionId, reason: "" }), 400);
    const never = await expectError(api.delete(`/admin/api/feepayment/${paid.transactionId}`), 409, "fee_payment.never_deleted");
    expect(never.message).toBe("A payment is never deleted: reverse it with a reason");
    // The next receipt takes the next number: a cancelled one is never reused.
    const next = await collect(api, { studentId: s.bilal.id, amount: 1_000, paidOn: "2026-07-02" });
    expect(next.receiptNumber).toBe("R/2026-27/00002");
  });

  it("refunds only what the family has ahead, with its own receipt", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await collect(api, { studentId: s.zaid.id, amount: 30_000, paidOn: "2026-07-01", advance: true, confirmed: true });
    const tooMuch = await expectError(
      api.post("/admin/api/feepayment/refund", { studentId: s.zaid.id, amount: 30_001, mode: "cash", reason: "Left the school", idempotencyKey: key() }),
      409,
      "fee_payment.refund_too_much",
    );
    expect(tooMuch.params).toMatchObject({ field: "amount", max: 30_000 });
    const refund = await ok<{ data: Payment }>(
      api.post("/admin/api/feepayment/refund", { studentId: s.zaid.id, amount: 20_000, mode: "cash", reason: "Left the school", idempotencyKey: key() }),
    );
    expect(refund.data).toMatchObject({
      kind: "refund",
      amount: 20_000,
      receiptNumber: "R/2026-27/00002",
      allocations: [{ feeId: null, kind: "advance", amount: 20_000 }],
    });
    const card = await ok<{ data: { totals: { advance: number; balance: number } } }>(api.get(`/admin/api/fees/student/${s.zaid.id}`));
    expect(card.data.totals).toMatchObject({ advance: 10_000, balance: -10_000 });
    await expectError(api.post("/admin/api/feepayment/refund", { studentId: 999_999, amount: 1, mode: "cash", reason: "Nobody", idempotencyKey: key() }), 404);
  });

  it("gives an invoice number once; asking again answers the same", async () => {
    const s = await feeSchool(app);
    const paid = await collect(s.api, { studentId: s.aisha.id, amount: 5_000, paidOn: "2026-07-01", advance: true, confirmed: true });
    const first = await ok<{ invoiceNumber: string }>(s.api.put("/admin/api/feepayment/generate-invoice-number", { id: paid.transactionId }));
    const again = await ok<{ invoiceNumber: string }>(s.api.put("/admin/api/feepayment/generate-invoice-number", { id: paid.transactionId }));
    expect(first.invoiceNumber).toBe("INV/2026-27/0001");
    expect(again.invoiceNumber).toBe(first.invoiceNumber);
    await expectError(s.api.put("/admin/api/feepayment/generate-invoice-number", { id: 999_999 }), 404);
  });

  it("records a payment through the payments resource as collect-fees does, and lists it with its allocations", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const made = await ok<{ data: Payment }>(
      api.post("/admin/api/feepayment", { studentId: s.hamza.id, amount: 120_000, mode: "bank", paidOn: "2026-07-05", reference: "NEFT 9" }),
    );
    expect(made.data).toMatchObject({ status: "received", receiptNumber: "R/2026-27/00001" });
    expect(made.data.allocations.map((a) => [a.kind, a.amount])).toEqual([
      ["due", 100_000],
      ["due", 20_000],
    ]);
    const list = await ok<{ rows: Payment[]; count: number }>(api.get(`/admin/api/feepayment?studentId=${s.hamza.id}`));
    expect(list.count).toBe(1);
    expect(list.rows[0]!.allocations).toHaveLength(2);
    const one = await ok<{ data: Payment }>(api.get(`/admin/api/feepayment/${made.data.id}`));
    expect(one.data).toMatchObject({ id: made.data.id, receiptNumber: "R/2026-27/00001", amount: 120_000 });
    expect(one.data.allocations).toEqual(made.data.allocations);
    await expectError(api.get("/admin/api/feepayment/999999"), 404);
    await expectError(api.get("/admin/api/feepayment/abc"), 400);
    await expectError(api.post("/admin/api/feepayment", { studentId: s.hamza.id, amount: 0, mode: "cash", paidOn: "2026-07-05" }), 400);
    await expectError(api.post("/admin/api/feepayment", { studentId: 999_999, amount: 10, mode: "cash", paidOn: "2026-07-05" }), 404);
  });
});

describe("the dues resource", () => {
  it("adds an office due with its charge, changes it while unpaid, refuses once paid, and cancels an unpaid one", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const trip = await addDue(api, { studentId: s.aisha.id, amount: 25_000 });
    expect(trip).toMatchObject({ amount: 25_000, balance: 25_000, state: "overdue" });
    const changed = await ok<{ data: { amount: number; balance: number; dueDate: string } }>(
      api.put("/admin/api/fees", { id: trip.id, amount: 30_000, dueDate: "2026-12-20" }),
    );
    expect(changed.data).toMatchObject({ amount: 30_000, balance: 30_000, dueDate: "2026-12-20" });
    await collect(api, { studentId: s.aisha.id, amount: 1_000, paidOn: "2026-07-01" });
    const refused = await expectError(api.put("/admin/api/fees", { id: trip.id, amount: 1 }), 409, "fee.already_paid");
    expect(refused.params).toMatchObject({ field: "amount", reason: "partlyPaid" });
    await expectError(api.delete(`/admin/api/fees/${trip.id}`), 409, "fee.already_paid");
    const museum = await addDue(api, { studentId: s.aisha.id, name: "Museum", amount: 5_000 });
    await ok(api.delete(`/admin/api/fees/${museum.id}`));
    const rows = await duesOf(api, s.aisha.id);
    expect(rows.find((d) => d.id === museum.id)).toMatchObject({ state: "cancelled", balance: 0, amount: 5_000 });
    await expectError(api.delete(`/admin/api/fees/${museum.id}`), 409, "fee.cancelled");
    const cancelled = await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/fees?studentId=${s.aisha.id}&state=cancelled`));
    expect(cancelled.rows.map((r) => r.id)).toEqual([museum.id]);
    const partly = await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/fees?studentId=${s.aisha.id}&state=partlyPaid`));
    expect(partly.rows.map((r) => r.id)).toEqual([trip.id]);
    await expectError(api.post("/admin/api/fees", { studentId: 999_999, head: "trip", name: "X", dueDate: "2026-08-01", amount: 1 }), 404);
    await expectError(api.post("/admin/api/fees", { studentId: s.aisha.id, head: "trip", name: "X", dueDate: "2026-08-01", amount: -5 }), 400);
  });
});
