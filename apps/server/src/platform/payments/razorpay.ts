import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../http/errors.js";
import type { CheckoutAnswer, OrderRequest, PaymentProvider, PaymentWebhook, ProviderName, ProviderOrder, ProviderPaymentRecord } from "./payment-provider.js";

export interface RazorpayOptions {
  name: Exclude<ProviderName, "offline">;
  keyId: string;
  keySecret: string;
  /** Webhooks are refused without it. */
  webhookSecret?: string;
  /** The API's base with its version: https://api.razorpay.com/v1, or the sandbox's. */
  apiUrl: string;
  timeoutMs?: number;
}

const hmacHex = (secret: string, data: string) => createHmac("sha256", secret).update(data, "utf8").digest("hex");

/** Compares two texts in time that does not depend on where they differ. */
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`);

/** Razorpay's webhook signature (X-Razorpay-Signature): hex HMAC-SHA256 of the raw body with the webhook secret. */
export const webhookSignature = (webhookSecret: string, rawBody: string) => hmacHex(webhookSecret, rawBody);

/** Razorpay's payment entity, the fields read here. */
export interface RazorpayPaymentEntity {
  id: string;
  entity?: string;
  order_id?: string | null;
  amount: number;
  currency: string;
  status: string;
  method?: string | null;
  error_description?: string | null;
}

const STATUSES = new Set(["created", "authorized", "captured", "refunded", "failed"]);

export function paymentRecord(p: RazorpayPaymentEntity): ProviderPaymentRecord {
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    amount: Number(p.amount),
    currency: p.currency,
    status: (STATUSES.has(p.status) ? p.status : "created") as ProviderPaymentRecord["status"],
    method: p.method ?? null,
    errorDescription: p.error_description ?? null,
  };
}

const unreachable = () => new AppError(503, "payment.provider_unreachable", "The payment provider could not be reached. Please try again in a moment.", {});

/**
 * Razorpay (and the sandbox, which speaks its protocol): orders in the currency's minor unit
 * (paise) over its REST API with basic auth (key id and secret), the checkout's signature, the
 * webhook's signature over the raw body, and payments fetched to confirm what a signature says.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly name: Exclude<ProviderName, "offline">;
  readonly keyId: string;
  private readonly auth: string;
  private readonly base: string;

  constructor(private readonly opts: RazorpayOptions) {
    this.name = opts.name;
    this.keyId = opts.keyId;
    this.auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString("base64")}`;
    this.base = opts.apiUrl.replace(/\/+$/, "");
  }

  checkoutUrl(providerOrderId: string): string | null {
    if (this.name !== "sandbox") return null;
    // The sandbox serves its page beside its API: <sandbox>/checkout, the API being <sandbox>/v1.
    const page = new URL("/checkout", this.base);
    page.searchParams.set("order_id", providerOrderId);
    return page.toString();
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: T | null }> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { authorization: this.auth, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch {
      throw unreachable();
    }
    const text = await res.text();
    let json: T | null = null;
    try {
      json = text ? (JSON.parse(text) as T) : null;
    } catch {
      json = null;
    }
    if (res.status >= 500) throw unreachable();
    // The provider refused our keys: the school cannot fix that, the platform's configuration can.
    if (res.status === 401) throw new AppError(503, "payment.provider_keys", "Online payment is not set up correctly. Please tell the school.", {});
    return { status: res.status, json };
  }

  async createOrder(order: OrderRequest): Promise<ProviderOrder> {
    const { status, json } = await this.call<{ id: string; amount: number; currency: string; status: string; error?: { description?: string } }>(
      "POST",
      "/orders",
      { amount: order.amount, currency: order.currency, receipt: order.receipt.slice(0, 40), notes: order.notes ?? {} },
    );
    if (status !== 200 || !json?.id) {
      throw new AppError(409, "payment.order_refused", `The payment provider refused the order: ${json?.error?.description ?? `status ${status}`}`, {
        field: "amount",
      });
    }
    return { id: json.id, amount: Number(json.amount), currency: json.currency, status: json.status };
  }

  verifySignature(answer: CheckoutAnswer): boolean {
    return same(answer.signature, checkoutSignature(this.opts.keySecret, answer.orderId, answer.paymentId));
  }

  async fetchPayment(paymentId: string): Promise<ProviderPaymentRecord | null> {
    if (!/^[A-Za-z0-9_]{1,100}$/.test(paymentId)) return null;
    const { status, json } = await this.call<RazorpayPaymentEntity>("GET", `/payments/${paymentId}`);
    if (status !== 200 || !json?.id) return null;
    return paymentRecord(json);
  }

  async orderPayments(providerOrderId: string): Promise<ProviderPaymentRecord[]> {
    if (!/^[A-Za-z0-9_]{1,100}$/.test(providerOrderId)) return [];
    const { status, json } = await this.call<{ items?: RazorpayPaymentEntity[] }>("GET", `/orders/${providerOrderId}/payments`);
    if (status !== 200) return [];
    return (json?.items ?? []).map(paymentRecord);
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentWebhook | null {
    const secret = this.opts.webhookSecret;
    const signature = headers["x-razorpay-signature"];
    if (!secret || typeof signature !== "string" || !same(signature, webhookSignature(secret, rawBody))) return null;
    let body: {
      event?: string;
      payload?: { payment?: { entity?: RazorpayPaymentEntity }; order?: { entity?: { id?: string } } };
    };
    try {
      body = JSON.parse(rawBody);
    } catch {
      return null;
    }
    if (!body || typeof body.event !== "string") return null;
    const entity = body.payload?.payment?.entity;
    const payment = entity?.id ? paymentRecord(entity) : null;
    const header = headers["x-razorpay-event-id"];
    // Razorpay names each event in x-razorpay-event-id, the same on every retry; without it, the body is the event.
    const eventId = typeof header === "string" && header ? header : `body_${createHash("sha256").update(rawBody).digest("hex").slice(0, 32)}`;
    return { eventId, event: body.event, providerOrderId: body.payload?.order?.entity?.id ?? payment?.orderId ?? null, payment, payload: body };
  }
}
