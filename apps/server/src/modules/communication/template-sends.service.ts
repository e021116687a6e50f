import { type BulkSendResult, type Language, type MessageAudience, type MessageChannel, templateMessageKey } from "@taleem/contract";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { guardians, users } from "../../platform/auth/users.table.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import type { OutgoingMessage } from "../../platform/messaging/messenger.js";
import { whatsappWindows } from "../../platform/messaging/provider-events.table.js";
import { WHATSAPP_WINDOW_MS } from "../../platform/messaging/whatsapp.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayText } from "../../platform/texts/dates.js";
import { activeStudentIds } from "../academics/enrolments.service.js";
import { studentsByIds } from "../students/students.service.js";
import { ensureDefaultTemplates, type PlaceholderValues, renderTemplate } from "./document-templates.service.js";
import { type DocumentTemplateRecord, documentTemplates } from "./document-templates.table.js";
import { lockForOutcomes, recordOutcome } from "./message-logs.service.js";
import { type MessageLogRecord, messageLogs } from "./message-logs.table.js";
import { type Tariffs, tariffsFor } from "./wallet.service.js";

/** One person a template goes to, about one child when the audience is students. */
export interface Recipient {
  userId: number;
  name: string;
  mobile: string | null;
  email: string | null;
  language: string;
  student: { id: number; name: string; nameNative: string | null; admissionNo: string } | null;
}

const peopleColumns = { userId: users.id, name: users.name, mobile: users.mobile, email: users.email, language: users.language };

/**
 * The people of an audience. For students (chosen, or the active ones of classrooms or courses)
 * each guardian gets one message per child, so a parent of three reads about each; chosen people
 * get one each. Ids of another school find nobody (the scope).
 */
export async function audienceOf(scope: TenantScope, audience: MessageAudience): Promise<Recipient[]> {
  if (audience.kind === "people") {
    const rows = await scope.db
      .select(peopleColumns)
      .from(users)
      .where(scope.where(users, inArray(users.id, audience.userIds), eq(users.status, "active")))
      .orderBy(asc(users.id));
    return rows.map((r) => ({ ...r, student: null }));
  }
  let studentIds: number[];
  if (audience.kind === "students") studentIds = audience.studentIds;
  else {
    const by =
      audience.kind === "classrooms" ? audience.classroomIds.map((classroomId) => ({ classroomId })) : audience.courseIds.map((courseId) => ({ courseId }));
    studentIds = [...new Set((await Promise.all(by.map((b) => activeStudentIds(scope, b)))).flat().map((r) => r.id))];
  }
  if (!studentIds.length) return [];
  const rows = await scope.db
    .select({ ...peopleColumns, studentId: guardians.studentId })
    .from(guardians)
    .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
    .where(scope.where(guardians, inArray(guardians.studentId, studentIds), eq(users.status, "active")))
    .orderBy(asc(guardians.studentId), asc(users.id));
  const kids = new Map(
    (
      await studentsByIds(
        scope,
        rows.map((r) => r.studentId),
      )
    ).map((k) => [k.id, k]),
  );
  return rows.flatMap(({ studentId, ...p }) => {
    const kid = kids.get(studentId);
    return kid ? [{ ...p, student: { id: kid.id, name: kid.name, nameNative: kid.nameNative, admissionNo: kid.admissionNo } }] : [];
  });
}

type TemplateText = Pick<DocumentTemplateRecord, "id" | "channel" | "subject" | "body" | "providerTemplate" | "language">;

/**
 * The chosen template's versions by language: its siblings are the active templates of its
 * channel that are the same message (`templateMessageKey`, the rule the bulk send's picker lists
 * each message once by). The chosen one serves languages without one.
 */
async function versionsOf(scope: TenantScope, chosen: DocumentTemplateRecord): Promise<Map<string, TemplateText>> {
  const key = templateMessageKey(chosen);
  const rows = (
    await scope.db
      .select()
      .from(documentTemplates)
      .where(scope.where(documentTemplates, eq(documentTemplates.channel, chosen.channel), eq(documentTemplates.status, "active")))
  ).filter((r) => templateMessageKey(r) === key);
  const out = new Map<string, TemplateText>();
  // The school's own before the standard one, the newest first.
  for (const r of rows.sort((a, b) => Number(a.builtinKey !== null) - Number(b.builtinKey !== null) || b.id - a.id))
    if (!out.has(r.language)) out.set(r.language, r);
  out.set(chosen.language, chosen);
  return out;
}

/** One message of a send, ready to log and hand to a provider. */
export interface PlannedMessage {
  recipient: Recipient;
  to: string | null;
  language: Language;
  subject: string | null;
  body: string;
  cost: number;
  outgoing: OutgoingMessage;
}

export interface SendPlan {
  channel: MessageChannel;
  currency: string;
  templateId: number;
  messages: PlannedMessage[];
  cost: number;
}

/**
 * Renders the template for each recipient in the recipient's language and prices it by the
 * recipient's country. A recipient with no address on the channel is planned with `to` null
 * (skipped, free). `freeText` sends WhatsApp's body as text instead of the approved template.
 */
export async function planSend(
  scope: TenantScope,
  templateId: number,
  channelAsked: MessageChannel | undefined,
  recipients: Recipient[],
  freeText = false,
): Promise<SendPlan> {
  await ensureDefaultTemplates(scope);
  const chosen = await scope.find(documentTemplates, templateId, "Document template");
  if (chosen.channel === "pdf")
    throw badRequest("template.not_a_message", "A PDF template is printed, not sent; choose an e-mail, SMS or WhatsApp template.", { field: "templateId" });
  if (channelAsked && channelAsked !== chosen.channel) {
    throw badRequest("template.channel_mismatch", `This template is written for ${chosen.channel}; choose a ${channelAsked} template.`, { field: "channel" });
  }
  const channel = chosen.channel as MessageChannel;
  const tenant = await tenantOf(scope);
  const versions = await versionsOf(scope, chosen);
  const category = "utility";
  const price: Tariffs = await tariffsFor(scope, tenant.currency, channel, category);
  const school: PlaceholderValues = {
    schoolName: tenant.name,
    schoolPhone: tenant.contactPhone ?? tenant.contactEmail ?? "",
    schoolEmail: tenant.contactEmail ?? "",
    schoolAddress: tenant.address ?? "",
  };
  const messages = recipients.map((recipient): PlannedMessage => {
    const version = versions.get(recipient.language) ?? chosen;
    const language = version.language as Language;
    const values: PlaceholderValues = {
      ...school,
      guardianName: recipient.name,
      guardianMobile: recipient.mobile ?? "",
      studentName: recipient.student?.name ?? "",
      studentNameNative: recipient.student?.nameNative ?? "",
      admissionNo: recipient.student?.admissionNo ?? "",
      today: dayText(language, tenant.timeZone, new Date()),
    };
    const out = renderTemplate(version, values);
    const to = channel === "email" ? recipient.email : recipient.mobile;
    const country = channel === "email" ? tenant.country : to ? parsePhoneNumberFromString(to)?.country : undefined;
    const outgoing: OutgoingMessage = {
      channel,
      to: to ?? "",
      subject: out.subject,
      body: out.body,
      // SMS: the template's provider name is its DLT template id.
      dltTemplateId: channel === "sms" ? version.providerTemplate : null,
      template: channel === "whatsapp" && !freeText && out.providerTemplate ? { name: out.providerTemplate, language, params: out.params } : null,
    };
    return { recipient, to, language, subject: out.subject, body: out.body, cost: to ? price(channel, country) : 0, outgoing };
  });
  return { channel, currency: tenant.currency, templateId: chosen.id, messages, cost: messages.reduce((s, m) => s + m.cost, 0) };
}

/** Refuses free text on WhatsApp unless the person wrote to the school in the last 24 hours. */
export async function requireWhatsAppWindow(scope: TenantScope, mobile: string) {
  const [w] = await scope.db
    .select()
    .from(whatsappWindows)
    .where(eq(whatsappWindows.phone, mobile.replace(/^\+/, "")));
  if (!w || Date.now() - w.lastInboundAt.getTime() > WHATSAPP_WINDOW_MS) {
    throw conflict(
      "whatsapp.window_closed",
      "Free text goes only to someone who wrote to the school on WhatsApp in the last 24 hours; send the approved template instead.",
      {
        field: "freeText",
      },
    );
  }
}

/** The log rows of planned messages (the reachable ones), queued with their hold. */
export function logValues(scope: TenantScope, plan: SendPlan, bulkSendId: number | null, clientId: string | null) {
  return plan.messages
    .filter((m) => m.to)
    .map((m) => ({
      tenantId: scope.tenantId,
      channel: plan.channel,
      recipient: m.to as string,
      recipientName: m.recipient.name,
      userId: m.recipient.userId,
      studentId: m.recipient.student?.id ?? null,
      templateId: plan.templateId,
      bulkSendId,
      clientId,
      language: m.language,
      subject: m.subject,
      body: m.body,
      status: "queued" as const,
      cost: m.cost,
      charge: m.cost ? ("held" as const) : ("none" as const),
      outgoing: { template: m.outgoing.template ?? null, dltTemplateId: m.outgoing.dltTemplateId ?? null },
    }));
}

/** What a provider is handed for a logged message. */
export const outgoingOf = (log: MessageLogRecord): OutgoingMessage => ({
  channel: log.channel,
  to: log.recipient,
  subject: log.subject,
  body: log.body,
  template: log.outgoing?.template ?? null,
  dltTemplateId: log.outgoing?.dltTemplateId ?? null,
});

/** How many messages go to the providers at once, and how many outcomes one transaction records. */
const PARALLEL = 25;

/**
 * Hands a school's queued messages to their providers, PARALLEL at a time, recording each
 * chunk's outcomes in one short transaction (never holding one while a provider answers).
 * Only messages still queued without a provider id are sent, so running it again sends nothing twice
 * that was recorded. Calls `progress` with the count handed over so far.
 */
export async function deliverQueued(services: Services, tenantId: number, logs: MessageLogRecord[], progress: (done: number) => void = () => {}) {
  const scope = new TenantScope(services.db, tenantId);
  let done = 0;
  for (let i = 0; i < logs.length; i += PARALLEL) {
    const chunk = logs.slice(i, i + PARALLEL);
    const outcomes = await Promise.all(
      chunk.map((log) =>
        services.messenger.send(tenantId, outgoingOf(log)).catch((err: Error) => ({ error: err.message || "The provider refused the message" })),
      ),
    );
    await scope.transaction(async (tx) => {
      await lockForOutcomes(tx, outcomes);
      for (const [j, log] of chunk.entries()) await recordOutcome(tx, log, outcomes[j]!);
    });
    done += chunk.length;
    progress(done);
  }
}

/** The queued, not yet handed over messages of a bulk send. */
export function queuedOf(scope: TenantScope, bulkSendId: number) {
  return scope.db
    .select()
    .from(messageLogs)
    .where(scope.where(messageLogs, eq(messageLogs.bulkSendId, bulkSendId), eq(messageLogs.status, "queued"), isNull(messageLogs.providerMessageId)))
    .orderBy(asc(messageLogs.id));
}

/** The result per recipient of a bulk send: its logged messages, and those skipped for want of an address. */
export async function bulkResult(scope: TenantScope, bulkSendId: number, skipped: BulkSendResult["recipients"]): Promise<BulkSendResult> {
  const logs = await scope.db
    .select()
    .from(messageLogs)
    .where(scope.where(messageLogs, eq(messageLogs.bulkSendId, bulkSendId)))
    .orderBy(asc(messageLogs.id));
  const recipients = [
    ...logs.map((l) => ({
      userId: l.userId ?? 0,
      name: l.recipientName ?? "",
      recipient: l.recipient,
      language: l.language,
      status: l.status,
      messageLogId: l.id,
      error: l.error,
    })),
    ...skipped,
  ];
  return {
    bulkSendId,
    sent: logs.filter((l) => l.status !== "failed" && l.status !== "queued").length,
    failed: logs.filter((l) => l.status === "failed").length,
    skipped: skipped.length,
    cost: logs.reduce((s, l) => s + (l.charge === "released" ? 0 : l.cost), 0),
    recipients,
  };
}
