import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tenants } from "../tenancy/tenants.table.js";

/** Messages that had no transport configured; only the CLI shows them whole. */
export const outbox = pgTable("outbox", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tenantId: integer().references(() => tenants.id),
  channel: text({ enum: ["email", "sms", "whatsapp"] }).notNull(),
  recipient: text().notNull(),
  subject: text(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
