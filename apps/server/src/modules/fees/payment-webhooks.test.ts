import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentSandbox, type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { checkout, onlineFeeSchool, payInSandbox } from "./online-payments.fixture.js";

const app: TestApp = await testApp();

const eventRows = async (eventId: string) =>
  (
    (await app.services.db.execute(sql`select event, applied_at from payment_events where event_id = ${eventId}`)) as unknown as {
      rows: { event: string; applied_at: string | null }[];
    }
  ).rows;

describe("the payment provider's webhooks", () => {
  it("records a payment.captured that comes before the browser; the browser's verify then answers the same receipt, and order.paid changes nothing", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const paid = payInSandbox(app, order);
    const [captured, orderPaid] = paid.events;
    expect(captured!.body.event).toBe("payment.captured");
    const res = await paymentSandbox(app).send(captured!);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true, duplicate: false, outcome: "applied" });
    const payments = await s.payments(s.child.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 200_000, mode: "online", status: "confirmed" });

    const verified = await ok<{ data: { status: string; receiptNumber: string } }>(s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody));
    expect(verified.data).toMatchObject({ status: "paid", receiptNumber: payments[0]!.receiptNumber });

    const late = await paymentSandbox(app).send(orderPaid!);
    expect(JSON.parse(late.body)).toMatchObject({ duplicate: false, outcome: "applied" });
    expect(await s.payments(s.child.id)).toHaveLength(1);
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([0, 0]);
    // The parent is told once.
    const notes = await ok<{ rows: { body: string }[] }>(s.parent.api.get("/user/api/home/notifications"));
    expect(notes.rows.filter((n) => n.body.includes(verified.data.receiptNumber))).toHaveLength(1);
  });

  it("stores a retried event once and takes events in any order", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id, amount: 50_000 });
    const [captured, orderPaid] = payInSandbox(app, order).events;
    // order.paid first, then the same order.paid again (a retry), then payment.captured.
    expect(JSON.parse((await paymentSandbox(app).send(orderPaid!)).body)).toMatchObject({ duplicate: false, outcome: "applied" });
    expect(JSON.parse((await paymentSandbox(app).send(orderPaid!)).body)).toEqual({ received: true, duplicate: true, outcome: "seen" });
    expect(JSON.parse((await paymentSandbox(app).send(captured!)).body)).toMatchObject({ duplicate: false, outcome: "applied" });
    expect(await eventRows(orderPaid!.eventId)).toHaveLength(1);
    expect((await eventRows(captured!.eventId))[0]?.applied_at).toBeTruthy();
    const payments = await s.payments(s.child.id);
    expect(payments.map((p) => p.amount)).toEqual([50_000]);
  });

  it("records once when the browser and both webhooks arrive at the same moment", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const paid = payInSandbox(app, order);
    const [verify, ...hooks] = await Promise.all([
      s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody),
      ...paid.events.map((e) => paymentSandbox(app).send(e)),
      ...paid.events.map((e) => paymentSandbox(app).send(e)),
    ]);
    expect(verify!.statusCode, verify!.body).toBe(200);
    for (const h of hooks) expect((h as { status: number }).status).toBe(200);
    expect(await s.payments(s.child.id)).toHaveLength(1);
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([0, 0]);
  });

  it("pays from the webhooks alone when the browser never comes back, as the sandbox's Pay sends them", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    payInSandbox(app, order, true);
    await paymentSandbox(app).idle();
    expect(paymentSandbox(app).refused).toEqual([]);
    expect(await s.payments(s.child.id)).toHaveLength(1);
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([0, 0]);
  });

  it("refuses a webhook whose signature is not the provider's (401), storing nothing, and a provider not configured here (404)", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const [captured] = payInSandbox(app, order).events;
    const forged = await paymentSandbox(app).send(captured!, { signature: "0".repeat(64) });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: "webhook.bad_signature" });
    expect(await eventRows(captured!.eventId)).toEqual([]);
    expect(await s.payments(s.child.id)).toEqual([]);
    const elsewhere = await app.inject({
      method: "POST",
      url: "/admin/open/payments/webhook/razorpay",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(captured!.body),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("marks the order failed on payment.failed, and a later captured payment of the same order is still recorded", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const failed = paymentSandbox(app).fail(order.providerOrderId, { webhooks: false });
    expect(JSON.parse((await paymentSandbox(app).send(failed.events[0]!)).body)).toMatchObject({ outcome: "applied" });
    const state = (await app.services.db.execute(sql`select status from payment_orders where id = ${order.orderId}`)) as unknown as {
      rows: { status: string }[];
    };
    expect(state.rows[0]?.status).toBe("failed");
    // The parent tries again on the same order, and it goes through.
    const paid = payInSandbox(app, order);
    await ok(s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody));
    expect(await s.payments(s.child.id)).toHaveLength(1);
  });
});
