import { can, feeReceiptPdf, languageOr, paymentReceiptPdf, receiptDownload } from "@taleem/contract";
import type { FastifyInstance, FastifyReply, preSerializationAsyncHookHandler } from "fastify";
import type { OpenContext, RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { printDoc } from "../exams/exam-documents.routes.js";
import { dueReceipt, receiptById, receiptOfTransaction, sampleReceipt } from "./fee-documents.service.js";
import { feeTransactions } from "./fees.table.js";
import { dueReceiptHtml, type ReceiptDoc, receiptHtml } from "./receipt.html.js";

/** The spec's words when a receipt cannot be made or fetched. */
const FAILED_GENERATE = "Failed to generate receipt";
const FAILED_DOWNLOAD = "Failed to download receipt";

/** The page's language: the reader's own, else the school's default, else English. */
async function receiptDoc(scope: TenantScope, store: UploadStore, language: string): Promise<ReceiptDoc> {
  const tenant = await tenantOf(scope);
  const chosen = languageOr(language, languageOr(tenant.defaultLanguage));
  return { ...(await printDoc(scope, store, chosen)), language: chosen, currency: tenant.currency };
}

/**
 * Who may print a student's receipt: a family's role (linked students only) just its own
 * children's, whose payments, receipts and dues are all its scope finds (another child's is a
 * 404 as if it did not exist); staff with fees.view any.
 */
function requireReach(ctx: RequestContext) {
  if (ctx.scope.family) return;
  if (!can(ctx.principal.permissions, "fees", "view")) throw new AppError(403, "forbidden", "You do not have permission to do this.");
}

/**
 * The spec: receipt calls answer `success: false` with a message when they fail. A failure that
 * is not already an AppError (Chromium failing, say) is logged and answered 503 with the spec's
 * text; the one error handler then sends every failure as usual, and `markFailed` below adds
 * `success: false` to the body of every 4xx and 5xx these three calls send (the engine's own
 * 400, 401 and 403 included), declared in the contract's ErrorReply.
 */
async function answering<R>(ctx: OpenContext, failure: string, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.req.log.error({ err }, "receipt PDF failed");
    throw new AppError(503, "receipt.failed", failure);
  }
}

const RECEIPT_CALLS = new Set([paymentReceiptPdf, receiptDownload, feeReceiptPdf].map((a) => `${a.method} ${a.path}`));

/** An error body of a receipt call with `success: false` (a reply sent before serialization). */
const markFailed: preSerializationAsyncHookHandler = async (_req, reply, payload) =>
  reply.statusCode >= 400 && payload && typeof payload === "object" && !Buffer.isBuffer(payload) ? { success: false, ...payload } : payload;

const sendPdf = (reply: FastifyReply, name: string, file: Buffer) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(file);

/**
 * The fee receipts as PDFs, printed by Chromium with no transaction held while it prints: a
 * payment's receipt (by its transaction or by the receipt's id, the latter for families too) and
 * a due's receipt with every payment against it.
 */
export function serveFeeDocuments(app: FastifyInstance, services: Services) {
  const pdf = new PdfRenderer();
  app.addHook("onClose", () => pdf.close());
  const store = new UploadStore(services.config.dataDir);
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().some((m) => RECEIPT_CALLS.has(`${m} ${route.url}`))) return;
    route.preSerialization = [...[route.preSerialization ?? []].flat(), markFailed];
  });

  serveAction(
    app,
    paymentReceiptPdf,
    async (ctx, { body }) =>
      answering(ctx, FAILED_GENERATE, async () => {
        const { doc, view } = await ctx.scope.transaction(async (scope) => {
          const _transaction = await scope.find(feeTransactions, body.id, "Payment");
          requireReach(ctx);
          return { view: await receiptOfTransaction(scope, body.id), doc: await receiptDoc(scope, store, ctx.principal.language) };
        });
        return sendPdf(ctx.reply, "payment-receipt.pdf", await pdf.render(receiptHtml(doc, view)));
      }),
    { transaction: false, sample: async (scope) => ({ body: { id: (await sampleReceipt(scope)).transactionId } }) },
  );

  serveAction(
    app,
    receiptDownload,
    async (ctx, { params }) =>
      answering(ctx, FAILED_DOWNLOAD, async () => {
        const { doc, view } = await ctx.scope.transaction(async (scope) => {
          requireReach(ctx);
          return { view: await receiptById(scope, params.id), doc: await receiptDoc(scope, store, ctx.principal.language) };
        });
        return sendPdf(ctx.reply, `receipt-${view.receiptId}.pdf`, await pdf.render(receiptHtml(doc, view)));
      }),
    { transaction: false, sample: async (scope) => ({ params: { id: (await sampleReceipt(scope)).receiptId } }) },
  );

  serveAction(
    app,
    feeReceiptPdf,
    async (ctx, { body }) =>
      answering(ctx, FAILED_GENERATE, async () => {
        const { doc, view, today } = await ctx.scope.transaction(async (scope) => {
          requireReach(ctx);
          return {
            view: await dueReceipt(scope, body.feeId, body.studentId),
            doc: await receiptDoc(scope, store, ctx.principal.language),
            today: await schoolToday(scope),
          };
        });
        return sendPdf(ctx.reply, `fee-receipt-${body.feeId}-${body.studentId}.pdf`, await pdf.render(dueReceiptHtml(doc, view, today)));
      }),
    {
      transaction: false,
      sample: async (scope) => {
        const made = await sampleReceipt(scope);
        return { body: { feeId: made.feeId, studentId: made.studentId } };
      },
    },
  );
}
