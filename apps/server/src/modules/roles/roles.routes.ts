import { getRole, roleResource, setRolePermissions } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { roles } from "../../platform/auth/roles.table.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { newRoleValues, prepareRoleDelete, roleChangeValues, roleCounts, sampleRole, setPermissionsOf } from "./roles.service.js";

/** Roles: the built-in ones and a school's own, each a permission map; a caller grants only what they hold. */
export function registerRolesModule(app: FastifyInstance) {
  serveResource(app, roleResource, roles, {
    beforeCreate: (ctx, input) => newRoleValues(ctx, input),
    beforeUpdate: (ctx, existing, input) => roleChangeValues(ctx, existing, input),
    beforeDelete: (ctx, existing) => prepareRoleDelete(ctx, existing),
    listExtras: (ctx) => roleCounts(ctx.scope),
    sample: async () => ({
      name: `Teacher ${Math.random().toString(36).slice(2, 8)}`,
      area: "parent" as const,
      permissions: { attendance: ["view"] },
      requiresTwoFactor: false,
      linkedStudentsOnly: false,
      status: "active" as const,
    }),
  });

  serveAction(app, getRole, async (ctx, { params }) => ({
    message: "Role fetched successfully",
    data: await ctx.scope.find(roles, params.id, "Role"),
  }));

  serveAction(app, setRolePermissions, async (ctx, { body }) => ({ message: "Permissions updated successfully", data: await setPermissionsOf(ctx, body) }), {
    sample: async (scope) => {
      const role = await sampleRole(scope);
      return { body: { id: role.id, permissions: { attendance: ["view"] } } };
    },
  });
}
