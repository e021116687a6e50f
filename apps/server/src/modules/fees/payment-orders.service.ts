import type { Checkout, MessageChannel } from "@taleem/contract";
import { count, desc, eq, inArray } from "drizzle-orm";
import { providerOrders } from "../../platform/payments/payments.table.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type PaymentOrderRecord, paymentOrders } from "./fees.table.js";

/**
 * A school's orders with the payment provider, whatever they pay for (a child's fees, a messaging
 * recharge, a plan): opened, found, locked while a payment is recorded, marked paid or failed, and
 * listed. Fees and the school's own payments (recharge.service.ts: the settings' top-up of a
 * messaging wallet, kept here so that the provider's webhook settles it without fees importing
 * settings back) both go through here.
 */

/**
 * Opens an order with the payment provider (outside any transaction), then writes the school's
 * order row and the platform's index of it (provider_orders, which a webhook is read through),
 * and answers what the browser's checkout needs. A parent's fees and a wallet recharge both open
 * their orders here.
 */
export async function openPaymentOrder(
  services: Services,
  scope: TenantScope,
  userId: number,
  input: {
    purpose: "fees" | "recharge";
    amount: number;
    description: string;
    receipt: string;
    notes: Record<string, string>;
    row: Partial<Pick<typeof paymentOrders.$inferInsert, "studentId" | "feeIds" | "channel">>;
  },
): Promise<Checkout> {
  const provider = services.payments;
  const tenant = await tenantOf(scope);
  const order = await provider.createOrder({
    amount: input.amount,
    currency: tenant.currency,
    receipt: input.receipt.slice(0, 40),
    notes: { school: tenant.code, purpose: input.purpose, description: input.description, ...input.notes },
  });
  const row = await scope.transaction(async (tx) => {
    const made = await tx.insert(paymentOrders, {
      ...input.row,
      purpose: input.purpose,
      amount: input.amount,
      currency: tenant.currency,
      provider: provider.name,
      providerOrderId: order.id,
      createdBy: userId,
    });
    await tx.db.insert(providerOrders).values({ provider: provider.name, providerOrderId: order.id, tenantId: tx.tenantId, paymentOrderId: made.id });
    return made;
  });
  return checkoutOf(services, row, input.description);
}

/** What the browser's checkout needs to pay an order the school has opened. */
export function checkoutOf(services: Services, order: PaymentOrderRecord, description: string): Checkout {
  const provider = services.payments;
  return {
    orderId: order.id,
    provider: provider.name,
    providerOrderId: order.providerOrderId,
    keyId: provider.keyId,
    amount: order.amount,
    currency: order.currency,
    description,
    checkoutUrl: provider.checkoutUrl(order.providerOrderId),
  };
}

/** A school's order, or undefined when it has none of that id. */
export const paymentOrderOf = (scope: TenantScope, id: number): Promise<PaymentOrderRecord | undefined> => scope.findOptional(paymentOrders, id);

/** The order locked until the transaction ends, so a payment is recorded against it once. */
export async function lockPaymentOrder(tx: TenantScope, id: number): Promise<PaymentOrderRecord | undefined> {
  const [order] = await tx.db
    .select()
    .from(paymentOrders)
    .where(tx.where(paymentOrders, eq(paymentOrders.id, id)))
    .for("update");
  return order;
}

/** The order paid by the provider's payment (and, for fees, the transaction that recorded it). */
export async function markOrderPaid(tx: TenantScope, id: number, paymentId: string, transactionId?: number): Promise<void> {
  await tx.update(paymentOrders, id, {
    status: "paid",
    providerPaymentId: paymentId,
    paidAt: new Date(),
    failureReason: null,
    ...(transactionId ? { transactionId } : {}),
  });
}

/** The order failed, with the provider's reason. */
export async function markOrderFailed(tx: TenantScope, id: number, reason: string): Promise<void> {
  await tx.update(paymentOrders, id, { status: "failed", failureReason: reason.slice(0, 300) });
}

/** The school's payments to the platform (recharges, plans), newest first, a page of them. */
export async function platformPaymentsPage(scope: TenantScope, page: number, limit: number) {
  const where = scope.where(paymentOrders, inArray(paymentOrders.purpose, ["recharge", "plan"]));
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(paymentOrders)
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    scope.db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map((r) => ({
      id: r.id,
      purpose: r.purpose as "recharge" | "plan",
      channel: (r.channel as MessageChannel | null) ?? null,
      amount: r.amount,
      currency: r.currency,
      provider: r.provider,
      providerPaymentId: r.providerPaymentId,
      status: r.status,
      createdAt: r.createdAt,
      paidAt: r.paidAt,
    })),
    pagination: { page, limit, total: n, pages: Math.ceil(n / limit) },
  };
}
