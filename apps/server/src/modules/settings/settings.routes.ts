import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import type { Services } from "../../platform/services.js";
import { settings } from "../../platform/tenancy/settings.table.js";

const SettingsReply = z.object({ message: z.string(), config: z.record(z.string(), z.unknown()), profile: z.string() });

export function registerSettingsModule(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/admin/api/setting", {
    config: { permission: ["settings", "view"] },
    schema: { tags: ["settings"], summary: "The school's settings", response: { 200: SettingsReply } },
    handler: async (req) => {
      const { scope } = contextOf(req, db);
      const [row] = await scope.db.select().from(settings).where(scope.where(settings));
      return { message: "Settings fetched successfully", config: row?.config ?? {}, profile: row?.profile ?? "" };
    },
  });

  r.put("/admin/api/setting", {
    config: { permission: ["settings", "edit"] },
    schema: {
      tags: ["settings"],
      summary: "Change the school's settings",
      body: z.object({ config: z.record(z.string(), z.unknown()).optional(), profile: z.string().max(10_000).optional() }),
      response: { 200: SettingsReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.transaction(async (scope) => {
        const [existing] = await scope.db.select().from(settings).where(scope.where(settings));
        const next = {
          config: { ...(existing?.config ?? {}), ...(req.body.config ?? {}) },
          profile: req.body.profile ?? existing?.profile ?? "",
        };
        const saved = existing ? await scope.update(settings, existing.id, next) : await scope.insert(settings, next);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity: "settings",
          entityId: saved.id,
          before: existing,
          after: saved,
          ip: ctx.ip,
        });
        return saved;
      });
      return { message: "Settings updated successfully", config: row.config, profile: row.profile };
    },
  });
}
