import { batchResource, makeActiveBatch } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { sampleBatch } from "./academic-samples.service.js";
import { activeBatch } from "./academics.service.js";
import { batches } from "./academics.table.js";

function assertDates(startDate: string, endDate: string) {
  if (endDate <= startDate) throw badRequest("batch.dates", "The end date must be after the start date.", { field: "endDate" });
}

/**
 * Academic years: one active per school; the first one made becomes active. Names are unique
 * (batch.name_taken); a batch with classrooms cannot be deleted (their declared reference).
 */
export function registerBatchRoutes(app: FastifyInstance) {
  serveResource(app, batchResource, batches, {
    beforeCreate: async (ctx, input) => {
      assertDates(input.startDate, input.endDate);
      return { ...input, active: !(await activeBatch(ctx.scope)) };
    },
    beforeUpdate: async (_ctx, existing, input) => {
      const { id: _id, ...values } = input;
      assertDates(values.startDate ?? existing.startDate, values.endDate ?? existing.endDate);
      return values;
    },
    inUse: { code: "batch.has_classrooms", advice: "Delete or move them first." },
    sample: async () => ({ name: `Batch ${Math.random().toString(36).slice(2, 8)}`, startDate: "2026-06-01", endDate: "2027-03-31" }),
  });

  serveAction(
    app,
    makeActiveBatch,
    async (ctx, { body }) => {
      const target = await ctx.scope.find(batches, body.id, "Batch");
      const before = await activeBatch(ctx.scope);
      await ctx.scope.db
        .update(batches)
        .set({ active: false })
        .where(ctx.scope.where(batches, eq(batches.active, true)));
      const updated = await ctx.scope.update(batches, target.id, { active: true }, "Batch");
      await ctx.audit({ action: "update", entity: "batches", entityId: target.id, details: { madeActive: target.id, previous: before?.id ?? null } });
      return { message: `${updated.name} is now the active batch`, data: updated };
    },
    { sample: async (scope) => ({ body: { id: (await sampleBatch(scope)).id } }) },
  );
}
