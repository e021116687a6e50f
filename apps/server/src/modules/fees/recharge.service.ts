import type { Checkout, MessageChannel } from "@taleem/contract";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { askProvider, matchesOrder, type ProviderPaymentRecord, vouchedBySignature } from "../../platform/payments/payment-provider.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { creditWallet, walletOf } from "../communication/wallet.service.js";
import { lockPaymentOrder, markOrderFailed, markOrderPaid, openPaymentOrder, paymentOrderOf } from "./payment-orders.service.js";

const CHANNEL_NAMES: Record<MessageChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", email: "E-mail" };

/**
 * Opens a recharge of a messaging wallet: an order with the provider for the amount, in the
 * school's currency, and the school's order row (with the platform's index of it, which the
 * provider's webhook is read through). The wallet changes only once the payment is verified.
 */
export async function startRecharge(
  services: Services,
  scope: TenantScope,
  userId: number,
  input: { channel: MessageChannel; amount: number },
): Promise<Checkout> {
  if (input.channel === "email") throw conflict("recharge.free_channel", "E-mail costs nothing: its wallet needs no recharge.", { field: "channel" });
  const tenant = await tenantOf(scope);
  return openPaymentOrder(services, scope, userId, {
    purpose: "recharge",
    amount: input.amount,
    description: `${CHANNEL_NAMES[input.channel]} messaging recharge`,
    receipt: `${tenant.code}-recharge-${input.channel}`,
    notes: { channel: input.channel },
    row: { channel: input.channel },
  });
}

export interface RechargeResult {
  channel: MessageChannel;
  balance: number;
  credited: number;
  repeated: boolean;
}

/** A recharge's order, locked (see settleRechargeOrder); a fee order of the same id is none of a recharge's business. */
async function lockRechargeOrder(tx: TenantScope, id: number) {
  const order = await lockPaymentOrder(tx, id);
  if (order?.purpose !== "recharge" || !order.channel) throw notFound("Recharge order");
  return order;
}

/**
 * Credits the wallet for a recharge payment the provider vouched for (a checked signature, its own
 * answer, or its signed webhook), once: the order row is locked, and the wallet's ledger takes a
 * provider payment id once (`creditWallet`'s reference), so the browser and the webhook, in any
 * order and however often, credit it one time.
 */
export async function settleRechargeOrder(scope: TenantScope, orderId: number, payment: ProviderPaymentRecord): Promise<RechargeResult> {
  return scope.transaction(async (tx) => {
    const order = await lockRechargeOrder(tx, orderId);
    const channel = order.channel as MessageChannel;
    if (order.status === "paid" && order.providerPaymentId === payment.id) {
      return { channel, balance: (await walletOf(tx, channel)).balance, credited: order.amount, repeated: true };
    }
    if (!matchesOrder(payment, order)) throw conflict("payment.mismatch", "The payment does not match this order.", { field: "payment" });
    const { wallet, repeated } = await creditWallet(tx, channel, order.amount, `Recharge (${order.provider} ${payment.id})`, payment.id);
    if (order.status !== "paid") {
      await markOrderPaid(tx, order.id, payment.id);
    }
    return { channel, balance: wallet.balance, credited: order.amount, repeated };
  });
}

/** The provider says the attempt failed: the order says so too, unless it was paid meanwhile. */
export async function failRechargeOrder(scope: TenantScope, orderId: number, reason: string) {
  await scope.transaction(async (tx) => {
    const order = await lockRechargeOrder(tx, orderId);
    if (order.status !== "paid") await markOrderFailed(tx, order.id, reason);
  });
}

export interface RechargeInput {
  taleemCode: string;
  payment: { orderId: number; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  amount: number;
}

/**
 * Completes a recharge from the browser's answer: the school's own code, its own order, the
 * order's amount, and a signature made with the provider's secret; then the provider is asked
 * about the payment, and the wallet credited once. Whatever the browser says, only the signature
 * and the provider's answer count.
 */
export async function rechargeWallet(services: Services, scope: TenantScope, input: RechargeInput): Promise<RechargeResult> {
  const provider = services.payments;
  const tenant = await tenantOf(scope);
  if (input.taleemCode.trim().toLowerCase() !== tenant.code.toLowerCase()) {
    throw badRequest("recharge.wrong_school", "This is not your school's code.", { field: "taleemCode" });
  }
  const order = await paymentOrderOf(scope, input.payment.orderId);
  if (order?.purpose !== "recharge") throw new AppError(404, "not_found", "Recharge order not found", { what: "Recharge order", field: "payment.orderId" });
  if (input.payment.razorpay_order_id !== order.providerOrderId) {
    throw badRequest("payment.order_mismatch", "The payment is for another order.", { field: "payment.razorpay_order_id" });
  }
  if (input.amount !== order.amount) throw badRequest("recharge.amount_mismatch", "The amount is not the recharge's amount.", { field: "amount" });
  if (order.provider !== provider.name)
    throw conflict("payment.provider_changed", "This order was opened with another payment provider.", { field: "payment.orderId" });
  const signed = provider.verifySignature({
    orderId: order.providerOrderId,
    paymentId: input.payment.razorpay_payment_id,
    signature: input.payment.razorpay_signature,
  });
  if (!signed) throw badRequest("payment.bad_signature", "Recharge failed: the payment could not be verified.", { field: "payment.razorpay_signature" });
  if (order.status === "paid" && order.providerPaymentId === input.payment.razorpay_payment_id) {
    return settleRechargeOrder(scope, order.id, vouchedBySignature(order, input.payment.razorpay_payment_id));
  }
  const payment = await askProvider(provider, services.log, order, input.payment.razorpay_payment_id);
  if (payment.status === "failed") {
    await failRechargeOrder(scope, order.id, payment.errorDescription ?? "The provider reports the payment failed");
    throw conflict("recharge.payment_failed", "Recharge failed: the payment did not go through.", { field: "payment" });
  }
  return settleRechargeOrder(scope, order.id, payment);
}
