import { allPeriods, approvePeriods, getPeriod, periodResource, periodsByDate } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleSubject } from "./academic-samples.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { decidePeriods, listPeriods, newPeriodValues, periodChangeValues, periodOf, periodsOn, samplePeriod } from "./periods.service.js";
import { presentPeriods } from "./timetable.service.js";
import { periods } from "./timetable.table.js";

/**
 * Periods: lessons taught, submitted by teachers and approved by the school; one per hour and
 * date (its unique index refuses a second: period.exists).
 */
export function registerPeriodRoutes(app: FastifyInstance) {
  // The fixed paths first, so `period/:id` never swallows them.
  // A classroom filter names a classroom of this school: another school's answers 404, not an empty list.
  const roomSample = async (scope: TenantScope) => ({ query: { classroomId: (await sampleClassroom(scope)).id, date: "2026-07-01" } });

  serveAction(
    app,
    allPeriods,
    async (ctx, { query }) => {
      const rows = await listPeriods(ctx.scope, query);
      return { message: "Periods fetched successfully", rows, count: rows.length };
    },
    { sample: async (scope) => ({ query: { classroomId: (await roomSample(scope)).query.classroomId } }) },
  );

  serveAction(
    app,
    periodsByDate,
    async (ctx, { query }) => {
      const rows = await periodsOn(ctx.scope, query.date, query.classroomId);
      return { message: "Periods fetched successfully", rows, count: rows.length };
    },
    { sample: roomSample },
  );

  serveAction(
    app,
    approvePeriods,
    async (ctx, { body: { ids, status } }) => {
      await decidePeriods(ctx, ids, status);
      return { message: `${ids.length} period(s) ${status}`, updated: ids.length };
    },
    { sample: async (scope) => ({ body: { ids: [(await samplePeriod(scope)).id], status: "approved" as const } }) },
  );

  serveResource(app, periodResource, periods, {
    present: (ctx, rows) => presentPeriods(ctx.scope, rows),
    beforeCreate: (ctx, input) => newPeriodValues(ctx, input),
    beforeUpdate: (ctx, existing, input) => periodChangeValues(ctx.scope, existing, input),
    sample: async (scope) => {
      const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
      return { classroomId: room.id, date: "2026-07-01", subjectId: subject.id, topic: "The Hijrah" };
    },
  });

  serveAction(app, getPeriod, async (ctx, { params }) => ({ message: "Period fetched successfully", data: await periodOf(ctx.scope, params.id) }));
}
