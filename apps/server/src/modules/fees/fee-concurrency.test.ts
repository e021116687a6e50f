import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { studentSums } from "./fee-ledger.js";
import { type Collected, duesOf, feeSchool, generate, key } from "./fees.fixture.js";

const app = await testApp();

describe("collecting at once", () => {
  it("20 collections on the same dues never allocate more than is due; the rest are advances, the receipts consecutive", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    // Two dues of 1,000.00; twenty payments of 150.00 arrive together (3,000.00 in all).
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post("/admin/api/feepayment/collect-fees", { studentId: s.aisha.id, amount: 15_000, mode: "cash", paidOn: "2026-07-01", idempotencyKey: key() }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const data = replies.map((r) => (r.json() as { data: Collected }).data);
    const toDues = data.flatMap((d) => d.allocations).filter((a) => a.kind !== "advance");
    const advances = data.flatMap((d) => d.allocations).filter((a) => a.kind === "advance");
    expect(toDues.reduce((n, a) => n + a.amount, 0)).toBe(200_000);
    expect(advances.reduce((n, a) => n + a.amount, 0)).toBe(100_000);
    const dues = await duesOf(api, s.aisha.id);
    expect(dues.map((d) => [d.paid, d.balance])).toEqual([
      [100_000, 0],
      [100_000, 0],
    ]);
    const numbers = data.map((d) => Number(d.receiptNumber.split("/")[2])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await studentSums(s.scope, [s.aisha.id])).get(s.aisha.id)).toEqual({ balance: -100_000, advance: 100_000 });
  });

  it("the same key sent 10 times at once pays once", async () => {
    const s = await feeSchool(app);
    await generate(s.api, s.master.id);
    const idempotencyKey = key();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.api.post("/admin/api/feepayment/collect-fees", { studentId: s.bilal.id, amount: 40_000, mode: "upi", paidOn: "2026-07-01", idempotencyKey }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const data = replies.map((r) => (r.json() as { data: Collected }).data);
    expect(new Set(data.map((d) => d.transactionId)).size).toBe(1);
    expect(data.filter((d) => !d.repeated)).toHaveLength(1);
    expect((await duesOf(s.api, s.bilal.id))[0]!.paid).toBe(40_000);
  });
});
