import { GENERAL_MARKS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "../students/students.table.js";

/** A kind of register of the school's own: event, hostel night roll, trip. */
export const generalAttendanceTypes = tenantTable(
  "general_attendance_types",
  {
    name: text().notNull(),
    nameNative: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("general_attendance_types_name_key", {
        code: "general_attendance.type_exists",
        message: "There is already a type with this name.",
        field: "name",
      }),
    ).on(t.tenantId, sql`lower(${t.name})`),
    textSortIndex("general_attendance_types_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("general_attendance_types_search_idx", t.name),
  ],
);

/** One register: a trip of three days, the hostel's roll for the term, a prize day. */
export const generalAttendances = tenantTable(
  "general_attendances",
  {
    name: text().notNull(),
    typeId: integer().notNull(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }),
    note: text(),
    status: statusColumn(),
  },
  (t) => [
    foreignKey({
      name: "general_attendances_type_fk",
      columns: [t.tenantId, t.typeId],
      foreignColumns: [generalAttendanceTypes.tenantId, generalAttendanceTypes.id],
    }),
    index("general_attendances_type_idx").on(t.tenantId, t.typeId),
    index("general_attendances_start_idx").on(t.tenantId, t.startDate, t.id),
    textSortIndex("general_attendances_sort_idx", t.tenantId, t.name, t.id),
    searchIndex("general_attendances_search_idx", t.name),
  ],
);
export type GeneralAttendanceRecord = typeof generalAttendances.$inferSelect;
declareReference(generalAttendances, generalAttendances.typeId, generalAttendanceTypes, "registers");

/** A student on a register (its entries). */
export const generalAttendanceEntries = tenantTable(
  "general_attendance_entries",
  {
    registerId: integer().notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("general_attendance_entries_key").on(t.tenantId, t.registerId, t.studentId),
    index("general_attendance_entries_student_idx").on(t.tenantId, t.studentId),
    foreignKey({
      name: "general_attendance_entries_register_fk",
      columns: [t.tenantId, t.registerId],
      foreignColumns: [generalAttendances.tenantId, generalAttendances.id],
    }).onDelete("cascade"),
    foreignKey({ name: "general_attendance_entries_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
declareReference(generalAttendanceEntries, generalAttendanceEntries.studentId, students, "registerEntries");

/** A student's mark on a register for one date: the key of the day's one-call upsert. */
export const generalAttendanceRecords = tenantTable(
  "general_attendance_records",
  {
    registerId: integer().notNull(),
    studentId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    mark: text({ enum: GENERAL_MARKS }).notNull(),
    note: text(),
    markedBy: integer(),
  },
  (t) => [
    uniqueIndex("general_attendance_records_key").on(t.tenantId, t.registerId, t.date, t.studentId),
    index("general_attendance_records_student_idx").on(t.tenantId, t.studentId),
    foreignKey({
      name: "general_attendance_records_register_fk",
      columns: [t.tenantId, t.registerId],
      foreignColumns: [generalAttendances.tenantId, generalAttendances.id],
    }).onDelete("cascade"),
    foreignKey({ name: "general_attendance_records_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "general_attendance_records_marked_by_fk", columns: [t.tenantId, t.markedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
declareReference(generalAttendanceRecords, generalAttendanceRecords.studentId, students, "registerRecords");
// A register that has been marked is history: set it inactive rather than delete it.
declareReference(generalAttendanceRecords, generalAttendanceRecords.registerId, generalAttendances, "records");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(generalAttendanceTypes, family.school);
declareFamilyLink(generalAttendances, family.through(generalAttendances.id, generalAttendanceEntries, generalAttendanceEntries.registerId));
declareFamilyLink(generalAttendanceEntries, family.student(generalAttendanceEntries.studentId));
declareFamilyLink(generalAttendanceRecords, family.student(generalAttendanceRecords.studentId));
