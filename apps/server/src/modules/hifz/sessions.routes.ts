import { assignSessionStudents, createSessions, hifzSessionResource, updateSessions } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleHafiz } from "./hafiz.routes.js";
import { checkSessionRefs, groupMembers, presentSessions, requireSession, seat } from "./sessions.service.js";
import { hifzSessions } from "./sessions.table.js";

const sampleSession = (scope: TenantScope) => scope.insert(hifzSessions, { date: "2026-03-02" });

/** Sittings: one at a time or a week at once, each group's members seated as it is made. */
export function registerSessions(app: FastifyInstance) {
  serveResource(app, hifzSessionResource, hifzSessions, {
    present: (ctx, rows) => presentSessions(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await checkSessionRefs(ctx.scope, input);
      return input;
    },
    afterCreate: async (ctx, row) => seat(ctx.scope, row.id, await groupMembers(ctx.scope, row.recitationGroupId)),
    beforeUpdate: async (ctx, _existing, input) => {
      await checkSessionRefs(ctx.scope, input);
      return input;
    },
    sample: async () => ({ date: "2026-03-03" }),
  });

  serveAction(app, createSessions, async (ctx, { body }) => {
    const made = [];
    for (const [i, input] of body.sessions.entries()) {
      await checkSessionRefs(ctx.scope, input, `sessions.${i}.`);
      const row = await ctx.scope.insert(hifzSessions, input);
      await seat(ctx.scope, row.id, await groupMembers(ctx.scope, row.recitationGroupId));
      made.push(row);
    }
    await ctx.audit({ action: "create", entity: "hifz_sessions", entityId: made[0]!.id, details: { ids: made.map((m) => m.id) } });
    return { message: `${made.length} sitting(s) created`, rows: await presentSessions(ctx.scope, made) };
  });

  serveAction(
    app,
    updateSessions,
    async (ctx, { body }) => {
      const changed = [];
      for (const [i, { id, ...input }] of body.sessions.entries()) {
        await requireSession(ctx.scope, id);
        await checkSessionRefs(ctx.scope, input, `sessions.${i}.`);
        changed.push(await ctx.scope.update(hifzSessions, id, { ...input, updatedAt: new Date() }, "Sitting"));
      }
      await ctx.audit({ action: "update", entity: "hifz_sessions", entityId: changed[0]!.id, details: { ids: changed.map((m) => m.id) } });
      return { message: `${changed.length} sitting(s) updated`, rows: await presentSessions(ctx.scope, changed) };
    },
    { sample: async (scope) => ({ body: { sessions: [{ id: (await sampleSession(scope)).id, notes: "Moved" }] } }) },
  );

  serveAction(
    app,
    assignSessionStudents,
    async (ctx, { params, body }) => {
      const session = await requireSession(ctx.scope, params.id);
      await seat(ctx.scope, session.id, body.hafizIds, body.attendance);
      await ctx.audit({ action: "update", entity: "hifz_sessions", entityId: session.id, details: { seated: body.hafizIds } });
      const [data] = await presentSessions(ctx.scope, [session]);
      return { message: "Students assigned successfully", data: data! };
    },
    {
      sample: async (scope) => ({ params: { id: (await sampleSession(scope)).id }, body: { hafizIds: [(await sampleHafiz(scope)).id] } }),
    },
  );
}
