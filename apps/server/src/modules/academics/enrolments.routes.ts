import { courseEnrolments, courseStudents, enrolmentRecord, enrolmentResource, verifyEnrolmentRecord } from "@taleem/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError, badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { presentBrief, requireStudent, studentsByIds } from "../students/students.service.js";
import { sampleCourse } from "./academic-samples.service.js";
import { requireCourse } from "./academics.service.js";
import { registerBulkEnrol } from "./bulk-enrol.routes.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { classroomInfos, requireClassroom } from "./classrooms.service.js";
import { registerEnrolmentActions } from "./enrolment-actions.routes.js";
import { enrolmentValues, isChained, presentEnrolments, RECORD_TOKEN } from "./enrolments.service.js";
import { enrolmentListJoin, enrolments } from "./enrolments.table.js";

/**
 * Enrolments: a student in a classroom for a batch, with history, and its public verification.
 * One active enrolment per student and batch (its unique index refuses a second).
 */
export function registerEnrolmentsModule(app: FastifyInstance, services: Services) {
  serveResource(app, enrolmentResource, enrolments, {
    present: (ctx, rows) => presentEnrolments(ctx.scope, rows),
    listJoin: enrolmentListJoin,
    beforeCreate: async (ctx, input) => {
      const student = await requireStudent(ctx.scope, input.studentId);
      if (student.status !== "active") {
        throw badRequest("enrolment.student_not_active", `${student.name} is marked ${student.status}; make the student active first.`, { field: "studentId" });
      }
      const room = await requireClassroom(ctx.scope, input.classroomId);
      return enrolmentValues(student.id, room, input.startedOn ?? (await schoolToday(ctx.scope)), { rollNo: input.rollNo });
    },
    beforeUpdate: async (ctx, existing, input) => {
      // The student is the enrolment's own: a PUT corrects the classroom, roll number and start.
      const values: Partial<typeof enrolments.$inferInsert> = {};
      if (input.classroomId !== undefined && input.classroomId !== existing.classroomId) {
        const room = await requireClassroom(ctx.scope, input.classroomId);
        Object.assign(values, { classroomId: room.id, batchId: room.batchId, courseId: room.courseId });
      }
      if (input.rollNo !== undefined) values.rollNo = input.rollNo;
      if (input.startedOn) {
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
      const [student, room] = await Promise.all([sampleStudent(scope), sampleClassroom(scope)]);
      return { studentId: student.id, classroomId: room.id };
    },
  });

  serveAction(app, enrolmentRecord, async (ctx, { params }) => {
    const [row] = await ctx.scope.db
      .select()
      .from(enrolments)
      .where(ctx.scope.where(enrolments, eq(enrolments.id, params.id)))
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
  });

  serveAction(app, verifyEnrolmentRecord, async (ctx, { params }) => {
    const hits = await services.attempts.hit(`enrolment-record:${ctx.ip}`, 60);
    if (hits > 120) throw new AppError(429, "rate_limited", "Too many verification requests. Try again in a minute.");
    const { record, code } = params;
    if (!RECORD_TOKEN.test(record)) throw notFound("Record");
    const [tenant] = await ctx.db
      .select()
      .from(tenants)
      .where(and(eq(sql`lower(${tenants.code})`, code.trim().toLowerCase()), eq(tenants.status, "active")))
      .limit(1);
    if (!tenant) throw notFound("Record");
    return new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
      const [row] = await scope.db
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
    });
  });

  serveAction(app, courseEnrolments, async (ctx, { params, query: q }) => {
    await requireCourse(ctx.scope, params.id);
    const where = ctx.scope.where(
      enrolments,
      eq(enrolments.courseId, params.id),
      q.status ? eq(enrolments.status, q.status) : undefined,
      q.batchId ? eq(enrolments.batchId, q.batchId) : undefined,
      q.classroomId ? eq(enrolments.classroomId, q.classroomId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ctx.scope.db
        .select()
        .from(enrolments)
        .where(where)
        .orderBy(desc(enrolments.startedOn), desc(enrolments.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      ctx.scope.db.select({ n: count() }).from(enrolments).where(where),
    ]);
    return { rows: await presentEnrolments(ctx.scope, rows), count: total?.n ?? 0, message: "Course enrolments fetched successfully" };
  });

  serveAction(
    app,
    courseStudents,
    async (ctx, { params, query }) => {
      await requireCourse(ctx.scope, params.id);
      const rows = await ctx.scope.db
        .select()
        .from(enrolments)
        .where(
          ctx.scope.where(
            enrolments,
            eq(enrolments.courseId, params.id),
            eq(enrolments.status, "active"),
            query.batchId ? eq(enrolments.batchId, query.batchId) : undefined,
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
    { sample: async (scope) => ({ params: { id: (await sampleCourse(scope)).id } }) },
  );

  registerEnrolmentActions(app);
  registerBulkEnrol(app);
}
