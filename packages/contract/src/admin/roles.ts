import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { Area } from "../platform/areas.js";
import { CRUD_ACTIONS, MODULES, type ModuleKey, PermissionMap } from "../platform/permissions.js";
import { defineResource } from "../resource.js";
import { RowId, Status } from "../values.js";

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

/** A school's roles: what each may do (its permission map) and in which area its holders work. */
export const roleResource = defineResource({
  path: "role",
  module: "roles",
  i18n: "roles",
  fields: {
    name: field.text(60).required().search().sort().column(),
    /** admin, staff, parent or muawin for the built-in roles; null for a school's own. */
    builtin: field.readOnly(z.string().nullable()),
    area: field.choice(Area).required().filter().column(),
    /** Edited in the permission matrix (PUT role/permission), not in the generic form. */
    permissions: field.shaped(RolePermissions, PermissionMap).default({}),
    requiresTwoFactor: field.bool().default(false).column("boolean"),
    /** Its holders reach only the students linked to them as guardian. Always on for the built-in Parent role. */
    linkedStudentsOnly: field.bool().default(false),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type RoleRow = z.infer<typeof roleResource.row>;

const RoleReply = z.object({ message: z.string(), data: roleResource.row });

export const getRole = defineAction({
  method: "GET",
  path: "/admin/api/role/fetchSingleRole/:id",
  module: "roles",
  permission: ["roles", "view"],
  family: "scoped",
  summary: "One role with its permission map",
  params: IdParams,
  reply: RoleReply,
  errors: [404],
});

/** PUT role/permission: replaces one role's permission map. */
export const setRolePermissions = defineAction({
  method: "PUT",
  path: "/admin/api/role/permission",
  module: "roles",
  permission: ["roles", "edit"],
  summary: "Replace a role's permission map",
  description: "Keys are module keys of MODULES, actions view/add/edit/delete or the module's own; an unknown one is a 400 naming it.",
  body: z.object({ id: RowId, permissions: RolePermissions }),
  reply: RoleReply,
  errors: [404],
  refreshes: ["role"],
  // The signed-in person's own permissions may change.
  invalidates: ["roles", "account"],
});
