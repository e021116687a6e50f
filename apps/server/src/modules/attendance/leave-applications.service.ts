import { type applyForLeave, can, type leaveApplicationResource, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import { count, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { users } from "../../platform/auth/users.table.js";
import { decodeUpload, type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { linkedStudents, requireStudent } from "../students/students.service.js";
import { activeLeaveTypes, checkLeaveRequest, mineCondition, presentApplications } from "./leave.service.js";
import { type LeaveApplicationRecord, leaveApplications, leaveTypes } from "./leave.table.js";

type NewApplication = z.infer<typeof leaveApplicationResource.create>;
type ApplicationChange = z.infer<typeof leaveApplicationResource.update>;
type Application = z.infer<typeof applyForLeave.body>;

export const sampleLeaveType = (scope: TenantScope) => scope.insert(leaveTypes, { name: `Hajj ${sampleTag()}` });

/** A pending application made straight in a school, for the isolation suite's samples. */
export async function samplePending(scope: TenantScope) {
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

/** The office's new application, checked: for a student or a staff member, within the allowance. */
export async function newApplicationValues(ctx: Pick<RequestContext, "scope" | "principal">, input: NewApplication) {
  if (input.studentId && input.userId) throw badRequest("leave.one_person", "Choose the student or the staff member, not both.", { field: "userId" });
  if (input.studentId) await requireStudent(ctx.scope, input.studentId);
  if (input.userId) await ctx.scope.find(users, input.userId, "Staff member");
  const subject = { studentId: input.studentId ?? null, userId: input.userId ?? null };
  const days = await checkLeaveRequest(ctx.scope, { ...subject, leaveTypeId: input.leaveTypeId, fromDate: input.fromDate, toDate: input.toDate });
  return { ...input, ...subject, days, appliedBy: ctx.principal.userId };
}

/** A change to a pending application, checked as a new one is; a decided one is a 409. */
export async function applicationChangeValues(scope: TenantScope, existing: LeaveApplicationRecord, input: ApplicationChange) {
  if (existing.status !== "pending") throw conflict("leave.already_decided", `This application is already ${existing.status}.`, { status: existing.status });
  const { id: _id, ...values } = input;
  const next = { ...existing, ...values };
  if (next.studentId && next.userId) throw badRequest("leave.one_person", "Choose the student or the staff member, not both.", { field: "userId" });
  if (values.studentId) await requireStudent(scope, values.studentId);
  if (values.userId) await scope.find(users, values.userId, "Staff member");
  const days = await checkLeaveRequest(scope, { ...next, except: existing.id });
  return { ...values, days };
}

/** One application as its reply shows it (404 for one the caller's scope does not reach). */
export async function leaveApplication(scope: TenantScope, id: number) {
  const row = await scope.db
    .select()
    .from(leaveApplications)
    .where(scope.where(leaveApplications, eq(leaveApplications.id, id)));
  if (!row[0]) throw notFound("Leave application");
  return (await presentApplications(scope, [row[0]]))[0]!;
}

/** The applications the caller filed or that concern them or their children, a page of them, with the types to apply for. */
export async function myApplications(scope: TenantScope, userId: number, page: { page: number; limit: number }) {
  const linked = (await linkedStudents(scope, userId)).map((s) => s.id);
  const where = scope.where(leaveApplications, mineCondition(userId, linked));
  const [rows, [total], types] = await Promise.all([
    scope.db
      .select()
      .from(leaveApplications)
      .where(where)
      .orderBy(desc(leaveApplications.fromDate), desc(leaveApplications.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    scope.db.select({ n: count() }).from(leaveApplications).where(where),
    activeLeaveTypes(scope),
  ]);
  return { rows: await presentApplications(scope, rows), count: total?.n ?? 0, types };
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
 * Files the caller's application (for a child, or for themselves), with its attachment kept in
 * `store`. `created` is false when the same application was already filed.
 */
export async function applyLeave(ctx: RequestContext, store: UploadStore, body: Application) {
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
  if (same) return { created: false, data: (await presentApplications(ctx.scope, [same]))[0]! };
  const days = await checkLeaveRequest(ctx.scope, request);
  const file = async (attachment: string | null) =>
    ctx.scope.insert(leaveApplications, { ...request, days, reason: body.reason, attachment, appliedBy: ctx.principal.userId });
  const made = body.attachment
    ? await withUploads(store, ctx.scope.tenantId, ctx.principal.userId, async (batch) => {
        const stored = batch.add(decodeUpload(body.attachment!, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "attachment" }), "attendance");
        await batch.save(ctx.scope);
        return file(stored.path);
      })
    : await file(null);
  await ctx.audit({ action: "create", entity: "leave_applications", entityId: made.id, after: made });
  return { created: true, data: (await presentApplications(ctx.scope, [made]))[0]! };
}

/** Changes a leave type, audited; an empty change leaves it as it is. */
export async function changeLeaveType(ctx: Pick<RequestContext, "scope" | "audit">, id: number, change: Partial<typeof leaveTypes.$inferInsert>) {
  const before = await ctx.scope.find(leaveTypes, id, "Leave type");
  const after = Object.keys(change).length ? await ctx.scope.update(leaveTypes, id, change, "Leave type") : before;
  await ctx.audit({ action: "update", entity: "leave_types", entityId: id, before, after });
  return after;
}
