import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A school or centre. Platform data: it belongs to no tenant. */
export const tenants = pgTable(
  "tenants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The business code people type to find the school; unique case-insensitively. */
    code: text().notNull(),
    name: text().notNull(),
    logo: text(),
    contactEmail: text(),
    contactPhone: text(),
    address: text(),
    /** ISO 3166 alpha-2; the default region for reading mobile numbers. */
    country: text().notNull().default("IN"),
    languages: text().array().notNull().default(sql`'{en}'::text[]`),
    defaultLanguage: text().notNull().default("en"),
    timeZone: text().notNull().default("Asia/Kolkata"),
    currency: text().notNull().default("INR"),
    status: text({ enum: ["active", "suspended"] })
      .notNull()
      .default("active"),
    suspendedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tenants_code_lower_key").on(sql`lower(${t.code})`)],
);
export type TenantRow = typeof tenants.$inferSelect;
