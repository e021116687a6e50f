import { HourRow, HourUpdateStudents, hourResource, RowId } from "@taleem/contract";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import type { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireSitting, whole } from "../academics/academics.service.js";
import { batches, courseClasses, courses } from "../academics/academics.table.js";
import { requireClassroom } from "../classrooms/classrooms.service.js";
import { classrooms } from "../classrooms/classrooms.table.js";
import { activeEnrolmentsOf } from "../enrolments/enrolments.service.js";
import { requireStudents } from "../students/students.service.js";
import { assertNoOverlap, presentHours } from "./timetable.service.js";
import { hourStudents, hours, periods } from "./timetable.table.js";
import { classroomTimetablePdf } from "./timetable-print.js";

function assertTimes(startTime: string, endTime: string) {
  if (endTime.slice(0, 5) <= startTime.slice(0, 5)) throw badRequest("hour.times", "The end time must be after the start time.", { field: "endTime" });
}

/** Replaces the students a slot serves; none means the whole classroom. */
export async function setHourStudents(scope: TenantScope, hour: typeof hours.$inferSelect, studentIds: number[]) {
  const wanted = [...new Set(studentIds)];
  await scope.db.delete(hourStudents).where(scope.where(hourStudents, eq(hourStudents.hourId, hour.id)));
  await scope.insertMany(
    hourStudents,
    wanted.map((studentId) => ({ hourId: hour.id, studentId })),
  );
  return scope.update(hours, hour.id, { audience: wanted.length ? "selected" : "all" }, "Hour");
}

/** Hours: the time slots of a classroom's week, and the printable weekly timetable. */
export function registerHourRoutes(app: FastifyInstance, { db }: Services, pdf: PdfRenderer) {
  serveResource(app, db, hourResource, hours, {
    filters: { sessionId: (v) => eq(hours.sittingId, whole("sessionId", v)) },
    present: (ctx, rows) => presentHours(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      assertTimes(input.startTime, input.endTime);
      await requireClassroom(ctx.scope, input.classroomId);
      if (input.sessionId) await requireSitting(ctx.scope, input.sessionId);
      await assertNoOverlap(ctx.scope, input);
      const { sessionId, ...values } = input;
      return { ...values, sittingId: sessionId ?? null };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, sessionId, ...values } = input;
      const next = {
        classroomId: values.classroomId ?? existing.classroomId,
        dayOfWeek: values.dayOfWeek ?? existing.dayOfWeek,
        startTime: values.startTime ?? existing.startTime.slice(0, 5),
        endTime: values.endTime ?? existing.endTime.slice(0, 5),
      };
      assertTimes(next.startTime, next.endTime);
      if (values.classroomId !== undefined && values.classroomId !== existing.classroomId) {
        await requireClassroom(ctx.scope, values.classroomId);
        const [taught] = await ctx.scope.db
          .select({ n: count() })
          .from(periods)
          .where(ctx.scope.where(periods, eq(periods.hourId, existing.id)));
        if (taught?.n) throw conflict("hour.has_periods", "Lessons were taught in this hour; it cannot move to another classroom.", { field: "classroomId" });
      }
      if (sessionId) await requireSitting(ctx.scope, sessionId);
      await assertNoOverlap(ctx.scope, next, existing.id);
      return { ...values, ...(sessionId !== undefined ? { sittingId: sessionId } : {}) };
    },
    beforeDelete: async (ctx, existing) => {
      const [taught] = await ctx.scope.db
        .select({ n: count() })
        .from(periods)
        .where(ctx.scope.where(periods, eq(periods.hourId, existing.id)));
      if (taught?.n) {
        throw conflict("hour.has_periods", `${taught.n} lesson(s) were recorded in this hour. Keep it, or change the timetable from a new hour.`, {
          periods: taught.n,
        });
      }
    },
    sample: async (scope) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const batch = await scope.insert(batches, { name: `Year ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" });
      const course = await scope.insert(courses, { name: `Course ${tag}`, kind: "madrasa" });
      const cls = await scope.insert(courseClasses, { courseId: course.id, name: "Class 3", order: 3 });
      const room = await scope.insert(classrooms, { batchId: batch.id, courseClassId: cls.id, courseId: course.id, name: "A" });
      return { classroomId: room.id, dayOfWeek: 1, startTime: "08:00", endTime: "08:45" };
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];

  r.post("/admin/api/hour/update-students", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Set the students an hour serves (a tuition hour); an empty list means the whole classroom",
      body: HourUpdateStudents,
      response: { 200: z.object({ message: z.string(), data: HourRow }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.transaction(async (scope) => {
        const hour = await scope.find(hours, req.body.id, "Hour");
        await requireStudents(scope, req.body.studentIds);
        const enrolled = new Set((await activeEnrolmentsOf(scope, hour.classroomId)).map((e) => e.studentId));
        const strangers = req.body.studentIds.filter((id) => !enrolled.has(id));
        if (strangers.length) {
          throw badRequest("hour.not_in_class", `Student ${strangers.join(", ")} is not enrolled in this hour's classroom.`, {
            field: "studentIds",
            studentIds: strangers,
          });
        }
        const updated = await setHourStudents(scope, hour, req.body.studentIds);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "hour_students",
          entityId: hour.id,
          details: { studentIds: req.body.studentIds },
          ip: ctx.ip,
        });
        return updated;
      });
      const [data] = await presentHours(ctx.scope, [row]);
      return { message: "Hour students updated successfully", data: data! };
    },
  });

  r.get("/admin/api/hour/download/:id", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "The printable weekly timetable of the hour's classroom (PDF, timetable-{id}.pdf)",
      params: z.object({ id: RowId }),
      produces: ["application/pdf"],
      response: { 200: z.any().describe("PDF file") },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req, db);
      const hour = await ctx.scope.find(hours, req.params.id, "Hour");
      const file = await classroomTimetablePdf(ctx.scope, hour.classroomId, pdf);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="timetable-${hour.id}.pdf"`)
        .header("cache-control", "no-store")
        .send(file);
    },
  });
}
