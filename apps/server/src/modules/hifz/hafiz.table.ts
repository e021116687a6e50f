import { HAFIZ_STATUSES, HIFZ_DIRECTIONS, TARGET_UNITS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { courses } from "../academics/academics.table.js";
import { students } from "../students/students.table.js";
import { recitationGroups } from "./recitation.table.js";

/**
 * A student in the memorisation programme: one record per student, which logs, sittings, mistakes
 * and progress hang from. The course it was made for is kept when there is one.
 */
export const hafiz = tenantTable(
  "hafiz",
  {
    studentId: integer().notNull(),
    courseId: integer(),
    teacherId: integer(),
    recitationGroupId: integer(),
    /** The student's own mushaf, kept for years. */
    layoutName: text().notNull().default("madani-604"),
    direction: text({ enum: HIFZ_DIRECTIONS }).notNull().default("backward"),
    targetUnit: text({ enum: TARGET_UNITS }).notNull().default("lines"),
    dailyTarget: integer().notNull().default(5),
    manzilCycleDays: integer().notNull().default(30),
    startedOn: date({ mode: "string" }),
    /** quran: the whole Quran; juz_range: fromJuz..toJuz. */
    target: text({ enum: ["quran", "juz_range"] })
      .notNull()
      .default("quran"),
    fromJuz: integer(),
    toJuz: integer(),
    status: text({ enum: HAFIZ_STATUSES }).notNull().default("active"),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("hafiz_student_key", { code: "hifz.hafiz_exists", message: "This student is already in the programme.", field: "studentId" })).on(
      t.tenantId,
      t.studentId,
    ),
    index("hafiz_course_idx").on(t.tenantId, t.courseId),
    index("hafiz_teacher_idx").on(t.tenantId, t.teacherId),
    index("hafiz_group_idx").on(t.tenantId, t.recitationGroupId),
    index("hafiz_status_idx").on(t.tenantId, t.status),
    index("hafiz_direction_idx").on(t.tenantId, t.direction),
    index("hafiz_started_idx").on(t.tenantId, t.startedOn, t.id),
    foreignKey({ name: "hafiz_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "hafiz_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "hafiz_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: "hafiz_group_fk", columns: [t.tenantId, t.recitationGroupId], foreignColumns: [recitationGroups.tenantId, recitationGroups.id] }),
    check(
      "hafiz_target_check",
      sql`${t.target} = 'quran' or (${t.fromJuz} is not null and ${t.toJuz} is not null and ${t.fromJuz} between 1 and 30 and ${t.toJuz} between 1 and 30 and ${t.fromJuz} <= ${t.toJuz})`,
    ),
  ],
);
export type HafizRecord = typeof hafiz.$inferSelect;
// Memorisation records are a student's history: student.has_history, params { hafiz }.
declareReference(hafiz, hafiz.studentId, students, "hafiz");
declareReference(hafiz, hafiz.recitationGroupId, recitationGroups, "hafiz");
declareReference(hafiz, hafiz.courseId, courses, "hafiz");

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(hafiz, family.student(hafiz.studentId));
