import { feedbackStats, hafizFeedback, hifzFeedbackResource, resolveFeedback, resolveFeedbackMany, surahAyahOf } from "@taleem/contract";
import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { ayahNumberOf, checkMetric, feedbackCounts, feedbackOfHafiz, inSurah, presentFeedback, resolveMistakes } from "./feedback.service.js";
import { sampleHafiz } from "./hafiz.routes.js";
import { requireHafiz } from "./hafiz.service.js";
import { checkLogRefs } from "./logs.service.js";
import { hifzFeedback } from "./logs.table.js";
import { activeRecitationMetrics } from "./recitation.service.js";

async function sampleMistake(scope: TenantScope) {
  const [metric] = await activeRecitationMetrics(scope);
  return scope.insert(hifzFeedback, { hafizId: (await sampleHafiz(scope)).id, ayahNumber: 1, metricId: metric!.id, date: "2026-03-02" });
}

/** Mistakes pinned to ayahs: open until resolved (the list shows open ones unless asked). */
export function registerFeedback(app: FastifyInstance) {
  serveResource(app, hifzFeedbackResource, hifzFeedback, {
    filters: { surah: (value) => inSurah(Number(value)) },
    defaultFilters: { isResolved: "false" },
    present: (ctx, rows) => presentFeedback(ctx.scope, rows),
    beforeCreate: async (ctx, { surah, ayah, ...input }) => {
      await checkLogRefs(ctx.scope, { hafizId: input.hafizId });
      await checkMetric(ctx.scope, input.metricId);
      return { ...input, ayahNumber: ayahNumberOf(surah, ayah), date: input.date ?? (await schoolToday(ctx.scope)) };
    },
    beforeUpdate: async (ctx, existing, { surah, ayah, ...input }) => {
      await checkLogRefs(ctx.scope, { hafizId: input.hafizId });
      await checkMetric(ctx.scope, input.metricId);
      const kept = { ...input, date: input.date ?? undefined };
      if (surah === undefined && ayah === undefined) return kept;
      const was = surahAyahOf(existing.ayahNumber);
      return { ...kept, ayahNumber: ayahNumberOf(surah ?? was.surah, ayah ?? was.ayah) };
    },
    sample: async (scope) => {
      const [metric] = await activeRecitationMetrics(scope);
      return { hafizId: (await sampleHafiz(scope)).id, surah: 2, ayah: 255, metricId: metric!.id };
    },
  });

  serveAction(
    app,
    hafizFeedback,
    async (ctx, { params, query }) => {
      const one = await requireHafiz(ctx, params.hafizId);
      const rows = await ctx.scope.db
        .select()
        .from(hifzFeedback)
        .where(feedbackOfHafiz(ctx.scope, one.id, query.includeResolved === "true"))
        .orderBy(desc(hifzFeedback.date), desc(hifzFeedback.id));
      return { message: "Feedback fetched successfully", rows: await presentFeedback(ctx.scope, rows), count: rows.length };
    },
    { sample: async (scope) => ({ params: { hafizId: (await sampleHafiz(scope)).id } }) },
  );

  serveAction(
    app,
    feedbackStats,
    async (ctx, { params }) => ({
      message: "Feedback stats fetched successfully",
      ...(await feedbackCounts(ctx.scope, (await requireHafiz(ctx, params.id)).id)),
    }),
    { sample: async (scope) => ({ params: { id: (await sampleHafiz(scope)).id } }) },
  );

  serveAction(
    app,
    resolveFeedback,
    async (ctx, { params }) => {
      const [resolvedNow] = await resolveMistakes(ctx.scope, [params.id], ctx.principal.userId);
      if (resolvedNow) await ctx.audit({ action: "update", entity: "hifz_feedback", entityId: resolvedNow, details: { isResolved: true } });
      const [data] = await presentFeedback(ctx.scope, [await ctx.scope.find(hifzFeedback, params.id, "Feedback")]);
      return { message: "Feedback resolved successfully", data: data! };
    },
    { sample: async (scope) => ({ params: { id: (await sampleMistake(scope)).id } }) },
  );

  serveAction(
    app,
    resolveFeedbackMany,
    async (ctx, { body }) => {
      const resolvedNow = await resolveMistakes(ctx.scope, body.ids, ctx.principal.userId);
      if (resolvedNow.length)
        await ctx.audit({ action: "update", entity: "hifz_feedback", entityId: resolvedNow[0]!, details: { ids: resolvedNow, isResolved: true } });
      return { message: `${resolvedNow.length} mistake(s) resolved`, count: resolvedNow.length };
    },
    { sample: async (scope) => ({ body: { ids: [(await sampleMistake(scope)).id] } }) },
  );
}
