import { bulkEnrol } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudents } from "../students/students.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom } from "./classrooms.service.js";
import { assertNotEnrolled, enrolmentValues, insertEnrolments } from "./enrolments.service.js";
import { enrolments } from "./enrolments.table.js";

/**
 * Enrols a whole list into one classroom: the roster's "Enrol students" screen. Idempotent, so a
 * double click or a retry after a lost reply adds nobody twice.
 */
export function registerBulkEnrol(app: FastifyInstance) {
  serveAction(
    app,
    bulkEnrol,
    async (ctx, { body: b }) => {
      const { scope } = ctx;
      const room = await requireClassroom(scope, b.classroomId);
      const found = await requireStudents(scope, b.studentIds);
      const inactive = found.filter((s) => s.status !== "active");
      if (inactive.length) {
        throw badRequest("enrolment.student_not_active", `${inactive.map((s) => s.name).join(", ")}: not active; make them active first.`, {
          field: "studentIds",
          studentIds: inactive.map((s) => s.id),
        });
      }
      const here = await scope.db
        .select({ studentId: enrolments.studentId })
        .from(enrolments)
        .where(scope.where(enrolments, and(eq(enrolments.classroomId, room.id), eq(enrolments.status, "active"), inArray(enrolments.studentId, b.studentIds))));
      const already = new Set(here.map((r) => r.studentId));
      const fresh = b.studentIds.filter((id) => !already.has(id));
      // Names every student active in another classroom of the batch at once; the unique index
      // still refuses a concurrent enrolment that slips in after this check.
      await assertNotEnrolled(scope, room.batchId, fresh);
      const startedOn = b.startedOn ?? (await schoolToday(scope));
      const made = fresh.length
        ? await insertEnrolments(
            scope,
            fresh.map((id) => enrolmentValues(id, room, startedOn)),
          )
        : [];
      if (made.length) {
        await ctx.audit({
          action: "create",
          entity: "enrolments",
          details: { classroomId: room.id, studentIds: fresh, startedOn, ids: made.map((e) => e.id) },
        });
      }
      return {
        message: `${made.length} student(s) enrolled in ${room.label}${already.size ? `; ${already.size} already in it` : ""}`,
        enrolled: made.length,
        alreadyIn: already.size,
      };
    },
    {
      sample: async (scope) => {
        const [student, room] = await Promise.all([sampleStudent(scope), sampleClassroom(scope)]);
        return { body: { classroomId: room.id, studentIds: [student.id], startedOn: "2026-06-01" } };
      },
    },
  );
}
