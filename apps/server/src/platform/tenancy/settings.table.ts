import { jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "./tenant-table.js";

/** A school's settings: one row per tenant, kept through a wipe. */
export const settings = tenantTable(
  "settings",
  {
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    profile: text().notNull().default(""),
  },
  (t) => [uniqueIndex("settings_tenant_key").on(t.tenantId)],
  "keep",
);
