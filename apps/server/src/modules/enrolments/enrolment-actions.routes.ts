import { EnrolmentPromote, EnrolmentRemove, EnrolmentRow, EnrolmentTransfer, EnrolmentUpdateClass, PromoteReply } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { badRequest } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import type { Services } from "../../platform/services.js";
import { requireClassroom } from "../classrooms/classrooms.service.js";
import {
  assertNotEnrolled,
  endEnrolments,
  enrolmentValues,
  insertEnrolments,
  presentEnrolments,
  requireActiveEnrolments,
  schoolToday,
} from "./enrolments.service.js";
import { enrolments } from "./enrolments.table.js";
import { promoteClassroom } from "./promotion.service.js";

function assertEndsAfterStart(rows: { id: number; startedOn: string }[], date: string) {
  const early = rows.filter((e) => date < e.startedOn);
  if (early.length) {
    throw badRequest("enrolment.dates", `Enrolment ${early.map((e) => e.id).join(", ")} started after ${date}; choose a later date.`, { field: "date" });
  }
}

/** Transfer, removal, bulk class change and year-end promotion. */
export function registerEnrolmentActions(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];

  r.post("/admin/api/enrollment/transfer", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Transfer a student to another classroom: the enrolment ends as transferred and a new one starts (history kept)",
      body: EnrolmentTransfer,
      response: { 200: z.object({ message: z.string(), data: EnrolmentRow }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const b = req.body;
      const created = await ctx.scope.transaction(async (scope) => {
        const [old] = await requireActiveEnrolments(scope, [b.id]);
        const to = await requireClassroom(scope, b.toClassroomId);
        if (to.id === old!.classroomId) throw badRequest("enrolment.same_classroom", "The student is already in this classroom.", { field: "toClassroomId" });
        const date = b.date ?? (await schoolToday(scope));
        assertEndsAfterStart([old!], date);
        await endEnrolments(scope, [old!.id], "transferred", date, b.reason ?? `Transferred to ${to.label}`);
        await assertNotEnrolled(scope, to.batchId, [old!.studentId]);
        const [made] = await insertEnrolments(scope, [enrolmentValues(old!.studentId, to, date, { previousId: old!.id })]);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "transfer",
          entity: "enrolments",
          entityId: made!.id,
          details: { from: old!.id, to: made!.id, classroomId: to.id, date },
          ip: ctx.ip,
        });
        return made!;
      });
      const [data] = await presentEnrolments(ctx.scope, [created]);
      return { message: "Student transferred successfully", data: data! };
    },
  });

  r.post("/admin/api/enrollment/remove-from-class", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Remove students from their class: each enrolment ends as removed (kept as history)",
      body: EnrolmentRemove,
      response: { 200: z.object({ message: z.string(), removed: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const b = req.body;
      const removed = await ctx.scope.transaction(async (scope) => {
        const rows = await requireActiveEnrolments(scope, b.ids);
        const date = b.date ?? (await schoolToday(scope));
        assertEndsAfterStart(rows, date);
        await endEnrolments(scope, b.ids, "removed", date, b.reason);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "remove",
          entity: "enrolments",
          details: { ids: b.ids, date, reason: b.reason ?? null },
          ip: ctx.ip,
        });
        return rows.length;
      });
      return { message: `${removed} student(s) removed from class`, removed };
    },
  });

  r.put("/admin/api/enrollment/updateclass", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Move active enrolments to another classroom in place (a correction, no history), all or none",
      body: EnrolmentUpdateClass,
      response: { 200: z.object({ message: z.string(), updated: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const b = req.body;
      const updated = await ctx.scope.transaction(async (scope) => {
        const rows = await requireActiveEnrolments(scope, b.ids);
        const room = await requireClassroom(scope, b.classroomId);
        const studentIds = rows.map((e) => e.studentId);
        if (new Set(studentIds).size !== studentIds.length) {
          throw badRequest("enrolment.duplicate_student", "Two of these enrolments are the same student's.", { field: "ids" });
        }
        await assertNotEnrolled(scope, room.batchId, studentIds, b.ids);
        await scope.db
          .update(enrolments)
          .set({ classroomId: room.id, batchId: room.batchId, courseId: room.courseId })
          .where(scope.where(enrolments, inArray(enrolments.id, b.ids)));
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "enrolments",
          details: { ids: b.ids, classroomId: room.id, from: rows.map((e) => ({ id: e.id, classroomId: e.classroomId })) },
          ip: ctx.ip,
        });
        return rows.length;
      });
      return { message: `${updated} enrolment(s) moved`, updated };
    },
  });

  r.post("/admin/api/enrollment/promote", {
    config: { permission: ["academics", "promote"] },
    schema: {
      tags,
      summary:
        "Year-end promotion of a classroom: students move to toClassroomId; stayBack go to stayBackClassroomId (or keep their enrolment); leave are marked left. One transaction; history kept.",
      body: EnrolmentPromote,
      response: { 200: PromoteReply },
    },
    handler: async (req) => promoteClassroom(contextOf(req, db), req.body),
  });
}
