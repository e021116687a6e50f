import { jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { declareFamilyLink, familyLinks } from "./family-scope.js";
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

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(settings, familyLinks.school);
