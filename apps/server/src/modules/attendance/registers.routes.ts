import {
  AttendanceStatus,
  attendanceCodeResource,
  deleteAttendanceMark,
  getAttendanceRules,
  getRegister,
  listAttendance,
  saveRegister,
  saveRegisters,
  statusOf,
  studentDayAttendance,
  updateAttendanceRules,
} from "@taleem/contract";
import { and, asc, count, desc, eq, gte, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { codesOf, ensureAttendanceDefaults, rulesOf, STANDARD_CODES, saveRules } from "./attendance-codes.service.js";
import { attendanceCodes } from "./attendance-codes.table.js";
import { readRegister, saveRegisterMarks } from "./registers.service.js";
import { attendanceMarks } from "./registers.table.js";
import { saveTerm } from "./registers-bulk.service.js";
import { studentDay } from "./student-day.service.js";

/** A mark of a new student and classroom, made straight in a school for the isolation suite. */
async function sampleMark(scope: TenantScope) {
  await ensureAttendanceDefaults(scope);
  const [student, room, [code]] = await Promise.all([sampleStudent(scope), sampleClassroom(scope), codesOf(scope)]);
  return scope.insert(attendanceMarks, { studentId: student.id, classroomId: room.id, date: "2026-01-05", codeId: code!.id, meaning: code!.meaning });
}

const markReply = (m: typeof attendanceMarks.$inferSelect, code: string) => ({
  ...m,
  hourId: m.hourId || null,
  code,
  status: AttendanceStatus.parse(statusOf(m.meaning)),
  updatedAt: m.updatedAt.toISOString(),
});

/**
 * Student registers: the school's codes and rules, the register to mark and its one-call save,
 * marks listed and removed, and one student's day by period.
 */
export function registerRegisters(app: FastifyInstance, services: Services) {
  serveResource(app, attendanceCodeResource, attendanceCodes, {
    standard: STANDARD_CODES,
    beforeUpdate: async (_ctx, existing, input) => {
      const { id: _id, ...values } = input;
      if (values.isDefault === false && existing.isDefault)
        throw badRequest("attendance.default_needed", "Make another code the default instead.", { field: "isDefault" });
      return values;
    },
    sample: async () => ({ code: `X${sampleTag(4)}`, name: "Medical", meaning: "excused" as const, isDefault: false, order: 9, status: "active" as const }),
  });

  // Every other call finds the standard codes through codesOf, which gives them to a school lacking them.
  app.register(async (scoped) => {
    serveAction(scoped, getAttendanceRules, async (ctx) => ({ message: "Attendance rules", data: await rulesOf(ctx.scope) }));
    serveAction(scoped, updateAttendanceRules, async (ctx, { body }) => {
      const data = await saveRules(ctx.scope, body);
      await ctx.audit({ action: "update", entity: "attendance_rules", entityId: null, details: body });
      return { message: "Attendance rules saved", data };
    });

    serveAction(scoped, listAttendance, async (ctx, { query }) => {
      const where = ctx.scope.where(
        attendanceMarks,
        query.classroomId ? eq(attendanceMarks.classroomId, query.classroomId) : undefined,
        query.studentId ? eq(attendanceMarks.studentId, query.studentId) : undefined,
        query.hourId ? eq(attendanceMarks.hourId, query.hourId) : undefined,
        query.date ? eq(attendanceMarks.date, query.date) : undefined,
        query.from ? gte(attendanceMarks.date, query.from) : undefined,
        query.to ? lte(attendanceMarks.date, query.to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        ctx.scope.db
          .select({ mark: attendanceMarks, code: attendanceCodes.code })
          .from(attendanceMarks)
          .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
          .where(where)
          .orderBy(desc(attendanceMarks.date), asc(attendanceMarks.hourId), asc(attendanceMarks.studentId))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        ctx.scope.db.select({ n: count() }).from(attendanceMarks).where(where),
      ]);
      return { message: "Attendance", count: total?.n ?? 0, rows: rows.map((r) => markReply(r.mark, r.code)) };
    });

    serveAction(scoped, getRegister, async (ctx, { query }) => readRegister(ctx.scope, ctx.principal, query), {
      sample: async (scope) => ({ query: { classroomId: (await sampleClassroom(scope)).id, date: "2026-01-05" } }),
    });

    serveAction(scoped, saveRegister, async (ctx, { body }) => saveRegisterMarks(services, ctx, body), {
      sample: async (scope) => {
        const mark = await sampleMark(scope);
        return { body: { classroomId: mark.classroomId, date: mark.date, marks: [{ studentId: mark.studentId, codeId: mark.codeId }] } };
      },
    });

    serveAction(scoped, saveRegisters, async (ctx, { body }) => saveTerm(ctx, body), {
      sample: async (scope) => {
        const mark = await sampleMark(scope);
        return { body: { classroomId: mark.classroomId, days: [{ date: mark.date, marks: [{ studentId: mark.studentId, codeId: mark.codeId }] }] } };
      },
    });

    serveAction(
      scoped,
      deleteAttendanceMark,
      async (ctx, { params }) => {
        const mark = await ctx.scope.find(attendanceMarks, params.id, "Attendance mark");
        await ctx.scope.remove(attendanceMarks, mark.id);
        await ctx.audit({
          action: "delete",
          entity: "attendance_marks",
          entityId: mark.id,
          details: { studentId: mark.studentId, date: mark.date, meaning: mark.meaning },
        });
        return { message: "Mark removed" };
      },
      { sample: async (scope) => ({ params: { id: (await sampleMark(scope)).id } }) },
    );

    serveAction(
      scoped,
      studentDayAttendance,
      async (ctx, { query }) => {
        await requireStudent(ctx.scope, query.studentId);
        return studentDay(ctx.scope, query.studentId, query.date);
      },
      { sample: async (scope) => ({ query: { studentId: (await sampleStudent(scope)).id, date: "2026-01-05" } }) },
    );
  });
}
