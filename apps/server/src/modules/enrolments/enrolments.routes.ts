import { EnrolmentPublicRecord, EnrolmentRow, enrolmentResource, ListQuery, listReply, RowId, StudentBrief } from "@taleem/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { requireCourse } from "../academics/academics.service.js";
import { batches, courseClasses, courses } from "../academics/academics.table.js";
import { classroomInfos, requireClassroom } from "../classrooms/classrooms.service.js";
import { classrooms } from "../classrooms/classrooms.table.js";
import { guardianScope, presentBrief, requireStudent, studentsByIds } from "../students/students.service.js";
import { students } from "../students/students.table.js";
import { registerEnrolmentActions } from "./enrolment-actions.routes.js";
import { assertNotEnrolled, enrolmentValues, isChained, presentEnrolments, RECORD_TOKEN, schoolToday } from "./enrolments.service.js";
import { enrolments } from "./enrolments.table.js";

const RecordReply = z.object({
  message: z.string(),
  data: EnrolmentRow.extend({
    photo: z.string().nullable(),
    school: z.string(),
    /** The public API call that verifies the record. */
    verifyPath: z.string(),
    /** The web page a parent or another school opens to see it (the link the school shares). */
    verifyPage: z.string(),
  }),
});
/** What anyone holding the link sees: the contract's public record, with the enrolment's dates. */
const CourseStudent = StudentBrief.extend({ enrollmentId: z.number(), classroomId: z.number(), classroomLabel: z.string(), rollNo: z.number().nullable() });

/** Enrolments: a student in a classroom for a batch, with history, and its public verification. */
export function registerEnrolmentsModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  serveResource(app, db, enrolmentResource, enrolments, {
    scope: (ctx) => guardianScope(ctx, enrolments.studentId),
    present: (ctx, rows) => presentEnrolments(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const student = await requireStudent(ctx.scope, input.studentId);
      if (student.status !== "active") {
        throw badRequest("enrolment.student_not_active", `${student.name} is marked ${student.status}; make the student active first.`, { field: "studentId" });
      }
      const room = await requireClassroom(ctx.scope, input.classroomId);
      await assertNotEnrolled(ctx.scope, room.batchId, [student.id]);
      return enrolmentValues(student.id, room, input.startedOn ?? (await schoolToday(ctx.scope)), { rollNo: input.rollNo });
    },
    beforeUpdate: async (ctx, existing, input) => {
      const values: Partial<typeof enrolments.$inferInsert> = {};
      if (input.classroomId !== undefined && input.classroomId !== existing.classroomId) {
        const room = await requireClassroom(ctx.scope, input.classroomId);
        if (existing.status === "active") await assertNotEnrolled(ctx.scope, room.batchId, [existing.studentId], [existing.id]);
        Object.assign(values, { classroomId: room.id, batchId: room.batchId, courseId: room.courseId });
      }
      if (input.rollNo !== undefined) values.rollNo = input.rollNo;
      if (input.startedOn !== undefined) {
        if (existing.endedOn && input.startedOn > existing.endedOn) {
          throw badRequest("enrolment.dates", "The start date must not be after the end date.", { field: "startedOn" });
        }
        values.startedOn = input.startedOn;
      }
      return values;
    },
    beforeDelete: async (ctx, existing) => {
      if (await isChained(ctx.scope, existing)) {
        throw conflict("enrolment.has_history", "This enrolment is part of a transfer or promotion history. Remove the student from the class instead.");
      }
    },
    sample: async (scope) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const student = await scope.insert(students, { admissionNo: `E-${tag}`, name: "Sample Enrolled Student" });
      const batch = await scope.insert(batches, { name: `Year ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" });
      const course = await scope.insert(courses, { name: `Course ${tag}`, kind: "madrasa" });
      const cls = await scope.insert(courseClasses, { courseId: course.id, name: "Class 1", order: 1 });
      const room = await scope.insert(classrooms, { batchId: batch.id, courseClassId: cls.id, courseId: course.id, name: "A" });
      return { studentId: student.id, classroomId: room.id };
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];

  r.get("/admin/api/enrollment/record/:id", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "One enrolment with the student's photo and its public verification path",
      params: z.object({ id: RowId }),
      response: { 200: RecordReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const [row] = await db
        .select()
        .from(enrolments)
        .where(ctx.scope.where(enrolments, eq(enrolments.id, req.params.id), guardianScope(ctx, enrolments.studentId)))
        .limit(1);
      if (!row) throw notFound("Enrolment");
      const [[data], student, tenant] = await Promise.all([presentEnrolments(ctx.scope, [row]), requireStudent(ctx.scope, row.studentId), tenantOf(ctx.scope)]);
      const tail = `${row.recordToken}/${encodeURIComponent(ctx.principal.tenantCode)}`;
      return {
        message: "Enrolment fetched successfully",
        data: {
          ...data!,
          photo: student.photo,
          school: tenant.name,
          verifyPath: `/admin/open/enrollment/record/${tail}`,
          verifyPage: `/open/enrollment/${tail}`,
        },
      };
    },
  });

  r.get("/admin/open/enrollment/record/:record/:code", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "Public verification of an enrolment by its unguessable token: name, school, class, batch, dates and status only",
      params: z.object({ record: z.string().max(200), code: z.string().max(60) }),
      response: { 200: z.object({ message: z.string(), data: EnrolmentPublicRecord }) },
    },
    handler: async (req) => {
      const hits = await services.attempts.hit(`enrolment-record:${req.ip}`, 60);
      if (hits > 120) throw new AppError(429, "rate_limited", "Too many verification requests. Try again in a minute.");
      const { record, code } = req.params;
      if (!RECORD_TOKEN.test(record)) throw notFound("Record");
      const [tenant] = await db
        .select()
        .from(tenants)
        .where(and(eq(sql`lower(${tenants.code})`, code.trim().toLowerCase()), eq(tenants.status, "active")))
        .limit(1);
      if (!tenant) throw notFound("Record");
      const scope = new TenantScope(db, tenant.id);
      const [row] = await db
        .select()
        .from(enrolments)
        .where(scope.where(enrolments, eq(enrolments.recordToken, record)))
        .limit(1);
      if (!row) throw notFound("Record");
      const [student, rooms] = await Promise.all([requireStudent(scope, row.studentId), classroomInfos(scope, [row.classroomId])]);
      const room = rooms.get(row.classroomId)!;
      return {
        message: "Record verified",
        data: {
          name: student.name,
          school: tenant.name,
          class: room.label,
          batch: room.batchName,
          status: row.status,
          startedOn: row.startedOn,
          endedOn: row.endedOn,
        },
      };
    },
  });

  r.get("/admin/api/course/:id/enrollments", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "The enrolments of a course (any status unless filtered), newest first",
      params: z.object({ id: RowId }),
      querystring: ListQuery.extend({ status: enrolmentResource.row.shape.status.optional(), batchId: RowId.optional(), classroomId: RowId.optional() }),
      response: { 200: listReply(EnrolmentRow) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await requireCourse(ctx.scope, req.params.id);
      const q = req.query;
      const where = ctx.scope.where(
        enrolments,
        eq(enrolments.courseId, req.params.id),
        q.status ? eq(enrolments.status, q.status) : undefined,
        q.batchId ? eq(enrolments.batchId, q.batchId) : undefined,
        q.classroomId ? eq(enrolments.classroomId, q.classroomId) : undefined,
        guardianScope(ctx, enrolments.studentId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(enrolments)
          .where(where)
          .orderBy(desc(enrolments.startedOn), desc(enrolments.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(enrolments).where(where),
      ]);
      return { rows: await presentEnrolments(ctx.scope, rows), count: total?.n ?? 0, message: "Course enrolments fetched successfully" };
    },
  });

  r.get("/api/courses/:id/students", {
    config: { permission: ["students", "view"] },
    schema: {
      tags,
      summary: "The students actively enrolled in a course, by classroom and roll number",
      params: z.object({ id: RowId }),
      querystring: z.object({ batchId: RowId.optional() }),
      response: { 200: z.object({ message: z.string(), rows: z.array(CourseStudent), count: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await requireCourse(ctx.scope, req.params.id);
      const rows = await db
        .select()
        .from(enrolments)
        .where(
          ctx.scope.where(
            enrolments,
            eq(enrolments.courseId, req.params.id),
            eq(enrolments.status, "active"),
            req.query.batchId ? eq(enrolments.batchId, req.query.batchId) : undefined,
            guardianScope(ctx, enrolments.studentId),
          ),
        )
        .orderBy(enrolments.classroomId, enrolments.rollNo, enrolments.id);
      const [people, rooms] = await Promise.all([
        studentsByIds(
          ctx.scope,
          rows.map((e) => e.studentId),
        ),
        classroomInfos(
          ctx.scope,
          rows.map((e) => e.classroomId),
        ),
      ]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const out = rows
        .filter((e) => byId.has(e.studentId))
        .map((e) => ({
          ...presentBrief(byId.get(e.studentId)!),
          enrollmentId: e.id,
          classroomId: e.classroomId,
          classroomLabel: rooms.get(e.classroomId)?.label ?? "",
          rollNo: e.rollNo,
        }));
      return { message: "Course students fetched successfully", rows: out, count: out.length };
    },
  });

  registerEnrolmentActions(app, services);
}
