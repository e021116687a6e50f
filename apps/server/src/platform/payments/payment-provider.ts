import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError } from "../../config.js";
import { conflict } from "../http/errors.js";
import { RazorpayProvider } from "./razorpay.js";

export type ProviderName = "offline" | "razorpay" | "sandbox";

/** What an order is opened for: the amount in the currency's minor unit (paise), a short receipt text, notes kept by the provider. */
export interface OrderRequest {
  amount: number;
  currency: string;
  /** At most 40 characters (Razorpay's limit). */
  receipt: string;
  notes?: Record<string, string>;
}

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

/** A payment as the provider reports it (fetched, or inside a signed webhook). */
export interface ProviderPaymentRecord {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  method: string | null;
  errorDescription: string | null;
}

/** What the browser hands back from the provider's checkout; it proves nothing until its signature is checked. */
export interface CheckoutAnswer {
  orderId: string;
  paymentId: string;
  signature: string;
}

/** A webhook whose signature checked out, read into what the payment flows need. */
export interface PaymentWebhook {
  eventId: string;
  event: string;
  providerOrderId: string | null;
  payment: ProviderPaymentRecord | null;
  payload: unknown;
}

/**
 * A payment provider, the one way the product takes money online (domain/fees.md): open an
 * order, check the checkout's signature, ask the provider about a payment, and read a signed
 * webhook. A client's word that a payment succeeded never counts: only a signature made with
 * the secret, or the provider's own answer.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The public key the browser's checkout needs (never the secret). */
  readonly keyId: string;
  /** The sandbox's own checkout page for an order; null where the provider's script is used. */
  checkoutUrl(providerOrderId: string): string | null;
  createOrder(order: OrderRequest): Promise<ProviderOrder>;
  verifySignature(answer: CheckoutAnswer): boolean;
  /** The provider's record of a payment; null when it knows no such payment. */
  fetchPayment(paymentId: string): Promise<ProviderPaymentRecord | null>;
  /** Every payment tried against an order (to settle one whose browser never came back). */
  orderPayments(providerOrderId: string): Promise<ProviderPaymentRecord[]>;
  /** The event, when the raw body's signature is the provider's; null otherwise. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentWebhook | null;
}

export const NOT_SET_UP = "Online payment is not set up for this school";

/** Cash, cheque and bank transfers are recorded by staff: this provider opens no orders and trusts nothing. */
export class OfflineProvider implements PaymentProvider {
  readonly name = "offline" as const;
  readonly keyId = "";
  checkoutUrl() {
    return null;
  }
  async createOrder(): Promise<ProviderOrder> {
    throw conflict("payment.not_set_up", NOT_SET_UP, {});
  }
  verifySignature() {
    return false;
  }
  async fetchPayment() {
    return null;
  }
  async orderPayments() {
    return [];
  }
  verifyWebhook() {
    return null;
  }
}

/**
 * The provider the configuration names (config.ts): offline, Razorpay, or the sandbox (Razorpay's
 * protocol from a local server, started by `npm start` and the tests). Unset, it is Razorpay when
 * its keys are set and offline otherwise.
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  const name = config.PAYMENT_PROVIDER ?? (config.RAZORPAY_KEY_ID ? "razorpay" : "offline");
  if (name === "offline") return new OfflineProvider();
  const keyId = config.RAZORPAY_KEY_ID;
  const keySecret = config.RAZORPAY_KEY_SECRET;
  if (!keyId || !keySecret) {
    throw new ConfigError(`Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: both required when PAYMENT_PROVIDER is ${name}`);
  }
  if (name === "sandbox" && config.production)
    throw new ConfigError("Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes no real money; not in production");
  return new RazorpayProvider({ name, keyId, keySecret, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET, apiUrl: config.RAZORPAY_API_URL });
}

/** What an order of ours says about itself, to hold a provider's payment against. */
export interface OrderFacts {
  providerOrderId: string;
  amount: number;
  currency: string;
}

/** A payment as its checked signature vouches for it: for the order, at the order's amount. */
export const vouchedBySignature = (order: OrderFacts, paymentId: string): ProviderPaymentRecord => ({
  id: paymentId,
  orderId: order.providerOrderId,
  amount: order.amount,
  currency: order.currency,
  status: "captured",
  method: null,
  errorDescription: null,
});

/**
 * The provider's own record of a payment whose checkout signature checked out: its state and
 * amount, which the caller holds against the order. If the provider cannot be reached, the
 * signature alone vouches for it (Razorpay's documented check), at the order's amount. 409 when
 * the provider knows no such payment, or it is not complete yet.
 */
export async function askProvider(provider: PaymentProvider, log: FastifyBaseLogger, order: OrderFacts, paymentId: string): Promise<ProviderPaymentRecord> {
  let fetched: ProviderPaymentRecord | null;
  try {
    fetched = await provider.fetchPayment(paymentId);
  } catch (err) {
    log.warn({ err, providerOrderId: order.providerOrderId }, "payment provider unreachable; the checkout signature vouches for the payment");
    return vouchedBySignature(order, paymentId);
  }
  if (!fetched) throw conflict("payment.unknown", "The payment provider does not know this payment.", { field: "payment.razorpay_payment_id" });
  if (fetched.status === "created") throw conflict("payment.pending", "The payment is not complete yet. Please try again in a moment.", { field: "payment" });
  return fetched;
}

/** Whether a provider's payment is the one an order asked for: its order, amount and currency. */
export const matchesOrder = (payment: ProviderPaymentRecord, order: OrderFacts) =>
  payment.orderId === order.providerOrderId && payment.amount === order.amount && payment.currency === order.currency;
