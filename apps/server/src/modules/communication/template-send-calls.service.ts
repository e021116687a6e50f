import type { BulkSendResult, previewBulkMessage, sendBulkTemplateMessage, sendTemplateMessage } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import { newJobId } from "../../platform/jobs/job-registry.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireStudent } from "../students/students.service.js";
import { documentTemplates } from "./document-templates.table.js";
import { messageLogs } from "./message-logs.table.js";
import { notifyAfterCommit } from "./notifications.service.js";
import { audienceOf, bulkResult, deliverQueued, logValues, planSend, queuedOf, type Recipient, requireWhatsAppWindow } from "./template-sends.service.js";
import { bulkSends } from "./template-sends.table.js";
import { holdFor, walletOf } from "./wallet.service.js";

/** Log rows per insert statement: well under PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 1000;

/** What a bulk send's job carries: the send, and the people it could not reach (for its result). */
export interface BulkPayload {
  tenantId: number;
  bulkSendId: number;
  skipped: BulkSendResult["recipients"];
  sample?: boolean;
}

export const sampleTemplate = (scope: TenantScope) =>
  scope.insert(documentTemplates, { name: "Sample notice", channel: "sms", body: "{{schoolName}}: {{studentName}}" });
export const sampleUser = async (scope: TenantScope) => (await scope.db.select({ id: users.id }).from(users).where(scope.where(users)).limit(1))[0]!.id;
export const sampleClientId = () => `sample-${newJobId()}`;

/** A bulk send's job: delivers its queued messages, reporting progress, then records its result. */
export async function runBulkSend(services: Services, p: BulkPayload, progress: (done: number) => void) {
  const scope = new TenantScope(services.db, p.tenantId);
  const { queued, total } = await scope.transaction(async (tx) => ({
    queued: await queuedOf(tx, p.bulkSendId),
    total: (await tx.find(bulkSends, p.bulkSendId)).total,
  }));
  await deliverQueued(services, p.tenantId, queued, (done) => progress(total - queued.length + done));
  return scope.transaction(async (tx) => {
    const result = await bulkResult(tx, p.bulkSendId, p.skipped);
    await tx.update(bulkSends, p.bulkSendId, { status: "done", result });
    return result;
  });
}

/**
 * Sends one template (or free text) to one person, once per client id: planned, paid for and
 * logged in one short transaction, then handed to the provider. Answers the log row as it now
 * stands and whether it was sent before.
 */
export async function sendOne(services: Services, ctx: RequestContext, body: z.infer<typeof sendTemplateMessage.body>) {
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
  return { data, repeated };
}

/**
 * Starts a bulk send, once per client id: planned, paid for and its messages queued in one short
 * transaction. Answers the send, whether it was started before, and whom it could not reach.
 */
export async function startBulkSend(services: Services, ctx: RequestContext, body: z.infer<typeof sendBulkTemplateMessage.body>) {
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
  return started;
}

/** What a bulk send would cost and say, by language, against the wallet's balance. */
export async function bulkPreview(scope: TenantScope, body: z.infer<typeof previewBulkMessage.body>) {
  const plan = await planSend(scope, body.templateId, body.channel, await audienceOf(scope, body.audience));
  const wallet = await walletOf(scope, plan.channel);
  const byLanguage = new Map<string, { language: string; recipients: number; subject: string | null; body: string }>();
  for (const m of plan.messages.filter((x) => x.to)) {
    const seen = byLanguage.get(m.language);
    if (seen) seen.recipients++;
    else byLanguage.set(m.language, { language: m.language, recipients: 1, subject: m.subject, body: m.body });
  }
  const reachable = plan.messages.filter((m) => m.to).length;
  return {
    channel: plan.channel,
    recipients: reachable,
    unreachable: plan.messages.length - reachable,
    cost: plan.cost,
    balance: wallet.balance,
    currency: wallet.currency,
    previews: [...byLanguage.values()],
  };
}
