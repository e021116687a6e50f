import { z } from "zod";
import { Area } from "../platform/areas.js";
import { CRUD_ACTIONS, MODULES, type ModuleKey, PermissionMap } from "../platform/permissions.js";
import { defineResource, Status } from "../resource.js";
import { RowId } from "./common.js";

/** The actions a module can grant: view, add, edit, delete, and its own (approve, publish, ...). */
export function actionsOf(module: string): readonly string[] | undefined {
  if (!Object.hasOwn(MODULES, module)) return undefined;
  return [...CRUD_ACTIONS, ...MODULES[module as ModuleKey]];
}

/**
 * A role's permission map, each key a module of MODULES and each action one that module knows.
 * `{"*": ["*"]}` (every action of every module) is the Admin role's map and nothing else's.
 */
export const RolePermissions = PermissionMap.superRefine((map, ctx) => {
  for (const [module, actions] of Object.entries(map)) {
    if (module === "*") {
      if (actions.length !== 1 || actions[0] !== "*") ctx.addIssue({ code: "custom", path: [module], message: 'Full access is written {"*": ["*"]}' });
      continue;
    }
    const known = actionsOf(module);
    if (!known) {
      ctx.addIssue({ code: "custom", path: [module], message: `Unknown module: ${module.slice(0, 40)}` });
      continue;
    }
    for (const action of actions) {
      if (!known.includes(action)) ctx.addIssue({ code: "custom", path: [module], message: `Unknown action for ${module}: ${action}` });
    }
  }
});

export const RoleRow = z.object({
  id: z.number(),
  name: z.string(),
  /** admin, staff, parent or muawin for the built-in roles; null for a school's own. */
  builtin: z.string().nullable(),
  area: Area,
  permissions: PermissionMap,
  requiresTwoFactor: z.boolean(),
  /** Its holders reach only the students linked to them as guardian. Always on for the built-in Parent role. */
  linkedStudentsOnly: z.boolean(),
  status: Status,
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

const roleFields = {
  name: z.string().trim().min(1).max(60),
  area: Area,
  permissions: RolePermissions,
  requiresTwoFactor: z.boolean(),
  linkedStudentsOnly: z.boolean(),
  status: Status,
};
export const RoleCreate = z.object({
  ...roleFields,
  permissions: RolePermissions.default({}),
  requiresTwoFactor: z.boolean().default(false),
  linkedStudentsOnly: z.boolean().default(false),
  status: Status.default("active"),
});
// No defaults here: a field left out of an update keeps its value.
export const RoleUpdate = z
  .object({ id: RowId, ...roleFields })
  .partial()
  .required({ id: true });

/** PUT /admin/api/role/permission: replaces one role's permission map. */
export const RolePermissionUpdate = z.object({ id: RowId, permissions: RolePermissions });

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
    { key: "linkedStudentsOnly", kind: "switch" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});
