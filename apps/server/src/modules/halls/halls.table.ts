import { ATTENDANCE_MEANINGS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { attendanceCodes } from "../attendance/attendance-codes.table.js";
import { students } from "../students/students.table.js";

/** A dormitory or study hall, with a capacity and a warden. */
export const halls = tenantTable(
  "halls",
  {
    name: text().notNull(),
    kind: text({ enum: ["dormitory", "study_hall"] }).notNull(),
    capacity: integer().notNull(),
    wardenId: integer(),
    gender: text({ enum: ["male", "female"] }),
    notes: text(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("halls_name_key", { code: "hall.name_exists", message: "There is already a hall with this name.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    // The target of the places' three-column key (a constraint, so it exists before the key refers to it).
    unique("halls_kind_key").on(t.tenantId, t.id, t.kind),
    foreignKey({ name: "halls_warden_fk", columns: [t.tenantId, t.wardenId], foreignColumns: [users.tenantId, users.id] }),
    textSortIndex("halls_name_idx", t.tenantId, t.name, t.id),
    index("halls_kind_idx").on(t.tenantId, t.kind),
    index("halls_capacity_idx").on(t.tenantId, t.capacity, t.id),
    index("halls_warden_idx").on(t.tenantId, t.wardenId),
    index("halls_gender_idx").on(t.tenantId, t.gender),
    searchIndex("halls_search_idx", t.name),
  ],
);
export type HallRecord = typeof halls.$inferSelect;

/**
 * A student's place in a hall. The place carries the hall's kind, held to it by the three-column
 * key (a hall changing kind takes its places along), so "one hall of a kind at a time" is a unique
 * index the database keeps, whatever two offices do at once.
 */
export const hallStudents = tenantTable(
  "hall_students",
  {
    hallId: integer().notNull(),
    kind: text({ enum: ["dormitory", "study_hall"] }).notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("hall_students_one_per_kind", {
        code: "hall.student_elsewhere",
        message: "A student is already in another hall of this kind.",
        field: "studentIds",
      }),
    ).on(t.tenantId, t.studentId, t.kind),
    index("hall_students_hall_idx").on(t.tenantId, t.hallId),
    foreignKey({ name: "hall_students_hall_fk", columns: [t.tenantId, t.hallId, t.kind], foreignColumns: [halls.tenantId, halls.id, halls.kind] }).onUpdate(
      "cascade",
    ),
    // A place is not history: a student deleted leaves their hall.
    foreignKey({ name: "hall_students_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete("cascade"),
  ],
);
declareReference(hallStudents, hallStudents.hallId, halls, "students");

/** A roll call of one hall at one slot of a day: one per hall, date and slot. */
export const hallChecks = tenantTable(
  "hall_checks",
  {
    hallId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    slot: text({ enum: ["night", "study_hour", "other"] }).notNull(),
    time: text(),
    notes: text(),
    takenBy: integer(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("hall_checks_key", { code: "hallcheck.exists", message: "This hall's roll call of that date and slot is already taken.", field: "slot" }),
    ).on(t.tenantId, t.hallId, t.date, t.slot),
    index("hall_checks_date_idx").on(t.tenantId, t.date, t.id),
    index("hall_checks_slot_idx").on(t.tenantId, t.slot),
    foreignKey({ name: "hall_checks_hall_fk", columns: [t.tenantId, t.hallId], foreignColumns: [halls.tenantId, halls.id] }),
    foreignKey({ name: "hall_checks_taken_by_fk", columns: [t.tenantId, t.takenBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
declareReference(hallChecks, hallChecks.hallId, halls, "checks");

/** One student's mark in a check, by one of the school's attendance codes (`meaning` copied, so counts read one table). */
export const hallCheckMarks = tenantTable(
  "hall_check_marks",
  {
    checkId: integer().notNull(),
    studentId: integer().notNull(),
    codeId: integer().notNull(),
    meaning: text({ enum: ATTENDANCE_MEANINGS }).notNull(),
    note: text(),
  },
  (t) => [
    uniqueIndex("hall_check_marks_key").on(t.tenantId, t.checkId, t.studentId),
    index("hall_check_marks_student_idx").on(t.tenantId, t.studentId),
    index("hall_check_marks_code_idx").on(t.tenantId, t.codeId),
    foreignKey({ name: "hall_check_marks_check_fk", columns: [t.tenantId, t.checkId], foreignColumns: [hallChecks.tenantId, hallChecks.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "hall_check_marks_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "hall_check_marks_code_fk", columns: [t.tenantId, t.codeId], foreignColumns: [attendanceCodes.tenantId, attendanceCodes.id] }),
  ],
);
declareReference(hallCheckMarks, hallCheckMarks.studentId, students, "hallCheckMarks");
declareReference(hallCheckMarks, hallCheckMarks.codeId, attendanceCodes, "hallCheckMarks");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(halls, family.school);
declareFamilyLink(hallStudents, family.student(hallStudents.studentId));
declareFamilyLink(hallChecks, family.through(hallChecks.hallId, hallStudents, hallStudents.hallId));
declareFamilyLink(hallCheckMarks, family.student(hallCheckMarks.studentId));
