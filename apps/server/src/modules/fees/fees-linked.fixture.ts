import { ok } from "../academics/school.fixture.js";
import { key } from "./fees.fixture.js";

type LinkedApi = {
  post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
};

/**
 * The linked-students suite's rows for fees: a fee structure of the children's batch made into
 * both children's dues, a payment and a concession of each, so every fees list has a row of the
 * other child for a family's role to be kept from, and the receipt list its query.
 */
export async function feesLinkedFixture(api: LinkedApi, children: { mine: number; other: number }, batchId: number) {
  const master = await ok<{ data: { id: number } }>(
    api.post("/admin/api/feesmaster", {
      name: "Linked fees",
      batchId,
      lines: [{ head: "tuition", name: "Tuition", amount: 10_000, frequency: "once", dueDates: ["2026-07-10"] }],
    }),
  );
  for (const studentId of [children.mine, children.other]) {
    await ok(
      api.post("/admin/api/feeconcession", {
        name: `Sibling ${studentId}`,
        level: "student",
        studentId,
        kind: "percent",
        value: 1_000,
        reason: "Second child",
        validFrom: "2026-04-01",
        validTo: "2027-03-31",
      }),
    );
  }
  await ok(api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: master.data.id, studentIds: [children.mine, children.other] }));
  const paymentOf = async (studentId: number) =>
    (
      await ok<{ data: { transactionId: number } }>(
        api.post("/admin/api/feepayment/collect-fees", { studentId, amount: 1_000, mode: "cash", paidOn: "2026-07-01", idempotencyKey: key() }),
      )
    ).data.transactionId;
  const feepayment = { mine: await paymentOf(children.mine), other: await paymentOf(children.other) };
  return {
    rows: { feepayment },
    // The receipt list answers only a non-empty query: each child's own receipts.
    queries: { "GET /admin/api/receipt": (whose: "mine" | "other") => `?studentId=${children[whose]}` },
  };
}
