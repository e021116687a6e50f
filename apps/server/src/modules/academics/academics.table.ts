import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, text, time, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

// Each unique index below says what it means, so a repeat is refused by the database (409 naming
// the field) rather than by a check before the insert.

/** The academic year; one batch per school is active (a partial unique index keeps it so). */
export const batches = tenantTable(
  "batches",
  {
    name: text().notNull(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    active: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("batches_name_key", { code: "batch.name_taken", message: "A batch with this name already exists.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    uniqueIndex("batches_one_active_key").on(t.tenantId).where(sql`${t.active}`),
    check("batches_dates_check", sql`${t.endDate} > ${t.startDate}`),
    index("batches_start_idx").on(t.tenantId, t.startDate),
    searchIndex("batches_search_idx", t.name),
  ],
);
export type BatchRecord = typeof batches.$inferSelect;

/** A programme: Hifz, a madrasa curriculum, an Alim course. */
export const courses = tenantTable(
  "courses",
  {
    name: text().notNull(),
    kind: text({ enum: ["hifz", "madrasa", "alim", "school", "other"] })
      .notNull()
      .default("other"),
    description: text(),
    durationYears: integer(),
    sheetUrl: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("courses_name_key", { code: "course.name_taken", message: "A course with this name already exists.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    searchIndex("courses_search_idx", t.name),
  ],
);
export type CourseRecord = typeof courses.$inferSelect;

/** A level of a course (Class 5), ordered. */
export const courseClasses = tenantTable(
  "course_classes",
  {
    courseId: integer().notNull(),
    name: text().notNull(),
    order: integer("sort_order").notNull().default(0),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("course_classes_name_key", { code: "class.name_taken", message: "This course already has a class with this name.", field: "name" }),
    ).on(t.tenantId, t.courseId, sql`lower(${t.name})`),
    foreignKey({ name: "course_classes_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    textSortIndex("course_classes_name_idx", t.tenantId, t.name, t.id),
    index("course_classes_order_idx").on(t.tenantId, t.order, t.id),
    searchIndex("course_classes_search_idx", t.name),
  ],
);
export type CourseClassRecord = typeof courseClasses.$inferSelect;
// A course with classes cannot be deleted: course.in_use, params { classes }.
declareReference(courseClasses, courseClasses.courseId, courses, "classes");

/** Teaching material of a course: links, videos, documents, texts. */
export const courseContents = tenantTable(
  "course_contents",
  {
    courseId: integer().notNull(),
    title: text().notNull(),
    kind: text({ enum: ["link", "video", "document", "text"] }).notNull(),
    url: text(),
    body: text(),
    order: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("course_contents_course_idx").on(t.tenantId, t.courseId, t.order),
    foreignKey({ name: "course_contents_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
  ],
);

/** A subject; of one course, or (course null) any course's. */
export const subjects = tenantTable(
  "subjects",
  {
    name: text().notNull(),
    code: text(),
    courseId: integer(),
    status: statusColumn(),
  },
  (t) => [
    // Names are unique within a course, or among the subjects any course may teach.
    uniqueIndex(uniqueMeaning("subjects_name_key", { code: "subject.name_taken", message: "A subject with this name already exists.", field: "name" })).on(
      t.tenantId,
      sql`coalesce(${t.courseId}, 0)`,
      sql`lower(${t.name})`,
    ),
    uniqueIndex(uniqueMeaning("subjects_code_key", { code: "subject.code_taken", message: "Another subject has this code.", field: "code" })).on(
      t.tenantId,
      sql`lower(${t.code})`,
    ),
    foreignKey({ name: "subjects_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    textSortIndex("subjects_name_idx", t.tenantId, t.name, t.id),
    index("subjects_course_idx").on(t.tenantId, t.courseId),
    searchIndex("subjects_search_idx", t.name, t.code),
  ],
);
export type SubjectRecord = typeof subjects.$inferSelect;

/** A sitting of the school day (the spec's `session`; `sessions` are sign-in sessions). */
export const sittings = tenantTable(
  "sittings",
  {
    name: text().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("sittings_name_key", { code: "session.name_taken", message: "A session with this name already exists.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    check("sittings_times_check", sql`${t.endTime} > ${t.startTime}`),
    index("sittings_start_idx").on(t.tenantId, t.startTime),
    searchIndex("sittings_search_idx", t.name),
  ],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(batches, family.school);
declareFamilyLink(courses, family.school);
declareFamilyLink(courseClasses, family.school);
declareFamilyLink(courseContents, family.school);
declareFamilyLink(subjects, family.school);
declareFamilyLink(sittings, family.school);
