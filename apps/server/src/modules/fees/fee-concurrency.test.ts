import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { studentSums } from "./fee-ledger.js";
import { type Collected, collect, duesOf, type FeeSchool, feeSchool, generate, key, ok } from "./fees.fixture.js";

const app = await testApp();

/** Twenty collections of the same body sent together, each with its own key. */
const twenty = (api: FeeSchool["api"], body: Record<string, unknown>) =>
  Promise.all(
    Array.from({ length: 20 }, () => api.post("/admin/api/feepayment/collect-fees", { mode: "cash", paidOn: "2026-07-01", ...body, idempotencyKey: key() })),
  );

describe("collecting at once", () => {
  it("20 collections naming a due already paid are all refused as already paid: nothing reaches the advance", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const [july] = await duesOf(api, s.aisha.id);
    await collect(api, { studentId: s.aisha.id, amount: 100_000, feeIds: [july!.id], paidOn: "2026-07-01" });
    const replies = await twenty(api, { studentId: s.aisha.id, amount: 50_000, feeIds: [july!.id] });
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: "fees.already_paid", params: { field: "feeIds", feeIds: [july!.id] } });
    }
    expect((await studentSums(s.scope, [s.aisha.id])).get(s.aisha.id)).toEqual({ balance: 100_000, advance: 0 });
    const receipts = await ok<{ count: number }>(api.get(`/admin/api/receipt?studentId=${s.aisha.id}`));
    expect(receipts.count).toBe(1);
  });

  it("of 20 collections naming the same open due for its full amount, one is taken and 19 refused, with no advance", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    const [july, october] = await duesOf(api, s.bilal.id);
    const replies = await twenty(api, { studentId: s.bilal.id, amount: 100_000, feeIds: [july!.id] });
    const taken = replies.filter((r) => r.statusCode === 200);
    expect(taken).toHaveLength(1);
    expect((taken[0]!.json() as { data: Collected }).data).toMatchObject({
      receiptNumber: "R/2026-27/00001",
      allocations: [{ feeId: july!.id, kind: "due", amount: 100_000 }],
    });
    const refused = replies.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json(), r.body).toMatchObject({ code: "fees.already_paid", params: { feeIds: [july!.id] } });
    expect(refused).toHaveLength(19);
    expect((await duesOf(api, s.bilal.id)).map((d) => [d.id, d.paid])).toEqual([
      [july!.id, 100_000],
      [october!.id, 0],
    ]);
    expect((await studentSums(s.scope, [s.bilal.id])).get(s.bilal.id)).toEqual({ balance: 100_000, advance: 0 });
  });

  it("20 collections on the same dues never allocate more than is due; an advance chosen on purpose takes the rest, the receipts consecutive", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    // Two dues of 1,000.00; twenty payments of 150.00 arrive together (3,000.00 in all), each keeping any rest as an advance.
    const replies = await twenty(api, { studentId: s.aisha.id, amount: 15_000, advance: true, confirmed: true });
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
