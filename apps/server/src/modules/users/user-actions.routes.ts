import { assignStudentsToUser, importUsers, mergeUsers, resendUserEmail, resetUserPassword } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { builtinRoleId, createUser } from "../../platform/auth/user-accounts.js";
import { users } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sendVerificationEmail, sendWelcomeEmail } from "../auth/email-links.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { registerKnownGuardianCheck } from "./known-guardian.routes.js";
import { assignStudents, mergeAccounts, resetPassword } from "./user-actions.service.js";
import { importUserRows } from "./user-import.service.js";

/** A user of the school in `scope`, for the isolation suite's calls made in another school. */
async function sampleUser(scope: TenantScope) {
  const { country } = await tenantOf(scope);
  const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  return createUser(scope, country, { name: "Sample Person", mobile, roleIds: [await builtinRoleId(scope, "parent")] });
}

/** The users module's own actions: resendemail, resetpassword, assign-student, merge, bulk, and the admission form's known-guardian check. */
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

  registerKnownGuardianCheck(app, services);
}
