import { z } from "zod";
import { Language } from "../platform/areas.js";
import { defineResource, Id, Status } from "../resource.js";

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
  language: Language.default("en"),
  status: Status.default("active"),
  roleIds: z.array(Id).min(1, "Choose at least one role").max(10),
};

export const UserCreate = z.object({ ...userFields, password: Password.optional() });
export const UserUpdate = z
  .object({ id: Id, ...userFields })
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
