import { feeMasterResource, generateFeePayments, updateFeePayments } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { sampleBatch } from "../academics/academic-samples.service.js";
import { requireBatch } from "../academics/academics.service.js";
import { generatePayments, masterDueCount, presentMasters, saveLines, updatePayments } from "./fee-masters.service.js";
import { feeMasters } from "./fees.table.js";

/** A sample master in `scope` (another school's, for the isolation suites). */
export async function sampleMaster(scope: Parameters<typeof sampleBatch>[0]) {
  const batch = await sampleBatch(scope);
  const master = await scope.insert(feeMasters, { name: `Fees ${sampleTag()}`, batchId: batch.id });
  await saveLines(scope, master.id, [{ head: "tuition", name: "Tuition", amount: 100_000, frequency: "once", dueDates: ["2026-07-10"] }]);
  return master;
}

/**
 * Fee structures (masters) with their lines; generating turns one into each student's dues, and
 * updating carries its changes to the dues nobody has paid against.
 */
export function registerFeeMasters(app: FastifyInstance) {
  serveResource(app, feeMasterResource, feeMasters, {
    present: (ctx, rows) => presentMasters(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await requireBatch(ctx.scope, input.batchId);
      const { lines: _l, ...values } = input;
      return values;
    },
    afterCreate: async (ctx, row, input) => saveLines(ctx.scope, row.id, input.lines),
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, lines: _l, ...values } = input;
      if (values.batchId !== undefined && values.batchId !== existing.batchId) {
        await requireBatch(ctx.scope, values.batchId);
        if (await masterDueCount(ctx.scope, existing.id))
          throw conflict("fee_master.has_dues", "This fee structure has made dues already; its batch cannot change.", { field: "batchId" });
      }
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.lines) await saveLines(ctx.scope, row.id, input.lines);
    },
    inUse: { code: "fee_master.in_use", advice: "Its dues stay; set it inactive instead." },
    sample: async (scope) => {
      const batch = await sampleBatch(scope);
      return {
        name: `Fees ${sampleTag()}`,
        batchId: batch.id,
        pledge: false,
        fineRule: null,
        lines: [{ head: "tuition" as const, name: "Tuition", amount: 100_000, frequency: "once" as const, dueDates: ["2026-07-10"] }],
        status: "active" as const,
      };
    },
  });

  serveAction(
    app,
    generateFeePayments,
    async (ctx, { body }) => {
      const result = await generatePayments(ctx.scope, body, ctx.principal.userId);
      const message = body.preview ? `${result.created} dues would be made` : `${result.created} dues made, ${result.existing} already there`;
      return { message, ...result };
    },
    { sample: async (scope) => ({ body: { feeMasterId: (await sampleMaster(scope)).id, preview: true } }) },
  );

  serveAction(
    app,
    updateFeePayments,
    async (ctx, { body }) => {
      const result = await updatePayments(ctx.scope, body.feeMasterId, ctx.principal.userId);
      return { message: `${result.updated} dues updated, ${result.leftAlone.length} left alone`, ...result };
    },
    { sample: async (scope) => ({ body: { feeMasterId: (await sampleMaster(scope)).id } }) },
  );
}
