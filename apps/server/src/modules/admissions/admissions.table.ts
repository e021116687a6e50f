import { AdmissionSource, AdmissionStatus, Gender, LANGUAGES, type StoredFile } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { date, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { batches, courses } from "../academics/academics.table.js";
import { enrolments } from "../academics/enrolments.table.js";
import { students } from "../students/students.table.js";

export type AdmissionDocumentValue = StoredFile & { label: string | null };
type Source = (typeof AdmissionSource.options)[number];

/** An application for admission: from the public form, typed in by the school, or imported. */
export const admissions = tenantTable(
  "admissions",
  {
    applicationNo: text().notNull(),
    status: text({ enum: AdmissionStatus.options as [AdmissionStatus, ...AdmissionStatus[]] })
      .notNull()
      .default("pending"),
    source: text({ enum: AdmissionSource.options as [Source, ...Source[]] }).notNull(),
    name: text().notNull(),
    nameNative: text(),
    gender: text({ enum: Gender.options as [Gender, ...Gender[]] }),
    dateOfBirth: date({ mode: "string" }),
    photo: text(),
    email: text(),
    mobile: text(),
    address: text(),
    previousSchool: text(),
    courseId: integer(),
    batchId: integer(),
    guardianName: text().notNull(),
    /** E.164. */
    guardianMobile: text().notNull(),
    guardianEmail: text(),
    guardianRelation: text(),
    guardianLanguage: text({ enum: LANGUAGES }).notNull().default("en"),
    documents: jsonb().$type<AdmissionDocumentValue[]>().notNull().default([]),
    customFields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The consent as the guardian saw it: version, language, the exact text, when and from where. */
    consentVersion: text(),
    consentLanguage: text(),
    consentText: text(),
    consentAt: timestamp({ withTimezone: true }),
    consentIp: text(),
    decisionReason: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer(),
    approvalLetterSentAt: timestamp({ withTimezone: true }),
    rejectionLetterSentAt: timestamp({ withTimezone: true }),
    studentId: integer(),
    enrolmentId: integer(),
    parentUserId: integer(),
  },
  (t) => [
    uniqueIndex("admissions_application_no_key").on(t.tenantId, t.applicationNo),
    index("admissions_status_idx").on(t.tenantId, t.status, t.createdAt),
    index("admissions_guardian_mobile_idx").on(t.tenantId, t.guardianMobile),
    index("admissions_name_idx").on(t.tenantId, sql`lower(${t.name})`),
    foreignKey({ name: "admissions_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "admissions_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "admissions_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "admissions_enrolment_fk", columns: [t.tenantId, t.enrolmentId], foreignColumns: [enrolments.tenantId, enrolments.id] }),
    foreignKey({ name: "admissions_parent_fk", columns: [t.tenantId, t.parentUserId], foreignColumns: [users.tenantId, users.id] }),
    textSortIndex("admissions_application_no_idx", t.tenantId, t.applicationNo, t.id),
    index("admissions_course_idx").on(t.tenantId, t.courseId),
    index("admissions_batch_idx").on(t.tenantId, t.batchId),
    searchIndex("admissions_search_idx", t.applicationNo, t.name, t.nameNative, t.guardianName, t.guardianMobile),
  ],
);
export type AdmissionRecord = typeof admissions.$inferSelect;
// An application keeps its course, batch, student and enrolment as history: those are not deleted under it.
declareReference(admissions, admissions.courseId, courses, "admissions");
declareReference(admissions, admissions.batchId, batches, "admissions");
declareReference(admissions, admissions.studentId, students, "admissions");
declareReference(admissions, admissions.enrolmentId, enrolments, "admissions");

/**
 * The last application number taken per school and year. Numbers are taken inside the
 * transaction that files the application, so they are consecutive and never reused; the series
 * survives a wipe.
 */
export const admissionNumberSeries = tenantTable(
  "admission_number_series",
  {
    year: integer().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("admission_number_series_year_key").on(t.tenantId, t.year)],
  "keep",
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(admissions, family.anyOf(family.mobile(admissions.guardianMobile), family.user(admissions.parentUserId)));
declareFamilyLink(admissionNumberSeries, family.school);
