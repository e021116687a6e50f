import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, smallint, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "../students/students.table.js";
import { sittings, subjects } from "./academics.table.js";
import { classrooms } from "./classrooms.table.js";

/** A time slot of a classroom's week. `selected`: it serves only the students in hour_students. */
export const hours = tenantTable(
  "hours",
  {
    classroomId: integer().notNull(),
    /** 1 Monday ... 7 Sunday. */
    dayOfWeek: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    sittingId: integer(),
    label: text(),
    audience: text({ enum: ["all", "selected"] })
      .notNull()
      .default("all"),
  },
  (t) => [
    uniqueIndex("hours_slot_key").on(t.tenantId, t.classroomId, t.dayOfWeek, t.startTime),
    check("hours_day_check", sql`${t.dayOfWeek} between 1 and 7`),
    check("hours_times_check", sql`${t.endTime} > ${t.startTime}`),
    foreignKey({ name: "hours_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "hours_sitting_fk", columns: [t.tenantId, t.sittingId], foreignColumns: [sittings.tenantId, sittings.id] }),
    index("hours_day_idx").on(t.tenantId, t.dayOfWeek, t.startTime),
    index("hours_start_idx").on(t.tenantId, t.startTime),
    searchIndex("hours_search_idx", t.label),
  ],
);
export type HourRecord = typeof hours.$inferSelect;

export const hourStudents = tenantTable(
  "hour_students",
  {
    hourId: integer().notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("hour_students_key").on(t.tenantId, t.hourId, t.studentId),
    foreignKey({ name: "hour_students_hour_fk", columns: [t.tenantId, t.hourId], foreignColumns: [hours.tenantId, hours.id] }).onDelete("cascade"),
    foreignKey({ name: "hour_students_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete("cascade"),
  ],
);

/** The subject and teacher of a slot; one per slot. */
export const timetables = tenantTable(
  "timetables",
  {
    hourId: integer().notNull(),
    classroomId: integer().notNull(),
    subjectId: integer().notNull(),
    teacherId: integer(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("timetables_hour_key", {
        code: "timetable.slot_taken",
        message: "This hour already has a subject. Edit that entry instead.",
        field: "hourId",
      }),
    ).on(t.tenantId, t.hourId),
    index("timetables_classroom_idx").on(t.tenantId, t.classroomId),
    foreignKey({ name: "timetables_hour_fk", columns: [t.tenantId, t.hourId], foreignColumns: [hours.tenantId, hours.id] }).onDelete("cascade"),
    foreignKey({ name: "timetables_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "timetables_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: "timetables_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
    index("timetables_subject_idx").on(t.tenantId, t.subjectId),
    index("timetables_teacher_idx").on(t.tenantId, t.teacherId),
  ],
);

/** One taught lesson on a date, submitted by its teacher and approved by the school. */
export const periods = tenantTable(
  "periods",
  {
    classroomId: integer().notNull(),
    hourId: integer(),
    date: date({ mode: "string" }).notNull(),
    subjectId: integer().notNull(),
    teacherId: integer(),
    topic: text().notNull(),
    notes: text(),
    status: text({ enum: ["submitted", "approved", "rejected"] })
      .notNull()
      .default("submitted"),
    source: text({ enum: ["app", "open_form"] })
      .notNull()
      .default("app"),
    submittedBy: integer(),
    approvedBy: integer(),
    approvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("periods_slot_date_key", { code: "period.exists", message: "A lesson is already recorded for this hour on this date.", field: "date" }),
    ).on(t.tenantId, t.hourId, t.date),
    index("periods_date_idx").on(t.tenantId, t.date),
    index("periods_classroom_idx").on(t.tenantId, t.classroomId, t.date),
    foreignKey({ name: "periods_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "periods_hour_fk", columns: [t.tenantId, t.hourId], foreignColumns: [hours.tenantId, hours.id] }),
    foreignKey({ name: "periods_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: "periods_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
    index("periods_subject_idx").on(t.tenantId, t.subjectId),
    index("periods_teacher_idx").on(t.tenantId, t.teacherId),
    searchIndex("periods_search_idx", t.topic),
  ],
);
export type PeriodRecord = typeof periods.$inferSelect;
// Lessons taught in an hour keep it: hour.has_periods, params { periods }.
declareReference(periods, periods.hourId, hours, "periods");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(hours, family.school);
declareFamilyLink(hourStudents, family.student(hourStudents.studentId));
declareFamilyLink(timetables, family.school);
declareFamilyLink(periods, family.school);
