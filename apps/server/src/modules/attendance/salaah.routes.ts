import {
  can,
  childSalaah,
  salaahBulkUpdate,
  salaahClassDay,
  salaahGrouped,
  salaahLogResource,
  salaahOptionResource,
  salaahTypeResource,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { sampleEnrolment } from "../academics/enrolment-samples.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { checkRange, classroomStudentIds, groupedLogs, requirePastDate, STANDARD_PRAYERS, STANDARD_SALAAH_OPTIONS, saveClassMarks } from "./salaah.service.js";
import { salaahLogs, salaahOptions, salaahTypes } from "./salaah.table.js";

const sampleType = (scope: TenantScope) => scope.insert(salaahTypes, { name: `Tahajjud ${sampleTag()}`, order: 9 });
const sampleOption = (scope: TenantScope) => scope.insert(salaahOptions, { name: `On time ${sampleTag()}`, meaning: "congregation" });

/** Whether the caller may read this student's prayers: a parent their own child, staff with attendance view. */
async function requireReadableStudent(ctx: RequestContext, studentId: number) {
  // In a family's scope another family's child is not found.
  const student = await requireStudent(ctx.scope, studentId);
  if (!ctx.scope.family && !can(ctx.principal.permissions, "attendance", "view")) {
    throw new AppError(403, "forbidden", "You do not have permission to do this.");
  }
  return student;
}

/**
 * Salaah: prayer types and options (the standard ones given on a school's first visit), single
 * logs, a class's day, the grouped reply for a range, a whole class for one prayer in one call,
 * and a parent's view of their child.
 */
export function registerSalaah(app: FastifyInstance, _services: Services) {
  serveResource(app, salaahTypeResource, salaahTypes, {
    standard: STANDARD_PRAYERS,
    sample: async () => ({ name: `Tahajjud ${sampleTag()}`, order: 7, time: "03:30", status: "active" as const }),
  });

  serveResource(app, salaahOptionResource, salaahOptions, {
    standard: STANDARD_SALAAH_OPTIONS,
    sample: async () => ({ name: `Prayed at home ${sampleTag()}`, meaning: "alone" as const, order: 9, status: "active" as const }),
  });

  serveResource(app, salaahLogResource, salaahLogs, {
    beforeCreate: async (ctx, input) => {
      await requireStudent(ctx.scope, input.studentId);
      await Promise.all([ctx.scope.find(salaahTypes, input.salaahTypeId, "Prayer type"), ctx.scope.find(salaahOptions, input.optionId, "Option")]);
      await requirePastDate(ctx.scope, input.date);
      return { ...input, markedBy: ctx.principal.userId };
    },
    beforeUpdate: async (ctx, _existing, input) => {
      const { id: _id, ...values } = input;
      if (values.studentId) await requireStudent(ctx.scope, values.studentId);
      if (values.salaahTypeId) await ctx.scope.find(salaahTypes, values.salaahTypeId, "Prayer type");
      if (values.optionId) await ctx.scope.find(salaahOptions, values.optionId, "Option");
      if (values.date) await requirePastDate(ctx.scope, values.date);
      return { ...values, markedBy: ctx.principal.userId };
    },
    sample: async (scope) => {
      const [student, type, option] = await Promise.all([sampleStudent(scope), sampleType(scope), sampleOption(scope)]);
      return { studentId: student.id, salaahTypeId: type.id, optionId: option.id, date: "2026-01-05" };
    },
  });

  serveAction(
    app,
    salaahClassDay,
    async (ctx, { query }) => {
      await requireClassroom(ctx.scope, query.classroomId);
      return groupedLogs(ctx.scope, await classroomStudentIds(ctx.scope, query.classroomId), query.date, query.date);
    },
    { sample: async (scope) => ({ query: { classroomId: (await sampleClassroom(scope)).id, date: "2026-01-05" } }) },
  );

  serveAction(
    app,
    salaahGrouped,
    async (ctx, { query }) => {
      checkRange(query.from, query.to);
      if (query.classroomId) {
        await requireClassroom(ctx.scope, query.classroomId);
        return groupedLogs(ctx.scope, await classroomStudentIds(ctx.scope, query.classroomId), query.from, query.to);
      }
      if (!query.studentId) throw badRequest("salaah.whose", "Give a classroom or a student.", { field: "classroomId" });
      await requireStudent(ctx.scope, query.studentId);
      return groupedLogs(ctx.scope, [query.studentId], query.from, query.to);
    },
    { sample: async (scope) => ({ query: { studentId: (await sampleStudent(scope)).id, from: "2026-01-01", to: "2026-01-07" } }) },
  );

  serveAction(
    app,
    salaahBulkUpdate,
    async (ctx, { body }) => {
      const changed = await saveClassMarks(ctx.scope, body, ctx.principal.userId);
      if (changed) {
        await ctx.audit({
          action: "update",
          entity: "salaah_logs",
          entityId: body.classroomId,
          details: { date: body.date, salaahTypeId: body.salaahTypeId, marked: body.entries.length, changed },
        });
      }
      return { message: changed ? "Prayers saved" : "Nothing changed", saved: body.entries.length, changed };
    },
    {
      sample: async (scope) => {
        const [enrolment, type, option] = await Promise.all([sampleEnrolment(scope), sampleType(scope), sampleOption(scope)]);
        return {
          body: {
            classroomId: enrolment.classroomId,
            date: "2026-01-05",
            salaahTypeId: type.id,
            entries: [{ studentId: enrolment.studentId, optionId: option.id }],
          },
        };
      },
    },
  );

  serveAction(
    app,
    childSalaah,
    async (ctx, { query }) => {
      checkRange(query.from, query.to);
      await requireReadableStudent(ctx, query.student);
      return groupedLogs(ctx.scope, [query.student], query.from, query.to);
    },
    { sample: async (scope) => ({ query: { student: (await sampleStudent(scope)).id, from: "2026-01-01", to: "2026-01-07" } }) },
  );
}
