import type { FastifyInstance } from "fastify";
import type { Services } from "../../platform/services.js";
import { registerConcessions } from "./concessions.routes.js";
import { registerDues } from "./dues.routes.js";
import { serveFeeDocuments } from "./fee-documents.routes.js";
import { registerFeeMasters } from "./fee-masters.routes.js";
import { registerFeePayments } from "./fee-payments.routes.js";
import { registerFeeReports } from "./fee-reports.routes.js";
import { registerOnlinePayments } from "./online-payments.routes.js";

/**
 * Fees: fee structures and the dues they make, concessions, late fines, collection at the
 * counter with receipts, reversals and refunds, reports, online payments and the documents.
 * Every figure is a sum of the fee ledger (fee-ledger.ts).
 */
export function registerFeesModule(app: FastifyInstance, services: Services) {
  registerFeeMasters(app);
  registerConcessions(app);
  registerDues(app);
  registerFeePayments(app);
  registerFeeReports(app, services);
  serveFeeDocuments(app, services);
  registerOnlinePayments(app, services);
}
