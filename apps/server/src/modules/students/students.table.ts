import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

/**
 * A student of the school. Parents reach them through the platform's `guardians` table, whose
 * reference to this table is added by migration 0001 (the platform cannot import a module).
 */
export const students = tenantTable(
  "students",
  {
    admissionNo: text().notNull(),
    name: text().notNull(),
    nameNative: text(),
    gender: text({ enum: ["male", "female"] }),
    dateOfBirth: date({ mode: "string" }),
    photo: text(),
    mobile: text(),
    email: text(),
    address: text(),
    admittedOn: date({ mode: "string" }),
    status: text({ enum: ["active", "left", "alumni"] })
      .notNull()
      .default("active"),
    customFields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("students_admission_no_key", {
        code: "student.admission_no_taken",
        message: "Another student already has this admission number.",
        field: "admissionNo",
      }),
    ).on(t.tenantId, sql`lower(${t.admissionNo})`),
    index("students_status_name_idx").on(t.tenantId, t.status, t.name),
    textSortIndex("students_name_idx", t.tenantId, t.name, t.id),
    index("students_birth_idx").on(t.tenantId, t.dateOfBirth),
    index("students_admitted_idx").on(t.tenantId, t.admittedOn),
    searchIndex("students_search_idx", t.admissionNo, t.name, t.nameNative, t.mobile),
  ],
);
export type StudentRecord = typeof students.$inferSelect;

export const studentGroups = tenantTable(
  "student_groups",
  {
    name: text().notNull(),
    description: text(),
    status: statusColumn(),
  },
  (t) => [uniqueIndex("student_groups_name_key").on(t.tenantId, sql`lower(${t.name})`), searchIndex("student_groups_search_idx", t.name)],
);

/** A student in a group; memberships are not history, so they go with the group or the student. */
export const studentGroupMembers = tenantTable(
  "student_group_members",
  {
    groupId: integer().notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("student_group_members_key").on(t.tenantId, t.groupId, t.studentId),
    index("student_group_members_student_idx").on(t.tenantId, t.studentId),
    foreignKey({
      name: "student_group_members_group_fk",
      columns: [t.tenantId, t.groupId],
      foreignColumns: [studentGroups.tenantId, studentGroups.id],
    }).onDelete("cascade"),
    foreignKey({ name: "student_group_members_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete(
      "cascade",
    ),
  ],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(students, family.student(students.id));
declareFamilyLink(studentGroups, family.school);
declareFamilyLink(studentGroupMembers, family.student(studentGroupMembers.studentId));
