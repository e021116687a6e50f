import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config.js";
import { NOT_SET_UP, OfflineProvider, paymentProviderFor } from "./payment-provider.js";
import { checkoutSignature, RazorpayProvider, webhookSignature } from "./razorpay.js";
import { RazorpaySandbox } from "./razorpay-sandbox.js";
import { sandboxConfig, sandboxKeys } from "./start-sandbox.js";

const sandbox = new RazorpaySandbox(sandboxKeys());
let provider: RazorpayProvider;

beforeAll(async () => {
  await sandbox.start();
  provider = paymentProviderFor(parseConfig(sandboxConfig(sandbox))) as RazorpayProvider;
});
afterAll(() => sandbox.stop());

describe("the Razorpay adapter against the sandbox", () => {
  it("opens an order in paise, checks the checkout's signature and confirms the payment with the provider", async () => {
    const order = await provider.createOrder({ amount: 150_000, currency: "INR", receipt: "DEMO-1010" });
    expect(order).toMatchObject({ amount: 150_000, currency: "INR", status: "created" });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(provider.checkoutUrl(order.id)).toBe(`${sandbox.url}/checkout?order_id=${order.id}`);
    const paid = sandbox.pay(order.id, { webhooks: false });
    // As Razorpay documents it: hex HMAC-SHA256 of "order_id|payment_id" with the key secret.
    expect(paid.razorpay_signature).toBe(checkoutSignature(sandbox.opts.keySecret, order.id, paid.razorpay_payment_id));
    expect(provider.verifySignature({ orderId: order.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })).toBe(true);
    expect(provider.verifySignature({ orderId: order.id, paymentId: "pay_other", signature: paid.razorpay_signature })).toBe(false);
    expect(provider.verifySignature({ orderId: order.id, paymentId: paid.razorpay_payment_id, signature: "short" })).toBe(false);
    expect(await provider.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ orderId: order.id, amount: 150_000, status: "captured" });
    expect(await provider.fetchPayment("pay_unknown000000")).toBeNull();
    expect((await provider.orderPayments(order.id)).map((p) => p.id)).toEqual([paid.razorpay_payment_id]);
  });

  it("reads a webhook only when its signature over the raw body is the webhook secret's", async () => {
    const order = await provider.createOrder({ amount: 10_000, currency: "INR", receipt: "r" });
    const [captured] = sandbox.pay(order.id, { webhooks: false }).events;
    const raw = JSON.stringify(captured!.body);
    const headers = { "x-razorpay-signature": webhookSignature(sandbox.opts.webhookSecret, raw), "x-razorpay-event-id": captured!.eventId };
    expect(provider.verifyWebhook(raw, headers)).toMatchObject({ eventId: captured!.eventId, event: "payment.captured", providerOrderId: order.id });
    // The same JSON written again (a space more) is not what was signed.
    expect(provider.verifyWebhook(raw.replace(":", ": "), headers)).toBeNull();
    expect(provider.verifyWebhook(raw, { ...headers, "x-razorpay-signature": webhookSignature("another secret", raw) })).toBeNull();
    expect(provider.verifyWebhook(raw, { "x-razorpay-event-id": captured!.eventId })).toBeNull();
  });

  it("refuses what Razorpay refuses: a bad amount as a 409 naming it, wrong keys as a 503 that names no secret", async () => {
    await expect(provider.createOrder({ amount: 50, currency: "INR", receipt: "r" })).rejects.toMatchObject({ status: 409, params: { field: "amount" } });
    const wrong = new RazorpayProvider({ name: "sandbox", keyId: sandbox.opts.keyId, keySecret: "wrong", apiUrl: sandbox.apiUrl });
    await expect(wrong.createOrder({ amount: 10_000, currency: "INR", receipt: "r" })).rejects.toMatchObject({ status: 503, code: "payment.provider_keys" });
    const gone = new RazorpayProvider({ name: "razorpay", keyId: "k", keySecret: "s", apiUrl: "http://127.0.0.1:9/v1", timeoutMs: 2000 });
    await expect(gone.fetchPayment("pay_x")).rejects.toMatchObject({ status: 503, code: "payment.provider_unreachable" });
    expect(gone.checkoutUrl("order_x")).toBeNull();
  });

  it("chooses the provider from the configuration: offline by default, Razorpay with its keys, never the sandbox in production", async () => {
    expect(paymentProviderFor(parseConfig({}))).toBeInstanceOf(OfflineProvider);
    await expect(new OfflineProvider().createOrder()).rejects.toMatchObject({ status: 409, message: NOT_SET_UP });
    expect(paymentProviderFor(parseConfig({ RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s" })).name).toBe("razorpay");
    expect(() => paymentProviderFor(parseConfig({ PAYMENT_PROVIDER: "razorpay" }))).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => paymentProviderFor(parseConfig({ ...sandboxConfig(sandbox), NODE_ENV: "production", SECRET_KEY: "x".repeat(32) }))).toThrow(/sandbox/);
  });
});
