import { userResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { builtinRoleId, setProfiles } from "../../platform/auth/user-accounts.js";
import { users } from "../../platform/auth/users.table.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { registerUserActions } from "./user-actions.routes.js";
import { revokeSessions } from "./user-sessions.js";
import { presentUsers } from "./users.presenter.js";
import { holdingRole, newUserValues, prepareUserDelete, roleIdsOf, userChangeValues } from "./users.service.js";

/** People's accounts: their ways to sign in, their roles and status; the school keeps an active admin. */
export function registerUsersModule(app: FastifyInstance, services: Services) {
  serveResource(app, userResource, users, {
    filters: {
      roleId: (value, ctx) => holdingRole(ctx.scope, value),
    },
    present: (ctx, rows) => presentUsers(ctx.scope, rows),
    auditView: async (ctx, row) => ({ roleIds: await roleIdsOf(ctx, row.id) }),
    beforeCreate: (ctx, input) => newUserValues(ctx, input),
    afterCreate: (ctx, row, input) => setProfiles(ctx.scope, row.id, input.roleIds),
    beforeUpdate: (ctx, existing, input) => userChangeValues(ctx, existing, input),
    afterUpdate: async (ctx, row, input) => {
      if (input.roleIds) await setProfiles(ctx.scope, row.id, input.roleIds);
      if (input.status === "inactive") await revokeSessions(ctx.scope, row.id);
    },
    beforeDelete: (ctx, existing) => prepareUserDelete(ctx, existing),
    sample: async (scope) => ({
      name: "Sample Parent",
      mobile: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      roleIds: [await builtinRoleId(scope, "parent")],
      language: "en" as const,
      status: "active" as const,
    }),
  });
  registerUserActions(app, services);
}
