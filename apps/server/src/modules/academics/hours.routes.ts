import { downloadTimetable, hourResource, updateHourStudents } from "@taleem/contract";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { whole } from "../../platform/resources/list-filters.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireStudents } from "../students/students.service.js";
import { requireSitting } from "./academics.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom } from "./classrooms.service.js";
import { activeEnrolmentsOf } from "./enrolments.service.js";
import { assertNoOverlap, presentHours } from "./timetable.service.js";
import { hourStudents, hours, periods } from "./timetable.table.js";
import { timetableHtml, timetableSheet } from "./timetable-print.js";
import { sampleHour } from "./timetable-samples.service.js";

export function assertTimes(startTime: string, endTime: string, field = "endTime") {
  if (endTime.slice(0, 5) <= startTime.slice(0, 5)) throw badRequest("hour.times", "The end time must be after the start time.", { field });
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

/**
 * Hours: the time slots of a classroom's week, and the printable weekly timetable. An hour with
 * lessons recorded cannot be deleted (the periods' declared reference).
 */
export function registerHourRoutes(app: FastifyInstance, pdf: PdfRenderer) {
  serveResource(app, hourResource, hours, {
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
    inUse: { code: "hour.has_periods", advice: "Keep it, or change the timetable from a new hour." },
    sample: async (scope) => ({ classroomId: (await sampleClassroom(scope)).id, dayOfWeek: 1, startTime: "08:00", endTime: "08:45" }),
  });

  serveAction(
    app,
    updateHourStudents,
    async (ctx, { body }) => {
      const hour = await ctx.scope.find(hours, body.id, "Hour");
      await requireStudents(ctx.scope, body.studentIds);
      const enrolled = new Set((await activeEnrolmentsOf(ctx.scope, hour.classroomId)).map((e) => e.studentId));
      const strangers = body.studentIds.filter((id) => !enrolled.has(id));
      if (strangers.length) {
        throw badRequest("hour.not_in_class", `Student ${strangers.join(", ")} is not enrolled in this hour's classroom.`, {
          field: "studentIds",
          studentIds: strangers,
        });
      }
      const updated = await setHourStudents(ctx.scope, hour, body.studentIds);
      await ctx.audit({ action: "update", entity: "hour_students", entityId: hour.id, details: { studentIds: body.studentIds } });
      const [data] = await presentHours(ctx.scope, [updated]);
      return { message: "Hour students updated successfully", data: data! };
    },
    { sample: async (scope) => ({ body: { id: (await sampleHour(scope)).id, studentIds: [] } }) },
  );

  // Chromium takes its time: the week is read in a transaction, the PDF made after it.
  serveAction(
    app,
    downloadTimetable,
    async (ctx, { params }) => {
      const sheet = await ctx.scope.transaction(async (scope) => timetableSheet(scope, (await scope.find(hours, params.id, "Hour")).classroomId));
      const file = await pdf.render(timetableHtml(sheet), { landscape: true });
      ctx.reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="timetable-${params.id}.pdf"`)
        .header("cache-control", "no-store");
      return file;
    },
    { transaction: false },
  );
}
