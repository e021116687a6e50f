import { ATTENDANCE_MEANINGS } from "@taleem/contract";
import { date, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { classrooms } from "../academics/classrooms.table.js";
import { students } from "../students/students.table.js";
import { attendanceCodes } from "./attendance-codes.table.js";

/**
 * One student's mark of one day (hourId 0) or one timetable hour: the key of the register's
 * one-call upsert is (tenant, student, date, hour), so a register saved twice, or by two teachers
 * at once, never doubles a row. `meaning` is the code's, copied so counts read one table.
 */
export const attendanceMarks = tenantTable(
  "attendance_marks",
  {
    studentId: integer().notNull(),
    classroomId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    /** The timetable hour marked, 0 for the day's register (0 keeps the key a plain unique index). */
    hourId: integer().notNull().default(0),
    codeId: integer().notNull(),
    meaning: text({ enum: ATTENDANCE_MEANINGS }).notNull(),
    note: text(),
    markedBy: integer(),
  },
  (t) => [
    uniqueIndex("attendance_marks_key").on(t.tenantId, t.studentId, t.date, t.hourId),
    // The register, the monthly sheet and percentages read a classroom's range of dates.
    index("attendance_marks_classroom_idx").on(t.tenantId, t.classroomId, t.date),
    index("attendance_marks_date_idx").on(t.tenantId, t.date),
    index("attendance_marks_code_idx").on(t.tenantId, t.codeId),
    foreignKey({ name: "attendance_marks_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "attendance_marks_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "attendance_marks_code_fk", columns: [t.tenantId, t.codeId], foreignColumns: [attendanceCodes.tenantId, attendanceCodes.id] }),
  ],
);
declareReference(attendanceMarks, attendanceMarks.classroomId, classrooms, "attendanceMarks");
declareReference(attendanceMarks, attendanceMarks.codeId, attendanceCodes, "attendanceMarks");

/** That a classroom's register of a day (or hour) was taken, by whom and when: the office's view. */
export const attendanceRegisters = tenantTable(
  "attendance_registers",
  {
    classroomId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    hourId: integer().notNull().default(0),
    takenBy: integer(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_registers_key").on(t.tenantId, t.classroomId, t.date, t.hourId),
    index("attendance_registers_date_idx").on(t.tenantId, t.date),
    foreignKey({ name: "attendance_registers_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
  ],
);

/** A child's parents were told of an absence on a date: at most once per child per day. */
export const absenceAlerts = tenantTable(
  "absence_alerts",
  {
    studentId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
  },
  (t) => [
    uniqueIndex("absence_alerts_key").on(t.tenantId, t.studentId, t.date),
    foreignKey({ name: "absence_alerts_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete("cascade"),
  ],
);

/** A device's save, by its batch id: sent again (a retry, a reopened tab), it is answered, not redone. */
export const attendanceClientBatches = tenantTable(
  "attendance_client_batches",
  {
    batchId: text().notNull(),
    reply: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex("attendance_client_batches_key").on(t.tenantId, t.batchId)],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(attendanceMarks, family.student(attendanceMarks.studentId));
declareFamilyLink(attendanceRegisters, family.school);
declareFamilyLink(absenceAlerts, family.student(absenceAlerts.studentId));
declareFamilyLink(attendanceClientBatches, family.staff);
