import { LEAVE_STATUSES } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "../students/students.table.js";

/** Sick, family, travel (builtinKey) and the school's own, with a yearly allowance where it sets one. */
export const leaveTypes = tenantTable(
  "leave_types",
  {
    name: text().notNull(),
    nameNative: text(),
    yearlyAllowance: integer(),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("leave_types_name_key", { code: "leave.type_exists", message: "There is already a leave type with this name.", field: "name" }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("leave_types_builtin_key").on(t.tenantId, t.builtinKey),
    textSortIndex("leave_types_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("leave_types_search_idx", t.name),
  ],
);
export type LeaveTypeRecord = typeof leaveTypes.$inferSelect;

/**
 * An application for leave: for a student (a parent applies, or the office on their behalf) or
 * for a staff member (`userId`). `days` is counted once, inclusive, for the yearly allowance.
 */
export const leaveApplications = tenantTable(
  "leave_applications",
  {
    studentId: integer(),
    userId: integer(),
    leaveTypeId: integer().notNull(),
    fromDate: date({ mode: "string" }).notNull(),
    toDate: date({ mode: "string" }).notNull(),
    days: integer().notNull(),
    reason: text().notNull(),
    attachment: text(),
    status: text({ enum: LEAVE_STATUSES }).notNull().default("pending"),
    appliedBy: integer().notNull(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
  },
  (t) => [
    index("leave_applications_student_idx").on(t.tenantId, t.studentId, t.fromDate),
    index("leave_applications_user_idx").on(t.tenantId, t.userId, t.fromDate),
    index("leave_applications_type_idx").on(t.tenantId, t.leaveTypeId),
    index("leave_applications_from_idx").on(t.tenantId, t.fromDate, t.id),
    index("leave_applications_applied_by_idx").on(t.tenantId, t.appliedBy),
    index("leave_applications_status_idx").on(t.tenantId, t.status, t.fromDate),
    foreignKey({ name: "leave_applications_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "leave_applications_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: "leave_applications_type_fk", columns: [t.tenantId, t.leaveTypeId], foreignColumns: [leaveTypes.tenantId, leaveTypes.id] }),
    foreignKey({ name: "leave_applications_applied_by_fk", columns: [t.tenantId, t.appliedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: "leave_applications_decided_by_fk", columns: [t.tenantId, t.decidedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type LeaveApplicationRecord = typeof leaveApplications.$inferSelect;
declareReference(leaveApplications, leaveApplications.studentId, students, "leaveApplications");
declareReference(leaveApplications, leaveApplications.leaveTypeId, leaveTypes, "leaveApplications");
declareReference(leaveApplications, leaveApplications.userId, users, "leaveApplications");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(leaveTypes, family.school);
declareFamilyLink(leaveApplications, family.anyOf(family.student(leaveApplications.studentId), family.user(leaveApplications.userId)));
