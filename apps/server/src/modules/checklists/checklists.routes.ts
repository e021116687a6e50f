import { checklistResource, cloneChecklist, getChecklist, updateChecklist } from "@taleem/contract";
import { eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { profiles } from "../../platform/auth/users.table.js";
import { forbidden } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { registerChecklistLogs } from "./checklist-logs.routes.js";
import { registerChecklistReminders } from "./checklist-reminders.service.js";
import { registerChecklistReports } from "./checklist-reports.routes.js";
import { sampleChecklist, sampleChecklistBody } from "./checklist-samples.service.js";
import { changedChecklistValues, newChecklistValues, presentChecklists } from "./checklists.service.js";
import { checklists } from "./checklists.table.js";

/** The checklists the caller must submit: named in them, or through a role they hold. */
const assignedTo = (ctx: RequestContext) =>
  or(
    sql`${checklists.assigneeIds} @> ${JSON.stringify([ctx.principal.userId])}::jsonb`,
    inArray(
      checklists.roleId,
      ctx.scope.db
        .select({ roleId: profiles.roleId })
        .from(profiles)
        .where(ctx.scope.where(profiles, eq(profiles.userId, ctx.principal.userId))),
    ),
  )!;

/** A family (a linked-only role) submits the checklists given to it; the school makes them. */
const schoolMakes = (ctx: RequestContext) => {
  if (ctx.scope.family) throw forbidden(homeOf(ctx.principal), "A family submits the checklists the school gives it; only the school makes them.");
};

const sampleId = async (scope: Parameters<typeof sampleChecklist>[0]) => ({ params: { id: (await sampleChecklist(scope)).id } });

/**
 * Checklists (a warden's night round, a teacher's weekly plan): the office's list with its items,
 * the spec's by-id calls and clone; submissions, review, analytics, export and the reminders of
 * missed periods are in the files beside this one.
 */
export function registerChecklistsModule(app: FastifyInstance, services: Services) {
  serveResource(app, checklistResource, checklists, {
    filters: { mine: (value, ctx) => (value === "true" ? assignedTo(ctx) : sql`true`) },
    present: async (_ctx, rows) => presentChecklists(rows),
    beforeCreate: async (ctx, input) => {
      schoolMakes(ctx);
      return newChecklistValues(ctx.scope, input, await schoolToday(ctx.scope));
    },
    beforeUpdate: (ctx, existing, input) => changedChecklistValues(ctx.scope, existing, input),
    sample: sampleChecklistBody,
  });

  serveAction(
    app,
    getChecklist,
    async (ctx, { params }) => ({
      message: "Checklist fetched successfully",
      data: presentChecklists([await ctx.scope.find(checklists, params.id, "Checklist")])[0]!,
    }),
    { sample: sampleId },
  );

  serveAction(
    app,
    updateChecklist,
    async (ctx, { params, body }) => {
      const before = await ctx.scope.find(checklists, params.id, "Checklist");
      const after = await ctx.scope.update(checklists, params.id, await changedChecklistValues(ctx.scope, before, body), "Checklist");
      await ctx.audit({ action: "update", entity: "checklists", entityId: params.id, before, after });
      return { message: "Checklist updated successfully", data: presentChecklists([after])[0]! };
    },
    { sample: async (scope) => ({ ...(await sampleId(scope)), body: { category: "Kitchen" } }) },
  );

  serveAction(
    app,
    cloneChecklist,
    async (ctx, { params }) => {
      schoolMakes(ctx);
      const { id: _id, createdAt: _c, updatedAt: _u, tenantId: _t, ...source } = await ctx.scope.find(checklists, params.id, "Checklist");
      const copy = await ctx.scope.insert(checklists, { ...source, name: `${source.name} (copy)` });
      await ctx.audit({ action: "create", entity: "checklists", entityId: copy.id, after: copy, details: { clonedFrom: params.id } });
      return { message: "Checklist copied successfully", data: presentChecklists([copy])[0]! };
    },
    { sample: sampleId },
  );

  registerChecklistLogs(app);
  registerChecklistReports(app);
  registerChecklistReminders(app, services);
}
