import { type AdmissionFormConfig, formCustomisationResource, getFormCustomisation } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { assertImportUrl, importPolicy } from "../../platform/files/import-url.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { courseNames } from "../academics/academics.service.js";
import { admissionFormId, admissionFormRecord } from "./form-customisation.service.js";
import { formCustomisations } from "./form-customisation.table.js";

/** Which fields the admission form shows and requires, the courses it offers and the sheet it imports from. */
export function registerFormCustomisationModule(app: FastifyInstance, { config }: Services) {
  const policy = importPolicy(config);

  async function checkConfig(scope: TenantScope, c: AdmissionFormConfig) {
    if (c.sheetUrl) assertImportUrl(c.sheetUrl, policy);
    if (c.courseIds?.length) {
      const names = await courseNames(scope, c.courseIds);
      const missing = c.courseIds.find((id) => !names.has(id));
      if (missing) throw badRequest("form.course_unknown", `Course ${missing} is not one of the school's courses.`, { field: "config.courseIds" });
    }
  }

  serveResource(app, formCustomisationResource, formCustomisations, {
    beforeCreate: async (ctx, input) => {
      // The refusal names the saved form's id, so the screen can update it instead.
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

  serveAction(
    app,
    getFormCustomisation,
    async (ctx, { params }) => {
      const { id } = params;
      const message = "Form customisation fetched successfully";
      if (typeof id === "number") return { message, data: await ctx.scope.find(formCustomisations, id, "Form customisation") };
      return { message, data: (await admissionFormRecord(ctx.scope)) ?? { id: null, form: id, config: {}, createdAt: null } };
    },
    { sample: async (scope) => ({ params: { id: await admissionFormId(scope) } }) },
  );
}
