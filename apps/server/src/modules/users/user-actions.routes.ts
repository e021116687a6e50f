import { assignStudentsToUser, checkParent, importUsers, mergeUsers, resendUserEmail, resetUserPassword } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { builtinRoleId, createUser } from "../../platform/auth/user-accounts.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sendVerificationEmail, sendWelcomeEmail } from "../auth/email-links.service.js";
import { findTenantByCode } from "../auth/identity.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { assignStudents, mergeAccounts, resetPassword } from "./user-actions.service.js";
import { importUserRows } from "./user-import.service.js";

/** Look-ups of the open parent check allowed per address and window: enough for a family, too few to sweep numbers. */
const CHECKPARENT_MAX = 60;
const CHECKPARENT_WINDOW_SECONDS = 15 * 60;

/** A user of the school in `scope`, for the isolation suite's calls made in another school. */
async function sampleUser(scope: TenantScope) {
  const { country } = await tenantOf(scope);
  const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  return createUser(scope, country, { name: "Sample Person", mobile, roleIds: [await builtinRoleId(scope, "parent")] });
}

/** The users module's own actions: resendemail, resetpassword, assign-student, merge, bulk, and the open parent check. */
export function registerUserActions(app: FastifyInstance, services: Services) {
  // It waits for the mail server (a failure is the caller's 500), so it holds no transaction meanwhile.
  serveAction(
    app,
    resendUserEmail,
    async (ctx, { body }) => {
      const user = await ctx.scope.find(users, body.userId, "User");
      const tenant = await tenantOf(ctx.scope);
      if (user.email && !user.emailVerifiedAt) await sendVerificationEmail(services, ctx.scope, tenant, user);
      else await sendWelcomeEmail(services, tenant, user);
      return { message: "Email sent successfully" };
    },
    { transaction: false, sample: async (scope) => ({ body: { userId: (await sampleUser(scope)).id } }) },
  );

  serveAction(app, resetUserPassword, async (ctx, { body }) => ({ message: await resetPassword(ctx, body) }), {
    sample: async (scope) => ({ body: { userId: (await sampleUser(scope)).id, password: "Sample-Lantern-2026" } }),
  });

  serveAction(
    app,
    assignStudentsToUser,
    async (ctx, { body }) => {
      const count = await assignStudents(ctx, body);
      return { message: "Students assigned successfully", count };
    },
    { sample: async (scope) => ({ body: { userId: (await sampleUser(scope)).id, studentIds: [(await sampleStudent(scope)).id] } }) },
  );

  serveAction(
    app,
    mergeUsers,
    async (ctx, { body }) => {
      await mergeAccounts(ctx, body);
      return { message: "Users merged successfully" };
    },
    { sample: async (scope) => ({ body: { keepUserId: (await sampleUser(scope)).id, mergeUserId: (await sampleUser(scope)).id } }) },
  );

  // Up to 2000 passwords are hashed first (seconds of work): the import opens its own
  // transaction once every row is checked and hashed.
  serveAction(
    app,
    importUsers,
    async (ctx, { body }) => {
      const count = await importUserRows(ctx, body.rows);
      return { message: "Users imported successfully", count };
    },
    { transaction: false },
  );

  serveAction(app, checkParent, async (ctx, { params }) => {
    const tries = await services.attempts.hit(`checkparent:${ctx.ip}`, CHECKPARENT_WINDOW_SECONDS);
    if (tries > CHECKPARENT_MAX) throw new AppError(429, "rate_limited", "Too many look-ups. Please wait a few minutes and try again.");
    const tenant = await findTenantByCode(ctx.db, params.code);
    const mobile = tryE164(params.mobile, tenant.country);
    if (!mobile) return { exists: false };
    const scope = new TenantScope(ctx.db, tenant.id);
    const [found] = await scope.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
      .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
      .where(scope.where(users, eq(users.mobile, mobile), eq(roles.area, "parent")))
      .limit(1);
    return { exists: !!found };
  });
}
