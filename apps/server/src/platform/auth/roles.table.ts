import type { PermissionMap } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { boolean, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { searchIndex, statusColumn, tenantTable } from "../tenancy/tenant-table.js";

/** Roles survive a data wipe: the school keeps how it is organised. */
export const roles = tenantTable(
  "roles",
  {
    name: text().notNull(),
    /** admin, staff, parent or muawin for the built-in roles; null for the school's own. */
    builtin: text(),
    area: text({ enum: ["admin", "parent"] }).notNull(),
    permissions: jsonb().$type<PermissionMap>().notNull().default({}),
    requiresTwoFactor: boolean().notNull().default(false),
    /** Its holders reach only the students linked to them as guardian (the Parent role, a school's "Guardian"). */
    linkedStudentsOnly: boolean().notNull().default(false),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex("roles_name_key").on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("roles_builtin_key").on(t.tenantId, t.builtin),
    searchIndex("roles_search_idx", t.name),
  ],
  "keep",
);
