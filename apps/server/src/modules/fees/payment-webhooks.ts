import { ErrorReply } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../platform/http/errors.js";
import type { PaymentWebhook } from "../../platform/payments/payment-provider.js";
import { paymentEvents, providerOrders } from "../../platform/payments/payments.table.js";
import { webhookPath } from "../../platform/payments/start-sandbox.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { failFeeOrder, settleFeeOrder } from "./online-payments.service.js";
import { paymentOrderOf } from "./payment-orders.service.js";
import { failRechargeOrder, settleRechargeOrder } from "./recharge.service.js";

/** What became of an event: recorded, of no concern (another event kind, an attempt of no payment), or waiting for its order. */
type Outcome = "applied" | "ignored" | "unknown_order" | "refused";

const Reply = z.object({ received: z.boolean(), duplicate: z.boolean(), outcome: z.enum(["applied", "ignored", "unknown_order", "refused", "seen"]) });

/**
 * The payment provider's webhooks, open (a provider has no session) and proved by the signature
 * over the raw body (X-Razorpay-Signature with the webhook secret). Razorpay retries a webhook
 * until it gets a 2xx and may send events in any order, so each event is stored once by its id
 * (x-razorpay-event-id) in payment_events and applied to its order under the order's lock:
 * `payment.captured` before the browser's verification records the payment (verification then
 * answers the same receipt), `order.paid` after it changes nothing, `payment.failed` marks an
 * unpaid order failed. The order is found through provider_orders, before anything of the school is read.
 */
export function registerPaymentWebhooks(app: FastifyInstance, services: Services) {
  app.register(async (hooks) => {
    // The signature is over the bytes as sent: keep the body as text here.
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
    hooks.post(
      webhookPath(":provider"),
      {
        config: { access: "open", signedWebhook: true },
        schema: {
          tags: ["fees"],
          summary: "Payment provider webhook (Razorpay's protocol, signed): payment.captured, order.paid, payment.failed",
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: Reply, 401: ErrorReply, 404: ErrorReply },
        },
      },
      async (req, reply) => {
        const provider = services.payments;
        const { provider: named } = req.params as { provider: string };
        if (provider.name === "offline" || named !== provider.name) {
          return reply.code(404).send({ message: "No such payment provider here.", code: "payment.unknown_provider", params: { provider: named } });
        }
        const raw = typeof req.body === "string" ? req.body : "";
        const event = provider.verifyWebhook(raw, req.headers);
        if (!event) return reply.code(401).send({ message: "The webhook's signature does not match.", code: "webhook.bad_signature", params: {} });
        return ingestPaymentEvent(services, provider.name, event);
      },
    );
  });
}

/** Stores an event once by its id and applies it; one already applied is acknowledged and nothing more. */
export async function ingestPaymentEvent(services: Services, provider: string, event: PaymentWebhook): Promise<z.infer<typeof Reply>> {
  const { db } = services;
  const stored = await db
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.eventId,
      event: event.event,
      providerOrderId: event.providerOrderId,
      providerPaymentId: event.payment?.id ?? null,
      payload: event.payload as object,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  const key = and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.eventId));
  if (!stored.length) {
    const [seen] = await db.select({ appliedAt: paymentEvents.appliedAt }).from(paymentEvents).where(key);
    if (seen?.appliedAt) return { received: true, duplicate: true, outcome: "seen" };
  }
  const outcome = await applyEvent(services, provider, event);
  if (outcome === "applied" || outcome === "ignored") await db.update(paymentEvents).set({ appliedAt: new Date() }).where(key);
  return { received: true, duplicate: !stored.length, outcome };
}

async function applyEvent(services: Services, provider: string, event: PaymentWebhook): Promise<Outcome> {
  const payment = event.payment;
  const settles = event.event === "payment.captured" || event.event === "order.paid";
  if (!event.providerOrderId || !payment || !(settles || event.event === "payment.failed")) return "ignored";
  if (settles && payment.status !== "captured") return "ignored";
  const [link] = await services.db
    .select()
    .from(providerOrders)
    .where(and(eq(providerOrders.provider, provider), eq(providerOrders.providerOrderId, event.providerOrderId)));
  // Not an order of this install (yet): kept, unapplied; the provider stops retrying on the 2xx.
  if (!link) return "unknown_order";
  const scope = new TenantScope(services.db, link.tenantId);
  const order = await paymentOrderOf(scope, link.paymentOrderId);
  if (!order) return "unknown_order";
  try {
    if (order.purpose === "fees") {
      if (settles) await settleFeeOrder(services, scope, order.id, payment);
      else await failFeeOrder(scope, order.id, payment.errorDescription ?? event.event);
    } else if (order.purpose === "recharge") {
      if (settles) await settleRechargeOrder(scope, order.id, payment);
      else await failRechargeOrder(scope, order.id, payment.errorDescription ?? event.event);
    } else return "ignored";
  } catch (err) {
    // A payment that does not match its order (amount, currency) is never recorded; retrying would not change that.
    if (err instanceof AppError && err.status < 500) {
      services.log.warn({ err: err.message, code: err.code, orderId: order.id, eventId: event.eventId }, "payment webhook refused");
      return "refused";
    }
    throw err;
  }
  return "applied";
}
