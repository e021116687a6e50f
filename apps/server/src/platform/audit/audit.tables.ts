import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tenants } from "../tenancy/tenants.table.js";

/**
 * Every request: who, what route pattern, status, duration, from where. Platform tables, since
 * open and platform calls have no tenant; a wipe keeps them.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenants.id),
    userId: integer(),
    method: text().notNull(),
    route: text().notNull(),
    status: integer().notNull(),
    durationMs: integer().notNull(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("activity_log_tenant_at_idx").on(t.tenantId, t.at)],
);

/** Changes of data and sign-in outcomes, with what changed. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenants.id),
    userId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    changes: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_tenant_at_idx").on(t.tenantId, t.at)],
);
