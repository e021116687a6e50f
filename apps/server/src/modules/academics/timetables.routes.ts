import { fetchStudentsFromClass, timetableResource } from "@taleem/contract";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { whole } from "../../platform/resources/list-filters.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";
import { sampleSubject } from "./academic-samples.service.js";
import { assertSubjectFitsCourse, requireSubject } from "./academics.service.js";
import { requireClassroom, requireTeachers } from "./classrooms.service.js";
import { activeEnrolmentsOf } from "./enrolments.service.js";
import { setHourStudents } from "./hours.routes.js";
import { presentTimetables } from "./timetable.service.js";
import { hours, timetables } from "./timetable.table.js";
import { sampleHour } from "./timetable-samples.service.js";

async function checkSubject(scope: TenantScope, subjectId: number, classroomId: number) {
  const [subject, room] = await Promise.all([requireSubject(scope, subjectId), requireClassroom(scope, classroomId)]);
  assertSubjectFitsCourse(subject, room.courseId);
}

/** An hour with its subject, for the isolation suite. */
async function sampleEntry(scope: TenantScope) {
  const [hour, subject] = await Promise.all([sampleHour(scope), sampleSubject(scope)]);
  return { hourId: hour.id, subjectId: subject.id };
}

/** Timetable entries: the subject and teacher of each hour; one per hour (its unique index). */
export function registerTimetableEntryRoutes(app: FastifyInstance) {
  serveResource(app, timetableResource, timetables, {
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
      await checkSubject(ctx.scope, input.subjectId, hour.classroomId);
      await requireTeachers(ctx.scope, [input.teacherId], "teacherId");
      return { ...input, teacherId: input.teacherId ?? null, classroomId: hour.classroomId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      let classroomId = existing.classroomId;
      if (values.hourId !== undefined && values.hourId !== existing.hourId) classroomId = (await ctx.scope.find(hours, values.hourId, "Hour")).classroomId;
      if (values.subjectId !== undefined || classroomId !== existing.classroomId)
        await checkSubject(ctx.scope, values.subjectId ?? existing.subjectId, classroomId);
      if (values.teacherId !== undefined) await requireTeachers(ctx.scope, [values.teacherId], "teacherId");
      return { ...values, classroomId };
    },
    sample: async (scope) => ({ ...(await sampleEntry(scope)), status: "active" as const }),
  });

  serveAction(
    app,
    fetchStudentsFromClass,
    async (ctx, { params }) => {
      const entry = await ctx.scope.find(timetables, params.id, "Timetable");
      const hour = await ctx.scope.find(hours, entry.hourId, "Hour");
      const ids = (await activeEnrolmentsOf(ctx.scope, hour.classroomId)).map((e) => e.studentId);
      await setHourStudents(ctx.scope, hour, ids);
      await ctx.audit({ action: "update", entity: "hour_students", entityId: hour.id, details: { fromClass: hour.classroomId, studentIds: ids } });
      const students = await studentsByIds(ctx.scope, ids);
      return { message: `${students.length} student(s) fetched from the class`, hourId: hour.id, rows: students.map(presentBrief), count: students.length };
    },
    {
      sample: async (scope) => {
        const { hourId, subjectId } = await sampleEntry(scope);
        const entry = await scope.insert(timetables, { hourId, subjectId, classroomId: (await scope.find(hours, hourId)).classroomId });
        return { params: { id: entry.id }, body: {} };
      },
    },
  );
}
