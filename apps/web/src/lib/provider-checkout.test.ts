import type { Checkout } from "@taleem/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerOf, keepOrder, keptOrder, openCheckout } from "./provider-checkout";

const checkout = (over: Partial<Checkout> = {}): Checkout => ({
  orderId: 41,
  provider: "sandbox",
  providerOrderId: "order_ABC123",
  keyId: "rzp_test_x",
  amount: 75_000,
  currency: "INR",
  description: "Fees: Ayisha (1109)",
  checkoutUrl: "http://127.0.0.1:5999/checkout?order_id=order_ABC123",
  ...over,
});

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the provider's answer on the callback route", () => {
  it("reads a paid answer only with all three of Razorpay's fields", () => {
    const paid = answerOf(new URLSearchParams("razorpay_payment_id=pay_1&razorpay_order_id=order_1&razorpay_signature=abc"));
    expect(paid).toEqual({ kind: "paid", payment: { razorpay_order_id: "order_1", razorpay_payment_id: "pay_1", razorpay_signature: "abc" } });
    expect(answerOf(new URLSearchParams("razorpay_payment_id=pay_1&razorpay_order_id=order_1")).kind).toBe("none");
    expect(answerOf(new URLSearchParams("")).kind).toBe("none");
  });

  it("reads a failure (error_code) even when payment fields are there too", () => {
    const failed = answerOf(new URLSearchParams("error_code=BAD_REQUEST_ERROR&razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=x"));
    expect(failed).toEqual({ kind: "failed", providerOrderId: "order_1", code: "BAD_REQUEST_ERROR", description: null });
  });

  it("finds the order this tab opened by the provider's order id, and no other", () => {
    keepOrder({ orderId: 7, providerOrderId: "order_7", amount: 100, currency: "INR", studentId: 3, feeIds: [9] });
    expect(keptOrder("order_7")).toEqual({ orderId: 7, providerOrderId: "order_7", amount: 100, currency: "INR", studentId: 3, feeIds: [9] });
    expect(keptOrder("order_8")).toBeNull();
    expect(keptOrder(null)).toBeNull();
  });
});

describe("leaving for the sandbox's checkout", () => {
  it("keeps the order, then goes to the sandbox's page with the callback address appended", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, origin: "http://school.test", assign });
    await openCheckout(checkout(), { studentId: 3 }, { callbackPath: "/parent/fees/paid", name: "Al-Noor", go: vi.fn() });
    expect(assign).toHaveBeenCalledWith(
      `http://127.0.0.1:5999/checkout?order_id=order_ABC123&callback_url=${encodeURIComponent("http://school.test/parent/fees/paid")}`,
    );
    expect(keptOrder("order_ABC123")).toMatchObject({ orderId: 41, amount: 75_000, studentId: 3 });
  });
});

describe("Razorpay's own checkout (no sandbox page)", () => {
  function fakeRazorpay() {
    const made: { options: Record<string, unknown>; failed?: (r: unknown) => void; opened: boolean }[] = [];
    class Razorpay {
      entry: (typeof made)[number];
      constructor(options: Record<string, unknown>) {
        this.entry = { options, opened: false };
        made.push(this.entry);
      }
      on(_event: string, fn: (r: unknown) => void) {
        this.entry.failed = fn;
      }
      open() {
        this.entry.opened = true;
      }
    }
    vi.stubGlobal("Razorpay", Razorpay);
    return made;
  }

  it("opens with the key, order, amount and currency, and sends the handler's answer to the callback route", async () => {
    const made = fakeRazorpay();
    const go = vi.fn();
    await openCheckout(
      checkout({ provider: "razorpay", checkoutUrl: null }),
      { channel: "whatsapp" },
      { callbackPath: "/admin/settings/plan/recharged", name: "Al-Noor", go },
    );
    const rzp = made[0]!;
    expect(rzp.opened).toBe(true);
    expect(rzp.options).toMatchObject({ key: "rzp_test_x", order_id: "order_ABC123", amount: 75_000, currency: "INR", name: "Al-Noor" });
    (rzp.options.handler as (r: unknown) => void)({ razorpay_order_id: "order_ABC123", razorpay_payment_id: "pay_9", razorpay_signature: "sig" });
    expect(go).toHaveBeenCalledWith("/admin/settings/plan/recharged?razorpay_order_id=order_ABC123&razorpay_payment_id=pay_9&razorpay_signature=sig");
    expect(keptOrder("order_ABC123")).toMatchObject({ orderId: 41, channel: "whatsapp" });
  });

  it("shows a failure only once the payer closes Razorpay's window without paying", async () => {
    const made = fakeRazorpay();
    const go = vi.fn();
    const onDismiss = vi.fn();
    await openCheckout(checkout({ checkoutUrl: null }), {}, { callbackPath: "/parent/fees/paid", name: "Al-Noor", go, onDismiss });
    const rzp = made[0]!;
    rzp.failed?.({ error: { code: "BAD_REQUEST_ERROR", description: "Card declined", metadata: { order_id: "order_ABC123" } } });
    expect(go).not.toHaveBeenCalled();
    (rzp.options.modal as { ondismiss: () => void }).ondismiss();
    expect(go).toHaveBeenCalledWith("/parent/fees/paid?error_code=BAD_REQUEST_ERROR&razorpay_order_id=order_ABC123&error_description=Card+declined");
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
