import { type BatchRow, batchResource, MakeActiveBatch } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { classroomsOfBatch } from "../classrooms/classrooms.service.js";
import { activeBatch, assertNameFree } from "./academics.service.js";
import { type BatchRecord, batches } from "./academics.table.js";

const presentBatch = (b: BatchRecord): BatchRow => ({
  id: b.id,
  name: b.name,
  startDate: b.startDate,
  endDate: b.endDate,
  active: b.active,
  createdAt: b.createdAt.toISOString(),
});

function assertDates(startDate: string, endDate: string) {
  if (endDate <= startDate) throw badRequest("batch.dates", "The end date must be after the start date.", { field: "endDate" });
}

/** Academic years: one active per school; the first one made becomes active. */
export function registerBatchRoutes(app: FastifyInstance, { db }: Services) {
  serveResource(app, db, batchResource, batches, {
    present: async (_ctx, rows) => rows.map(presentBatch),
    beforeCreate: async (ctx, input) => {
      assertDates(input.startDate, input.endDate);
      await assertNameFree(ctx.scope, batches, input.name, "Batch");
      return { ...input, active: !(await activeBatch(ctx.scope)) };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      assertDates(values.startDate ?? existing.startDate, values.endDate ?? existing.endDate);
      if (values.name !== undefined) await assertNameFree(ctx.scope, batches, values.name, "Batch", { exceptId: existing.id });
      return values;
    },
    beforeDelete: async (ctx, existing) => {
      const rooms = await classroomsOfBatch(ctx.scope, existing.id);
      if (rooms.length) {
        throw conflict("batch.has_classrooms", `The batch ${existing.name} has ${rooms.length} classroom(s). Delete or move them first.`, {
          classrooms: rooms.length,
        });
      }
    },
    sample: async () => ({ name: `Batch ${Math.random().toString(36).slice(2, 8)}`, startDate: "2026-06-01", endDate: "2027-03-31" }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put("/admin/api/batch/make-active-batch", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags: ["academics"],
      summary: "Make a batch the school's active one (the previous one stops being active)",
      body: MakeActiveBatch,
      response: { 200: z.object({ message: z.string(), data: batchResource.row }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.transaction(async (scope) => {
        const target = await scope.find(batches, req.body.id, "Batch");
        const before = await activeBatch(scope);
        await scope.db
          .update(batches)
          .set({ active: false })
          .where(scope.where(batches, eq(batches.active, true)));
        const updated = await scope.update(batches, target.id, { active: true }, "Batch");
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "batches",
          entityId: target.id,
          details: { madeActive: target.id, previous: before?.id ?? null },
          ip: ctx.ip,
        });
        return updated;
      });
      return { message: `${row.name} is now the active batch`, data: presentBatch(row) };
    },
  });
}
