import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { collect, duesOf, expectError, feeSchool, generate, key, ok } from "./fees.fixture.js";

const app = await testApp();

describe("collect-fees", () => {
  it("confirms cash as it is taken, leaves a cheque for the office, and leaves cash too when the school asks to confirm it", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const cash = await collect(api, { studentId: s.aisha.id, amount: 10_000, paidOn: "2026-07-01" });
    expect(cash.status).toBe("confirmed");
    const cheque = await collect(api, { studentId: s.aisha.id, amount: 10_000, paidOn: "2026-07-01", mode: "cheque", reference: "CHQ 7" });
    expect(cheque.status).toBe("received");
    const byHand = await ok<{ data: { status: string; confirmedBy: number | null } }>(
      api.post("/admin/api/feepayment", { studentId: s.aisha.id, amount: 5_000, mode: "cash", paidOn: "2026-07-02" }),
    );
    expect(byHand.data.status).toBe("confirmed");

    await expectError(api.put("/admin/api/setting", { config: { feeConfirmCash: "yes" } }), 400);
    await ok(api.put("/admin/api/setting", { config: { feeConfirmCash: true } }));
    const waiting = await collect(api, { studentId: s.aisha.id, amount: 10_000, paidOn: "2026-07-03" });
    expect(waiting.status).toBe("received");
    const confirmed = await ok<{ data: { status: string } }>(api.put("/admin/api/feepayment/updateTransaction", { id: waiting.transactionId, confirm: true }));
    expect(confirmed.data.status).toBe("confirmed");
    await ok(api.put("/admin/api/setting", { config: { feeConfirmCash: null } }));
    expect((await collect(api, { studentId: s.aisha.id, amount: 10_000, paidOn: "2026-07-03" })).status).toBe("confirmed");
  });

  it("pays the fine first, then the oldest dues, and keeps what is over as an advance when asked to", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const [first, second] = await duesOf(api, s.aisha.id);
    expect(first).toMatchObject({ amount: 100_000, balance: 100_000, finePending: 5_000, state: "overdue" });
    // Paid on 1 August: the first instalment is 22 days late (a fixed 50.00 after 5 days' grace).
    const part = await collect(api, { studentId: s.aisha.id, amount: 60_000, paidOn: "2026-08-01" });
    expect(part.allocations).toEqual([
      { feeId: first!.id, feeName: "Tuition (1/2)", kind: "fine", amount: 5_000 },
      { feeId: first!.id, feeName: "Tuition (1/2)", kind: "due", amount: 55_000 },
    ]);
    expect(part.receiptNumber).toBe("R/2026-27/00001");
    expect(part.status).toBe("confirmed");
    expect(part.balance).toBe(200_000 + 5_000 - 60_000);
    // The rest of the first, all of the second, and 100.00 ahead.
    const rest = await collect(api, { studentId: s.aisha.id, amount: 155_000, paidOn: "2026-08-02", advance: true });
    expect(rest.allocations).toEqual([
      { feeId: first!.id, feeName: "Tuition (1/2)", kind: "due", amount: 45_000 },
      { feeId: second!.id, feeName: "Tuition (2/2)", kind: "due", amount: 100_000 },
      { feeId: null, feeName: null, kind: "advance", amount: 10_000 },
    ]);
    expect(rest.receiptNumber).toBe("R/2026-27/00002");
    expect(rest.balance).toBe(-10_000);
    const after = await duesOf(api, s.aisha.id);
    expect(after.map((d) => [d.state, d.balance, d.fine, d.finePending])).toEqual([
      ["paid", 0, 5_000, 0],
      ["paid", 0, 0, 0],
    ]);
  });

  it("answers the first payment when the same key comes twice, and takes nothing more", async () => {
    const s = await feeSchool(app);
    await generate(s.api, s.master.id);
    const idempotencyKey = key();
    const first = await collect(s.api, { studentId: s.bilal.id, amount: 30_000, idempotencyKey, paidOn: "2026-07-01" });
    const again = await collect(s.api, { studentId: s.bilal.id, amount: 30_000, idempotencyKey, paidOn: "2026-07-01" });
    expect(again).toMatchObject({ transactionId: first.transactionId, receiptNumber: first.receiptNumber, repeated: true });
    expect(first.repeated).toBe(false);
    const [due] = await duesOf(s.api, s.bilal.id);
    expect(due!.paid).toBe(30_000);
    // The same key for another amount is a mistake, not a repeat.
    await expectError(
      s.api.post("/admin/api/feepayment/collect-fees", { studentId: s.bilal.id, amount: 1, mode: "cash", idempotencyKey }),
      409,
      "fee_payment.key_reused",
    );
  });

  it("pays only the dues named", async () => {
    const s = await feeSchool(app);
    await generate(s.api, s.master.id);
    const [, second] = await duesOf(s.api, s.zaid.id);
    const paid = await collect(s.api, { studentId: s.zaid.id, amount: 100_000, feeIds: [second!.id], paidOn: "2026-07-01" });
    expect(paid.allocations).toEqual([{ feeId: second!.id, feeName: "Tuition (2/2)", kind: "due", amount: 100_000 }]);
  });

  it("refuses bad input, naming the field", async () => {
    const s = await feeSchool(app);
    await generate(s.api, s.master.id);
    const [due] = await duesOf(s.api, s.aisha.id);
    const base = { studentId: s.bilal.id, amount: 1_000, mode: "cash", idempotencyKey: key() };
    expect((await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, amount: 0 }), 400)).params).toBeDefined();
    await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, mode: "online" }), 400);
    await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, idempotencyKey: "short" }), 400);
    expect((await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, studentId: 999_999 }), 404)).params).toMatchObject({
      field: "studentId",
    });
    // Another student's due is not one of Bilal's.
    expect((await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, feeIds: [due!.id] }), 404)).params).toMatchObject({
      field: "feeIds",
    });
    expect(
      (await expectError(s.api.post("/admin/api/feepayment/collect-fees", { ...base, paidOn: "2099-01-01" }), 400, "fee_payment.future_date")).params,
    ).toMatchObject({
      field: "paidOn",
    });
    // Nothing of the refusals reached the ledger or the receipt series.
    const ok1 = await collect(s.api, { studentId: s.bilal.id, amount: 1_000, paidOn: "2026-07-01" });
    expect(ok1.receiptNumber).toBe("R/2026-27/00001");
  });

  it("numbers receipts per financial year: a payment of March is the year before's", async () => {
    const s = await feeSchool(app);
    const march = await collect(s.api, { studentId: s.aisha.id, amount: 1_000, paidOn: "2026-03-31", advance: true, confirmed: true });
    const april = await collect(s.api, { studentId: s.aisha.id, amount: 1_000, paidOn: "2026-04-01", advance: true, confirmed: true });
    expect([march.receiptNumber, april.receiptNumber]).toEqual(["R/2025-26/00001", "R/2026-27/00001"]);
    expect(march.allocations).toEqual([{ feeId: null, feeName: null, kind: "advance", amount: 1_000 }]);
  });
});

describe("concessions, pledges and fines", () => {
  it("stacks a 10% sibling concession and a 50% staff-child one on 1,000.00 to 450.00, within their validity", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const base = { reason: "Policy", validFrom: "2026-04-01", validTo: "2027-03-31", kind: "percent" };
    await ok(api.post("/admin/api/feeconcession", { ...base, name: "Sibling", level: "student", studentId: s.hamza.id, value: 1_000, fundSource: "sibling" }));
    await ok(
      api.post("/admin/api/feeconcession", {
        ...base,
        name: "Staff child",
        level: "group",
        groupId: s.group.id,
        value: 5_000,
        fundSource: "staffChild",
        priority: 1,
      }),
    );
    // Valid only until September: the October instalment is not reduced by it.
    await ok(
      api.post("/admin/api/feeconcession", {
        ...base,
        name: "Summer",
        level: "batch",
        batchId: s.thisYear.id,
        kind: "fixed",
        value: 10_000,
        validTo: "2026-09-30",
        priority: 2,
      }),
    );
    const made = await generate(api, s.master.id);
    expect(made).toMatchObject({ students: 4, created: 8, existing: 0 });
    const [july, october] = await duesOf(api, s.hamza.id);
    // 1,000.00 less 10% = 900.00, less 50% = 450.00, less 100.00 = 350.00.
    expect(july).toMatchObject({ amount: 100_000, concession: 65_000, balance: 35_000 });
    expect(october).toMatchObject({ amount: 100_000, concession: 55_000, balance: 45_000 });
    const [aishaJuly] = await duesOf(api, s.aisha.id);
    expect(aishaJuly).toMatchObject({ concession: 10_000, balance: 90_000 });
  });

  it("makes pledge dues that never accrue fines, and waives a fine with a reason so it stops", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const pledge = await ok<{ data: { id: number } }>(
      api.post("/admin/api/feesmaster", {
        name: "Donation",
        batchId: s.thisYear.id,
        pledge: true,
        fineRule: { kind: "perDay", graceDays: 0, amount: 100 },
        lines: [{ head: "donation", name: "Masjid fund", amount: 20_000, frequency: "once", dueDates: ["2026-06-15"] }],
      }),
    );
    await generate(api, pledge.data.id);
    const [gift] = await duesOf(api, s.zaid.id);
    expect(gift).toMatchObject({ pledge: true, finePending: 0, state: "due" });
    await generate(api, s.master.id);
    const [, , july] = (await duesOf(api, s.zaid.id)).sort((a, b) => a.id - b.id);
    expect(july!.finePending).toBe(5_000);
    const waived = await ok<{ waived: number }>(api.put("/admin/api/fees/waive-fine", { feeId: july!.id, reason: "Family hardship" }));
    expect(waived.waived).toBe(5_000);
    const after = (await duesOf(api, s.zaid.id)).find((d) => d.id === july!.id);
    expect(after).toMatchObject({ finePending: 0, fine: 0, balance: 100_000 });
    await expectError(api.put("/admin/api/fees/waive-fine", { feeId: july!.id, reason: "Again" }), 409, "fee.fine_already_waived");
    await expectError(api.put("/admin/api/fees/waive-fine", { feeId: 999_999, reason: "Nobody" }), 404);
    await expectError(api.put("/admin/api/fees/waive-fine", { feeId: july!.id, reason: "" }), 400);
  });

  it("waives a fine already charged with a fineWaiver row", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const [july] = await duesOf(api, s.aisha.id);
    await collect(api, { studentId: s.aisha.id, amount: 1_000, paidOn: "2026-08-01" });
    expect((await duesOf(api, s.aisha.id))[0]).toMatchObject({ fine: 5_000, balance: 104_000 });
    const waived = await ok<{ waived: number }>(api.put("/admin/api/fees/waive-fine", { feeId: july!.id, reason: "Late by the bank" }));
    // 10.00 of the fine was paid; the 40.00 left is waived.
    expect(waived.waived).toBe(4_000);
    expect((await duesOf(api, s.aisha.id))[0]).toMatchObject({ fine: 1_000, balance: 100_000, finePending: 0 });
  });
});
