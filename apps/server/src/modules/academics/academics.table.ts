import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, text, time, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

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
    uniqueIndex("batches_name_key").on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex("batches_one_active_key").on(t.tenantId).where(sql`${t.active}`),
    check("batches_dates_check", sql`${t.endDate} > ${t.startDate}`),
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
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [uniqueIndex("courses_name_key").on(t.tenantId, sql`lower(${t.name})`)],
);
export type CourseRecord = typeof courses.$inferSelect;

/** A level of a course (Class 5), ordered. */
export const courseClasses = tenantTable(
  "course_classes",
  {
    courseId: integer().notNull(),
    name: text().notNull(),
    order: integer("sort_order").notNull().default(0),
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [
    uniqueIndex("course_classes_name_key").on(t.tenantId, t.courseId, sql`lower(${t.name})`),
    foreignKey({ name: "course_classes_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
  ],
);
export type CourseClassRecord = typeof courseClasses.$inferSelect;

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
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [
    uniqueIndex("subjects_name_key").on(t.tenantId, sql`coalesce(${t.courseId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex("subjects_code_key").on(t.tenantId, sql`lower(${t.code})`),
    foreignKey({ name: "subjects_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
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
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [uniqueIndex("sittings_name_key").on(t.tenantId, sql`lower(${t.name})`), check("sittings_times_check", sql`${t.endTime} > ${t.startTime}`)],
);
