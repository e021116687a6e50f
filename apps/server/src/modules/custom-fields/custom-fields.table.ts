import type { ChoiceOption, Localised } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, foreignKey, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { customRecords } from "../custom-records/custom-records.table.js";

/** A field a school adds to students, admission applications or one of its record types. */
export const customFields = tenantTable(
  "custom_fields",
  {
    entity: text({ enum: ["student", "admission", "record"] }).notNull(),
    recordId: integer(),
    key: text().notNull(),
    label: text().notNull(),
    labels: jsonb().$type<Localised>().notNull().default({}),
    kind: text({ enum: ["text", "number", "date", "choice", "file"] }).notNull(),
    required: boolean().notNull().default(false),
    options: jsonb().$type<ChoiceOption[]>().notNull().default([]),
    multiple: boolean().notNull().default(false),
    min: doublePrecision(),
    max: doublePrecision(),
    maxLength: integer(),
    accept: text().array().notNull().default(sql`'{image,pdf}'::text[]`),
    order: integer().notNull().default(0),
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [
    // One key per entity (and record type); a record type's fields go with it.
    uniqueIndex("custom_fields_key").on(t.tenantId, t.entity, sql`coalesce(${t.recordId}, 0)`, sql`lower(${t.key})`),
    index("custom_fields_entity_idx").on(t.tenantId, t.entity, t.recordId, t.order),
    foreignKey({ name: "custom_fields_record_fk", columns: [t.tenantId, t.recordId], foreignColumns: [customRecords.tenantId, customRecords.id] }).onDelete(
      "cascade",
    ),
  ],
);
export type CustomFieldRecord = typeof customFields.$inferSelect;
