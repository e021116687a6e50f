import { z } from "zod";
import { BusinessCode, Otp, Password, ProfileSummary, Username } from "../account-values.js";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource, MessageReply } from "../resource.js";
import { SESSION_ROUTES } from "../session-calls.js";
import { Email, Instant, Language, Mobile, RowId, Status } from "../values.js";

/** The role ids a person is given: in bodies only; the reply shows them joined, as `profiles`. */
const RoleIds = z.array(RowId).min(1, "Choose at least one role").max(10);

/** The people of a school; each holds one or more roles (a profile per role). */
export const userResource = defineResource({
  path: "user",
  module: "users",
  i18n: "users",
  fields: {
    name: field.text().required().search().sort().column(),
    mobile: field.phone().search().column(),
    username: field.shaped(Username, z.string()).form({ kind: "text" }).search().column(),
    email: field.email().search(),
    roleIds: field
      .shaped(RoleIds, z.never())
      .writeOnly()
      .required()
      .form({ kind: "multiselect", ref: { resource: "role", label: "name" } }),
    profiles: field.readOnly(z.array(ProfileSummary)).column("tags"),
    language: field.choice(Language).default("en"),
    status: field.choice(Status).default("active").filter().column("status"),
    /** A first password; none: the person signs in by one-time code and chooses one. */
    password: field.shaped(Password, z.never()).writeOnly().form({ kind: "password" }).writeOnce(),
    hasPassword: field.readOnly(z.boolean()),
    lastLoginAt: field.readOnly(Instant.nullable()).sort().column("date"),
  },
  defaultSort: "name",
  // Filtered by a join (the person's profiles), served by the users module.
  filters: { roleId: "exact" },
});
export type UserRow = z.infer<typeof userResource.row>;

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
  /** Absent: the school's default language. */
  language: Language.optional(),
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

/**
 * POST /admin/open/admission/checkparent/{code}/{mobile}: the admission form fills in a known
 * guardian's details once the number has proved itself. Without `otp`, a code is sent to the
 * number when it is a parent's of the school, and the reply is the same for every number; with
 * the code that came, the reply says the guardian is known and carries their details.
 */
export const CheckParentBody = z.object({ otp: Otp.optional() }).optional();
export const CheckParentReply = z.object({
  /** True only after the number proved itself with the code sent to it. */
  exists: z.boolean(),
  message: z.string(),
  /** What the form fills in for a known guardian: only with `exists`. */
  guardian: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
});

/** POST user/resendemail: an unconfirmed address gets its confirmation link, a confirmed one the welcome e-mail. */
export const resendUserEmail = defineAction({
  method: "POST",
  path: "/admin/api/user/resendemail",
  module: "users",
  permission: ["users", "edit"],
  summary: "Send a user their e-mail again",
  description: "An unconfirmed address gets the link that confirms it; a confirmed one gets the welcome e-mail with where to sign in.",
  body: z.object({ userId: RowId }),
  reply: MessageReply,
  errors: [404],
});

export const resetUserPassword = defineAction({
  method: "POST",
  path: "/admin/api/user/resetpassword",
  module: "users",
  permission: ["users", "edit"],
  summary: "Set a user's password, or clear it so they sign in by one-time code and choose one",
  description: "The password policy applies. Every session of the user ends.",
  body: UserResetPassword,
  reply: MessageReply,
  errors: [404],
  refreshes: ["user"],
});

export const assignStudentsToUser = defineAction({
  method: "POST",
  path: "/admin/api/user/assign-student",
  module: "users",
  permission: ["users", "edit"],
  summary: "Link a parent to students",
  description: "Adds guardian links; repeating the call changes nothing. The user must hold a parent-area profile.",
  body: AssignStudents,
  reply: MessageReply.extend({ count: z.number().int() }),
  errors: [404],
  refreshes: ["user", "student"],
  invalidates: ["users", "students", "account"],
});

export const mergeUsers = defineAction({
  method: "POST",
  path: "/admin/api/user/merge",
  module: "users",
  permission: ["users", "merge"],
  summary: "Merge two accounts of one person into keepUserId",
  description: "Profiles, guardian links and push targets move to the kept user; the merged user's sessions end and it is deleted.",
  body: MergeUsers,
  reply: MessageReply,
  errors: [404],
  refreshes: ["user"],
  // A user may be a parent linked to students.
  invalidates: ["users", "students", "account"],
});

export const importUsers = defineAction({
  method: "POST",
  path: "/admin/api/user/bulk",
  module: "users",
  permission: ["users", "import"],
  summary: "Import users, all or nothing",
  description:
    "Each row: name, mobile?, username?, email?, role (a role's name) or roleIds, password?, language? (the school's default when absent). At most 2000 rows. " +
    "Any bad row answers 400 with code bulk.invalid and params.errors [{row, field, message}] (rows from 1), and nothing is written.",
  body: UserBulkImport,
  reply: UserBulkReply,
  errors: [404],
  refreshes: ["user"],
  // A user may be a parent linked to students.
  invalidates: ["users", "students", "account"],
});

export const checkParent = defineAction({
  ...SESSION_ROUTES.checkParent,
  module: "users",
  access: "open",
  summary: "Fill in a known guardian's details on the admission form, once their number has proved itself",
  description:
    "Without otp: a one-time code is sent to the number if it is a parent's of the school; the reply (exists false) and its timing are the same for " +
    "every number, and the one-time codes' limits apply (429 otp.too_many). With the otp that came: exists true and the guardian's name and e-mail; " +
    "a wrong or expired code, or a number that is no parent's, answers 400 otp.invalid. An unknown school is a 400 tenant.unknown.",
  params: z.object({ code: BusinessCode, mobile: Mobile }),
  body: CheckParentBody,
  reply: CheckParentReply,
  errors: [429],
});
