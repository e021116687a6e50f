import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { students } from "../students/students.table.js";
import { courses } from "./academics.table.js";

/**
 * A student memorising the Quran in a course: the record the memorisation module extends with
 * logs, sessions and progress. One per student and course.
 */
export const hafiz = tenantTable(
  "hafiz",
  {
    studentId: integer().notNull(),
    courseId: integer().notNull(),
    startedOn: date({ mode: "string" }).notNull(),
    /** quran: the whole Quran; juz_range: fromJuz..toJuz. */
    target: text({ enum: ["quran", "juz_range"] })
      .notNull()
      .default("quran"),
    fromJuz: integer(),
    toJuz: integer(),
    status: text({ enum: ["active", "paused", "completed", "left"] })
      .notNull()
      .default("active"),
  },
  (t) => [
    uniqueIndex("hafiz_student_course_key").on(t.tenantId, t.studentId, t.courseId),
    index("hafiz_course_idx").on(t.tenantId, t.courseId),
    foreignKey({ name: "hafiz_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "hafiz_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    check(
      "hafiz_target_check",
      sql`${t.target} = 'quran' or (${t.fromJuz} is not null and ${t.toJuz} is not null and ${t.fromJuz} between 1 and 30 and ${t.toJuz} between 1 and 30 and ${t.fromJuz} <= ${t.toJuz})`,
    ),
  ],
);
// Memorisation records are a student's history: student.has_history, params { hafiz }.
declareReference(hafiz, hafiz.studentId, students, "hafiz");
