import { userResource } from "@taleem/contract";
import { and, count, eq, exists, inArray, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { roles } from "../../platform/auth/roles.table.js";
import { builtinRoleId, prepareIdentity, setProfiles } from "../../platform/auth/user-accounts.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import type { RequestContext } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { registerUserActions } from "./user-actions.routes.js";
import { presentUsers } from "./users.presenter.js";

/** Refuses to leave a school without an active admin. */
async function keepAnAdmin(ctx: RequestContext, userId: number) {
  const { scope } = ctx;
  const [others] = await scope.db
    .select({ n: count() })
    .from(profiles)
    .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, eq(roles.area, "admin"), eq(users.status, "active"), ne(users.id, userId)));
  if (!others?.n) throw conflict("user.last_admin", "This is the school's last admin. Make someone else an admin first.");
}

export function registerUsersModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  serveResource(app, db, userResource, users, {
    filters: {
      roleId: (value, ctx) =>
        exists(
          ctx.scope.db
            .select({ one: sql`1` })
            .from(profiles)
            .where(and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id), eq(profiles.roleId, Number(value) || 0))),
        ),
    },
    present: (ctx, rows) => presentUsers(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      if (!input.mobile && !input.username) {
        throw badRequest("user.no_identifier", "Give a mobile number or a username, so the person can sign in.", { field: "mobile" });
      }
      const tenant = await tenantOf(ctx.scope);
      const identity = await prepareIdentity(ctx.scope, tenant.country, input);
      return {
        name: input.name,
        mobile: identity.mobile ?? null,
        username: identity.username ?? null,
        email: identity.email ?? null,
        passwordHash: identity.passwordHash ?? null,
        language: input.language,
        status: input.status,
      };
    },
    afterCreate: (ctx, row, input) => setProfiles(ctx.scope, row.id, input.roleIds),
    beforeUpdate: async (ctx, existing, input) => {
      const tenant = await tenantOf(ctx.scope);
      const identity = await prepareIdentity(ctx.scope, tenant.country, { mobile: input.mobile, username: input.username, email: input.email }, existing.id);
      const becomesInactive = input.status === "inactive" && existing.status === "active";
      if (becomesInactive && existing.id === ctx.principal.userId) throw badRequest("user.self_inactive", "You cannot deactivate your own account.");
      if (becomesInactive || input.roleIds) {
        const adminRoles = await ctx.scope.db
          .select({ id: roles.id })
          .from(roles)
          .where(ctx.scope.where(roles, eq(roles.area, "admin")));
        const wasAdmin =
          (
            await ctx.scope.db
              .select({ id: profiles.id })
              .from(profiles)
              .where(ctx.scope.where(profiles, eq(profiles.userId, existing.id), inArray(profiles.roleId, adminRoles.map((r) => r.id).concat(0))))
          ).length > 0;
        const staysAdmin = !becomesInactive && (!input.roleIds || input.roleIds.some((id) => adminRoles.some((r) => r.id === id)));
        if (wasAdmin && !staysAdmin) await keepAnAdmin(ctx, existing.id);
      }
      const values: Partial<typeof users.$inferInsert> = {};
      if (input.name !== undefined) values.name = input.name;
      if (identity.mobile !== undefined) values.mobile = identity.mobile;
      if (identity.username !== undefined) values.username = identity.username;
      if (identity.email !== undefined) values.email = identity.email;
      if (input.language !== undefined) values.language = input.language;
      if (input.status !== undefined) values.status = input.status;
      const nextMobile = values.mobile !== undefined ? values.mobile : existing.mobile;
      const nextUsername = values.username !== undefined ? values.username : existing.username;
      if (!nextMobile && !nextUsername)
        throw badRequest("user.no_identifier", "Give a mobile number or a username, so the person can sign in.", { field: "mobile" });
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.roleIds) await setProfiles(ctx.scope, row.id, input.roleIds);
      if (input.status === "inactive") await services.sessions.revokeOthers(ctx.scope.tenantId, row.id);
    },
    beforeDelete: async (ctx, existing) => {
      if (existing.id === ctx.principal.userId) throw badRequest("user.self_delete", "You cannot delete your own account.");
      await keepAnAdmin(ctx, existing.id);
      await services.sessions.revokeOthers(ctx.scope.tenantId, existing.id);
    },
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
