import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, tenantTable } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { courseClasses, subjects } from "../academics/academics.table.js";
import { classrooms } from "../academics/classrooms.table.js";

/** A lesson of the syllabus of a subject for a class, in order. */
export const lessons = tenantTable(
  "lessons",
  {
    courseClassId: integer().notNull(),
    subjectId: integer().notNull(),
    order: integer("sort_order").notNull(),
    title: text().notNull(),
    plannedWeek: integer(),
    plannedPeriods: integer(),
    description: text(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("lessons_order_key", { code: "lesson.order_taken", message: "Another lesson of this subject and class has this number.", field: "order" }),
    ).on(t.tenantId, t.courseClassId, t.subjectId, t.order),
    check("lessons_order_check", sql`${t.order} > 0`),
    foreignKey({ name: "lessons_course_class_fk", columns: [t.tenantId, t.courseClassId], foreignColumns: [courseClasses.tenantId, courseClasses.id] }),
    foreignKey({ name: "lessons_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    index("lessons_subject_idx").on(t.tenantId, t.subjectId),
    index("lessons_order_idx").on(t.tenantId, t.order),
    searchIndex("lessons_search_idx", t.title),
  ],
);
export type LessonRecord = typeof lessons.$inferSelect;
// A class or a subject with a syllabus cannot be deleted: course/class.in_use, subject.in_use.
declareReference(lessons, lessons.courseClassId, courseClasses, "lessons");
declareReference(lessons, lessons.subjectId, subjects, "lessons");

/** What was taught of a lesson in a classroom on a day: one row per lesson, classroom and day. */
export const lessonLogs = tenantTable(
  "lesson_logs",
  {
    lessonId: integer().notNull(),
    classroomId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    teacherId: integer().notNull(),
    progress: text({ enum: ["started", "continued", "completed"] }).notNull(),
    percent: integer(),
    note: text(),
  },
  (t) => [
    uniqueIndex("lesson_logs_day_key").on(t.tenantId, t.classroomId, t.lessonId, t.date),
    index("lesson_logs_lesson_idx").on(t.tenantId, t.lessonId),
    check("lesson_logs_percent_check", sql`${t.percent} between 0 and 100`),
    foreignKey({ name: "lesson_logs_lesson_fk", columns: [t.tenantId, t.lessonId], foreignColumns: [lessons.tenantId, lessons.id] }),
    foreignKey({ name: "lesson_logs_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "lesson_logs_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
// A lesson that was taught cannot be deleted (lesson.in_use), nor a classroom with lesson logs.
declareReference(lessonLogs, lessonLogs.lessonId, lessons, "logs");
declareReference(lessonLogs, lessonLogs.classroomId, classrooms, "lessonLogs");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(lessons, family.school);
declareFamilyLink(lessonLogs, family.school);
