import { bulkSendProgress, previewBulkMessage, sendBulkTemplateMessage, sendTemplateMessage } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { jobQueueOf } from "../../platform/jobs/job-queue.js";
import type { Services } from "../../platform/services.js";
import { registerMessageLogs } from "./message-logs.routes.js";
import { registerProviderWebhooks } from "./message-logs.webhooks.js";
import {
  type BulkPayload,
  bulkPreview,
  runBulkSend,
  sampleClientId,
  sampleTemplate,
  sampleUser,
  sendOne,
  startBulkSend,
} from "./template-send-calls.service.js";
import { registerWallet } from "./wallet.routes.js";

/** The job kind of a bulk send (its progress call reads only these). */
export const BULK_SEND_JOB = "bulk-send";

/**
 * Sending templates, the message log, the wallet and the providers' webhooks. Sends wait on
 * providers, so they hold no request transaction: each step opens its own short one.
 */
export function registerMessaging(app: FastifyInstance, services: Services) {
  registerMessageLogs(app, services);
  registerProviderWebhooks(app, services);
  registerWallet(app);
  const queue = jobQueueOf(app);

  queue.handle(BULK_SEND_JOB, async (payload, control) => {
    const p = payload as unknown as BulkPayload;
    if (p.sample) return null;
    return runBulkSend(services, p, (done) => control.progress(done));
  });

  serveAction(
    app,
    sendTemplateMessage,
    async (ctx, { body }) => {
      const { data, repeated } = await sendOne(services, ctx, body);
      return { message: repeated ? "This message was sent before" : data.status === "failed" ? "The provider refused the message" : "Message sent", data };
    },
    {
      transaction: false,
      sample: async (scope) => ({ body: { templateId: (await sampleTemplate(scope)).id, userId: await sampleUser(scope), clientId: sampleClientId() } }),
    },
  );

  serveAction(
    app,
    sendBulkTemplateMessage,
    async (ctx, { body }) => {
      const started = await startBulkSend(services, ctx, body);
      const { bulk, repeated } = started;
      if (!repeated) {
        await queue.enqueue(
          ctx.scope.tenantId,
          BULK_SEND_JOB,
          bulk.total,
          { tenantId: ctx.scope.tenantId, bulkSendId: bulk.id, skipped: started.skipped },
          bulk.jobId,
        );
      }
      return {
        message: repeated ? "This bulk send was started before; nothing was sent again" : `Sending ${bulk.total} messages`,
        job: bulk.jobId,
        total: bulk.total,
        bulkSendId: bulk.id,
        cost: bulk.cost,
        repeated,
      };
    },
    {
      transaction: false,
      sample: async (scope) => ({
        body: {
          templateId: (await sampleTemplate(scope)).id,
          audience: { kind: "people" as const, userIds: [await sampleUser(scope)] },
          clientId: sampleClientId(),
        },
      }),
    },
  );

  serveAction(app, previewBulkMessage, async (ctx, { body }) => ({ message: "Bulk send preview", ...(await bulkPreview(ctx.scope, body)) }), {
    sample: async (scope) => ({
      body: { templateId: (await sampleTemplate(scope)).id, audience: { kind: "people" as const, userIds: [await sampleUser(scope)] } },
    }),
  });

  serveAction(app, bulkSendProgress, async (ctx, { params }) => queue.progress(ctx.principal.tenantId, BULK_SEND_JOB, params.job) as never, {
    transaction: false,
    sample: async (scope) => ({ params: { job: await queue.sample(scope.tenantId, BULK_SEND_JOB) } }),
  });
}
