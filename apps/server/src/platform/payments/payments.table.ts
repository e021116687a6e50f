import { sql } from "drizzle-orm";
import { bigint, date, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tenants } from "../tenancy/tenants.table.js";

/**
 * Which school's order a provider's order id belongs to. A payment webhook names only the
 * provider's ids, so this platform table finds the school before anything of the school is read.
 */
export const providerOrders = pgTable(
  "provider_orders",
  {
    provider: text().notNull(),
    providerOrderId: text().notNull(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    paymentOrderId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerOrderId] })],
);

/**
 * Every payment webhook event, once by the provider's event id: a retried event stores nothing
 * new, and one that comes before the browser's verification is kept and applied when it can be.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    event: text().notNull(),
    providerOrderId: text(),
    providerPaymentId: text(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A plan schools subscribe to: the platform's reference data. */
export const plans = pgTable(
  "plans",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    trialDays: integer().notNull().default(0),
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("plans_code_key").on(sql`lower(${t.code})`)],
);

/** A feature of a plan, with a limit where it has one (students: 500); null is unlimited. */
export const planFeatures = pgTable(
  "plan_features",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    planId: integer().notNull(),
    key: text().notNull(),
    label: text().notNull(),
    limit: integer(),
  },
  (t) => [
    uniqueIndex("plan_features_key").on(t.planId, t.key),
    foreignKey({ name: "plan_features_plan_fk", columns: [t.planId], foreignColumns: [plans.id] }).onDelete("cascade"),
  ],
);

/** A price of a plan in a currency per period, in minor units. */
export const planPrices = pgTable(
  "plan_prices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    planId: integer().notNull(),
    currency: text().notNull(),
    period: text({ enum: ["monthly", "yearly"] }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("plan_prices_key").on(t.planId, t.currency, t.period),
    foreignKey({ name: "plan_prices_plan_fk", columns: [t.planId], foreignColumns: [plans.id] }).onDelete("cascade"),
  ],
);

/** A school's subscription to a plan: one row per school, the latest. */
export const tenantPlans = pgTable("tenant_plans", {
  tenantId: integer()
    .primaryKey()
    .references(() => tenants.id),
  planId: integer()
    .notNull()
    .references(() => plans.id),
  status: text({ enum: ["trial", "active", "expired"] }).notNull(),
  startedOn: date({ mode: "string" }).notNull(),
  renewsOn: date({ mode: "string" }),
});
