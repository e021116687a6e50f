import { hafizLogs, hifzDashboardData, hifzLogDays, hifzLogResource, saveSitting, sessionLogs } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleHafiz } from "./hafiz.routes.js";
import { requireHafiz } from "./hafiz.service.js";
import { tellParentsOfLessons } from "./hifz-alerts.service.js";
import { hafizLogPage, hifzDashboard, logDays } from "./log-views.service.js";
import { checkLogRefs, measureRange, presentLogs, saveSittingLogs } from "./logs.service.js";
import { hifzLogs } from "./logs.table.js";
import { activeRecitationTypes } from "./recitation.service.js";
import { hifzSessions } from "./sessions.table.js";
import { sittingView } from "./sitting-view.service.js";

async function sampleLog(scope: TenantScope) {
  const [type] = await activeRecitationTypes(scope);
  return { hafizId: (await sampleHafiz(scope)).id, recitationTypeId: type!.id };
}

/**
 * Logs: one at a time through the resource, a whole sitting at once from the teacher's phone, and
 * read back by sitting, by hafiz, by day, and as the school's figures.
 */
export function registerLogs(app: FastifyInstance) {
  serveResource(app, hifzLogResource, hifzLogs, {
    present: (ctx, rows) => presentLogs(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await checkLogRefs(ctx.scope, input);
      return { ...input, metrics: input.metrics ?? {}, ...measureRange(input.startAyah, input.endAyah), recordedBy: ctx.principal.userId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      await checkLogRefs(ctx.scope, input);
      const startAyah = input.startAyah ?? existing.startAyah;
      const endAyah = input.endAyah ?? existing.endAyah;
      if (endAyah < startAyah) throw badRequest("hifz.range_order", "The range ends before it starts.", { field: "endAyah" });
      return { ...input, metrics: input.metrics ?? undefined, ...measureRange(startAyah, endAyah) };
    },
    sample: async (scope) => ({ ...(await sampleLog(scope)), date: "2026-03-02", startAyah: 6222, endAyah: 6225, status: "completed" as const }),
  });

  serveAction(
    app,
    saveSitting,
    async (ctx, { body }) => {
      const { session, logs, mistakes, firstTime } = await saveSittingLogs(ctx.scope, body, ctx.principal.userId);
      await ctx.audit({ action: "update", entity: "hifz_sessions", entityId: session.id, details: { logs, mistakes } });
      await tellParentsOfLessons(app.services, ctx, session.date, firstTime);
      return { message: `${logs} log(s) and ${mistakes} mistake(s) saved`, logs, mistakes };
    },
    {
      sample: async (scope) => {
        const { hafizId, recitationTypeId } = await sampleLog(scope);
        const session = await scope.insert(hifzSessions, { date: "2026-03-02" });
        return {
          body: {
            sessionId: session.id,
            hafiz: [
              {
                hafizId,
                attendance: "present" as const,
                logs: [{ recitationTypeId, startAyah: 1, endAyah: 7, status: "completed" as const, metrics: {}, mistakes: [] }],
              },
            ],
          },
        };
      },
    },
  );

  serveAction(app, sessionLogs, async (ctx, { params }) => ({ message: "Sitting fetched successfully", ...(await sittingView(ctx.scope, params.id)) }), {
    sample: async (scope) => ({ params: { id: (await scope.insert(hifzSessions, { date: "2026-03-02" })).id } }),
  });

  serveAction(
    app,
    hafizLogs,
    async (ctx, { params, query }) => {
      const one = await requireHafiz(ctx, params.id);
      return { message: "Hifz logs fetched successfully", ...(await hafizLogPage(ctx.scope, one.id, query)) };
    },
    { sample: async (scope) => ({ params: { id: (await sampleHafiz(scope)).id } }) },
  );

  serveAction(app, hifzLogDays, async (ctx, { query }) => ({ message: "Hifz logs fetched successfully", ...(await logDays(ctx.scope, query)) }));

  serveAction(app, hifzDashboardData, async (ctx, { query }) => ({
    message: "Hifz dashboard fetched successfully",
    ...(await hifzDashboard(ctx.scope, query.date ?? (await schoolToday(ctx.scope)))),
  }));
}
