import { courseEnrolments, courseStudents, enrolmentRecord, enrolmentResource, verifyEnrolmentRecord } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { sampleCourse } from "./academic-samples.service.js";
import { registerBulkEnrol } from "./bulk-enrol.routes.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { registerEnrolmentActions } from "./enrolment-actions.routes.js";
import { enrolmentRecordOf, enrolmentsOfCourse, studentsOfCourse, verifiedEnrolment } from "./enrolment-records.service.js";
import { enrolmentChangeValues, newEnrolmentValues, presentEnrolments, refuseChainedDelete } from "./enrolments.service.js";
import { enrolmentListJoin, enrolments } from "./enrolments.table.js";

/**
 * Enrolments: a student in a classroom for a batch, with history, and its public verification.
 * One active enrolment per student and batch (its unique index refuses a second).
 */
export function registerEnrolmentsModule(app: FastifyInstance, services: Services) {
  serveResource(app, enrolmentResource, enrolments, {
    present: (ctx, rows) => presentEnrolments(ctx.scope, rows),
    listJoin: enrolmentListJoin,
    beforeCreate: (ctx, input) => newEnrolmentValues(ctx.scope, input),
    beforeUpdate: (ctx, existing, input) => enrolmentChangeValues(ctx.scope, existing, input),
    beforeDelete: (ctx, existing) => refuseChainedDelete(ctx.scope, existing),
    sample: async (scope) => {
      const [student, room] = await Promise.all([sampleStudent(scope), sampleClassroom(scope)]);
      return { studentId: student.id, classroomId: room.id };
    },
  });

  serveAction(app, enrolmentRecord, async (ctx, { params }) => ({
    message: "Enrolment fetched successfully",
    data: await enrolmentRecordOf(ctx.scope, ctx.principal.tenantCode, params.id),
  }));

  serveAction(app, verifyEnrolmentRecord, async (ctx, { params }) => {
    const hits = await services.attempts.hit(`enrolment-record:${ctx.ip}`, 60);
    if (hits > 120) throw new AppError(429, "rate_limited", "Too many verification requests. Try again in a minute.");
    return { message: "Record verified", data: await verifiedEnrolment(ctx.db, params.record, params.code) };
  });

  serveAction(app, courseEnrolments, async (ctx, { params, query }) => ({
    ...(await enrolmentsOfCourse(ctx.scope, params.id, query)),
    message: "Course enrolments fetched successfully",
  }));

  serveAction(
    app,
    courseStudents,
    async (ctx, { params, query }) => {
      const rows = await studentsOfCourse(ctx.scope, params.id, query.batchId);
      return { message: "Course students fetched successfully", rows, count: rows.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleCourse(scope)).id } }) },
  );

  registerEnrolmentActions(app);
  registerBulkEnrol(app);
}
