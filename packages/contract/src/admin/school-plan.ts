import { z } from "zod";
import { defineAction } from "../action.js";
import { MessageChannel } from "../communication/messaging.js";
import { Checkout, ProviderPayment } from "../fees/online-payments.js";
import { Instant, Money } from "../values.js";

export const PlanLimit = z.object({ key: z.string(), label: z.string(), limit: z.number().nullable(), used: z.number() });

/** The school's plan: its name, price, features, limits against what the school uses, and when it renews. */
export const schoolPlan = defineAction({
  method: "GET",
  path: "/admin/api/plan",
  module: "settings",
  permission: ["settings", "view"],
  family: "scoped",
  summary: "The school's plan: features, limits beside what is used, price and renewal",
  reply: z.object({
    message: z.string(),
    data: z.object({
      plan: z.object({ id: z.number(), code: z.string(), name: z.string(), description: z.string().nullable() }).nullable(),
      status: z.enum(["trial", "active", "expired", "none"]),
      startedOn: z.string().nullable(),
      renewsOn: z.string().nullable(),
      prices: z.array(z.object({ currency: z.string(), period: z.enum(["monthly", "yearly"]), amount: z.number() })),
      limits: z.array(PlanLimit),
      features: z.array(z.object({ key: z.string(), label: z.string() })),
      wallets: z.array(z.object({ channel: MessageChannel, balance: z.number(), held: z.number(), currency: z.string() })),
    }),
  }),
});

export const PLATFORM_PAYMENT_PURPOSES = ["recharge", "plan"] as const;
/** A payment the school made to the platform (a wallet recharge, a plan). */
export const SchoolPayment = z.object({
  id: z.number(),
  purpose: z.enum(PLATFORM_PAYMENT_PURPOSES),
  channel: MessageChannel.nullable(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  status: z.enum(["created", "paid", "failed"]),
  createdAt: Instant,
  paidAt: Instant.nullable(),
});

/** The school's payment history, newest first. */
export const schoolPayments = defineAction({
  method: "GET",
  path: "/admin/api/payments",
  module: "settings",
  permission: ["settings", "view"],
  family: "scoped",
  summary: "The school's payments to the platform (recharges, plan), newest first",
  query: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(10) }),
  reply: z.object({
    message: z.string(),
    data: z.array(SchoolPayment),
    pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
  }),
});

/** What a WhatsApp message costs this school, by category and country. */
export const whatsappTariffs = defineAction({
  method: "GET",
  path: "/admin/api/payments/whatsapp/tariffs",
  module: "settings",
  permission: ["settings", "view"],
  family: "scoped",
  summary: "WhatsApp prices per delivered message by category and country, in the school's currency",
  reply: z.object({
    message: z.string(),
    data: z.array(z.object({ category: z.string(), country: z.string(), price: z.number(), currency: z.string() })),
  }),
});

/** Opens a recharge: an order with the provider for the amount. */
export const startRecharge = defineAction({
  method: "POST",
  path: "/admin/api/payments/recharge/order",
  module: "settings",
  permission: ["settings", "edit"],
  summary: "Open a messaging-wallet recharge: an order with the payment provider",
  body: z.object({ channel: MessageChannel, amount: Money.min(100).max(100_000_000) }),
  reply: z.object({ message: z.string(), data: Checkout }),
  errors: [409],
  invalidates: ["settings", "communication"],
});

/**
 * Completes a recharge: the school's code, the provider's answer and the amount. The wallet is
 * credited only after the payment is verified, once however often this is sent.
 */
export const rechargeWallet = defineAction({
  method: "POST",
  path: "/admin/api/payments/recharge",
  module: "settings",
  permission: ["settings", "edit"],
  summary: "Credit the messaging wallet after the recharge payment is verified ({product}Code, payment, amount)",
  body: z.object({
    taleemCode: z.string().trim().min(1).max(40),
    payment: ProviderPayment.extend({ orderId: z.number().int().positive() }),
    amount: Money.min(100),
  }),
  reply: z.object({
    success: z.boolean(),
    message: z.string(),
    data: z.object({ channel: MessageChannel, balance: z.number(), credited: z.number(), repeated: z.boolean() }).optional(),
  }),
  errors: [400, 404, 409],
  invalidates: ["settings", "communication"],
});
