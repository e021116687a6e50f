import { ATTENDANCE_MEANINGS, type AttendanceRules } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

/** A school's attendance code ("P", "A", "ML"), mapped to a fixed meaning. */
export const attendanceCodes = tenantTable(
  "attendance_codes",
  {
    code: text().notNull(),
    name: text().notNull(),
    meaning: text({ enum: ATTENDANCE_MEANINGS }).notNull(),
    isDefault: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    /** The standard codes a school starts with: set inactive, never deleted. */
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("attendance_codes_code_key", { code: "attendance.code_exists", message: "There is already a code with these letters.", field: "code" }),
    ).on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex("attendance_codes_builtin_key").on(t.tenantId, t.builtinKey),
    // One default per school, held by the database: a second default is refused, not silently kept.
    uniqueIndex(
      uniqueMeaning("attendance_codes_default_key", { code: "attendance.default_exists", message: "Another code is already the default.", field: "isDefault" }),
    )
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
    index("attendance_codes_order_idx").on(t.tenantId, t.order, t.id),
    textSortIndex("attendance_codes_sort_idx", t.tenantId, t.code, t.id),
    searchIndex("attendance_codes_search_idx", t.code, t.name),
  ],
);
export type AttendanceCodeRecord = typeof attendanceCodes.$inferSelect;

/** How the school counts attendance: one row per school, made on first use, kept through a wipe. */
export const attendanceRules = tenantTable(
  "attendance_rules",
  { rules: jsonb().$type<AttendanceRules>().notNull() },
  (t) => [uniqueIndex("attendance_rules_tenant_key").on(t.tenantId)],
  "keep",
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(attendanceCodes, family.school);
declareFamilyLink(attendanceRules, family.school);
