import { z } from "zod";
import { Language } from "../platform/areas.js";
import { defineResource, Status } from "../resource.js";
import { RowId } from "./common.js";

export const Password = z.string().min(8, "Password must be at least 8 characters").max(128);
/** A mobile number as typed; the server reads it with the school's country and stores E.164. */
export const Mobile = z
  .string()
  .trim()
  .min(6)
  .max(20)
  .regex(/^\+?[0-9 ()-]+$/, "Not a phone number");
export const Username = z
  .string()
  .trim()
  .min(3)
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, "Letters, digits and . _ @ - only");
export const Email = z.email().max(254);

export const ProfileSummary = z.object({
  id: z.number(),
  roleId: z.number(),
  roleName: z.string(),
  area: z.enum(["admin", "parent"]),
});

export const UserRow = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  language: Language,
  status: Status,
  hasPassword: z.boolean(),
  profiles: z.array(ProfileSummary),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

const userFields = {
  name: z.string().trim().min(1).max(120),
  mobile: Mobile.nullish(),
  username: Username.nullish(),
  email: Email.nullish(),
  language: Language,
  status: Status,
  roleIds: z.array(RowId).min(1, "Choose at least one role").max(10),
};

export const UserCreate = z.object({ ...userFields, language: Language.default("en"), status: Status.default("active"), password: Password.optional() });
// No defaults here: a field left out of an update keeps its value.
export const UserUpdate = z
  .object({ id: RowId, ...userFields })
  .partial()
  .required({ id: true });

export const userResource = defineResource({
  path: "user",
  module: "users",
  i18n: "users",
  row: UserRow,
  create: UserCreate,
  update: UserUpdate,
  filters: { status: "exact", roleId: "exact" },
  search: ["name", "mobile", "username", "email"],
  sortable: ["name", "createdAt", "lastLoginAt"],
  defaultSort: "name",
  columns: [
    { key: "name", sortable: true },
    { key: "mobile" },
    { key: "username" },
    { key: "profiles", kind: "tags" },
    { key: "status", kind: "status" },
    { key: "lastLoginAt", kind: "date", sortable: true },
  ],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "mobile", kind: "phone" },
    { key: "username", kind: "text" },
    { key: "email", kind: "email" },
    { key: "roleIds", kind: "multiselect", ref: { resource: "role", label: "name" }, required: true },
    { key: "language", kind: "select", options: ["en", "ta", "ur", "ar", "ml"] },
    { key: "status", kind: "select", options: ["active", "inactive"] },
    { key: "password", kind: "password", createOnly: true },
  ],
});

/** POST /admin/api/user/resetpassword: a new password, or none to make the person sign in by code and set one. */
export const UserResetPassword = z.object({ userId: RowId, password: Password.optional() });

export const GuardianRelation = z.string().trim().min(1).max(40);

/** POST /admin/api/user/assign-student: links a parent to students (adding to the links they have). */
export const AssignStudents = z.object({
  userId: RowId,
  studentIds: z.array(RowId).min(1, "Choose at least one student").max(50),
  relation: GuardianRelation.optional(),
});

/** POST /admin/api/user/merge: two accounts of one person become `keepUserId`. */
export const MergeUsers = z.object({ keepUserId: RowId, mergeUserId: RowId });

/** At most this many rows in one import. */
export const USER_IMPORT_MAX_ROWS = 2000;

/** One row of a user import, after empty cells are dropped. A role by name, or role ids. */
export const UserImportRow = z.object({
  name: z.string().trim().min(1).max(120),
  mobile: Mobile.optional(),
  username: Username.optional(),
  email: Email.optional(),
  role: z.string().trim().min(1).max(60).optional(),
  roleIds: z.array(RowId).min(1).max(10).optional(),
  password: Password.optional(),
  language: Language.default("en"),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

/**
 * POST /admin/api/user/bulk. Rows are checked one by one (so every bad row is reported with its
 * number), not by this schema; each should match UserImportRow.
 */
export const UserBulkImport = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, "The file has no rows")
    .max(USER_IMPORT_MAX_ROWS, `At most ${USER_IMPORT_MAX_ROWS} rows can be imported at once`),
});

/** One problem in an import: the row (1-based), the field and what is wrong. */
export const ImportRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const UserBulkReply = z.object({ message: z.string(), count: z.number().int() });

/** POST /admin/open/admission/checkparent/{code}/{mobile}: whether the school knows this parent. */
export const CheckParentReply = z.object({ exists: z.boolean() });
