import type { Checkout, ProviderPayment } from "@taleem/contract";

/**
 * The provider's checkout for an order, the same for a parent paying fees and a school recharging
 * its wallet. The sandbox is a page of its own: the browser goes there and comes back to the
 * callback route with the provider's answer in the address. Razorpay's script opens over the
 * page and hands its answer to a handler; that answer is sent to the same callback route, so both
 * land on the one screen that asks the server to verify. Nothing here decides that a payment
 * succeeded: only the server's verification does.
 */

/** What the page that started the payment keeps for the callback route, found again by the provider's order id. */
export interface PendingOrder {
  orderId: number;
  providerOrderId: string;
  amount: number;
  currency: string;
  /** What the payment was for: the child (fees) or the channel (a recharge). */
  studentId?: number;
  /** The dues paid for, when not the whole balance (a retry pays the same). */
  feeIds?: number[];
  channel?: string;
}

const PREFIX = "taleem_order:";

// sessionStorage: the tab that left for the provider is the tab that comes back; it survives the
// round trip and a reload of the callback page, and is gone when the tab is closed.
export function keepOrder(order: PendingOrder): void {
  try {
    window.sessionStorage.setItem(PREFIX + order.providerOrderId, JSON.stringify(order));
  } catch {
    // A browser that refuses storage: the callback page says it cannot find the payment.
  }
}

export function keptOrder(providerOrderId: string | null): PendingOrder | null {
  if (!providerOrderId) return null;
  try {
    const text = window.sessionStorage.getItem(PREFIX + providerOrderId);
    return text ? (JSON.parse(text) as PendingOrder) : null;
  } catch {
    return null;
  }
}

/** The provider's answer as the callback route reads it from its address. */
export type ProviderAnswer =
  | { kind: "paid"; payment: ProviderPayment }
  | { kind: "failed"; providerOrderId: string | null; code: string; description: string | null }
  | { kind: "none" };

export function answerOf(params: URLSearchParams): ProviderAnswer {
  const order = params.get("razorpay_order_id");
  const paymentId = params.get("razorpay_payment_id");
  const signature = params.get("razorpay_signature");
  const error = params.get("error_code");
  if (error) return { kind: "failed", providerOrderId: order, code: error, description: params.get("error_description") };
  if (order && paymentId && signature)
    return { kind: "paid", payment: { razorpay_order_id: order, razorpay_payment_id: paymentId, razorpay_signature: signature } };
  return { kind: "none" };
}

interface RazorpayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
interface RazorpayFailure {
  error?: { code?: string; description?: string; metadata?: { order_id?: string } };
}
interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", fn: (r: RazorpayFailure) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
let loading: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => {
      const ctor = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("Razorpay checkout did not load"));
    };
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error("Razorpay checkout did not load"));
    };
    document.head.append(s);
  });
  return loading;
}

/** The callback route's address with the provider's answer in it, as the sandbox would send the browser back. */
function callbackWith(callbackPath: string, answer: Record<string, string>): string {
  return `${callbackPath}?${new URLSearchParams(answer)}`;
}

export interface CheckoutOptions {
  /** The route (inside this app) that verifies, e.g. /parent/fees/paid. */
  callbackPath: string;
  /** Shown in Razorpay's window: the school's name. */
  name: string;
  prefill?: { name?: string; contact?: string; email?: string };
  /** Razorpay's window closed without paying: the page just stays. */
  onDismiss?: () => void;
  /** How the app moves to the callback route after Razorpay answers (the router's navigate). */
  go: (to: string) => void;
}

/**
 * Leaves for the provider. The order is kept first, so the callback route can send the order id
 * with the provider's answer. With the sandbox the browser goes to its page (callback_url added);
 * with Razorpay its window opens here and its answer (or failure) goes to the callback route.
 */
export async function openCheckout(
  checkout: Checkout,
  extra: Omit<PendingOrder, "orderId" | "providerOrderId" | "amount" | "currency">,
  options: CheckoutOptions,
): Promise<void> {
  keepOrder({ orderId: checkout.orderId, providerOrderId: checkout.providerOrderId, amount: checkout.amount, currency: checkout.currency, ...extra });
  if (checkout.checkoutUrl) {
    const back = new URL(options.callbackPath, window.location.origin).toString();
    const joiner = checkout.checkoutUrl.includes("?") ? "&" : "?";
    window.location.assign(`${checkout.checkoutUrl}${joiner}callback_url=${encodeURIComponent(back)}`);
    return;
  }
  const Razorpay = await loadRazorpay();
  // Razorpay lets the payer try again inside its window after a failure; the failure is shown
  // here only once they close it without paying.
  let failure: RazorpayFailure["error"] | null = null;
  const rzp = new Razorpay({
    key: checkout.keyId,
    amount: checkout.amount,
    currency: checkout.currency,
    order_id: checkout.providerOrderId,
    name: options.name,
    description: checkout.description,
    prefill: options.prefill ?? {},
    handler: (r: RazorpayResponse) =>
      options.go(
        callbackWith(options.callbackPath, {
          razorpay_order_id: r.razorpay_order_id,
          razorpay_payment_id: r.razorpay_payment_id,
          razorpay_signature: r.razorpay_signature,
        }),
      ),
    modal: {
      ondismiss: () => {
        if (!failure) return options.onDismiss?.();
        options.go(
          callbackWith(options.callbackPath, {
            error_code: failure.code ?? "BAD_REQUEST_ERROR",
            razorpay_order_id: failure.metadata?.order_id ?? checkout.providerOrderId,
            ...(failure.description ? { error_description: failure.description } : {}),
          }),
        );
      },
    },
  });
  rzp.on("payment.failed", (r) => {
    failure = r.error ?? {};
  });
  rzp.open();
}
