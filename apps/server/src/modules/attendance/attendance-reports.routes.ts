import {
  attendancePercentages,
  can,
  childAttendance,
  missingRegisters,
  monthlySheet,
  monthlySheetExport,
  PERCENTAGE_MAX_RANGE_DAYS,
  registersOfDay,
  statusOf,
} from "@taleem/contract";
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { attendanceCodes } from "./attendance-codes.table.js";
import { percentages } from "./attendance-percentages.service.js";
import { sheetFileName, monthlySheet as sheetOf, sheetWorkbook } from "./monthly-sheet.service.js";
import { missingRegisters as missingOf, registersOfDay as registersOf } from "./register-status.service.js";
import { attendanceMarks } from "./registers.table.js";
import { checkRange } from "./school-days.service.js";

const roomQuery = async (scope: Parameters<typeof sampleClassroom>[0]) => ({ classroomId: (await sampleClassroom(scope)).id });

/** The office's views: today's registers, the missing ones, percentages, the monthly sheet; and a parent's child. */
export function registerAttendanceReports(app: FastifyInstance) {
  serveAction(app, registersOfDay, async (ctx, { query }) => registersOf(ctx.scope, query.date));

  serveAction(app, missingRegisters, async (ctx, { query }) => {
    checkRange(query.from, query.to);
    return missingOf(ctx.scope, query.from, query.to);
  });

  serveAction(
    app,
    attendancePercentages,
    async (ctx, { query }) => {
      checkRange(query.from, query.to, PERCENTAGE_MAX_RANGE_DAYS);
      return percentages(ctx.scope, query);
    },
    { sample: async (scope) => ({ query: { ...(await roomQuery(scope)), from: "2026-01-01", to: "2026-01-31" } }) },
  );

  serveAction(app, monthlySheet, async (ctx, { query }) => sheetOf(ctx.scope, query.classroomId, query.month), {
    sample: async (scope) => ({ query: { ...(await roomQuery(scope)), month: "2026-01" } }),
  });

  serveAction(
    app,
    monthlySheetExport,
    async (ctx, { query }) => {
      const sheet = await sheetOf(ctx.scope, query.classroomId, query.month);
      ctx.reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${sheetFileName(sheet)}"`)
        .header("cache-control", "no-store");
      return sheetWorkbook(sheet);
    },
    { sample: async (scope) => ({ query: { ...(await roomQuery(scope)), month: "2026-01" } }) },
  );

  serveAction(
    app,
    childAttendance,
    async (ctx, { query }) => {
      // A parent reaches their own children (the engine drops any other from the reply); staff need attendance view.
      if (!ctx.principal.linkedStudentsOnly && !can(ctx.principal.permissions, "attendance", "view")) {
        throw new AppError(403, "forbidden", "You do not have permission to do this.");
      }
      checkRange(query.from, query.to);
      await requireStudent(ctx.scope, query.studentId);
      const rows = await ctx.scope.db
        .select({ date: attendanceMarks.date, meaning: attendanceMarks.meaning, code: attendanceCodes.code })
        .from(attendanceMarks)
        .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
        .where(
          ctx.scope.where(
            attendanceMarks,
            eq(attendanceMarks.studentId, query.studentId),
            eq(attendanceMarks.hourId, 0),
            gte(attendanceMarks.date, query.from),
            lte(attendanceMarks.date, query.to),
          ),
        )
        .orderBy(asc(attendanceMarks.date));
      const attendances = rows.map((r) => ({ ...r, status: statusOf(r.meaning) }));
      const presentCount = attendances.filter((a) => a.status === "PRESENT").length;
      const totalCount = attendances.length;
      const pct = (n: number) => (totalCount ? Math.round((n / totalCount) * 100) : 0);
      return {
        message: "Attendance",
        studentId: query.studentId,
        attendances,
        presentCount,
        absentCount: totalCount - presentCount,
        totalCount,
        present: pct(presentCount),
        absent: totalCount ? 100 - pct(presentCount) : 0,
      };
    },
    { sample: async (scope) => ({ query: { studentId: (await sampleStudent(scope)).id, from: "2026-01-01", to: "2026-01-07" } }) },
  );
}
