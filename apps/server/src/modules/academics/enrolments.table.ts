import { and, eq, sql } from "drizzle-orm";
import { date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import type { ListJoin } from "../../platform/resources/serve-resource.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "../students/students.table.js";
import { batches, courseClasses, courses } from "./academics.table.js";
import { classrooms } from "./classrooms.table.js";

export const ENROLMENT_STATUSES = ["active", "transferred", "promoted", "retained", "removed", "left", "completed"] as const;

/**
 * A student in a classroom for a batch. History is kept: a transfer or promotion ends the row
 * (status, endedOn) and starts a new one pointing back at it. One active enrolment per student
 * per batch.
 */
export const enrolments = tenantTable(
  "enrolments",
  {
    studentId: integer().notNull(),
    classroomId: integer().notNull(),
    /** The classroom's batch and course, kept here for the per-batch rule and course lists. */
    batchId: integer().notNull(),
    courseId: integer().notNull(),
    rollNo: integer(),
    status: text({ enum: ENROLMENT_STATUSES }).notNull().default("active"),
    startedOn: date({ mode: "string" }).notNull(),
    endedOn: date({ mode: "string" }),
    endReason: text(),
    previousId: integer(),
    /** 256 random bits, base64url: the public verification link names this, never the id. */
    recordToken: text().notNull(),
  },
  (t) => [
    uniqueIndex("enrolments_record_token_key").on(t.tenantId, t.recordToken),
    uniqueIndex(
      uniqueMeaning("enrolments_one_active_key", {
        code: "enrolment.already_active",
        message: "This student is already enrolled in a class of this batch.",
        field: "studentId",
      }),
    )
      .on(t.tenantId, t.batchId, t.studentId)
      .where(sql`${t.status} = 'active'`),
    index("enrolments_classroom_idx").on(t.tenantId, t.classroomId, t.status),
    index("enrolments_student_idx").on(t.tenantId, t.studentId),
    index("enrolments_course_idx").on(t.tenantId, t.courseId, t.status),
    foreignKey({ name: "enrolments_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "enrolments_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "enrolments_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "enrolments_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "enrolments_previous_fk", columns: [t.tenantId, t.previousId], foreignColumns: [t.tenantId, t.id] }),
    index("enrolments_roll_idx").on(t.tenantId, t.rollNo, t.id),
    index("enrolments_started_idx").on(t.tenantId, t.startedOn),
  ],
);
export type EnrolmentRecord = typeof enrolments.$inferSelect;
// Enrolments are history: a student, a classroom or a course with any cannot be deleted
// (student.has_history, classroom.has_enrolments, course.in_use; params { enrolments }).
declareReference(enrolments, enrolments.studentId, students, "enrolments");
declareReference(enrolments, enrolments.classroomId, classrooms, "enrolments");
declareReference(enrolments, enrolments.courseId, courses, "enrolments");

/**
 * What an enrolment's reply shows of the rows it refers to (the student's names, the classroom's
 * label, its batch and course), joined into the list's own statement: a student's history is one
 * query, not one per table. Declared beside the foreign keys it follows, as `presentEnrolments`
 * shows them: "" where a name is missing, the label "Class-Division".
 */
export const enrolmentListJoin: ListJoin = {
  columns: {
    studentName: sql<string>`coalesce(${students.name}, '')`.as("student_name"),
    studentNameNative: students.nameNative,
    admissionNo: sql<string>`coalesce(${students.admissionNo}, '')`.as("admission_no"),
    classroomLabel: sql<string>`case when ${classrooms.id} is null then '' else coalesce(${courseClasses.name}, '') || '-' || ${classrooms.name} end`.as(
      "classroom_label",
    ),
    batchName: sql<string>`coalesce(${batches.name}, '')`.as("batch_name"),
    courseName: sql<string>`coalesce(${courses.name}, '')`.as("course_name"),
  },
  join: (query) =>
    query
      .leftJoin(students, and(eq(students.tenantId, enrolments.tenantId), eq(students.id, enrolments.studentId)))
      .leftJoin(classrooms, and(eq(classrooms.tenantId, enrolments.tenantId), eq(classrooms.id, enrolments.classroomId)))
      .leftJoin(courseClasses, and(eq(courseClasses.tenantId, classrooms.tenantId), eq(courseClasses.id, classrooms.courseClassId)))
      .leftJoin(batches, and(eq(batches.tenantId, classrooms.tenantId), eq(batches.id, classrooms.batchId)))
      .leftJoin(courses, and(eq(courses.tenantId, classrooms.tenantId), eq(courses.id, classrooms.courseId))),
};

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(enrolments, family.student(enrolments.studentId));
