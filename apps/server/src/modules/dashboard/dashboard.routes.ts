import { dashboardSummary as summaryAction } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { dashboardSummary } from "./dashboard.service.js";

/** The administration dashboard's figures. */
export function registerDashboardModule(app: FastifyInstance) {
  serveAction(app, summaryAction, async (ctx) => ({ message: "Dashboard summary", data: await dashboardSummary(ctx.scope) }));
}
