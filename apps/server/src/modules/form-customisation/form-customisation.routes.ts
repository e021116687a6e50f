import { type AdmissionFormConfig, FormCustomisationRow, FormKey, formCustomisationResource } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertImportUrl, importPolicy } from "../../platform/files/import-url.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { courseNames } from "../academics/academics.service.js";
import { admissionFormRecord, presentFormCustomisation } from "./form-customisation.service.js";
import { formCustomisations } from "./form-customisation.table.js";

/** Which fields the admission form shows and requires, the courses it offers and the sheet it imports from. */
export function registerFormCustomisationModule(app: FastifyInstance, { db, config }: Services) {
  const policy = importPolicy(config);

  async function checkConfig(scope: TenantScope, c: AdmissionFormConfig) {
    if (c.sheetUrl) assertImportUrl(c.sheetUrl, policy);
    if (c.courseIds?.length) {
      const names = await courseNames(scope, c.courseIds);
      const missing = c.courseIds.find((id) => !names.has(id));
      if (missing) throw badRequest("form.course_unknown", `Course ${missing} is not one of the school's courses.`, { field: "config.courseIds" });
    }
  }

  serveResource(app, db, formCustomisationResource, formCustomisations, {
    present: async (_ctx, rows) => rows.map(presentFormCustomisation),
    beforeCreate: async (ctx, input) => {
      const [existing] = await ctx.scope.db
        .select({ id: formCustomisations.id })
        .from(formCustomisations)
        .where(ctx.scope.where(formCustomisations, eq(formCustomisations.form, input.form)))
        .limit(1);
      if (existing) {
        throw conflict("form.exists", `The ${input.form} form is already customised (id ${existing.id}); update it instead.`, { id: existing.id });
      }
      await checkConfig(ctx.scope, input.config);
      return input;
    },
    beforeUpdate: async (ctx, _existing, input) => {
      if (!input.config) return {};
      await checkConfig(ctx.scope, input.config);
      return { config: input.config };
    },
    sample: async () => ({ form: "admission" as const, config: { fields: { photo: { show: true, required: true } } } }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/admin/api/formcustomisation/:id", {
    config: { permission: ["settings", "view"] },
    schema: {
      tags: ["settings"],
      summary: "A form's customisation by id, or by form name (admission): the stored config, or the defaults with id null",
      params: z.object({ id: z.union([z.coerce.number().int().positive().max(2_147_483_647), FormKey]) }),
      response: { 200: z.object({ message: z.string(), data: FormCustomisationRow }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { id } = req.params;
      if (typeof id === "number") {
        const row = await ctx.scope.find(formCustomisations, id, "Form customisation");
        return { message: "Form customisation fetched successfully", data: presentFormCustomisation(row) };
      }
      const row = await admissionFormRecord(ctx.scope);
      return {
        message: "Form customisation fetched successfully",
        data: row ? presentFormCustomisation(row) : { id: null, form: id, config: {}, createdAt: null },
      };
    },
  });
}
