import {
  rechargeWallet as rechargeWalletAction,
  schoolPayments as schoolPaymentsAction,
  schoolPlan as schoolPlanAction,
  startRecharge as startRechargeAction,
  whatsappTariffs as whatsappTariffsAction,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { platformPaymentsPage } from "../fees/payment-orders.service.js";
import { rechargeWallet, startRecharge } from "../fees/recharge.service.js";
import { schoolPlan, whatsappTariffs } from "./school-plan.service.js";

/** The spec's client reads `success` on the recharge's failures too ('Recharge failed' or the server's message). */
const failed = (err: unknown) =>
  err instanceof AppError && err.status < 500 ? new AppError(err.status, err.code, err.message, err.params, { ...err.extra, success: false }) : err;

/**
 * The school's account with the platform: its plan and limits, its payments to the platform,
 * what WhatsApp messages cost it, and recharging a messaging wallet through the payment
 * provider (credited only once the payment is verified). Recharging reaches the provider over
 * the network, so those calls hold no transaction open meanwhile.
 */
export function registerSchoolPlan(app: FastifyInstance, services: Services) {
  serveAction(app, schoolPlanAction, async (ctx) => ({ message: "Plan fetched successfully", data: await schoolPlan(ctx.scope) }));

  serveAction(app, schoolPaymentsAction, async (ctx, { query }) => ({
    message: "Payments fetched successfully",
    ...(await platformPaymentsPage(ctx.scope, query.page, query.limit)),
  }));

  serveAction(app, whatsappTariffsAction, async (ctx) => ({ message: "Tariffs fetched successfully", data: await whatsappTariffs(ctx.scope) }));

  serveAction(
    app,
    startRechargeAction,
    async (ctx, { body }) => ({ message: "Order created", data: await startRecharge(services, ctx.scope, ctx.principal.userId, body) }),
    { transaction: false },
  );

  serveAction(
    app,
    rechargeWalletAction,
    async (ctx, { body }) => {
      try {
        const data = await rechargeWallet(services, ctx.scope, body);
        // The wallet's ledger row is the record; the activity log says who completed it.
        if (!data.repeated) await ctx.audit({ action: "recharge", entity: "payment_order", entityId: body.payment.orderId, details: { ...data } });
        return { success: true, message: "Recharge successful", data };
      } catch (err) {
        throw failed(err);
      }
    },
    { transaction: false },
  );
}
