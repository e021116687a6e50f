import { checklistLogResource, getChecklistLog, reviewChecklistLog, updateChecklistLog } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { type ChecklistLogRecord, checkAnswers, existingLog, logScope, periodToSubmit, presentLogs, submitted } from "./checklist-logs.service.js";
import { sampleChecklist, sampleLog } from "./checklist-samples.service.js";
import { checklistLogs, checklists } from "./checklists.table.js";

type LogChange = Omit<z.infer<typeof checklistLogResource.update>, "id">;

/** A submission the caller may reach (a reviewer: any; anyone else: their own), or 404. */
async function findLog(ctx: RequestContext, id: number): Promise<ChecklistLogRecord> {
  const [row] = await ctx.scope.db
    .select()
    .from(checklistLogs)
    .where(ctx.scope.where(checklistLogs, eq(checklistLogs.id, id), logScope(ctx)));
  if (!row) throw notFound("Checklist log");
  return row;
}

/** A change of answers, by the person who submitted them; an approved submission stays as approved. */
async function resubmit(ctx: RequestContext, existing: ChecklistLogRecord, input: LogChange) {
  if (existing.submittedBy !== ctx.principal.userId)
    throw conflict("checklist.not_yours", "Only the person who submitted it can change the answers.", { field: "answers" });
  if (existing.status === "approved")
    throw conflict("checklist.already_approved", "This submission is approved and can no longer be changed.", { status: existing.status });
  const checklist = await ctx.scope.find(checklists, existing.checklistId, "Checklist");
  const answers = input.answers ? await checkAnswers(ctx.scope, checklist, input.answers) : existing.answers;
  return submitted(answers, input.comments);
}

const shown = async (ctx: RequestContext, row: ChecklistLogRecord) => (await presentLogs(ctx.scope, [row]))[0]!;
const sampleId = async (scope: Parameters<typeof sampleLog>[0]) => ({ params: { id: (await sampleLog(scope)).id } });

/**
 * Submissions: one per checklist, person and period (sending again replaces the answers), changed
 * by their submitter until approved, reviewed by a role granted checklists review.
 */
export function registerChecklistLogs(app: FastifyInstance) {
  serveResource(app, checklistLogResource, checklistLogs, {
    scope: logScope,
    present: (ctx, rows) => presentLogs(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const checklist = await ctx.scope.find(checklists, input.checklistId, "Checklist");
      const period = await periodToSubmit(ctx, checklist, input.startDate);
      const answers = await checkAnswers(ctx.scope, checklist, input.answers);
      const before = await existingLog(ctx.scope, checklist.id, ctx.principal.userId, period.startDate);
      if (before?.status === "approved")
        throw conflict("checklist.already_approved", "This submission is approved and can no longer be changed.", { status: before.status });
      // Sending the same period again replaces the earlier submission (or its missed mark) under
      // its id, in this transaction: one row per checklist, person and period, never two.
      if (before) await ctx.scope.remove(checklistLogs, before.id);
      return {
        checklistId: checklist.id,
        submittedBy: ctx.principal.userId,
        ...period,
        ...submitted(answers, input.comments ?? null),
        ...(before ? { id: before.id, createdAt: before.createdAt } : {}),
      };
    },
    beforeUpdate: (ctx, existing, input) => resubmit(ctx, existing, input),
    sample: async (scope) => {
      const checklist = await sampleChecklist(scope);
      return {
        checklistId: checklist.id,
        startDate: "2026-01-06",
        answers: [
          { itemId: 1, value: true },
          { itemId: 2, value: 30 },
        ],
        comments: null,
      };
    },
  });

  serveAction(
    app,
    getChecklistLog,
    async (ctx, { params }) => ({ message: "Checklist log fetched successfully", data: await shown(ctx, await findLog(ctx, params.id)) }),
    {
      sample: sampleId,
    },
  );

  serveAction(
    app,
    updateChecklistLog,
    async (ctx, { params, body }) => {
      const before = await findLog(ctx, params.id);
      const after = await ctx.scope.update(checklistLogs, params.id, await resubmit(ctx, before, body), "Checklist log");
      await ctx.audit({ action: "update", entity: "checklist_logs", entityId: params.id, before, after });
      return { message: "Checklist log updated successfully", data: await shown(ctx, after) };
    },
    { sample: async (scope) => ({ ...(await sampleId(scope)), body: { comments: "All well" } }) },
  );

  serveAction(
    app,
    reviewChecklistLog,
    async (ctx, { params, body }) => {
      const before = await findLog(ctx, params.id);
      if (before.status === "missed") throw conflict("checklist.review_missed", "A missed submission has nothing to review.", { status: before.status });
      const after = await ctx.scope.update(
        checklistLogs,
        params.id,
        { status: body.status, reviewComments: body.comments ?? null, reviewedBy: ctx.principal.userId, reviewedAt: new Date() },
        "Checklist log",
      );
      await ctx.audit({ action: "update", entity: "checklist_logs", entityId: params.id, before, after, details: { review: body.status } });
      return { message: `Checklist log ${body.status}`, data: await shown(ctx, after) };
    },
    { sample: async (scope) => ({ ...(await sampleId(scope)), body: { status: "approved" as const } }) },
  );
}
