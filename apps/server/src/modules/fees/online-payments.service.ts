import type { Checkout, Language } from "@taleem/contract";
import { desc, eq, inArray } from "drizzle-orm";
import { guardians } from "../../platform/auth/users.table.js";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { askProvider, matchesOrder, type ProviderPaymentRecord, vouchedBySignature } from "../../platform/payments/payment-provider.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { notifyAfterCommit, sendNotification } from "../communication/notifications.service.js";
import { requireStudent } from "../students/students.service.js";
import { takePayment } from "./fee-collection.service.js";
import { dueFigures } from "./fee-figures.js";
import { studentSums } from "./fee-ledger.js";
import { feeReceipts, fees, type PaymentOrderRecord, paymentOrders } from "./fees.table.js";
import { checkoutOf, lockPaymentOrder, markOrderFailed, markOrderPaid, openPaymentOrder, paymentOrderOf } from "./payment-orders.service.js";
import { formatMoney } from "./receipt.html.js";

/** Razorpay takes nothing under one rupee (100 paise); the same floor holds for every currency. */
export const MIN_ONLINE_AMOUNT = 100;

export interface FeeCheckoutInput {
  studentId: number;
  feeIds?: number[];
  amount?: number;
}

/** The student, when the caller is one of their guardians; 404 for anyone else's child, as for another school's. */
async function ownChild(scope: TenantScope, userId: number, studentId: number) {
  const [link] = await scope.db
    .select({ id: guardians.id })
    .from(guardians)
    .where(scope.where(guardians, eq(guardians.userId, userId), eq(guardians.studentId, studentId)));
  if (!link) throw new AppError(404, "not_found", "Student not found", { what: "Student", field: "studentId" });
  return requireStudent(scope, studentId);
}

/**
 * What the family owes today: the whole balance (less any advance) with the fines accrued on the
 * day, or only the named dues' balances with theirs. Every figure is the ledger's (fee-figures.ts).
 */
export async function payableNow(scope: TenantScope, studentId: number, feeIds?: number[]): Promise<number> {
  const open = await scope.db
    .select()
    .from(fees)
    .where(scope.where(fees, eq(fees.studentId, studentId), eq(fees.status, "open")));
  const today = await schoolToday(scope);
  if (feeIds?.length) {
    const wanted = new Set(feeIds);
    const chosen = open.filter((d) => wanted.has(d.id));
    if (chosen.length !== wanted.size) throw new AppError(404, "not_found", "Due not found", { what: "Due", field: "feeIds" });
    const figures = await dueFigures(scope, chosen, today);
    return chosen.reduce((sum, d) => sum + Math.max(0, (figures.get(d.id)?.balance ?? 0) + (figures.get(d.id)?.finePending ?? 0)), 0);
  }
  const figures = await dueFigures(scope, open, today);
  const pending = [...figures.values()].reduce((sum, f) => sum + f.finePending, 0);
  const balance = (await studentSums(scope, [studentId])).get(studentId)?.balance ?? 0;
  return Math.max(0, balance + pending);
}

/**
 * A parent opens an online payment for their own child: the amount is what is due (or the named
 * dues, or a part of it), and an order is opened for it.
 */
export async function startFeeCheckout(services: Services, scope: TenantScope, userId: number, input: FeeCheckoutInput): Promise<Checkout> {
  const student = await ownChild(scope, userId, input.studentId);
  const payable = await payableNow(scope, student.id, input.feeIds);
  if (payable < MIN_ONLINE_AMOUNT) throw conflict("fee_checkout.nothing_due", "Nothing is due for this student.", { field: "studentId", payable });
  if (input.amount !== undefined && input.amount > payable) {
    throw conflict("fee_checkout.too_much", "The amount is more than what is due.", { field: "amount", max: payable });
  }
  const amount = input.amount ?? payable;
  const tenant = await tenantOf(scope);
  const description = `Fees: ${student.name} (${student.admissionNo})`;
  const feeIds = input.feeIds?.length ? [...new Set(input.feeIds)].sort((a, b) => a - b) : null;
  const open = await unpaidOrderFor(scope, services.payments.name, { studentId: student.id, amount, feeIds });
  if (open) return checkoutOf(services, open, description);
  return openPaymentOrder(services, scope, userId, {
    purpose: "fees",
    amount,
    description,
    receipt: `${tenant.code}-${student.admissionNo}`,
    notes: { studentId: String(student.id) },
    row: { studentId: student.id, feeIds },
  });
}

/**
 * The child's order for the same dues and amount, opened and not yet paid or failed. A second tap,
 * a second tab or the other parent paying the same balance is given it again: the provider takes
 * one payment per order, so the family cannot pay the same dues twice and leave an advance it
 * never asked for.
 */
async function unpaidOrderFor(scope: TenantScope, provider: string, want: { studentId: number; amount: number; feeIds: number[] | null }) {
  const rows = await scope.db
    .select()
    .from(paymentOrders)
    .where(
      scope.where(
        paymentOrders,
        eq(paymentOrders.purpose, "fees"),
        eq(paymentOrders.studentId, want.studentId),
        eq(paymentOrders.status, "created"),
        eq(paymentOrders.provider, provider),
        eq(paymentOrders.amount, want.amount),
      ),
    )
    .orderBy(desc(paymentOrders.id));
  const key = (ids: number[] | null) => [...(ids ?? [])].sort((a, b) => a - b).join();
  return rows.find((o) => key(o.feeIds) === key(want.feeIds));
}

export interface FeeSettlement {
  status: "paid" | "failed";
  receiptId: number | null;
  receiptNumber: string | null;
  amount: number;
  repeated: boolean;
}

async function receiptOf(tx: TenantScope, order: PaymentOrderRecord) {
  if (!order.transactionId) return null;
  const [receipt] = await tx.db
    .select()
    .from(feeReceipts)
    .where(tx.where(feeReceipts, eq(feeReceipts.transactionId, order.transactionId)));
  return receipt ?? null;
}

/** The dues of the order still open: a due cancelled since the order was opened is left out, never a reason to lose the money. */
async function stillOpen(tx: TenantScope, feeIds: number[] | null): Promise<number[] | undefined> {
  if (!feeIds?.length) return undefined;
  const rows = await tx.db
    .select({ id: fees.id })
    .from(fees)
    .where(tx.where(fees, inArray(fees.id, feeIds), eq(fees.status, "open")));
  return rows.length ? rows.map((r) => r.id) : undefined;
}

/**
 * Records a fee order's payment that the provider vouched for (a checked signature, its own
 * answer, or its signed webhook), exactly once: the order row is locked, so the browser's
 * verification and the webhook, in whichever order and however often, make one transaction and
 * one receipt; the later ones answer the same receipt. The parent is told after the commit.
 */
export async function settleFeeOrder(services: Services, scope: TenantScope, orderId: number, payment: ProviderPaymentRecord): Promise<FeeSettlement> {
  const notify = { flush: async () => {} };
  const result = await scope.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (order?.purpose !== "fees" || !order.studentId) throw notFound("Payment order");
    if (order.status === "paid" && order.providerPaymentId === payment.id) {
      const receipt = await receiptOf(tx, order);
      return { status: "paid" as const, receiptId: receipt?.id ?? null, receiptNumber: receipt?.number ?? null, amount: order.amount, repeated: true };
    }
    if (!matchesOrder(payment, order)) {
      throw conflict("payment.mismatch", "The payment does not match this order.", { field: "payment" });
    }
    const taken = await takePayment(tx, {
      studentId: order.studentId,
      amount: order.amount,
      mode: "online",
      reference: payment.id,
      feeIds: await stillOpen(tx, order.feeIds),
      note: `Paid online (${order.provider}${payment.method ? `, ${payment.method}` : ""})`,
      provider: order.provider,
      providerPaymentId: payment.id,
      status: "confirmed",
      by: order.createdBy,
      // The provider has taken the money: it is recorded whatever the dues owe by now.
      intent: "received",
    });
    // A second payment against an order already paid is still money received: recorded, the order keeps its first.
    if (order.status !== "paid") {
      await markOrderPaid(tx, order.id, payment.id, taken.transaction.id);
    }
    if (!taken.repeated && order.createdBy) {
      const { ctx, flush } = notifyAfterCommit(tx);
      notify.flush = async () => void (await flush());
      await tellReceiptReady(services, ctx, order, taken.receipt.number);
    }
    return { status: "paid" as const, receiptId: taken.receipt.id, receiptNumber: taken.receipt.number, amount: order.amount, repeated: taken.repeated };
  });
  try {
    await notify.flush();
  } catch (err) {
    services.log.error({ err, orderId }, "could not deliver the receipt notification");
  }
  return result;
}

/** The provider says the attempt failed: the order says so too (unless it was paid meanwhile); nothing is recorded. */
export async function failFeeOrder(scope: TenantScope, orderId: number, reason: string): Promise<FeeSettlement> {
  return scope.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (!order) throw notFound("Payment order");
    if (order.status === "paid") {
      const receipt = await receiptOf(tx, order);
      return { status: "paid" as const, receiptId: receipt?.id ?? null, receiptNumber: receipt?.number ?? null, amount: order.amount, repeated: true };
    }
    await markOrderFailed(tx, order.id, reason);
    return { status: "failed" as const, receiptId: null, receiptNumber: null, amount: order.amount, repeated: false };
  });
}

/**
 * The browser hands back Razorpay's answer. Its signature must be the provider's (HMAC with the
 * key secret), else 400 and nothing is recorded; then the provider is asked about the payment
 * (its amount and state), and it is recorded once. A caller reaches only their own child's orders.
 */
export async function verifyFeePayment(
  services: Services,
  scope: TenantScope,
  userId: number,
  orderId: number,
  answer: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<FeeSettlement> {
  const provider = services.payments;
  const order = await paymentOrderOf(scope, orderId);
  if (order?.purpose !== "fees" || !order.studentId) throw notFound("Payment order");
  await ownChild(scope, userId, order.studentId).catch(() => {
    throw notFound("Payment order");
  });
  if (answer.razorpay_order_id !== order.providerOrderId) {
    throw badRequest("payment.order_mismatch", "The payment is for another order.", { field: "payment.razorpay_order_id" });
  }
  if (order.provider !== provider.name)
    throw conflict("payment.provider_changed", "This order was opened with another payment provider.", { field: "orderId" });
  const signed = provider.verifySignature({ orderId: order.providerOrderId, paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
  if (!signed) throw badRequest("payment.bad_signature", "The payment could not be verified.", { field: "payment.razorpay_signature" });
  if (order.status === "paid" && order.providerPaymentId === answer.razorpay_payment_id) {
    // Verified before (or by the webhook): the same receipt, without asking the provider again.
    return settleFeeOrder(services, scope, order.id, vouchedBySignature(order, answer.razorpay_payment_id));
  }
  const payment = await askProvider(provider, services.log, order, answer.razorpay_payment_id);
  if (payment.status === "failed") return failFeeOrder(scope, order.id, payment.errorDescription ?? "The provider reports the payment failed");
  return settleFeeOrder(services, scope, order.id, payment);
}

const RECEIPT_READY: Record<Language, (child: string, amount: string, number: string) => { title: string; body: string }> = {
  en: (c, a, n) => ({ title: "Fee receipt ready", body: `${a} paid online for ${c}. Receipt ${n} is ready to download.` }),
  ta: (c, a, n) => ({ title: "கட்டண ரசீது தயார்", body: `${c} க்காக ${a} இணையவழியில் செலுத்தப்பட்டது. ரசீது ${n} பதிவிறக்கத் தயாராக உள்ளது.` }),
  ur: (c, a, n) => ({ title: "فیس کی رسید تیار ہے", body: `${c} کے لیے ${a} آن لائن ادا ہو گئے۔ رسید ${n} ڈاؤن لوڈ کے لیے تیار ہے۔` }),
  ar: (c, a, n) => ({ title: "إيصال الرسوم جاهز", body: `تم دفع ${a} إلكترونيًا عن ${c}. الإيصال ${n} جاهز للتنزيل.` }),
  ml: (c, a, n) => ({ title: "ഫീസ് രസീത് തയ്യാർ", body: `${c} നായി ${a} ഓൺലൈനായി അടച്ചു. രസീത് ${n} ഡൗൺലോഡ് ചെയ്യാൻ തയ്യാറാണ്.` }),
};

/** Tells the parent who paid, in their language, that the receipt is ready, naming the child and the amount. */
async function tellReceiptReady(services: Services, ctx: ReturnType<typeof notifyAfterCommit>["ctx"], order: PaymentOrderRecord, receiptNumber: string) {
  const student = await requireStudent(ctx.scope, order.studentId as number);
  await sendNotification(services, ctx, {
    userIds: [order.createdBy as number],
    kind: "fee_due",
    studentId: student.id,
    link: "/parent/fees",
    text: (language) => (RECEIPT_READY[language] ?? RECEIPT_READY.en)(student.name, formatMoney(order.amount, order.currency), receiptNumber),
  });
}
