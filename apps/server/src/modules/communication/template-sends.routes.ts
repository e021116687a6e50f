import { type BulkSendResult, bulkSendProgress, previewBulkMessage, sendBulkTemplateMessage, sendTemplateMessage } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withScope } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import { jobQueueOf } from "../../platform/jobs/job-queue.js";
import { newJobId } from "../../platform/jobs/job-registry.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireStudent } from "../students/students.service.js";
import { documentTemplates } from "./document-templates.table.js";
import { registerMessageLogs } from "./message-logs.routes.js";
import { messageLogs } from "./message-logs.table.js";
import { registerProviderWebhooks } from "./message-logs.webhooks.js";
import { notifyAfterCommit } from "./notifications.service.js";
import { audienceOf, bulkResult, deliverQueued, logValues, planSend, queuedOf, type Recipient, requireWhatsAppWindow } from "./template-sends.service.js";
import { bulkSends } from "./template-sends.table.js";
import { registerWallet } from "./wallet.routes.js";
import { holdFor, walletOf } from "./wallet.service.js";

/** The job kind of a bulk send (its progress call reads only these). */
export const BULK_SEND_JOB = "bulk-send";
/** Log rows per insert statement: well under PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 1000;

interface BulkPayload {
  tenantId: number;
  bulkSendId: number;
  skipped: BulkSendResult["recipients"];
  sample?: boolean;
}

const sampleTemplate = (scope: TenantScope) =>
  scope.insert(documentTemplates, { name: "Sample notice", channel: "sms", body: "{{schoolName}}: {{studentName}}" });
const sampleUser = async (scope: TenantScope) => (await scope.db.select({ id: users.id }).from(users).where(scope.where(users)).limit(1))[0]!.id;
const sampleClientId = () => `sample-${newJobId()}`;

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
    const scope = new TenantScope(services.db, p.tenantId);
    const { queued, total } = await scope.transaction(async (tx) => ({
      queued: await queuedOf(tx, p.bulkSendId),
      total: (await tx.find(bulkSends, p.bulkSendId)).total,
    }));
    await deliverQueued(services, p.tenantId, queued, (done) => control.progress(total - queued.length + done));
    return scope.transaction(async (tx) => {
      const result = await bulkResult(tx, p.bulkSendId, p.skipped);
      await tx.update(bulkSends, p.bulkSendId, { status: "done", result });
      return result;
    });
  });

  serveAction(
    app,
    sendTemplateMessage,
    async (ctx, { body }) => {
      const notify = notifyAfterCommit(ctx.scope);
      const { log, repeated } = await ctx.scope.transaction(async (tx) => {
        const [seen] = await tx.db
          .select()
          .from(messageLogs)
          .where(tx.where(messageLogs, eq(messageLogs.clientId, body.clientId)));
        if (seen) return { log: seen, repeated: true };
        const person = await tx.find(users, body.userId, "Person");
        const student = body.studentId ? await requireStudent(tx, body.studentId) : null;
        const recipient: Recipient = {
          userId: person.id,
          name: person.name,
          mobile: person.mobile,
          email: person.email,
          language: person.language,
          student: student && { id: student.id, name: student.name, nameNative: student.nameNative, admissionNo: student.admissionNo },
        };
        const plan = await planSend(tx, body.templateId, body.channel, [recipient], body.freeText);
        const m = plan.messages[0]!;
        if (!m.to) {
          throw badRequest("message.no_address", `${person.name} has no ${plan.channel === "email" ? "e-mail address" : "mobile number"}.`, {
            field: "userId",
          });
        }
        if (body.freeText && plan.channel === "whatsapp") await requireWhatsAppWindow(tx, m.to);
        const [made] = await tx.db
          .insert(messageLogs)
          .values(logValues(tx, plan, null, body.clientId))
          .returning();
        await holdFor(services, { ...notify.ctx, scope: tx }, plan.channel, m.cost, { messageLogId: made!.id, note: `Message ${made!.id} to ${person.name}` });
        await withScope(ctx, tx).audit({
          action: "create",
          entity: "message_logs",
          entityId: made!.id,
          details: { channel: plan.channel, templateId: plan.templateId },
        });
        return { log: made!, repeated: false };
      });
      await notify.flush();
      if (!repeated) await deliverQueued(services, ctx.scope.tenantId, [log]);
      const data = await ctx.scope.transaction((tx) => tx.find(messageLogs, log.id, "Message"));
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
      const notify = notifyAfterCommit(ctx.scope);
      const started = await ctx.scope.transaction(async (tx) => {
        const [seen] = await tx.db
          .select()
          .from(bulkSends)
          .where(tx.where(bulkSends, eq(bulkSends.clientId, body.clientId)));
        if (seen) return { bulk: seen, repeated: true, skipped: [] };
        const plan = await planSend(tx, body.templateId, body.channel, await audienceOf(tx, body.audience));
        const rows = logValues(tx, plan, null, null);
        if (!rows.length) throw badRequest("message.no_recipients", "Nobody in this audience can be reached on this channel.", { field: "audience" });
        const skipped = plan.messages
          .filter((m) => !m.to)
          .map((m) => ({
            userId: m.recipient.userId,
            name: m.recipient.name,
            recipient: null,
            language: m.language,
            status: "skipped" as const,
            messageLogId: null,
            error: "No address",
          }));
        const bulk = await tx.insert(bulkSends, {
          clientId: body.clientId,
          templateId: plan.templateId,
          channel: plan.channel,
          audience: body.audience,
          total: rows.length,
          cost: plan.cost,
          jobId: newJobId(),
          createdBy: ctx.principal.userId,
        });
        await holdFor(services, { ...notify.ctx, scope: tx }, plan.channel, plan.cost, {
          bulkSendId: bulk.id,
          note: `Bulk send ${bulk.id}: ${rows.length} messages`,
        });
        for (let i = 0; i < rows.length; i += INSERT_CHUNK)
          await tx.db.insert(messageLogs).values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, bulkSendId: bulk.id })));
        await withScope(ctx, tx).audit({
          action: "create",
          entity: "bulk_sends",
          entityId: bulk.id,
          details: { channel: plan.channel, messages: rows.length, cost: plan.cost },
        });
        return { bulk, repeated: false, skipped };
      });
      await notify.flush();
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

  serveAction(
    app,
    previewBulkMessage,
    async (ctx, { body }) => {
      const plan = await planSend(ctx.scope, body.templateId, body.channel, await audienceOf(ctx.scope, body.audience));
      const wallet = await walletOf(ctx.scope, plan.channel);
      const byLanguage = new Map<string, { language: string; recipients: number; subject: string | null; body: string }>();
      for (const m of plan.messages.filter((x) => x.to)) {
        const seen = byLanguage.get(m.language);
        if (seen) seen.recipients++;
        else byLanguage.set(m.language, { language: m.language, recipients: 1, subject: m.subject, body: m.body });
      }
      const reachable = plan.messages.filter((m) => m.to).length;
      return {
        message: "Bulk send preview",
        channel: plan.channel,
        recipients: reachable,
        unreachable: plan.messages.length - reachable,
        cost: plan.cost,
        balance: wallet.balance,
        currency: wallet.currency,
        previews: [...byLanguage.values()],
      };
    },
    {
      sample: async (scope) => ({
        body: { templateId: (await sampleTemplate(scope)).id, audience: { kind: "people" as const, userIds: [await sampleUser(scope)] } },
      }),
    },
  );

  serveAction(app, bulkSendProgress, async (ctx, { params }) => queue.progress(ctx.principal.tenantId, BULK_SEND_JOB, params.job) as never, {
    transaction: false,
    sample: async (scope) => ({ params: { job: await queue.sample(scope.tenantId, BULK_SEND_JOB) } }),
  });
}
