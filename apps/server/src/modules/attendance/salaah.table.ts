import { SALAAH_MEANINGS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, text, time, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "../students/students.table.js";

/** A prayer the school logs: the five daily prayers and Jumuah (builtinKey), and its own. */
export const salaahTypes = tenantTable(
  "salaah_types",
  {
    name: text().notNull(),
    nameNative: text(),
    order: integer().notNull().default(0),
    time: time(),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("salaah_types_name_key", { code: "salaah.type_exists", message: "There is already a prayer with this name.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    uniqueIndex("salaah_types_builtin_key").on(t.tenantId, t.builtinKey),
    index("salaah_types_order_idx").on(t.tenantId, t.order, t.id),
    textSortIndex("salaah_types_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("salaah_types_search_idx", t.name),
  ],
);
export type SalaahTypeRecord = typeof salaahTypes.$inferSelect;

/** How a prayer was kept, as the school names it; `meaning` is fixed (counts follow it). */
export const salaahOptions = tenantTable(
  "salaah_options",
  {
    name: text().notNull(),
    nameNative: text(),
    meaning: text({ enum: SALAAH_MEANINGS }).notNull(),
    order: integer().notNull().default(0),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("salaah_options_name_key", { code: "salaah.option_exists", message: "There is already an option with this name.", field: "name" }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("salaah_options_builtin_key").on(t.tenantId, t.builtinKey),
    index("salaah_options_order_idx").on(t.tenantId, t.order, t.id),
    textSortIndex("salaah_options_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("salaah_options_search_idx", t.name),
  ],
);
export type SalaahOptionRecord = typeof salaahOptions.$inferSelect;

/** One student's one prayer of one day: the key of the class's one-call upsert. */
export const salaahLogs = tenantTable(
  "salaah_logs",
  {
    studentId: integer().notNull(),
    salaahTypeId: integer().notNull(),
    optionId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    note: text(),
    markedBy: integer(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("salaah_logs_key", {
        code: "salaah.already_logged",
        message: "This prayer is already logged for this student on this day.",
        field: "date",
      }),
    ).on(t.tenantId, t.studentId, t.date, t.salaahTypeId),
    index("salaah_logs_date_idx").on(t.tenantId, t.date, t.id),
    index("salaah_logs_type_idx").on(t.tenantId, t.salaahTypeId),
    index("salaah_logs_option_idx").on(t.tenantId, t.optionId),
    foreignKey({ name: "salaah_logs_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "salaah_logs_type_fk", columns: [t.tenantId, t.salaahTypeId], foreignColumns: [salaahTypes.tenantId, salaahTypes.id] }),
    foreignKey({ name: "salaah_logs_option_fk", columns: [t.tenantId, t.optionId], foreignColumns: [salaahOptions.tenantId, salaahOptions.id] }),
    foreignKey({ name: "salaah_logs_marked_by_fk", columns: [t.tenantId, t.markedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
declareReference(salaahLogs, salaahLogs.studentId, students, "salaahLogs");
declareReference(salaahLogs, salaahLogs.salaahTypeId, salaahTypes, "salaahLogs");
declareReference(salaahLogs, salaahLogs.optionId, salaahOptions, "salaahLogs");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(salaahTypes, family.school);
declareFamilyLink(salaahOptions, family.school);
declareFamilyLink(salaahLogs, family.student(salaahLogs.studentId));
