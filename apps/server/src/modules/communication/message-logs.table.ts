import { type Language, MESSAGE_STATUSES, type MessageChannel } from "@taleem/contract";
import { index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, tenantTable } from "../../platform/tenancy/tenant-table.js";

export interface OutgoingExtras {
  template?: { name: string; language: string; params: string[] } | null;
  dltTemplateId?: string | null;
}

/** What a message's cost is doing in the wallet: nothing (free), held for it, spent, or given back. */
export type MessageCharge = "none" | "held" | "debited" | "released";

/**
 * Every message the school sent (or noted by hand), with the provider that took it, the
 * provider's id and a status that only moves forward. The wallet's hold for it is `cost`.
 */
export const messageLogs = tenantTable(
  "message_logs",
  {
    channel: text().$type<MessageChannel>().notNull(),
    recipient: text().notNull(),
    recipientName: text(),
    userId: integer(),
    studentId: integer(),
    templateId: integer(),
    bulkSendId: integer(),
    language: text().$type<Language>().notNull().default("en"),
    subject: text(),
    body: text().notNull(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default("queued"),
    statusAt: timestamp({ withTimezone: true }),
    provider: text().notNull().default("manual"),
    providerMessageId: text(),
    cost: integer().notNull().default(0),
    charge: text().$type<MessageCharge>().notNull().default("none"),
    error: text(),
    /** A single send's idempotency key: the same key again answers this message. */
    clientId: text(),
    note: text(),
    /** What the provider needs besides the text: WhatsApp's approved template and its values, the SMS's DLT template id. */
    outgoing: jsonb().$type<OutgoingExtras>(),
  },
  (t) => [
    uniqueIndex("message_logs_client_key").on(t.tenantId, t.clientId),
    index("message_logs_channel_idx").on(t.tenantId, t.channel),
    index("message_logs_status_idx").on(t.tenantId, t.status),
    index("message_logs_status_at_idx").on(t.tenantId, t.statusAt),
    index("message_logs_language_idx").on(t.tenantId, t.language),
    index("message_logs_bulk_idx").on(t.tenantId, t.bulkSendId),
    searchIndex("message_logs_search_idx", t.recipient, t.recipientName),
  ],
);
export type MessageLogRecord = typeof messageLogs.$inferSelect;

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(
  messageLogs,
  family.aboutOwnChildren(family.anyOf(family.user(messageLogs.userId), family.student(messageLogs.studentId)), messageLogs.studentId),
);
