import { promoteClassroom as promoteAction, removeFromClass, transferEnrolment, updateEnrolmentClass } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom } from "./classrooms.service.js";
import { sampleEnrolment } from "./enrolment-samples.service.js";
import { assertNotEnrolled, endEnrolments, enrolmentValues, insertEnrolments, presentEnrolments, requireActiveEnrolments } from "./enrolments.service.js";
import { enrolments } from "./enrolments.table.js";
import { promoteClassroom } from "./promotion.service.js";

function assertEndsAfterStart(rows: { id: number; startedOn: string }[], date: string) {
  const early = rows.filter((e) => date < e.startedOn);
  if (early.length) {
    throw badRequest("enrolment.dates", `Enrolment ${early.map((e) => e.id).join(", ")} started after ${date}; choose a later date.`, { field: "date" });
  }
}

/** An active enrolment and another classroom (of another batch) to move it to, for the isolation suite. */
async function sampleMove(scope: TenantScope) {
  const [enrolment, room] = await Promise.all([sampleEnrolment(scope), sampleClassroom(scope)]);
  return { enrolment, room };
}

/** Transfer, removal, bulk class change and year-end promotion. */
export function registerEnrolmentActions(app: FastifyInstance) {
  serveAction(
    app,
    transferEnrolment,
    async (ctx, { body: b }) => {
      const { scope } = ctx;
      const [old] = await requireActiveEnrolments(scope, [b.id]);
      const to = await requireClassroom(scope, b.toClassroomId);
      if (to.id === old!.classroomId) throw badRequest("enrolment.same_classroom", "The student is already in this classroom.", { field: "toClassroomId" });
      const date = b.date ?? (await schoolToday(scope));
      assertEndsAfterStart([old!], date);
      await endEnrolments(scope, [old!.id], "transferred", date, b.reason ?? `Transferred to ${to.label}`);
      // One active enrolment per student and batch: the index refuses the new one if another class of that batch has them.
      const [made] = await insertEnrolments(scope, [enrolmentValues(old!.studentId, to, date, { previousId: old!.id })]);
      await ctx.audit({ action: "transfer", entity: "enrolments", entityId: made!.id, details: { from: old!.id, to: made!.id, classroomId: to.id, date } });
      const [data] = await presentEnrolments(scope, [made!]);
      return { message: "Student transferred successfully", data: data! };
    },
    {
      sample: async (scope) => {
        const { enrolment, room } = await sampleMove(scope);
        return { body: { id: enrolment.id, toClassroomId: room.id, date: "2026-09-01" } };
      },
    },
  );

  serveAction(
    app,
    removeFromClass,
    async (ctx, { body: b }) => {
      const rows = await requireActiveEnrolments(ctx.scope, b.ids);
      const date = b.date ?? (await schoolToday(ctx.scope));
      assertEndsAfterStart(rows, date);
      await endEnrolments(ctx.scope, b.ids, "removed", date, b.reason);
      await ctx.audit({ action: "remove", entity: "enrolments", details: { ids: b.ids, date, reason: b.reason ?? null } });
      return { message: `${rows.length} student(s) removed from class`, removed: rows.length };
    },
    { sample: async (scope) => ({ body: { ids: [(await sampleEnrolment(scope)).id], date: "2026-09-01" } }) },
  );

  serveAction(
    app,
    updateEnrolmentClass,
    async (ctx, { body: b }) => {
      const { scope } = ctx;
      const rows = await requireActiveEnrolments(scope, b.ids);
      const room = await requireClassroom(scope, b.classroomId);
      const studentIds = rows.map((e) => e.studentId);
      if (new Set(studentIds).size !== studentIds.length) {
        throw badRequest("enrolment.duplicate_student", "Two of these enrolments are the same student's.", { field: "ids" });
      }
      // Checked first so the refusal names every student concerned, not one.
      await assertNotEnrolled(scope, room.batchId, studentIds, b.ids);
      await scope.db
        .update(enrolments)
        .set({ classroomId: room.id, batchId: room.batchId, courseId: room.courseId })
        .where(scope.where(enrolments, inArray(enrolments.id, b.ids)));
      await ctx.audit({
        action: "update",
        entity: "enrolments",
        details: { ids: b.ids, classroomId: room.id, from: rows.map((e) => ({ id: e.id, classroomId: e.classroomId })) },
      });
      return { message: `${rows.length} enrolment(s) moved`, updated: rows.length };
    },
    {
      sample: async (scope) => {
        const { enrolment, room } = await sampleMove(scope);
        return { body: { ids: [enrolment.id], classroomId: room.id } };
      },
    },
  );

  serveAction(app, promoteAction, (ctx, { body }) => promoteClassroom(ctx, body), {
    sample: async (scope) => {
      const { enrolment, room } = await sampleMove(scope);
      return { body: { fromClassroomId: enrolment.classroomId, toClassroomId: room.id, stayBack: [], leave: [], date: "2027-04-01" } };
    },
  });
}
