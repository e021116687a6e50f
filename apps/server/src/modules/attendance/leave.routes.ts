import {
  applyForLeave,
  approveLeave,
  can,
  getLeaveApplication,
  getLeaveType,
  leaveApplicationResource,
  leaveTypeResource,
  myLeave,
  rejectLeave,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
  updateLeaveType,
} from "@taleem/contract";
import { count, desc, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { users } from "../../platform/auth/users.table.js";
import { decodeUpload, UploadStore, withUploads } from "../../platform/files/uploads.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { linkedStudents, requireStudent } from "../students/students.service.js";
import { activeLeaveTypes, checkLeaveRequest, decideLeave, mineCondition, presentApplications, STANDARD_LEAVE_TYPES } from "./leave.service.js";
import { leaveApplications, leaveTypes } from "./leave.table.js";

const sampleLeaveType = (scope: TenantScope) => scope.insert(leaveTypes, { name: `Hajj ${sampleTag()}` });

/** A pending application made straight in a school, for the isolation suite's samples. */
async function samplePending(scope: TenantScope) {
  const [student, type, [someone]] = await Promise.all([
    sampleStudent(scope),
    sampleLeaveType(scope),
    scope.db.select({ id: users.id }).from(users).where(scope.where(users)).limit(1),
  ]);
  return scope.insert(leaveApplications, {
    studentId: student.id,
    leaveTypeId: type.id,
    fromDate: "2026-02-02",
    toDate: "2026-02-03",
    days: 2,
    reason: "Fever",
    appliedBy: someone!.id,
  });
}

/** Whom an application is for: a child linked to the caller, any student for the office, or the caller. */
async function subjectOf(ctx: RequestContext, studentId: number | undefined): Promise<{ studentId: number | null; userId: number | null }> {
  if (studentId) {
    const own = (await linkedStudents(ctx.scope, ctx.principal.userId)).some((s) => s.id === studentId);
    if (!own && (ctx.principal.linkedStudentsOnly || !can(ctx.principal.permissions, "attendance", "add"))) throw notFound("Student");
    await requireStudent(ctx.scope, studentId);
    return { studentId, userId: null };
  }
  if (ctx.principal.linkedStudentsOnly) throw badRequest("leave.choose_child", "Choose the child the leave is for.", { field: "studentId" });
  return { studentId: null, userId: ctx.principal.userId };
}

/**
 * Leave: types (sick, family, travel given on a school's first visit), applications filed by the
 * office, by parents for their children and by staff for themselves, and the office's decisions,
 * each told to the applicant once.
 */
export function registerLeave(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, leaveTypeResource, leaveTypes, {
    standard: STANDARD_LEAVE_TYPES,
    sample: async () => ({ name: `Umrah ${sampleTag()}`, yearlyAllowance: 15, status: "active" as const }),
  });

  serveAction(
    app,
    getLeaveType,
    async (ctx, { params }) => ({ message: "Leave type fetched successfully", data: await ctx.scope.find(leaveTypes, params.id, "Leave type") }),
    { sample: async (scope) => ({ params: { id: (await sampleLeaveType(scope)).id } }) },
  );

  serveAction(
    app,
    updateLeaveType,
    async (ctx, { params, body }) => {
      const before = await ctx.scope.find(leaveTypes, params.id, "Leave type");
      const after = Object.keys(body).length ? await ctx.scope.update(leaveTypes, params.id, body, "Leave type") : before;
      await ctx.audit({ action: "update", entity: "leave_types", entityId: params.id, before, after });
      return { message: "Leave type updated successfully", data: after };
    },
    { sample: async (scope) => ({ params: { id: (await sampleLeaveType(scope)).id }, body: { yearlyAllowance: 10 } }) },
  );

  serveResource(app, leaveApplicationResource, leaveApplications, {
    present: (ctx, rows) => presentApplications(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      if (input.studentId && input.userId) throw badRequest("leave.one_person", "Choose the student or the staff member, not both.", { field: "userId" });
      if (input.studentId) await requireStudent(ctx.scope, input.studentId);
      if (input.userId) await ctx.scope.find(users, input.userId, "Staff member");
      const subject = { studentId: input.studentId ?? null, userId: input.userId ?? null };
      const days = await checkLeaveRequest(ctx.scope, { ...subject, leaveTypeId: input.leaveTypeId, fromDate: input.fromDate, toDate: input.toDate });
      return { ...input, ...subject, days, appliedBy: ctx.principal.userId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      if (existing.status !== "pending")
        throw conflict("leave.already_decided", `This application is already ${existing.status}.`, { status: existing.status });
      const { id: _id, ...values } = input;
      const next = { ...existing, ...values };
      if (next.studentId && next.userId) throw badRequest("leave.one_person", "Choose the student or the staff member, not both.", { field: "userId" });
      if (values.studentId) await requireStudent(ctx.scope, values.studentId);
      if (values.userId) await ctx.scope.find(users, values.userId, "Staff member");
      const days = await checkLeaveRequest(ctx.scope, { ...next, except: existing.id });
      return { ...values, days };
    },
    sample: async (scope) => ({
      studentId: (await sampleStudent(scope)).id,
      leaveTypeId: (await sampleLeaveType(scope)).id,
      fromDate: "2026-03-02",
      toDate: "2026-03-04",
      reason: "Family wedding",
    }),
  });

  const one = async (ctx: RequestContext, id: number) => {
    const row = await ctx.scope.db
      .select()
      .from(leaveApplications)
      .where(ctx.scope.where(leaveApplications, eq(leaveApplications.id, id)));
    if (!row[0]) throw notFound("Leave application");
    return (await presentApplications(ctx.scope, [row[0]]))[0]!;
  };

  serveAction(app, getLeaveApplication, async (ctx, { params }) => ({ message: "Leave application fetched successfully", data: await one(ctx, params.id) }), {
    sample: async (scope) => ({ params: { id: (await samplePending(scope)).id } }),
  });

  serveAction(
    app,
    approveLeave,
    async (ctx, { params, body }) => {
      const { row, changed } = await decideLeave(services, ctx, params.id, "approved", body.comment || null);
      return { message: changed ? "Leave approved" : "This leave was already approved", data: (await presentApplications(ctx.scope, [row]))[0]! };
    },
    { sample: async (scope) => ({ params: { id: (await samplePending(scope)).id }, body: { comment: "Get well soon" } }) },
  );

  serveAction(
    app,
    rejectLeave,
    async (ctx, { params, body }) => {
      const { row, changed } = await decideLeave(services, ctx, params.id, "rejected", body.reason);
      return { message: changed ? "Leave rejected" : "This leave was already rejected", data: (await presentApplications(ctx.scope, [row]))[0]! };
    },
    { sample: async (scope) => ({ params: { id: (await samplePending(scope)).id }, body: { reason: "Examinations that week" } }) },
  );

  serveAction(app, myLeave, async (ctx, { query }) => {
    const linked = (await linkedStudents(ctx.scope, ctx.principal.userId)).map((s) => s.id);
    const where = ctx.scope.where(leaveApplications, mineCondition(ctx.principal.userId, linked));
    const [rows, [total], types] = await Promise.all([
      ctx.scope.db
        .select()
        .from(leaveApplications)
        .where(where)
        .orderBy(desc(leaveApplications.fromDate), desc(leaveApplications.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      ctx.scope.db.select({ n: count() }).from(leaveApplications).where(where),
      activeLeaveTypes(ctx.scope),
    ]);
    return { message: "Leave applications fetched successfully", rows: await presentApplications(ctx.scope, rows), count: total?.n ?? 0, types };
  });

  serveAction(
    app,
    applyForLeave,
    async (ctx, { body }) => {
      const subject = await subjectOf(ctx, body.studentId);
      const request = { ...subject, leaveTypeId: body.leaveTypeId, fromDate: body.fromDate, toDate: body.toDate };
      // The same application sent twice (a double tap, a retry after a lost reply) is filed once.
      const [same] = await ctx.scope.db
        .select()
        .from(leaveApplications)
        .where(
          ctx.scope.where(
            leaveApplications,
            subject.studentId ? eq(leaveApplications.studentId, subject.studentId) : eq(leaveApplications.userId, subject.userId!),
            eq(leaveApplications.leaveTypeId, body.leaveTypeId),
            eq(leaveApplications.fromDate, body.fromDate),
            eq(leaveApplications.toDate, body.toDate),
            ne(leaveApplications.status, "rejected"),
          ),
        )
        .limit(1);
      if (same) return { message: "This leave was already applied for", data: (await presentApplications(ctx.scope, [same]))[0]! };
      const days = await checkLeaveRequest(ctx.scope, request);
      const file = async (attachment: string | null) =>
        ctx.scope.insert(leaveApplications, { ...request, days, reason: body.reason, attachment, appliedBy: ctx.principal.userId });
      const made = body.attachment
        ? await withUploads(store, ctx.scope.tenantId, ctx.principal.userId, async (batch) => {
            const stored = batch.add(
              decodeUpload(body.attachment!, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "attachment" }),
              "attendance",
            );
            await batch.save(ctx.scope);
            return file(stored.path);
          })
        : await file(null);
      await ctx.audit({ action: "create", entity: "leave_applications", entityId: made.id, after: made });
      return { message: "Leave applied for", data: (await presentApplications(ctx.scope, [made]))[0]! };
    },
    {
      bodyLimit: Math.ceil(UPLOAD_LIMITS.fileBytes / 3) * 4 + 64 * 1024,
      sample: async (scope) => ({
        body: {
          studentId: (await sampleStudent(scope)).id,
          leaveTypeId: (await sampleLeaveType(scope)).id,
          fromDate: "2026-04-06",
          toDate: "2026-04-07",
          reason: "Travel",
        },
      }),
    },
  );
}
