import { z } from "zod";
import { defineAction } from "../action.js";
import { Money, RowId } from "../values.js";
import { FEE_LISTS } from "./fee-terms.js";

export const PAYMENT_PROVIDERS = ["offline", "razorpay", "sandbox"] as const;
export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);

/**
 * What the browser needs to open the provider's checkout for an order: Razorpay's key and order
 * id, amounts in minor units (paise). The sandbox speaks Razorpay's protocol from a local server.
 */
export const Checkout = z.object({
  orderId: z.number(),
  provider: PaymentProvider,
  providerOrderId: z.string(),
  keyId: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  /** The sandbox's own checkout page; Razorpay's script is loaded from its CDN instead. */
  checkoutUrl: z.string().nullable(),
});
export type Checkout = z.infer<typeof Checkout>;

/** The provider's answer the browser passes back; it counts only once its signature is checked (or the provider asked). */
export const ProviderPayment = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type ProviderPayment = z.infer<typeof ProviderPayment>;

/** A parent starts paying their own child's dues online: an order for the balance (or some dues, or an amount). */
export const startFeeCheckout = defineAction({
  method: "POST",
  path: "/user/api/home/fees/pay",
  module: "fees",
  summary: "A parent opens an online payment for their own child's dues (an order with the provider)",
  body: z.object({ studentId: RowId, feeIds: z.array(RowId).max(100).optional(), amount: Money.min(100).optional() }),
  reply: z.object({ message: z.string(), data: Checkout }),
  errors: [404, 409],
});

/**
 * The browser hands back the provider's answer; the payment is recorded only when the signature
 * checks out (or the provider confirms it), once however many times it is sent or the webhook
 * comes first. The parent gets the receipt as a notification.
 */
export const verifyFeePayment = defineAction({
  method: "POST",
  path: "/user/api/home/fees/pay/verify",
  module: "fees",
  summary: "Verify an online fee payment by its signature and record it once, with its receipt",
  body: z.object({ orderId: RowId, payment: ProviderPayment }),
  reply: z.object({
    message: z.string(),
    data: z.object({ status: z.enum(["paid", "failed"]), receiptId: z.number().nullable(), receiptNumber: z.string().nullable(), amount: z.number() }),
  }),
  errors: [400, 404, 409],
  refreshes: FEE_LISTS,
});
