import { sql } from "drizzle-orm";
import { foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { batches, courseClasses, courses, subjects } from "./academics.table.js";

/** A division of a course class in a batch: Class 5-A, 2026-27. */
export const classrooms = tenantTable(
  "classrooms",
  {
    batchId: integer().notNull(),
    courseClassId: integer().notNull(),
    /** The course of the class, kept here so course lists need no join through classes. */
    courseId: integer().notNull(),
    name: text().notNull(),
    capacity: integer(),
    room: text(),
    classTeacherId: integer(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("classrooms_name_key", {
        code: "classroom.name_taken",
        message: "This class already has a division with this name in this batch.",
        field: "name",
      }),
    ).on(t.tenantId, t.batchId, t.courseClassId, sql`lower(${t.name})`),
    index("classrooms_course_idx").on(t.tenantId, t.courseId),
    foreignKey({ name: "classrooms_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "classrooms_course_class_fk", columns: [t.tenantId, t.courseClassId], foreignColumns: [courseClasses.tenantId, courseClasses.id] }),
    foreignKey({ name: "classrooms_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "classrooms_teacher_fk", columns: [t.tenantId, t.classTeacherId], foreignColumns: [users.tenantId, users.id] }),
    textSortIndex("classrooms_name_idx", t.tenantId, t.name, t.id),
    index("classrooms_class_idx").on(t.tenantId, t.courseClassId),
    index("classrooms_teacher_idx").on(t.tenantId, t.classTeacherId),
    searchIndex("classrooms_search_idx", t.name),
  ],
);
export type ClassroomRecord = typeof classrooms.$inferSelect;
// A batch or a course class with classrooms cannot be deleted: batch.has_classrooms and
// course_class.has_classrooms, params { classrooms }.
declareReference(classrooms, classrooms.batchId, batches, "classrooms");
declareReference(classrooms, classrooms.courseClassId, courseClasses, "classrooms");

/** A subject taught in a classroom, and its teacher. */
export const classroomSubjects = tenantTable(
  "classroom_subjects",
  {
    classroomId: integer().notNull(),
    subjectId: integer().notNull(),
    teacherId: integer(),
  },
  (t) => [
    uniqueIndex("classroom_subjects_key").on(t.tenantId, t.classroomId, t.subjectId),
    foreignKey({
      name: "classroom_subjects_classroom_fk",
      columns: [t.tenantId, t.classroomId],
      foreignColumns: [classrooms.tenantId, classrooms.id],
    }).onDelete("cascade"),
    foreignKey({ name: "classroom_subjects_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    foreignKey({ name: "classroom_subjects_teacher_fk", columns: [t.tenantId, t.teacherId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(classrooms, family.school);
declareFamilyLink(classroomSubjects, family.school);
