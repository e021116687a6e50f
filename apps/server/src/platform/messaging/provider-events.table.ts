import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tenants } from "../tenancy/tenants.table.js";

/**
 * Which school's message a provider's id belongs to. A status webhook names only the provider's
 * id, so this platform table finds the school before anything of the school is read (like the
 * sessions table finds a token's school).
 */
export const providerMessages = pgTable(
  "provider_messages",
  {
    provider: text().notNull(),
    providerMessageId: text().notNull(),
    tenantId: integer().references(() => tenants.id),
    messageLogId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerMessageId] })],
);

/**
 * Every status a provider reported, once per message and status: a webhook sent twice stores
 * nothing new, one that comes before the send has recorded the provider's id waits here, and a
 * refresh replays them. The school is unknown when the event arrives, so this is a platform table.
 */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    providerMessageId: text().notNull(),
    status: text().notNull(),
    /** When the provider says it happened. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    error: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("provider_events_key").on(t.provider, t.providerMessageId, t.status), index("provider_events_received_idx").on(t.receivedAt)],
);

/** When a phone number last wrote to the school's WhatsApp number: free text may answer for 24 hours. */
export const whatsappWindows = pgTable("whatsapp_windows", {
  phone: text().primaryKey(),
  lastInboundAt: timestamp({ withTimezone: true }).notNull(),
});
