import { startFeeCheckout as startFeeCheckoutAction, verifyFeePayment as verifyFeePaymentAction } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { Services } from "../../platform/services.js";
import { startFeeCheckout, verifyFeePayment } from "./online-payments.service.js";
import { registerPaymentWebhooks } from "./payment-webhooks.js";

/**
 * A parent pays their own child's dues online: an order with the provider, then the provider's
 * answer verified (signature, then the provider asked) and recorded once with its receipt; the
 * provider's signed webhooks settle the same orders when the browser never comes back.
 * Both calls reach the provider over the network, so neither holds a transaction open meanwhile.
 */
export function registerOnlinePayments(app: FastifyInstance, services: Services) {
  serveAction(
    app,
    startFeeCheckoutAction,
    async (ctx, { body }) => {
      const data = await startFeeCheckout(services, ctx.scope, ctx.principal.userId, body);
      return { message: "Order created", data };
    },
    { transaction: false },
  );

  serveAction(
    app,
    verifyFeePaymentAction,
    async (ctx, { body }) => {
      const { repeated: _repeated, ...data } = await verifyFeePayment(services, ctx.scope, ctx.principal.userId, body.orderId, body.payment);
      return { message: data.status === "paid" ? "Payment successful" : "Payment failed", data };
    },
    { transaction: false },
  );

  registerPaymentWebhooks(app, services);
}
