import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { JobParams, JobStarted, jobProgress } from "../platform/jobs.js";
import { defineResource } from "../resource.js";
import { Gender, IdList, RowId, Status } from "../values.js";
import { ImportFile, ImportResult } from "./course.js";
import { ENROLMENT_READERS } from "./enrolment-readers.js";

export const StudentStatus = z.enum(["active", "left", "alumni"]);
export type StudentStatus = z.infer<typeof StudentStatus>;

/** A parent linked to a student (the guardians table). */
export const GuardianSummary = z.object({ userId: z.number(), name: z.string(), mobile: z.string().nullable(), relation: z.string() });

const GuardianInput = z.object({ userId: RowId, relation: z.string().trim().min(1).max(40).default("guardian") });

/** How a guardian is related to the student (the web's words are `relations.<value>`). */
export const GuardianRelationChoice = z.enum(["father", "mother", "guardian", "grandparent", "sibling", "other"]);

export const studentResource = defineResource({
  path: "student",
  module: "students",
  i18n: "students",
  fields: {
    admissionNo: field.text(40).required().search().sort().column(),
    name: field.text(120).required().search().sort().column(),
    /** The name in the student's own script (Arabic, Urdu, Malayalam, Tamil). */
    nameNative: field.text(120).search().column(),
    gender: field.choice(Gender).filter().column(),
    dateOfBirth: field.date().past().sort().column("date"),
    photo: field.upload("image"),
    mobile: field.phone().search(),
    email: field.email(),
    address: field.longText(500),
    admittedOn: field.date().filter("range").sort(),
    /** Replaces the student's parent links (ids in, names out); each user must hold a parent-area profile. */
    guardians: field.shaped(z.array(GuardianInput).max(6), z.array(GuardianSummary)).default([]).column("tags"),
    /** The school's own fields (issue 5). */
    customFields: field.shaped(z.record(z.string().max(60), z.unknown()), z.record(z.string(), z.unknown())).default({}),
    status: field.choice(StudentStatus).default("active").filter().column("status"),
    /**
     * A guardian added with the student (adding only): the school's user with this mobile is
     * linked (given a Parent profile if they lack one), or a parent account is made for them.
     */
    guardianName: field.text(120).writeOnce().writeOnly(),
    guardianMobile: field.phone().writeOnce().writeOnly(),
    guardianRelation: field.choice(GuardianRelationChoice).writeOnce().writeOnly(),
  },
  defaultSort: "name",
  // Served by the server's filter hooks: the current classroom (active enrolments) and a group.
  filters: { classroomId: "exact", groupId: "exact" },
  refine: (create) =>
    create
      .refine((b) => !b.guardianName || b.guardianMobile, { message: "Give the guardian's mobile number", path: ["guardianMobile"] })
      .refine((b) => !b.guardianMobile || b.guardianName, { message: "Give the guardian's name", path: ["guardianName"] }),
});
export type StudentRow = z.infer<typeof studentResource.row>;

/** GET student/:id: one student with their guardians (a parent reaches only their own children). */
export const getStudent = defineAction({
  method: "GET",
  path: "/admin/api/student/:id",
  module: "students",
  permission: ["students", "view"],
  family: "scoped",
  summary: "One student with their guardians (a parent reaches only their own children)",
  params: IdParams,
  reply: z.object({ message: z.string(), data: studentResource.row }),
  errors: [404],
});

/** GET student/next-admission-no: the number the next student would take (a suggestion; the unique index decides). */
export const nextAdmissionNo = defineAction({
  method: "GET",
  path: "/admin/api/student/next-admission-no",
  module: "students",
  permission: ["students", "add"],
  family: "scoped",
  summary: "The next free admission number, following the school's latest one (S-0124 after S-0123)",
  reply: z.object({ message: z.string(), admissionNo: z.string() }),
  errors: [],
});

/** A named set of students (a Quran circle, a bus route, a tuition batch). */
export const studentGroupResource = defineResource({
  path: "student-group",
  module: "students",
  i18n: "students:groups",
  fields: {
    name: field.text(120).required().search().sort().column(),
    description: field.longText(500).column(),
    studentCount: field.readOnly(z.number()).column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type StudentGroupRow = z.infer<typeof studentGroupResource.row>;

/** A student as other lists show them (a group's, a classroom's, a course's). */
export const StudentBrief = z.object({
  id: z.number(),
  admissionNo: z.string(),
  name: z.string(),
  nameNative: z.string().nullable(),
  photo: z.string().nullable(),
  status: StudentStatus,
});
export type StudentBrief = z.infer<typeof StudentBrief>;

export const studentGroupMembers = defineAction({
  method: "GET",
  path: "/admin/api/student-group/students/:id",
  module: "students",
  permission: ["students", "view"],
  family: "scoped",
  summary: "The students of a group",
  params: IdParams,
  reply: z.object({ message: z.string(), rows: z.array(StudentBrief), count: z.number() }),
  errors: [404],
});

/** POST student-group/bulk-update: adds students to a group (`replace` makes them its only members). */
export const StudentGroupBulkUpdate = z.object({ id: RowId, studentIds: z.array(RowId).max(5000), replace: z.boolean().default(false) });
export const bulkUpdateStudentGroup = defineAction({
  method: "POST",
  path: "/admin/api/student-group/bulk-update",
  module: "students",
  permission: ["students", "edit"],
  summary: "Add students to a group (replace: make them its only members)",
  body: StudentGroupBulkUpdate,
  reply: z.object({ message: z.string(), added: z.number(), removed: z.number(), count: z.number() }),
  errors: [404],
  refreshes: ["student-group", "student"],
});

/** POST student-group/remove-from-group. */
export const StudentGroupRemove = z.object({ id: RowId, studentIds: IdList(5000) });
export const removeFromStudentGroup = defineAction({
  method: "POST",
  path: "/admin/api/student-group/remove-from-group",
  module: "students",
  permission: ["students", "edit"],
  summary: "Remove students from a group",
  body: StudentGroupRemove,
  reply: z.object({ message: z.string(), removed: z.number() }),
  errors: [404],
  refreshes: ["student-group", "student"],
});

/** POST student/bulk: many students with their guardians in one transaction (the demo school; an office's batch entry). */
export const BulkStudents = z.object({ students: z.array(studentResource.create).min(1).max(1000) });
export const addStudentsInBulk = defineAction({
  method: "POST",
  path: "/admin/api/student/bulk",
  module: "students",
  permission: ["students", "add"],
  summary:
    "Add many students with their guardians (guardianName, guardianMobile, guardianRelation per student) in one transaction: all or none; a taken admission number is a 409 naming it",
  body: BulkStudents,
  reply: z.object({ message: z.string(), ids: z.array(z.number()), parentsCreated: z.number() }),
  errors: [409],
  refreshes: ["student"],
  invalidates: ENROLMENT_READERS,
});

/** What a students import did, once its job is done. */
export const StudentImportResult = ImportResult.extend({ parentsCreated: z.number(), guardiansLinked: z.number() });
export type StudentImportResult = z.infer<typeof StudentImportResult>;

/**
 * POST student/import-file: the school's students from an Excel (.xlsx) or CSV file, with their
 * guardians, classroom (active batch) and the school's own fields. Every bad row is reported
 * (400 import.invalid) and nothing is written; a good file starts a job (one transaction).
 */
export const importStudentsFile = defineAction({
  method: "POST",
  path: "/admin/api/student/import-file",
  module: "students",
  permission: ["students", "import"],
  summary: "Import students (with guardians, classroom and the school's own fields) from an Excel or CSV file: every bad row reported, nothing half-imported",
  body: ImportFile,
  reply: JobStarted,
  errors: [409, 413],
  refreshes: ["student", "enrollment", "classRoom"],
  invalidates: ENROLMENT_READERS,
});

/** How far a students import has got; another school's job, or one long finished, is 404. */
export const studentImportProgress = defineAction({
  method: "GET",
  path: "/admin/api/student/import-progress/:job",
  module: "students",
  permission: ["students", "import"],
  family: "scoped",
  summary: "Progress of a students import: rows written of the total, then what it did or why nothing was written",
  params: JobParams,
  reply: jobProgress(StudentImportResult),
  errors: [404],
  refreshes: ["student", "enrollment", "classRoom"],
  invalidates: ENROLMENT_READERS,
});

/** GET student/import-template: an .xlsx with the import's header row, the school's own fields included. */
export const studentImportTemplate = defineAction({
  method: "GET",
  path: "/admin/api/student/import-template",
  module: "students",
  permission: ["students", "import"],
  family: "scoped",
  summary: "The students import template (students-import-template.xlsx): the header row and one example row",
  reply: fileReply(FILE_TYPES.xlsx, "students-import-template.xlsx"),
  errors: [],
});
