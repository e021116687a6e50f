import {
  AssignStudents,
  BusinessCode,
  CheckParentReply,
  ErrorReply,
  MergeUsers,
  MessageReply,
  Mobile,
  UserBulkImport,
  UserBulkReply,
  UserResetPassword,
} from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { tryE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sendVerificationEmail, sendWelcomeEmail } from "../auth/email-links.service.js";
import { findTenantByCode } from "../auth/identity.service.js";
import { assignStudents, mergeUsers, resetPassword } from "./user-actions.service.js";
import { importUsers } from "./user-import.service.js";

const tags = ["users"];
const errors = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply };

/** Look-ups of the open parent check allowed per address and window: enough for a family, too few to sweep numbers. */
const CHECKPARENT_MAX = 60;
const CHECKPARENT_WINDOW_SECONDS = 15 * 60;

/** The users module's own actions: resetpassword, assign-student, merge, bulk, and the open parent check. */
export function registerUserActions(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/admin/api/user/resendemail", {
    config: { permission: ["users", "edit"] },
    schema: {
      tags,
      summary: "Send a user their e-mail again",
      description: "An unconfirmed address gets the link that confirms it; a confirmed one gets the welcome e-mail with where to sign in.",
      body: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }),
      response: { 200: MessageReply, ...errors },
    },
    handler: async (req) => {
      const { scope } = contextOf(req, db);
      const user = await scope.find(users, req.body.userId, "User");
      const tenant = await tenantOf(scope);
      if (user.email && !user.emailVerifiedAt) await sendVerificationEmail(services, tenant, user);
      else await sendWelcomeEmail(services, tenant, user);
      return { message: "Email sent successfully" };
    },
  });

  r.post("/admin/api/user/resetpassword", {
    config: { permission: ["users", "edit"] },
    schema: {
      tags,
      summary: "Set a user's password, or clear it so they sign in by one-time code and choose one",
      description: "The password policy applies. Every session of the user ends.",
      body: UserResetPassword,
      response: { 200: MessageReply, ...errors },
    },
    handler: async (req) => ({ message: await resetPassword(contextOf(req, db), req.body) }),
  });

  r.post("/admin/api/user/assign-student", {
    config: { permission: ["users", "edit"] },
    schema: {
      tags,
      summary: "Link a parent to students",
      description: "Adds guardian links; repeating the call changes nothing. The user must hold a parent-area profile.",
      body: AssignStudents,
      response: { 200: MessageReply.extend({ count: z.number().int() }), ...errors },
    },
    handler: async (req) => {
      const count = await assignStudents(contextOf(req, db), req.body);
      return { message: "Students assigned successfully", count };
    },
  });

  r.post("/admin/api/user/merge", {
    config: { permission: ["users", "merge"] },
    schema: {
      tags,
      summary: "Merge two accounts of one person into keepUserId",
      description: "Profiles, guardian links and push targets move to the kept user; the merged user's sessions end and it is deleted.",
      body: MergeUsers,
      response: { 200: MessageReply, ...errors },
    },
    handler: async (req) => {
      await mergeUsers(contextOf(req, db), req.body);
      return { message: "Users merged successfully" };
    },
  });

  r.post("/admin/api/user/bulk", {
    config: { permission: ["users", "import"] },
    schema: {
      tags,
      summary: "Import users, all or nothing",
      description:
        "Each row: name, mobile?, username?, email?, role (a role's name) or roleIds, password?, language?. At most 2000 rows. " +
        "Any bad row answers 400 with code bulk.invalid and params.errors [{row, field, message}] (rows from 1), and nothing is written.",
      body: UserBulkImport,
      response: { 200: UserBulkReply, ...errors },
    },
    handler: async (req) => {
      const count = await importUsers(contextOf(req, db), req.body.rows);
      return { message: "Users imported successfully", count };
    },
  });

  r.post("/admin/open/admission/checkparent/:code/:mobile", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "Whether the school has a parent with this mobile number",
      description: "Answers only exists; an unknown school is a 400 tenant.unknown.",
      params: z.object({ code: BusinessCode, mobile: Mobile }),
      response: { 200: CheckParentReply, 400: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      const tries = await services.attempts.hit(`checkparent:${req.ip}`, CHECKPARENT_WINDOW_SECONDS);
      if (tries > CHECKPARENT_MAX) throw new AppError(429, "rate_limited", "Too many look-ups. Please wait a few minutes and try again.");
      const tenant = await findTenantByCode(db, req.params.code);
      const mobile = tryE164(req.params.mobile, tenant.country);
      if (!mobile) return { exists: false };
      const scope = new TenantScope(db, tenant.id);
      const [found] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
        .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
        .where(scope.where(users, eq(users.mobile, mobile), eq(roles.area, "parent")))
        .limit(1);
      return { exists: !!found };
    },
  });
}
