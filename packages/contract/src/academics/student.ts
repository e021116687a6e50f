import { z } from "zod";
import { RowId } from "../admin/common.js";
import { Email, Mobile } from "../admin/users.js";
import { defineResource } from "../resource.js";
import { ActiveStatus, DateOnly, IdList, updateOf } from "./common.js";

export const StudentStatus = z.enum(["active", "left", "alumni"]);
export type StudentStatus = z.infer<typeof StudentStatus>;
export const Gender = z.enum(["male", "female"]);

/** A parent linked to a student (the guardians table). */
export const GuardianSummary = z.object({ userId: z.number(), name: z.string(), mobile: z.string().nullable(), relation: z.string() });

export const StudentRow = z.object({
  id: z.number(),
  admissionNo: z.string(),
  name: z.string(),
  /** The name in the student's own script (Arabic, Urdu, Malayalam, Tamil). */
  nameNative: z.string().nullable(),
  gender: Gender.nullable(),
  dateOfBirth: z.string().nullable(),
  /** A URL or an upload path. */
  photo: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  admittedOn: z.string().nullable(),
  status: StudentStatus,
  /** The school's own fields (issue 5). */
  customFields: z.record(z.string(), z.unknown()),
  guardians: z.array(GuardianSummary),
  createdAt: z.string(),
});
export type StudentRow = z.infer<typeof StudentRow>;

const GuardianInput = z.object({ userId: RowId, relation: z.string().trim().min(1).max(40).default("guardian") });

const studentFields = {
  admissionNo: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1).max(120),
  nameNative: z.string().trim().max(120).nullish(),
  gender: Gender.nullish(),
  dateOfBirth: DateOnly.nullish(),
  photo: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|\/)/, "Give a web address (https://...) or an upload path (/...)")
    .nullish(),
  mobile: Mobile.nullish(),
  email: Email.nullish(),
  address: z.string().trim().max(500).nullish(),
  admittedOn: DateOnly.nullish(),
  status: StudentStatus,
  customFields: z.record(z.string().max(60), z.unknown()),
  /** Replaces the student's parent links; each user must hold a parent-area profile. */
  guardians: z.array(GuardianInput).max(6),
};

export const StudentCreate = z.object({
  ...studentFields,
  status: StudentStatus.default("active"),
  customFields: studentFields.customFields.default({}),
  guardians: studentFields.guardians.optional(),
});
export const StudentUpdate = updateOf(studentFields);

export const studentResource = defineResource({
  path: "student",
  module: "students",
  i18n: "students",
  row: StudentRow,
  create: StudentCreate,
  update: StudentUpdate,
  filters: { status: "exact", gender: "exact", admittedOnFrom: "from", admittedOnTo: "to" },
  search: ["name", "nameNative", "admissionNo", "mobile"],
  sortable: ["name", "admissionNo", "dateOfBirth", "admittedOn", "createdAt"],
  defaultSort: "name",
  columns: [
    { key: "admissionNo", sortable: true },
    { key: "name", sortable: true },
    { key: "nameNative" },
    { key: "gender" },
    { key: "dateOfBirth", kind: "date", sortable: true },
    { key: "guardians", kind: "tags" },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "admissionNo", kind: "text", required: true },
    { key: "name", kind: "text", required: true },
    { key: "nameNative", kind: "text" },
    { key: "gender", kind: "select", options: ["male", "female"] },
    { key: "dateOfBirth", kind: "date" },
    { key: "photo", kind: "text" },
    { key: "mobile", kind: "phone" },
    { key: "email", kind: "email" },
    { key: "address", kind: "textarea" },
    { key: "admittedOn", kind: "date" },
    { key: "status", kind: "select", options: ["active", "left", "alumni"] },
  ],
});

export const StudentGroupRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: ActiveStatus,
  studentCount: z.number(),
  createdAt: z.string(),
});
export type StudentGroupRow = z.infer<typeof StudentGroupRow>;
const groupFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500).nullish(),
  status: ActiveStatus,
};
export const StudentGroupCreate = z.object({ ...groupFields, status: ActiveStatus.default("active") });
export const StudentGroupUpdate = updateOf(groupFields);

export const studentGroupResource = defineResource({
  path: "student-group",
  module: "students",
  i18n: "studentGroups",
  row: StudentGroupRow,
  create: StudentGroupCreate,
  update: StudentGroupUpdate,
  filters: { status: "exact" },
  search: ["name"],
  sortable: ["name", "createdAt"],
  defaultSort: "name",
  columns: [{ key: "name", sortable: true }, { key: "description" }, { key: "studentCount", kind: "number" }, { key: "status", kind: "status" }],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "description", kind: "textarea" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/** POST student-group/bulk-update: adds students to a group (`replace` makes them its only members). */
export const StudentGroupBulkUpdate = z.object({ id: RowId, studentIds: z.array(RowId).max(5000), replace: z.boolean().default(false) });
/** POST student-group/remove-from-group. */
export const StudentGroupRemove = z.object({ id: RowId, studentIds: IdList(5000) });

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
