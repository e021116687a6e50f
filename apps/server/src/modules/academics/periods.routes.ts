import { allPeriods, approvePeriods, getPeriod, periodResource, periodsByDate } from "@taleem/contract";
import { asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleSubject } from "./academic-samples.service.js";
import { assertSubjectFitsCourse, requireSubject } from "./academics.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom, requireTeachers } from "./classrooms.service.js";
import { entryOfHour, presentPeriods } from "./timetable.service.js";
import { hours, periods } from "./timetable.table.js";

/** Checks a lesson's classroom, slot, subject and teacher; the slot's timetable teacher is the default. */
async function checkPeriod(scope: TenantScope, p: { classroomId: number; hourId?: number | null; subjectId: number; teacherId?: number | null }) {
  const room = await requireClassroom(scope, p.classroomId);
  if (p.hourId) {
    const hour = await scope.find(hours, p.hourId, "Hour");
    if (hour.classroomId !== room.id) throw badRequest("period.hour_elsewhere", "This hour belongs to another classroom.", { field: "hourId" });
  }
  assertSubjectFitsCourse(await requireSubject(scope, p.subjectId), room.courseId);
  await requireTeachers(scope, [p.teacherId], "teacherId");
  if (p.teacherId === undefined && p.hourId) return (await entryOfHour(scope, p.hourId))?.teacherId ?? null;
  return p.teacherId ?? null;
}

/** A lesson recorded in a school, for the isolation suite. */
async function samplePeriod(scope: TenantScope) {
  const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
  return scope.insert(periods, { classroomId: room.id, date: "2026-07-01", subjectId: subject.id, topic: "The Hijrah" });
}

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
    async (ctx, { query: q }) => {
      if (q.classroomId) await requireClassroom(ctx.scope, q.classroomId);
      const rows = await ctx.scope.db
        .select()
        .from(periods)
        .where(
          ctx.scope.where(
            periods,
            q.classroomId ? eq(periods.classroomId, q.classroomId) : undefined,
            q.from ? gte(periods.date, q.from) : undefined,
            q.to ? lte(periods.date, q.to) : undefined,
            q.status ? eq(periods.status, q.status) : undefined,
          ),
        )
        .orderBy(desc(periods.date), asc(periods.id))
        .limit(2000);
      return { message: "Periods fetched successfully", rows: await presentPeriods(ctx.scope, rows), count: rows.length };
    },
    { sample: async (scope) => ({ query: { classroomId: (await roomSample(scope)).query.classroomId } }) },
  );

  serveAction(
    app,
    periodsByDate,
    async (ctx, { query }) => {
      if (query.classroomId) await requireClassroom(ctx.scope, query.classroomId);
      const rows = await ctx.scope.db
        .select()
        .from(periods)
        .where(ctx.scope.where(periods, eq(periods.date, query.date), query.classroomId ? eq(periods.classroomId, query.classroomId) : undefined))
        .orderBy(asc(periods.classroomId), asc(periods.id));
      return { message: "Periods fetched successfully", rows: await presentPeriods(ctx.scope, rows), count: rows.length };
    },
    { sample: roomSample },
  );

  serveAction(
    app,
    approvePeriods,
    async (ctx, { body: { ids, status } }) => {
      const found = await ctx.scope.db
        .select({ id: periods.id })
        .from(periods)
        .where(ctx.scope.where(periods, inArray(periods.id, ids)));
      const missing = ids.find((id) => !found.some((f) => f.id === id));
      if (missing) throw notFound(`Period ${missing}`);
      await ctx.scope.db
        .update(periods)
        .set({ status, approvedBy: ctx.principal.userId, approvedAt: new Date() })
        .where(ctx.scope.where(periods, inArray(periods.id, ids)));
      await ctx.audit({ action: status === "approved" ? "approve" : "reject", entity: "periods", details: { ids } });
      return { message: `${ids.length} period(s) ${status}`, updated: ids.length };
    },
    { sample: async (scope) => ({ body: { ids: [(await samplePeriod(scope)).id], status: "approved" as const } }) },
  );

  serveResource(app, periodResource, periods, {
    present: (ctx, rows) => presentPeriods(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const teacherId = await checkPeriod(ctx.scope, input);
      return { ...input, hourId: input.hourId ?? null, teacherId, submittedBy: ctx.principal.userId, source: "app" as const };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const next = {
        classroomId: values.classroomId ?? existing.classroomId,
        hourId: values.hourId !== undefined ? values.hourId : existing.hourId,
        subjectId: values.subjectId ?? existing.subjectId,
        teacherId: values.teacherId !== undefined ? values.teacherId : existing.teacherId,
      };
      await checkPeriod(ctx.scope, next);
      return values;
    },
    sample: async (scope) => {
      const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
      return { classroomId: room.id, date: "2026-07-01", subjectId: subject.id, topic: "The Hijrah" };
    },
  });

  serveAction(app, getPeriod, async (ctx, { params }) => {
    const row = await ctx.scope.find(periods, params.id, "Period");
    const [data] = await presentPeriods(ctx.scope, [row]);
    return { message: "Period fetched successfully", data: data! };
  });
}
