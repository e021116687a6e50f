import { checklistAnalytics, exportChecklists } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { checklistStats, exportCsv, exportRows } from "./checklist-reports.service.js";
import { sampleChecklist } from "./checklist-samples.service.js";

/** The office's view over submissions: completion by person, checklist or week, and the answers as CSV or JSON. */
export function registerChecklistReports(app: FastifyInstance) {
  serveAction(
    app,
    checklistAnalytics,
    async (ctx, { query }) => ({
      message: "Checklist analytics fetched successfully",
      groupBy: query.groupBy,
      ...(await checklistStats(ctx.scope, query, await schoolToday(ctx.scope))),
    }),
    { sample: async (scope) => ({ query: { checklistId: (await sampleChecklist(scope)).id, groupBy: "person" as const } }) },
  );

  serveAction(
    app,
    exportChecklists,
    async (ctx, { query }) => {
      const rows = await exportRows(ctx.scope, query, await schoolToday(ctx.scope));
      ctx.reply.header("cache-control", "no-store");
      if (query.format === "json") return { message: `${rows.length} answers`, rows };
      ctx.reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="checklist-data-${query.checklistId ?? "all"}.csv"`);
      return exportCsv(rows);
    },
    { sample: async (scope) => ({ query: { checklistId: (await sampleChecklist(scope)).id, format: "csv" as const } }) },
  );
}
