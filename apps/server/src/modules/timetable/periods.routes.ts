import { PeriodAllQuery, PeriodApprove, PeriodByDateQuery, PeriodRow, periodResource, RowId } from "@taleem/contract";
import { asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertSubjectFitsCourse, requireSubject } from "../academics/academics.service.js";
import { batches, courseClasses, courses, subjects } from "../academics/academics.table.js";
import { requireClassroom, requireTeachers } from "../classrooms/classrooms.service.js";
import { classrooms } from "../classrooms/classrooms.table.js";
import { assertPeriodFree, entryOfHour, presentPeriods } from "./timetable.service.js";
import { hours, periods } from "./timetable.table.js";

const listOf = z.object({ message: z.string(), rows: z.array(PeriodRow), count: z.number() });

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

/** Periods: lessons taught, submitted by teachers and approved by the school. */
export function registerPeriodRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];

  // The fixed paths first, so `period/:id` never swallows them.
  r.get("/admin/api/period/all", {
    config: { permission: ["academics", "view"] },
    schema: { tags, summary: "Every period of a range (no paging; at most 2,000), by date", querystring: PeriodAllQuery, response: { 200: listOf } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const q = req.query;
      const rows = await db
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
  });

  r.get("/admin/api/period/filter/by-date", {
    config: { permission: ["academics", "view"] },
    schema: { tags, summary: "The periods of one date (YYYY-MM-DD)", querystring: PeriodByDateQuery, response: { 200: listOf } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const rows = await db
        .select()
        .from(periods)
        .where(ctx.scope.where(periods, eq(periods.date, req.query.date), req.query.classroomId ? eq(periods.classroomId, req.query.classroomId) : undefined))
        .orderBy(asc(periods.classroomId), asc(periods.id));
      return { message: "Periods fetched successfully", rows: await presentPeriods(ctx.scope, rows), count: rows.length };
    },
  });

  r.post("/admin/api/period/approve", {
    config: { permission: ["academics", "approve"] },
    schema: {
      tags,
      summary: "Approve (or reject) submitted periods",
      body: PeriodApprove,
      response: { 200: z.object({ message: z.string(), updated: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { ids, status } = req.body;
      const updated = await ctx.scope.transaction(async (scope) => {
        const found = await scope.db
          .select({ id: periods.id })
          .from(periods)
          .where(scope.where(periods, inArray(periods.id, ids)));
        const missing = ids.find((id) => !found.some((f) => f.id === id));
        if (missing) throw notFound(`Period ${missing}`);
        await scope.db
          .update(periods)
          .set({ status, approvedBy: ctx.principal.userId, approvedAt: new Date() })
          .where(scope.where(periods, inArray(periods.id, ids)));
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: status === "approved" ? "approve" : "reject",
          entity: "periods",
          details: { ids },
          ip: ctx.ip,
        });
        return ids.length;
      });
      return { message: `${updated} period(s) ${status}`, updated };
    },
  });

  serveResource(app, db, periodResource, periods, {
    present: (ctx, rows) => presentPeriods(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const teacherId = await checkPeriod(ctx.scope, input);
      await assertPeriodFree(ctx.scope, input.hourId, input.date);
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
      await assertPeriodFree(ctx.scope, next.hourId, values.date ?? existing.date, existing.id);
      return values;
    },
    sample: async (scope) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const batch = await scope.insert(batches, { name: `Year ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" });
      const course = await scope.insert(courses, { name: `Course ${tag}`, kind: "madrasa" });
      const cls = await scope.insert(courseClasses, { courseId: course.id, name: "Class 2", order: 2 });
      const room = await scope.insert(classrooms, { batchId: batch.id, courseClassId: cls.id, courseId: course.id, name: "A" });
      const subject = await scope.insert(subjects, { name: `Seerah ${tag}` });
      return { classroomId: room.id, date: "2026-07-01", subjectId: subject.id, topic: "The Hijrah" };
    },
  });

  r.get("/admin/api/period/:id", {
    config: { permission: ["academics", "view"] },
    schema: { tags, summary: "One period", params: z.object({ id: RowId }), response: { 200: z.object({ message: z.string(), data: PeriodRow }) } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.find(periods, req.params.id, "Period");
      const [data] = await presentPeriods(ctx.scope, [row]);
      return { message: "Period fetched successfully", data: data! };
    },
  });
}
