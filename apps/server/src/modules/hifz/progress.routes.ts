import { can, childHifz, feedbacksOnAyah, hafizProgress as hafizProgressCall, hifzDashboard, submissionsOnAyah } from "@taleem/contract";
import { desc, eq, gte, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import { ayahNumberOf, presentFeedback } from "./feedback.service.js";
import { sampleHafiz } from "./hafiz.routes.js";
import { hafizOfStudent, requireHafiz } from "./hafiz.service.js";
import { presentLogs } from "./logs.service.js";
import { hifzFeedback, hifzLogs } from "./logs.table.js";
import { hafizProgress, hifzDashboardOf } from "./progress.service.js";

/** Progress: a hafiz's figures, the dashboard with its heat map, and what was heard on one ayah. */
export function registerProgress(app: FastifyInstance) {
  const hafizSample = async (scope: Parameters<typeof sampleHafiz>[0]) => {
    const one = await sampleHafiz(scope);
    return { one, query: { hafizId: one.id, surah: 1, ayah: 1 } };
  };

  serveAction(
    app,
    hafizProgressCall,
    async (ctx, { params }) => ({ message: "Hafiz progress fetched successfully", ...(await hafizProgress(ctx.scope, await requireHafiz(ctx, params.id))) }),
    { sample: async (scope) => ({ params: { id: (await sampleHafiz(scope)).id } }) },
  );

  serveAction(
    app,
    hifzDashboard,
    async (ctx, { query }) => ({
      message: "Hifz dashboard fetched successfully",
      ...(await hifzDashboardOf(ctx.scope, await hafizOfStudent(ctx, query.studentId), query.layoutMode)),
    }),
    { sample: async (scope) => ({ query: { studentId: (await sampleHafiz(scope)).studentId, layoutMode: "surah" as const } }) },
  );

  serveAction(
    app,
    childHifz,
    async (ctx, { query }) => {
      // A parent reaches their own children (hafizOfStudent scopes them); staff need hifz view.
      if (!ctx.principal.linkedStudentsOnly && !can(ctx.principal.permissions, "hifz", "view"))
        throw new AppError(403, "forbidden", "You do not have permission to do this.");
      return {
        message: "Hifz dashboard fetched successfully",
        ...(await hifzDashboardOf(ctx.scope, await hafizOfStudent(ctx, query.studentId), query.layoutMode)),
      };
    },
    { sample: async (scope) => ({ query: { studentId: (await sampleHafiz(scope)).studentId, layoutMode: "surah" as const } }) },
  );

  serveAction(
    app,
    feedbacksOnAyah,
    async (ctx, { query }) => {
      const one = await requireHafiz(ctx, query.hafizId);
      const ayah = ayahNumberOf(query.surah, query.ayah);
      const rows = await ctx.scope.db
        .select()
        .from(hifzFeedback)
        .where(
          ctx.scope.where(
            hifzFeedback,
            eq(hifzFeedback.hafizId, one.id),
            eq(hifzFeedback.ayahNumber, ayah),
            eq(hifzFeedback.isResolved, query.isResolved === "true"),
          ),
        )
        .orderBy(desc(hifzFeedback.date), desc(hifzFeedback.id));
      return { message: "Feedback fetched successfully", rows: await presentFeedback(ctx.scope, rows), count: rows.length };
    },
    { sample: async (scope) => ({ query: (await hafizSample(scope)).query }) },
  );

  serveAction(
    app,
    submissionsOnAyah,
    async (ctx, { query }) => {
      const one = await requireHafiz(ctx, query.hafizId);
      const ayah = ayahNumberOf(query.surah, query.ayah);
      const rows = await ctx.scope.db
        .select()
        .from(hifzLogs)
        .where(ctx.scope.where(hifzLogs, eq(hifzLogs.hafizId, one.id), lte(hifzLogs.startAyah, ayah), gte(hifzLogs.endAyah, ayah)))
        .orderBy(desc(hifzLogs.date), desc(hifzLogs.id));
      return { message: "Submissions fetched successfully", rows: await presentLogs(ctx.scope, rows), count: rows.length };
    },
    { sample: async (scope) => ({ query: (await hafizSample(scope)).query }) },
  );
}
