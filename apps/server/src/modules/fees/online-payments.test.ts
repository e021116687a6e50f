import { describe, expect, it } from "vitest";
import { adminOfNewTenant, buildTestApp, paymentSandbox, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { checkout, onlineFeeSchool, payInSandbox } from "./online-payments.fixture.js";

const app: TestApp = await testApp();

describe("a parent paying fees online", () => {
  it("pays the child's balance through the sandbox: recorded once with its receipt, the dues paid, the parent told in their language", async () => {
    const s = await onlineFeeSchool(app, "ur");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    expect(order).toMatchObject({ provider: "sandbox", amount: 200_000, currency: "INR" });
    expect(order.keyId).toMatch(/^rzp_test_/);
    expect(order.description).toContain("Huda Siddiqui");
    expect(order.checkoutUrl).toContain(`/checkout?order_id=${order.providerOrderId}`);
    // Opening an order records nothing.
    expect(await s.payments(s.child.id)).toEqual([]);

    const paid = payInSandbox(app, order);
    const verified = await ok<{ message: string; data: { status: string; receiptId: number; receiptNumber: string; amount: number } }>(
      s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody),
    );
    expect(verified.message).toBe("Payment successful");
    expect(verified.data).toMatchObject({ status: "paid", amount: 200_000 });
    expect(verified.data.receiptNumber).toBeTruthy();

    // Sent again (a refresh, a second tap): the same receipt, nothing more taken.
    const again = await ok<{ data: { receiptNumber: string } }>(s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody));
    expect(again.data.receiptNumber).toBe(verified.data.receiptNumber);

    const payments = await s.payments(s.child.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 200_000,
      mode: "online",
      status: "confirmed",
      reference: paid.razorpay_payment_id,
      receiptNumber: verified.data.receiptNumber,
    });
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([0, 0]);
    expect((await s.duesOf(s.other.id)).map((d) => d.balance)).toEqual([100_000, 100_000]);

    const notes = await ok<{ rows: { title: string; body: string; studentId: number | null }[] }>(s.parent.api.get("/user/api/home/notifications"));
    const receipt = notes.rows.filter((n) => n.body.includes(verified.data.receiptNumber));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]).toMatchObject({ title: "فیس کی رسید تیار ہے", studentId: s.child.id });
    expect(receipt[0]!.body).toContain("Huda Siddiqui");
    expect(receipt[0]!.body).toMatch(/2,000/);
  });

  it("refuses a signature the provider did not make (400) and records nothing; the real one then pays", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const paid = payInSandbox(app, order);
    const forged = { ...paid.verifyBody, payment: { ...paid.verifyBody.payment, razorpay_signature: "a".repeat(64) } };
    const res = await s.parent.api.post("/user/api/home/fees/pay/verify", forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "payment.bad_signature", params: { field: "payment.razorpay_signature" } });
    // Another payment's signature does not fit this one either.
    const swapped = { ...paid.verifyBody, payment: { ...paid.verifyBody.payment, razorpay_payment_id: "pay_00000000000000" } };
    expect((await s.parent.api.post("/user/api/home/fees/pay/verify", swapped)).statusCode).toBe(400);
    expect(await s.payments(s.child.id)).toEqual([]);
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([100_000, 100_000]);
    const good = await ok<{ data: { status: string } }>(s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody));
    expect(good.data.status).toBe("paid");
  });

  it("reports a failed payment as failed and records nothing", async () => {
    const s = await onlineFeeSchool(app, "en");
    const order = await checkout(s.parent.api, { studentId: s.child.id });
    const sandbox = paymentSandbox(app);
    const { paymentId } = sandbox.fail(order.providerOrderId, { webhooks: false });
    // Razorpay signs only successful payments; the sandbox's key makes a signature for the test's sake.
    const { checkoutSignature } = await import("../../platform/payments/razorpay.js");
    const signature = checkoutSignature(sandbox.opts.keySecret, order.providerOrderId, paymentId);
    const res = await ok<{ message: string; data: { status: string; receiptId: number | null } }>(
      s.parent.api.post("/user/api/home/fees/pay/verify", {
        orderId: order.orderId,
        payment: { razorpay_order_id: order.providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
      }),
    );
    expect(res).toMatchObject({ message: "Payment failed", data: { status: "failed", receiptId: null } });
    expect(await s.payments(s.child.id)).toEqual([]);
  });

  it("reaches only the caller's own child: another family's child, or a child of no one's, is not found", async () => {
    const s = await onlineFeeSchool(app, "en");
    for (const studentId of [s.other.id, 999_999_999]) {
      const res = await s.parent.api.post("/user/api/home/fees/pay", { studentId });
      expect(res.statusCode, res.body).toBe(404);
    }
    // The admin is no family's guardian: the parent area's call is not theirs either.
    expect((await s.api.post("/user/api/home/fees/pay", { studentId: s.child.id })).statusCode).toBe(404);
    // Another family's order cannot be verified (or probed) by this parent.
    const theirs = await checkout(s.otherParent.api, { studentId: s.other.id });
    const paid = payInSandbox(app, theirs);
    expect((await s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody)).statusCode).toBe(404);
    expect(await s.payments(s.other.id)).toEqual([]);
    // A parent of another school does not find this school's child.
    const elsewhere = await adminOfNewTenant(app);
    const roles = await rolesOf(elsewhere.api);
    const stranger = await signedInUser(app, elsewhere.tenant, elsewhere.api, [roles.parent!]);
    expect((await stranger.api.post("/user/api/home/fees/pay", { studentId: s.child.id })).statusCode).toBe(404);
  });

  it("charges the named dues' balances, or a part of the balance, never more than is due", async () => {
    const s = await onlineFeeSchool(app, "en");
    const [first, second] = await s.duesOf(s.child.id);
    const one = await checkout(s.parent.api, { studentId: s.child.id, feeIds: [second!.id] });
    expect(one.amount).toBe(100_000);
    const part = await checkout(s.parent.api, { studentId: s.child.id, amount: 25_000 });
    expect(part.amount).toBe(25_000);
    const tooMuch = await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id, amount: 200_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: "fee_checkout.too_much", params: { field: "amount", max: 200_000 } });
    const [otherDue] = await s.duesOf(s.other.id);
    expect((await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id, feeIds: [otherDue!.id] })).statusCode).toBe(404);
    expect((await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id, amount: 99 })).statusCode).toBe(400);

    // Paying the named later due leaves the earlier one owed.
    await ok(s.parent.api.post("/user/api/home/fees/pay/verify", payInSandbox(app, one).verifyBody));
    expect((await s.duesOf(s.child.id)).map((d) => [d.id, d.balance])).toEqual([
      [first!.id, 100_000],
      [second!.id, 0],
    ]);
    // The part-payment opened earlier goes to the oldest due.
    await ok(s.parent.api.post("/user/api/home/fees/pay/verify", payInSandbox(app, part).verifyBody));
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([75_000, 0]);
    const rest = await checkout(s.parent.api, { studentId: s.child.id });
    expect(rest.amount).toBe(75_000);
    await ok(s.parent.api.post("/user/api/home/fees/pay/verify", payInSandbox(app, rest).verifyBody));
    const nothing = await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe("fee_checkout.nothing_due");
  });

  it("gives a second tap or a second tab the order already open for the same dues, so the family pays once and no advance is made", async () => {
    const s = await onlineFeeSchool(app, "en");
    const first = await checkout(s.parent.api, { studentId: s.child.id });
    const again = await checkout(s.parent.api, { studentId: s.child.id });
    expect(again).toEqual(first);
    // Another amount, or other dues, is another order.
    const part = await checkout(s.parent.api, { studentId: s.child.id, amount: 25_000 });
    expect(part.orderId).not.toBe(first.orderId);
    // The second tab's verification is the first's payment: one payment, one receipt.
    const paid = payInSandbox(app, first);
    const one = await ok<{ data: { receiptNumber: string } }>(s.parent.api.post("/user/api/home/fees/pay/verify", paid.verifyBody));
    const two = await ok<{ data: { receiptNumber: string } }>(
      s.parent.api.post("/user/api/home/fees/pay/verify", { ...paid.verifyBody, orderId: again.orderId }),
    );
    expect(two.data.receiptNumber).toBe(one.data.receiptNumber);
    expect(await s.payments(s.child.id)).toHaveLength(1);
    expect((await s.duesOf(s.child.id)).map((d) => d.balance)).toEqual([0, 0]);
    // Once paid, nothing is due: no new order, and the old one is not offered again.
    const nothing = await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id });
    expect(nothing.json().code).toBe("fee_checkout.nothing_due");
  });

  it("refuses an online payment where none is set up (409) and opens no order", async () => {
    const { app: offline } = await buildTestApp({ PAYMENT_PROVIDER: "offline" });
    const s = await onlineFeeSchool(offline as TestApp, "en");
    const res = await s.parent.api.post("/user/api/home/fees/pay", { studentId: s.child.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "Online payment is not set up for this school", code: "payment.not_set_up" });
  });
});
