import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { studentSums } from "./fee-ledger.js";
import { collect, duesOf, expectError, feeSchool, generate, key, ok } from "./fees.fixture.js";

const app = await testApp();

const COLLECT = "/admin/api/feepayment/collect-fees";

/** The receipts a student has, as the office lists them. */
async function receiptsOf(api: Awaited<ReturnType<typeof feeSchool>>["api"], studentId: number) {
  return (await ok<{ rows: { number: string }[] }>(api.get(`/admin/api/receipt?studentId=${studentId}&limit=100`))).rows;
}

describe("money goes where the clerk meant", () => {
  it("refuses a due already paid, naming it, unless the clerk keeps the money as an advance on purpose", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const [july, october] = await duesOf(api, s.aisha.id);
    await collect(api, { studentId: s.aisha.id, amount: 100_000, feeIds: [july!.id], paidOn: "2026-07-01" });

    const refused = await expectError(
      api.post(COLLECT, { studentId: s.aisha.id, amount: 100_000, mode: "cash", feeIds: [july!.id, october!.id], paidOn: "2026-07-01", idempotencyKey: key() }),
      409,
      "fees.already_paid",
    );
    expect(refused.params).toMatchObject({ field: "feeIds", feeIds: [july!.id], names: "Tuition (1/2)" });
    expect(refused.message).toContain("Tuition (1/2)");
    expect((await duesOf(api, s.aisha.id)).map((d) => d.paid)).toEqual([100_000, 0]);
    expect(await receiptsOf(api, s.aisha.id)).toHaveLength(1);

    // Ticked on purpose: the same call keeps what the paid due cannot take as the family's advance.
    const ahead = await collect(api, { studentId: s.aisha.id, amount: 50_000, feeIds: [july!.id], paidOn: "2026-07-01", advance: true, confirmed: true });
    expect(ahead.allocations).toEqual([{ feeId: null, feeName: null, kind: "advance", amount: 50_000 }]);
    expect(ahead.receiptNumber).toBe("R/2026-27/00002");
  });

  it("refuses more than the dues owe unless the rest is kept as an advance; nothing owed at all is an advance only on purpose", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const base = { studentId: s.bilal.id, mode: "cash", paidOn: "2026-07-01" };
    const over = await expectError(api.post(COLLECT, { ...base, amount: 250_000, idempotencyKey: key() }), 409, "fees.more_than_owed");
    expect(over.params).toMatchObject({ field: "amount", amount: 250_000, owed: 200_000 });
    expect(over.message).toBe("₹ 2,500.00 is more than the ₹ 2,000.00 owed. Take it as an advance on purpose, or take what is owed.");

    const kept = await collect(api, { ...base, amount: 250_000, advance: true });
    expect(kept.allocations.map((a) => [a.kind, a.amount])).toEqual([
      ["due", 100_000],
      ["due", 100_000],
      ["advance", 50_000],
    ]);
    expect(kept.balance).toBe(-50_000);

    const nothing = await expectError(api.post(COLLECT, { ...base, amount: 1_000, idempotencyKey: key() }), 409, "fees.more_than_owed");
    expect(nothing.params).toMatchObject({ field: "amount", amount: 1_000, owed: 0 });
    const advance = await collect(api, { ...base, amount: 1_000, advance: true, confirmed: true });
    expect(advance.allocations).toEqual([{ feeId: null, feeName: null, kind: "advance", amount: 1_000 }]);
    expect((await studentSums(s.scope, [s.bilal.id])).get(s.bilal.id)).toEqual({ balance: -51_000, advance: 51_000 });
  });

  it("asks to confirm an amount far above what is owed, and takes it when confirmed", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await api.post("/admin/api/fees", { studentId: s.zaid.id, head: "trip", name: "Zoo trip", dueDate: "2026-08-01", amount: 70_000 });
    const base = { studentId: s.zaid.id, mode: "cash", paidOn: "2026-08-01", advance: true };
    // Twice what is owed is still taken without a question.
    const twice = await collect(api, { ...base, amount: 140_000 });
    expect(twice.allocations.map((a) => a.kind)).toEqual(["due", "advance"]);

    await api.post("/admin/api/fees", { studentId: s.zaid.id, head: "trip", name: "Museum", dueDate: "2026-08-01", amount: 70_000 });
    const idempotencyKey = key();
    const ask = await expectError(api.post(COLLECT, { ...base, amount: 7_000_000, idempotencyKey }), 409, "fees.amount_confirm");
    expect(ask.params).toMatchObject({ field: "amount", amount: 7_000_000, owed: 70_000, ceiling: 140_000 });
    expect(ask.message).toBe("Confirm ₹ 70,000.00: ₹ 700.00 is owed.");
    expect(await receiptsOf(api, s.zaid.id)).toHaveLength(1);

    const confirmed = await collect(api, { ...base, amount: 7_000_000, idempotencyKey, confirmed: true });
    expect(confirmed.allocations.map((a) => [a.kind, a.amount])).toEqual([
      ["due", 70_000],
      ["advance", 6_930_000],
    ]);
    // The same key again answers the payment taken, and takes nothing more.
    const again = await collect(api, { ...base, amount: 7_000_000, idempotencyKey, confirmed: true });
    expect(again).toMatchObject({ transactionId: confirmed.transactionId, repeated: true });
  });

  it("refuses outright above the school's cap per receipt, confirmed or not; the school sets its own cap and ceiling", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await api.post("/admin/api/fees", { studentId: s.zaid.id, head: "trip", name: "Zoo trip", dueDate: "2026-08-01", amount: 70_000 });
    const base = { studentId: s.zaid.id, mode: "cash", paidOn: "2026-08-01", advance: true, confirmed: true };
    const cap = await expectError(api.post(COLLECT, { ...base, amount: 100_000_000_000, idempotencyKey: key() }), 400, "fees.amount_cap");
    expect(cap.params).toMatchObject({ field: "amount", amount: 100_000_000_000, max: 1_000_000_000 });
    expect(cap.message).toBe("One receipt takes at most ₹ 1,00,00,000.00.");

    await ok(api.put("/admin/api/setting", { config: { feeReceiptCap: 5_000_000, feeConfirmMultiple: 1.5 } }));
    expect((await expectError(api.post(COLLECT, { ...base, amount: 5_000_001, idempotencyKey: key() }), 400, "fees.amount_cap")).params).toMatchObject({
      max: 5_000_000,
    });
    const ask = await expectError(api.post(COLLECT, { ...base, amount: 105_001, confirmed: false, idempotencyKey: key() }), 409, "fees.amount_confirm");
    expect(ask.params).toMatchObject({ owed: 70_000, ceiling: 105_000 });
    expect((await collect(api, { ...base, amount: 5_000_000 })).allocations.map((a) => a.kind)).toEqual(["due", "advance"]);
    expect(await receiptsOf(api, s.zaid.id)).toHaveLength(1);

    for (const config of [{ feeReceiptCap: 50 }, { feeReceiptCap: 1.5 }, { feeConfirmMultiple: 0.5 }, { feeConfirmMultiple: "two" }]) {
      const bad = await expectError(api.put("/admin/api/setting", { config }), 400);
      expect(JSON.stringify(bad.params)).toContain(Object.keys(config)[0]);
    }
  });

  it("holds the payments resource to the same rules: no advance unless asked, nothing above the cap", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const add = (body: Record<string, unknown>) => api.post("/admin/api/feepayment", { studentId: s.hamza.id, mode: "cash", paidOn: "2026-07-05", ...body });
    await expectError(add({ amount: 250_000 }), 409, "fees.more_than_owed");
    await expectError(add({ amount: 100_000_000_000, advance: true, confirmed: true }), 400, "fees.amount_cap");
    const made = await ok<{ data: { allocations: { kind: string; amount: number }[] } }>(add({ amount: 250_000, advance: true }));
    expect(made.data.allocations.map((a) => [a.kind, a.amount])).toEqual([
      ["due", 100_000],
      ["due", 100_000],
      ["advance", 50_000],
    ]);
    expect(await receiptsOf(api, s.hamza.id)).toHaveLength(1);
  });
});
