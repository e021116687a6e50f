import { type ChoiceOption, CustomFieldEntity, CustomFieldKind, type FileAccept, type Localised, Status } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, foreignKey, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { customRecords } from "../records/custom-records.table.js";

/** A field a school adds to students, admission applications or one of its record types. */
export const customFields = tenantTable(
  "custom_fields",
  {
    entity: text({ enum: CustomFieldEntity.options as [CustomFieldEntity, ...CustomFieldEntity[]] }).notNull(),
    recordId: integer(),
    key: text().notNull(),
    label: text().notNull(),
    labels: jsonb().$type<Localised>().notNull().default({}),
    kind: text({ enum: CustomFieldKind.options as [CustomFieldKind, ...CustomFieldKind[]] }).notNull(),
    required: boolean().notNull().default(false),
    options: jsonb().$type<ChoiceOption[]>().notNull().default([]),
    multiple: boolean().notNull().default(false),
    min: doublePrecision(),
    max: doublePrecision(),
    maxLength: integer(),
    accept: text().array().$type<z.infer<typeof FileAccept>[]>().notNull().default(sql`'{image,pdf}'::text[]`),
    order: integer().notNull().default(0),
    status: text({ enum: Status.options as [Status, ...Status[]] })
      .notNull()
      .default("active"),
  },
  (t) => [
    // One key per entity (and record type); a record type's fields go with it.
    uniqueIndex(
      uniqueMeaning("custom_fields_key", { code: "custom_field.key_taken", message: "There is already a field with this key here.", field: "key" }),
    ).on(t.tenantId, t.entity, sql`coalesce(${t.recordId}, 0)`, sql`lower(${t.key})`),
    index("custom_fields_entity_idx").on(t.tenantId, t.entity, t.recordId, t.order),
    foreignKey({ name: "custom_fields_record_fk", columns: [t.tenantId, t.recordId], foreignColumns: [customRecords.tenantId, customRecords.id] }).onDelete(
      "cascade",
    ),
    textSortIndex("custom_fields_key_idx", t.tenantId, t.key, t.id),
    textSortIndex("custom_fields_label_idx", t.tenantId, t.label, t.id),
    index("custom_fields_order_idx").on(t.tenantId, t.order, t.id),
    index("custom_fields_record_idx").on(t.tenantId, t.recordId),
    searchIndex("custom_fields_search_idx", t.key, t.label),
  ],
);
export type CustomFieldRecord = typeof customFields.$inferSelect;

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(customFields, family.school);
