import { type Localised, Status } from "@taleem/contract";
import { boolean, foreignKey, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";

/** One of a school's own record types (hostel request, transport form); its fields are custom fields of entity record. */
export const customRecords = tenantTable(
  "custom_records",
  {
    name: text().notNull(),
    labels: jsonb().$type<Localised>().notNull().default({}),
    description: text(),
    isPublic: boolean().notNull().default(false),
    /** 256 random bits, base64url: the public form's address names this, never the id. */
    publicToken: text().notNull(),
    status: text({ enum: Status.options as [Status, ...Status[]] })
      .notNull()
      .default("active"),
  },
  (t) => [
    uniqueIndex("custom_records_public_token_key").on(t.tenantId, t.publicToken),
    textSortIndex("custom_records_name_idx", t.tenantId, t.name, t.id),
    searchIndex("custom_records_search_idx", t.name),
  ],
);
export type CustomRecordRecord = typeof customRecords.$inferSelect;

/** A row collected for a record type, by a signed-in user or through its public form. */
export const customRecordEntries = tenantTable(
  "custom_record_entries",
  {
    recordId: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    source: text({ enum: ["admin", "public"] }).notNull(),
    submittedBy: integer(),
  },
  (t) => [
    index("custom_record_entries_record_idx").on(t.tenantId, t.recordId, t.createdAt),
    foreignKey({ name: "custom_record_entries_record_fk", columns: [t.tenantId, t.recordId], foreignColumns: [customRecords.tenantId, customRecords.id] }),
  ],
);
export type CustomRecordEntryRecord = typeof customRecordEntries.$inferSelect;

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(customRecords, family.school);
declareFamilyLink(customRecordEntries, family.user(customRecordEntries.submittedBy));
