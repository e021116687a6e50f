import { z } from "zod";
import { Area } from "../platform/areas.js";
import { PermissionMap } from "../platform/permissions.js";
import { defineResource, Id, Status } from "../resource.js";

export const RoleRow = z.object({
  id: z.number(),
  name: z.string(),
  /** admin, staff, parent or muawin for the built-in roles; null for a school's own. */
  builtin: z.string().nullable(),
  area: Area,
  permissions: PermissionMap,
  requiresTwoFactor: z.boolean(),
  status: Status,
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

const roleFields = {
  name: z.string().trim().min(1).max(60),
  area: Area,
  permissions: PermissionMap.default({}),
  requiresTwoFactor: z.boolean().default(false),
  status: Status.default("active"),
};
export const RoleCreate = z.object(roleFields);
export const RoleUpdate = z
  .object({ id: Id, ...roleFields })
  .partial()
  .required({ id: true });

export const roleResource = defineResource({
  path: "role",
  module: "roles",
  i18n: "roles",
  row: RoleRow,
  create: RoleCreate,
  update: RoleUpdate,
  filters: { status: "exact", area: "exact" },
  search: ["name"],
  sortable: ["name", "createdAt"],
  defaultSort: "name",
  columns: [{ key: "name", sortable: true }, { key: "area" }, { key: "requiresTwoFactor", kind: "boolean" }, { key: "status", kind: "status" }],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "area", kind: "select", options: ["admin", "parent"], required: true },
    { key: "requiresTwoFactor", kind: "switch" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});
