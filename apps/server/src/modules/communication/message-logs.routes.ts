import { downloadMessageLog, messageLogResource, refreshMessageLog } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { logWorkbook, refreshStatus } from "./message-logs.service.js";
import { messageLogs } from "./message-logs.table.js";
import { bulkSends } from "./template-sends.table.js";

/** The spec's name for the log's spreadsheet. */
export const LOG_FILE_NAME = "downloaded_file.xlsx";

const sampleLog = (scope: TenantScope) =>
  scope.insert(messageLogs, { channel: "sms", recipient: "+919800000999", body: "Sample", status: "sent", provider: "manual", statusAt: new Date() });

/**
 * The message log (`/admin/api/log`): what the school's sends wrote, filtered and paged. A
 * message noted by hand (sent outside Taleem) is added as sent; its note and name can be edited;
 * the provider's facts and the status are the providers' alone.
 */
export function registerMessageLogs(app: FastifyInstance, services: Services) {
  serveResource(app, messageLogResource, messageLogs, {
    beforeCreate: async (_ctx, input) => ({ ...input, status: "sent" as const, statusAt: new Date(), provider: "manual" }),
    beforeDelete: async (_ctx, existing) => {
      // Its money is still set aside: the provider's report has yet to spend or return it.
      if (existing.charge === "held") {
        throw conflict("message.in_flight", "This message is still on its way; it can be deleted once it is delivered or has failed.", { id: existing.id });
      }
    },
    sample: async () => ({ channel: "sms" as const, recipient: "+919800000998", body: "Noted by hand", language: "en" as const }),
  });

  serveAction(
    app,
    downloadMessageLog,
    async (ctx, { body }) => {
      // Another school's bulk send is not found, as its rows would not be.
      if (body.bulkSendId) await ctx.scope.find(bulkSends, body.bulkSendId, "Bulk send");
      const file = await logWorkbook(ctx.scope, body);
      ctx.reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${LOG_FILE_NAME}"`)
        .header("cache-control", "no-store");
      return file;
    },
    {
      sample: async (scope) => {
        const bulk = await scope.insert(bulkSends, {
          clientId: `sample-${Date.now()}-${Math.random()}`,
          templateId: 0,
          channel: "sms",
          audience: { kind: "people", userIds: [1] },
          total: 0,
          cost: 0,
          jobId: "sample",
        });
        return { body: { bulkSendId: bulk.id } };
      },
    },
  );

  // The SMS gateway may be asked where a message is: no transaction is held while it answers.
  serveAction(
    app,
    refreshMessageLog,
    async (ctx, { body }) => ({ message: "Message status refreshed", data: await refreshStatus(services, ctx.scope, body.messageId) }),
    { transaction: false, sample: async (scope) => ({ body: { messageId: (await sampleLog(scope)).id } }) },
  );
}
