import { admissionResource, allAdmissions, downloadAdmissionPdf, getAdmission, type Language, languageOr, printAdmission } from "@taleem/contract";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolYear } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { registerAdmissionActions } from "./admission-actions.routes.js";
import { registerAdmissionImport } from "./admission-import.routes.js";
import { registerOpenAdmission } from "./admission-open.routes.js";
import { admissionHtml, admissionSheet } from "./admission-print.js";
import { adminValues, nextApplicationNo, presentAdmissions, refuseIfEnrolled, requireAdmission, spreadCustomFields } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

/** The printed application's language: asked for, else the caller's own. */
const printLanguage = (ctx: RequestContext, lang: Language | undefined): Language => lang ?? languageOr(ctx.principal.language);

const approvedCount = async (scope: TenantScope) => {
  const [n] = await scope.db
    .select({ n: count() })
    .from(admissions)
    .where(scope.where(admissions, inArray(admissions.status, ["approved", "enrolled"])));
  return n?.n ?? 0;
};

/** Admission applications: review, decisions and letters, enrolment, imports, the printed form and the public form. */
export function registerAdmissionsModule(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);
  const pdf = new PdfRenderer();
  app.addHook("onClose", () => pdf.close());

  serveResource(app, admissionResource, admissions, {
    present: (ctx, rows) => presentAdmissions(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const values = await adminValues(ctx.scope, input);
      const tenant = await tenantOf(ctx.scope);
      return {
        ...values,
        name: input.name,
        guardianName: input.guardianName,
        guardianMobile: values.guardianMobile!,
        guardianLanguage: input.guardianLanguage ?? (tenant.defaultLanguage as Language),
        source: "admin" as const,
        applicationNo: await nextApplicationNo(ctx.scope, schoolYear(tenant)),
      };
    },
    beforeUpdate: async (ctx, existing, input) => {
      refuseIfEnrolled(existing, "changing the application");
      return adminValues(ctx.scope, input);
    },
    beforeDelete: async (_ctx, existing) => refuseIfEnrolled(existing, "deleting it"),
    listExtras: async (ctx, where) => {
      const [n] = await ctx.scope.db
        .select({ n: count() })
        .from(admissions)
        .where(ctx.scope.where(admissions, where, inArray(admissions.status, ["approved", "enrolled"])));
      return { totalApproved: n?.n ?? 0 };
    },
    sample: async () => ({
      name: "Sample Applicant",
      nameNative: "مقدم الطلب",
      guardianName: "Sample Guardian",
      guardianMobile: "+919812345678",
      guardianLanguage: "en" as const,
      documents: [],
      customfields: {},
    }),
  });

  serveAction(app, allAdmissions, async (ctx, { query }) => {
    const rows = await ctx.scope.db
      .select()
      .from(admissions)
      .where(ctx.scope.where(admissions, query.status ? eq(admissions.status, query.status) : undefined))
      .orderBy(desc(admissions.createdAt), desc(admissions.id))
      .limit(5000);
    return {
      rows: await presentAdmissions(ctx.scope, rows),
      count: rows.length,
      totalApproved: await approvedCount(ctx.scope),
      message: "Admission list fetched successfully",
    };
  });

  serveAction(app, getAdmission, async (ctx, { params }) => {
    const [row] = await presentAdmissions(ctx.scope, [await requireAdmission(ctx.scope, params.id)]);
    return { message: "Admission fetched successfully", data: spreadCustomFields(row!) };
  });

  serveAction(app, printAdmission, async (ctx, { params, query }) => {
    const a = await requireAdmission(ctx.scope, params.id);
    const html = admissionHtml(await admissionSheet(ctx.scope, store, a, printLanguage(ctx, query.lang)));
    return { message: "Admission form fetched successfully", html };
  });

  // Chromium may take seconds: the page is read in a transaction of its own, and none is held while it prints.
  serveAction(
    app,
    downloadAdmissionPdf,
    async (ctx, { params, query }) => {
      const { id, html } = await ctx.scope.transaction(async (scope) => {
        const a = await requireAdmission(scope, params.id);
        return { id: a.id, html: admissionHtml(await admissionSheet(scope, store, a, printLanguage(ctx, query.lang))) };
      });
      let file: Buffer;
      try {
        file = await pdf.render(html);
      } catch (err) {
        if (err instanceof AppError) throw err;
        ctx.req.log.error({ err }, "admission PDF failed");
        throw new AppError(503, "pdf.failed", "Failed to download PDF");
      }
      return ctx.reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="admission-${id}.pdf"`)
        .header("cache-control", "no-store")
        .send(file);
    },
    { transaction: false },
  );

  registerAdmissionActions(app, services);
  registerAdmissionImport(app, services);
  registerOpenAdmission(app, services, store);
}
