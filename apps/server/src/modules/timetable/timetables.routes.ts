import { RowId, StudentBrief, timetableResource } from "@taleem/contract";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { conflict } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertSubjectFitsCourse, requireSubject, whole } from "../academics/academics.service.js";
import { batches, courseClasses, courses, subjects } from "../academics/academics.table.js";
import { requireClassroom, requireTeachers } from "../classrooms/classrooms.service.js";
import { classrooms } from "../classrooms/classrooms.table.js";
import { activeEnrolmentsOf } from "../enrolments/enrolments.service.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";
import { setHourStudents } from "./hours.routes.js";
import { entryOfHour, presentTimetables } from "./timetable.service.js";
import { hours, timetables } from "./timetable.table.js";

async function checkSubject(scope: TenantScope, subjectId: number, classroomId: number) {
  const [subject, room] = await Promise.all([requireSubject(scope, subjectId), requireClassroom(scope, classroomId)]);
  assertSubjectFitsCourse(subject, room.courseId);
}

/** Timetable entries: the subject and teacher of each hour. */
export function registerTimetableEntryRoutes(app: FastifyInstance, { db }: Services) {
  serveResource(app, db, timetableResource, timetables, {
    filters: {
      dayOfWeek: (v, ctx) =>
        inArray(
          timetables.hourId,
          ctx.scope.db
            .select({ id: hours.id })
            .from(hours)
            .where(ctx.scope.where(hours, eq(hours.dayOfWeek, whole("dayOfWeek", v, 7)))),
        ),
    },
    present: (ctx, rows) => presentTimetables(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const hour = await ctx.scope.find(hours, input.hourId, "Hour");
      if (await entryOfHour(ctx.scope, hour.id))
        throw conflict("timetable.slot_taken", "This hour already has a subject. Edit that entry instead.", { field: "hourId" });
      await checkSubject(ctx.scope, input.subjectId, hour.classroomId);
      await requireTeachers(ctx.scope, [input.teacherId], "teacherId");
      return { ...input, teacherId: input.teacherId ?? null, classroomId: hour.classroomId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      let classroomId = existing.classroomId;
      if (values.hourId !== undefined && values.hourId !== existing.hourId) {
        const hour = await ctx.scope.find(hours, values.hourId, "Hour");
        const taken = await entryOfHour(ctx.scope, hour.id);
        if (taken) throw conflict("timetable.slot_taken", "This hour already has a subject. Edit that entry instead.", { field: "hourId" });
        classroomId = hour.classroomId;
      }
      if (values.subjectId !== undefined || classroomId !== existing.classroomId)
        await checkSubject(ctx.scope, values.subjectId ?? existing.subjectId, classroomId);
      if (values.teacherId !== undefined) await requireTeachers(ctx.scope, [values.teacherId], "teacherId");
      return { ...values, classroomId };
    },
    sample: async (scope) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const batch = await scope.insert(batches, { name: `Year ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" });
      const course = await scope.insert(courses, { name: `Course ${tag}`, kind: "madrasa" });
      const cls = await scope.insert(courseClasses, { courseId: course.id, name: "Class 4", order: 4 });
      const room = await scope.insert(classrooms, { batchId: batch.id, courseClassId: cls.id, courseId: course.id, name: "A" });
      const hour = await scope.insert(hours, { classroomId: room.id, dayOfWeek: 2, startTime: "09:00", endTime: "09:45" });
      const subject = await scope.insert(subjects, { name: `Aqeedah ${tag}` });
      return { hourId: hour.id, subjectId: subject.id, status: "active" as const };
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put("/admin/api/timetable/fetch-students-from-class/:id", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags: ["academics"],
      summary: "Fill the entry's hour with the classroom's current students (a starting list to trim for a tuition hour)",
      params: z.object({ id: RowId }),
      body: z.object({ id: RowId.optional() }).optional(),
      response: { 200: z.object({ message: z.string(), hourId: z.number(), rows: z.array(StudentBrief), count: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const result = await ctx.scope.transaction(async (scope) => {
        const entry = await scope.find(timetables, req.params.id, "Timetable");
        const hour = await scope.find(hours, entry.hourId, "Hour");
        const enrolled = await activeEnrolmentsOf(scope, hour.classroomId);
        const ids = enrolled.map((e) => e.studentId);
        await setHourStudents(scope, hour, ids);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "hour_students",
          entityId: hour.id,
          details: { fromClass: hour.classroomId, studentIds: ids },
          ip: ctx.ip,
        });
        return { hourId: hour.id, students: await studentsByIds(scope, ids) };
      });
      return {
        message: `${result.students.length} student(s) fetched from the class`,
        hourId: result.hourId,
        rows: result.students.map(presentBrief),
        count: result.students.length,
      };
    },
  });
}
