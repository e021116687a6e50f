import type { MessageChannel, MessageStatus } from "@taleem/contract";
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Db } from "../../db/db-types.js";
import { safeCell } from "../../platform/files/spreadsheet-text.js";
import type { SendOutcome } from "../../platform/messaging/messenger.js";
import { providerEvents, providerMessages } from "../../platform/messaging/provider-events.table.js";
import type { Services } from "../../platform/services.js";
import { lockKeys } from "../../platform/tenancy/advisory-locks.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type MessageLogRecord, messageLogs } from "./message-logs.table.js";
import { lockWallets, settle } from "./wallet.service.js";

/**
 * How far a status is. A status only moves to a higher rank; failed ranks with delivered, so a
 * failure after delivery (or a delivery after a failure) changes nothing, and read ends it.
 */
const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2, read: 3 };

export function advance(current: MessageStatus, next: MessageStatus): MessageStatus {
  if (current === "failed" || RANK[next] <= RANK[current]) return current;
  return next;
}

/** Where the money of a message is spent: e-mail has no delivery receipts, so its send is its delivery. */
const SETTLES_AT: Record<MessageChannel, MessageStatus> = { email: "sent", sms: "delivered", whatsapp: "delivered" };

export interface StatusEvent {
  status: MessageStatus;
  at: Date;
  error?: string | null;
}

/**
 * Moves a message forward through `events` (in any order, repeated or not) and settles its
 * wallet hold: a debit once it is delivered, the hold given back once it failed. In the caller's
 * transaction, with the row locked so two webhooks for one message cannot both settle it.
 */
export async function applyEvents(scope: TenantScope, logId: number, events: StatusEvent[]): Promise<MessageLogRecord | undefined> {
  const [log] = await scope.db
    .select()
    .from(messageLogs)
    .where(scope.where(messageLogs, eq(messageLogs.id, logId)))
    .for("update");
  if (!log) return undefined;
  let status = log.status;
  let statusAt = log.statusAt;
  let error = log.error;
  for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const next = advance(status, e.status);
    if (next === status) continue;
    status = next;
    statusAt = e.at;
    if (next === "failed") error = e.error ?? "The provider could not deliver the message";
  }
  if (status === log.status) return log;
  let charge = log.charge;
  if (status === "failed") charge = await settle(scope, log, "release");
  else if (RANK[status] >= RANK[SETTLES_AT[log.channel]]) charge = await settle(scope, log, "debit");
  const [updated] = await scope.db
    .update(messageLogs)
    .set({ status, statusAt, error, charge })
    .where(scope.where(messageLogs, eq(messageLogs.id, log.id)))
    .returning();
  return updated;
}

/**
 * Serialises, per provider message id, the send recording the id and a webhook storing a report
 * for it: without it a report could land between the send reading the stored reports and its
 * commit, and be applied by neither. Transaction-scoped, so it ends with the caller's transaction.
 */
async function lockProviderIds(db: Db, provider: string, ids: string[]) {
  await lockKeys(
    db,
    ids.map((id) => `${provider}:${id}`),
  );
}

/**
 * Before recording a chunk of send outcomes in one transaction: their provider ids' locks all at
 * once in one order, then the wallets, so no webhook's transaction can hold one while waiting on the other.
 */
export async function lockForOutcomes(scope: TenantScope, outcomes: (SendOutcome | { error: string })[]) {
  await lockKeys(
    scope.db,
    outcomes.flatMap((o) => ("error" in o || !o.providerMessageId ? [] : [`${o.provider}:${o.providerMessageId}`])),
  );
  await lockWallets(scope);
}

/** The events stored for a provider's message id, as status events. */
async function storedEvents(db: Db, provider: string, providerMessageId: string): Promise<StatusEvent[]> {
  const rows = await db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.providerMessageId, providerMessageId)))
    .orderBy(asc(providerEvents.occurredAt));
  return rows.map((r) => ({ status: r.status as MessageStatus, at: r.occurredAt, error: r.error }));
}

/**
 * Records what a provider answered for a queued message: its id (so webhooks find the school),
 * sent, and any status the provider reported before this was written (a fast webhook). A send
 * that went to the outbox went nowhere: its hold is given back. A refusal fails the message.
 */
export async function recordOutcome(scope: TenantScope, log: MessageLogRecord, outcome: SendOutcome | { error: string }) {
  if ("error" in outcome) return applyEvents(scope, log.id, [{ status: "failed", at: new Date(), error: outcome.error.slice(0, 500) }]);
  await scope.db
    .update(messageLogs)
    .set({ provider: outcome.provider, providerMessageId: outcome.providerMessageId })
    .where(scope.where(messageLogs, eq(messageLogs.id, log.id)));
  const events: StatusEvent[] = [{ status: "sent", at: new Date() }];
  if (outcome.providerMessageId) {
    await lockProviderIds(scope.db, outcome.provider, [outcome.providerMessageId]);
    await scope.db
      .insert(providerMessages)
      .values({ provider: outcome.provider, providerMessageId: outcome.providerMessageId, tenantId: scope.tenantId, messageLogId: log.id })
      .onConflictDoNothing();
    events.push(...(await storedEvents(scope.db, outcome.provider, outcome.providerMessageId)));
  }
  const updated = await applyEvents(scope, log.id, events);
  if (outcome.provider === "outbox" && updated) {
    const charge = await settle(scope, updated, "release");
    if (charge !== updated.charge)
      await scope.db
        .update(messageLogs)
        .set({ charge })
        .where(scope.where(messageLogs, eq(messageLogs.id, log.id)));
  }
  return updated;
}

export interface ProviderReport {
  providerMessageId: string;
  status: MessageStatus;
  at: Date;
  error?: string | null;
}

/**
 * Takes a provider's status reports (a webhook's batch): each stored once (a report sent twice
 * stores nothing new), then applied to its message in its school's transaction. A report for an
 * id no send has recorded yet waits in the table; `recordOutcome` applies it. Returns how many
 * reports were new.
 */
export async function ingestReports(db: Db, provider: string, reports: ProviderReport[]): Promise<number> {
  if (!reports.length) return 0;
  const { fresh, routes } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockProviderIds(
      tx,
      provider,
      reports.map((r) => r.providerMessageId),
    );
    const stored = await tx
      .insert(providerEvents)
      .values(reports.map((r) => ({ provider, providerMessageId: r.providerMessageId, status: r.status, occurredAt: r.at, error: r.error ?? null })))
      .onConflictDoNothing()
      .returning();
    const ids = [...new Set(stored.map((e) => e.providerMessageId))];
    const found = ids.length
      ? await tx
          .select()
          .from(providerMessages)
          .where(and(eq(providerMessages.provider, provider), inArray(providerMessages.providerMessageId, ids)))
      : [];
    return { fresh: stored, routes: found };
  });
  if (!fresh.length) return 0;
  const bySchool = new Map<number, typeof routes>();
  for (const r of routes) {
    if (r.tenantId === null) continue;
    bySchool.set(r.tenantId, [...(bySchool.get(r.tenantId) ?? []), r]);
  }
  for (const [tenantId, mine] of bySchool) {
    await new TenantScope(db, tenantId).transaction(async (tx) => {
      await lockWallets(tx);
      for (const route of mine) {
        const events = fresh
          .filter((e) => e.providerMessageId === route.providerMessageId)
          .map((e) => ({ status: e.status as MessageStatus, at: e.occurredAt, error: e.error }));
        await applyEvents(tx, route.messageLogId, events);
      }
    });
  }
  return fresh.length;
}

/**
 * Re-derives a message's status: the SMS gateway is asked where the message is (its answer is
 * stored like a report); for every provider the stored reports are then replayed.
 */
export async function refreshStatus(services: Services, scope: TenantScope, id: number): Promise<MessageLogRecord> {
  const log = await scope.transaction((tx) => tx.find(messageLogs, id, "Message"));
  if (log.provider === "sms-gateway" && log.providerMessageId) {
    const answer = await services.messenger.smsStatus(log.providerMessageId)?.catch(() => undefined);
    if (answer && answer.status !== "accepted") {
      await ingestReports(services.db, log.provider, [
        { providerMessageId: log.providerMessageId, status: answer.status, at: new Date(), error: answer.error },
      ]);
    }
  }
  return scope.transaction(async (tx) => {
    await lockWallets(tx);
    const events = log.providerMessageId ? await storedEvents(tx.db, log.provider, log.providerMessageId) : [];
    return (await applyEvents(tx, log.id, events)) ?? log;
  });
}

export interface LogFilter {
  channel?: MessageChannel;
  status?: MessageStatus;
  bulkSendId?: number;
  q?: string;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export function logWhere(scope: TenantScope, f: LogFilter): SQL {
  const q = f.q?.trim();
  return scope.where(
    messageLogs,
    f.channel ? eq(messageLogs.channel, f.channel) : undefined,
    f.status ? eq(messageLogs.status, f.status) : undefined,
    f.bulkSendId ? eq(messageLogs.bulkSendId, f.bulkSendId) : undefined,
    q ? or(ilike(messageLogs.recipient, `%${escapeLike(q)}%`), ilike(messageLogs.recipientName, `%${escapeLike(q)}%`)) : undefined,
  );
}

/** Most rows one download holds: a year of a large school's messages. */
export const MAX_DOWNLOAD_ROWS = 100_000;

/** The log as an .xlsx workbook, newest first, filtered like the list. */
export async function logWorkbook(scope: TenantScope, f: LogFilter): Promise<Buffer> {
  const rows = await scope.db
    .select()
    .from(messageLogs)
    .where(logWhere(scope, f))
    .orderBy(desc(messageLogs.createdAt), desc(messageLogs.id))
    .limit(MAX_DOWNLOAD_ROWS);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Messages");
  sheet.columns = [
    { header: "Id", key: "id", width: 8 },
    { header: "Created", key: "createdAt", width: 22 },
    { header: "Channel", key: "channel", width: 10 },
    { header: "Recipient", key: "recipient", width: 24 },
    { header: "Name", key: "recipientName", width: 24 },
    { header: "Language", key: "language", width: 9 },
    { header: "Subject", key: "subject", width: 30 },
    { header: "Message", key: "body", width: 60 },
    { header: "Status", key: "status", width: 11 },
    { header: "Status at", key: "statusAt", width: 22 },
    { header: "Provider", key: "provider", width: 15 },
    { header: "Provider id", key: "providerMessageId", width: 30 },
    { header: "Cost", key: "cost", width: 8 },
    { header: "Error", key: "error", width: 30 },
    { header: "Note", key: "note", width: 30 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      channel: r.channel,
      recipient: safeCell(r.recipient),
      recipientName: safeCell(r.recipientName),
      language: r.language,
      subject: safeCell(r.subject),
      body: safeCell(r.body),
      status: r.status,
      statusAt: r.statusAt?.toISOString() ?? "",
      provider: r.provider,
      providerMessageId: safeCell(r.providerMessageId),
      cost: r.cost / 100,
      error: safeCell(r.error),
      note: safeCell(r.note),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
