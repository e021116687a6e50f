import { describe, expect, it } from "vitest";
import { adminOfNewTenant, buildTestApp, paymentSandbox, type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";

const app: TestApp = await testApp();
type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

interface Checkout {
  orderId: number;
  provider: string;
  providerOrderId: string;
  keyId: string;
  amount: number;
  currency: string;
  checkoutUrl: string | null;
}

const balanceOf = async (api: Api, channel: string) =>
  (await ok<{ data: { wallets: { channel: string; balance: number }[] } }>(api.get("/admin/api/plan"))).data.wallets.find((w) => w.channel === channel)!
    .balance;

const openRecharge = async (api: Api, channel: string, amount: number) =>
  (await ok<{ data: Checkout }>(api.post("/admin/api/payments/recharge/order", { channel, amount }))).data;

const history = async (api: Api) =>
  (await ok<{ data: { id: number; status: string; providerPaymentId: string | null; amount: number }[] }>(api.get("/admin/api/payments"))).data;

describe("recharging a messaging wallet", () => {
  it("credits the wallet only once the payment's signature checks out, and once however often it is sent", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const checkout = await openRecharge(api, "whatsapp", 50_000);
    expect(checkout).toMatchObject({ provider: "sandbox", amount: 50_000, currency: "INR" });
    expect(checkout.keyId).toMatch(/^rzp_test_/);
    expect(checkout.checkoutUrl).toContain(`/checkout?order_id=${checkout.providerOrderId}`);
    expect(await balanceOf(api, "whatsapp")).toBe(0);

    const paid = paymentSandbox(app).pay(checkout.providerOrderId, { webhooks: false });
    const payment = { orderId: checkout.orderId, razorpay_order_id: paid.razorpay_order_id, razorpay_payment_id: paid.razorpay_payment_id };

    // The client's word alone: a made-up signature credits nothing.
    const forged = await api.post("/admin/api/payments/recharge", {
      taleemCode: tenant.code,
      amount: 50_000,
      payment: { ...payment, razorpay_signature: "0".repeat(64) },
    });
    expect(forged.statusCode, forged.body).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, message: "Recharge failed: the payment could not be verified.", code: "payment.bad_signature" });
    expect(await balanceOf(api, "whatsapp")).toBe(0);

    const body = { taleemCode: tenant.code.toLowerCase(), amount: 50_000, payment: { ...payment, razorpay_signature: paid.razorpay_signature } };
    const done = await ok<{ success: boolean; message: string; data: Record<string, unknown> }>(api.post("/admin/api/payments/recharge", body));
    expect(done).toEqual({ success: true, message: "Recharge successful", data: { channel: "whatsapp", balance: 50_000, credited: 50_000, repeated: false } });
    const again = await ok<{ success: boolean; data: Record<string, unknown> }>(api.post("/admin/api/payments/recharge", body));
    expect(again).toMatchObject({ success: true, data: { balance: 50_000, repeated: true } });
    expect(await balanceOf(api, "whatsapp")).toBe(50_000);
    expect(await balanceOf(api, "sms")).toBe(0);
    expect((await history(api))[0]).toMatchObject({ id: checkout.orderId, status: "paid", providerPaymentId: paid.razorpay_payment_id });

    // The late webhooks of the same payment credit nothing more.
    for (const event of paid.events) expect((await paymentSandbox(app).send(event)).status).toBe(200);
    expect(await balanceOf(api, "whatsapp")).toBe(50_000);
  });

  it("credits the wallet from the provider's webhook when the browser never comes back; the browser's call afterwards credits nothing", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const checkout = await openRecharge(api, "sms", 20_000);
    const paid = paymentSandbox(app).pay(checkout.providerOrderId);
    await paymentSandbox(app).idle();
    expect(await balanceOf(api, "sms")).toBe(20_000);
    expect((await history(api))[0]).toMatchObject({ status: "paid", providerPaymentId: paid.razorpay_payment_id });
    const late = await ok<{ data: Record<string, unknown> }>(
      api.post("/admin/api/payments/recharge", {
        taleemCode: tenant.code,
        amount: 20_000,
        payment: {
          orderId: checkout.orderId,
          razorpay_order_id: paid.razorpay_order_id,
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_signature: paid.razorpay_signature,
        },
      }),
    );
    expect(late.data).toEqual({ channel: "sms", balance: 20_000, credited: 20_000, repeated: true });
    expect(await balanceOf(api, "sms")).toBe(20_000);
  });

  it("refuses another school's code, another amount and another school's order, crediting nothing", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const other = await adminOfNewTenant(app);
    const checkout = await openRecharge(api, "whatsapp", 30_000);
    const paid = paymentSandbox(app).pay(checkout.providerOrderId, { webhooks: false });
    const payment = {
      orderId: checkout.orderId,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    };
    const wrongCode = await api.post("/admin/api/payments/recharge", { taleemCode: other.tenant.code, amount: 30_000, payment });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: "recharge.wrong_school", params: { field: "taleemCode" } });
    const wrongAmount = await api.post("/admin/api/payments/recharge", { taleemCode: tenant.code, amount: 3_000_000, payment });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json()).toMatchObject({ code: "recharge.amount_mismatch" });
    const theirs = await other.api.post("/admin/api/payments/recharge", { taleemCode: other.tenant.code, amount: 30_000, payment });
    expect(theirs.statusCode).toBe(404);
    const otherOrder = await api.post("/admin/api/payments/recharge", {
      taleemCode: tenant.code,
      amount: 30_000,
      payment: { ...payment, razorpay_order_id: "order_somebodyelse" },
    });
    expect(otherOrder.statusCode).toBe(400);
    expect(await balanceOf(api, "whatsapp")).toBe(0);
    expect(await balanceOf(other.api, "whatsapp")).toBe(0);
  });

  it("marks a failed payment failed and credits nothing", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const checkout = await openRecharge(api, "whatsapp", 40_000);
    const { paymentId } = paymentSandbox(app).fail(checkout.providerOrderId);
    await paymentSandbox(app).idle();
    expect((await history(api))[0]).toMatchObject({ id: checkout.orderId, status: "failed", providerPaymentId: null });
    // A failed payment has no signature of the provider's to show; a made-up one is refused.
    const res = await api.post("/admin/api/payments/recharge", {
      taleemCode: tenant.code,
      amount: 40_000,
      payment: { orderId: checkout.orderId, razorpay_order_id: checkout.providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: "f".repeat(64) },
    });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(api, "whatsapp")).toBe(0);
  });

  it("pays through the sandbox's checkout page as a browser does: Pay redirects to the callback with Razorpay's three fields", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const checkout = await openRecharge(api, "whatsapp", 12_345);
    const callback = "http://127.0.0.1:9/admin/account?tab=wallet";
    const page = await fetch(`${checkout.checkoutUrl}&callback_url=${encodeURIComponent(callback)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("INR 123.45");
    expect(html).toContain('id="pay"');
    expect(html).toContain('id="fail"');
    const form = new URLSearchParams({ order_id: checkout.providerOrderId, callback_url: callback });
    const pay = await fetch(new URL("/checkout/pay", checkout.checkoutUrl!), { method: "POST", body: form, redirect: "manual" });
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("http://127.0.0.1:9/admin/account");
    expect(back.searchParams.get("tab")).toBe("wallet");
    expect([...back.searchParams.keys()].sort()).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature", "tab"]);
    expect(back.searchParams.get("razorpay_order_id")).toBe(checkout.providerOrderId);
    const done = await ok<{ data: { balance: number } }>(
      api.post("/admin/api/payments/recharge", {
        taleemCode: tenant.code,
        amount: 12_345,
        payment: {
          orderId: checkout.orderId,
          razorpay_order_id: back.searchParams.get("razorpay_order_id"),
          razorpay_payment_id: back.searchParams.get("razorpay_payment_id"),
          razorpay_signature: back.searchParams.get("razorpay_signature"),
        },
      }),
    );
    expect(done.data.balance).toBe(12_345);
    await paymentSandbox(app).idle();
    expect(paymentSandbox(app).refused).toEqual([]);
    expect(await balanceOf(api, "whatsapp")).toBe(12_345);

    // Fail sends the browser back with Razorpay's error code and the order.
    const second = await openRecharge(api, "whatsapp", 10_000);
    const fail = await fetch(new URL("/checkout/fail", second.checkoutUrl!), {
      method: "POST",
      body: new URLSearchParams({ order_id: second.providerOrderId, callback_url: callback }),
      redirect: "manual",
    });
    const failedBack = new URL(fail.headers.get("location")!);
    expect(failedBack.searchParams.get("error_code")).toBe("BAD_REQUEST_ERROR");
    expect(failedBack.searchParams.get("razorpay_order_id")).toBe(second.providerOrderId);
  });

  it("refuses e-mail, which costs nothing, and a recharge where online payment is not set up", async () => {
    const { api } = await adminOfNewTenant(app);
    const email = await api.post("/admin/api/payments/recharge/order", { channel: "email", amount: 10_000 });
    expect(email.statusCode).toBe(409);
    const { app: offline } = await buildTestApp({ PAYMENT_PROVIDER: "offline" });
    const admin = await adminOfNewTenant(offline as TestApp);
    const res = await admin.api.post("/admin/api/payments/recharge/order", { channel: "whatsapp", amount: 10_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "Online payment is not set up for this school", code: "payment.not_set_up" });
    expect(await history(admin.api)).toEqual([]);
  });
});
