import { examSetAnalysis, examSetResource, examSetResults, publishExamSet } from "@taleem/contract";
import { isNotNull, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { requireBatch } from "../academics/academics.service.js";
import { analyse } from "./exam-set-analysis.service.js";
import { tellParentsOfResults } from "./exam-set-publish.service.js";
import { checkComponents, componentsOf, presentSets, requireSet, saveComponents } from "./exam-sets.service.js";
import { examSets } from "./exams.table.js";
import { samplePaper, sampleSet } from "./exams-samples.service.js";
import { examSetCards } from "./report-cards.service.js";

/** Exam sets: their terms and weights, the ranked report cards, the analysis, publishing. */
export function registerExamSets(app: FastifyInstance, services: Services) {
  serveResource(app, examSetResource, examSets, {
    present: (ctx, rows) => presentSets(ctx.scope, rows),
    filters: { published: (value) => (value === "true" ? isNotNull(examSets.publishedAt) : isNull(examSets.publishedAt)) },
    beforeCreate: async (ctx, input) => {
      await requireBatch(ctx.scope, input.batchId);
      await checkComponents(ctx.scope, input.batchId, input.combine, input.components);
      const { components: _c, ...values } = input;
      return values;
    },
    afterCreate: (ctx, row, input) => saveComponents(ctx.scope, row.id, input.components),
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, components, ...values } = input;
      const batchId = values.batchId ?? existing.batchId;
      if (values.batchId !== undefined) await requireBatch(ctx.scope, values.batchId);
      const wanted = components ?? (await componentsOf(ctx.scope, [existing.id])).map((c) => ({ examMasterId: c.examMasterId, weight: c.weight ?? undefined }));
      await checkComponents(ctx.scope, batchId, values.combine ?? existing.combine, wanted);
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.components) await saveComponents(ctx.scope, row.id, input.components);
    },
    sample: async (scope) => {
      const { master, batchId } = await samplePaper(scope);
      return { name: `Annual ${sampleTag()}`, batchId, components: [{ examMasterId: master.id }], combine: "total" as const, rankRule: "passedAll" as const };
    },
  });

  serveAction(
    app,
    examSetResults,
    async (ctx, { params, query }) => {
      await requireSet(ctx.scope, params.id);
      const { cards } = await examSetCards(ctx.scope, params.id, { classroomIds: query.classroomId ? [query.classroomId] : undefined });
      return { message: "Results fetched successfully", rows: cards, count: cards.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleSet(scope, true)).set.id } }) },
  );

  serveAction(
    app,
    examSetAnalysis,
    async (ctx, { params, query }) => {
      await requireSet(ctx.scope, params.id);
      const { cards } = await examSetCards(ctx.scope, params.id);
      const inView = query.classroomId ? cards.filter((c) => c.classroomId === query.classroomId) : cards;
      return { message: "Analysis fetched successfully", data: analyse(cards, inView) };
    },
    { sample: async (scope) => ({ params: { id: (await sampleSet(scope, true)).set.id } }) },
  );

  serveAction(
    app,
    publishExamSet,
    async (ctx, { body }) => {
      const set = await requireSet(ctx.scope, body.id);
      let notified = 0;
      if (body.published) {
        // Parents are told once, the first time; publishing again after hiding tells nobody.
        if (!set.notifiedAt) notified = await tellParentsOfResults(services, ctx, set);
        await ctx.scope.update(examSets, set.id, { publishedAt: set.publishedAt ?? new Date(), notifiedAt: set.notifiedAt ?? new Date() });
      } else {
        await ctx.scope.update(examSets, set.id, { publishedAt: null });
      }
      const updated = await requireSet(ctx.scope, set.id);
      await ctx.audit({ action: "update", entity: "exam_sets", entityId: set.id, details: { published: body.published, notified } });
      const [data] = await presentSets(ctx.scope, [updated]);
      return { message: body.published ? `${set.name} is published` : `${set.name} is hidden from parents`, data: data!, notified };
    },
    { sample: async (scope) => ({ body: { id: (await sampleSet(scope)).set.id, published: true } }) },
  );
}
