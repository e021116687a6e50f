import { AdmissionDetail, AdmissionListReply, AdmissionPrintReply, AdmissionStatus, admissionResource, PrintQuery, RowId } from "@taleem/contract";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import { contextOf, type RequestContext } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { registerAdmissionActions } from "./admission-actions.routes.js";
import { registerAdmissionImport } from "./admission-import.routes.js";
import { registerOpenAdmission } from "./admission-open.routes.js";
import { admissionHtml, admissionSheet } from "./admission-print.js";
import { adminValues, nextApplicationNo, presentAdmissions, refuseIfEnrolled, requireAdmission, schoolYear, spreadCustomFields } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

/** The printed application's language: asked for, else the caller's own. */
const printLanguage = (ctx: RequestContext, lang: string | undefined) =>
  lang ?? (["en", "ta", "ur", "ar", "ml"].includes(ctx.principal.language) ? ctx.principal.language : "en");

/** Admission applications: review, decisions and letters, enrolment, imports, the printed form and the public form. */
export function registerAdmissionsModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  const store = new UploadStore(services.config.dataDir);
  const pdf = new PdfRenderer();
  app.addHook("onClose", () => pdf.close());

  serveResource(app, db, admissionResource, admissions, {
    present: (ctx, rows) => presentAdmissions(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const values = await adminValues(ctx, input);
      const tenant = await tenantOf(ctx.scope);
      return {
        ...values,
        name: input.name,
        guardianName: input.guardianName,
        guardianMobile: values.guardianMobile!,
        guardianLanguage: input.guardianLanguage ?? (tenant.defaultLanguage as "en"),
        source: "admin" as const,
        applicationNo: await nextApplicationNo(ctx.scope, schoolYear(tenant)),
      };
    },
    beforeUpdate: async (ctx, existing, input) => {
      refuseIfEnrolled(existing, "changing the application");
      return adminValues(ctx, input);
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

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["admissions"];

  r.get("/admin/api/admission/all", {
    config: { permission: ["admissions", "view"] },
    schema: {
      tags,
      summary: "Every application (at most 5000, newest first), optionally of one status; totalApproved counts approved and enrolled ones",
      querystring: z.object({ status: AdmissionStatus.optional() }),
      response: { 200: AdmissionListReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const where = ctx.scope.where(admissions, req.query.status ? eq(admissions.status, req.query.status) : undefined);
      const [rows, [approved]] = await Promise.all([
        db.select().from(admissions).where(where).orderBy(desc(admissions.createdAt), desc(admissions.id)).limit(5000),
        db
          .select({ n: count() })
          .from(admissions)
          .where(ctx.scope.where(admissions, inArray(admissions.status, ["approved", "enrolled"]))),
      ]);
      return {
        rows: await presentAdmissions(ctx.scope, rows),
        count: rows.length,
        totalApproved: approved?.n ?? 0,
        message: "Admission list fetched successfully",
      };
    },
  });

  r.get("/admin/api/admission/:id", {
    config: { permission: ["admissions", "view"] },
    schema: {
      tags,
      summary: "One application, its custom fields spread onto it and also kept under customfields",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), data: AdmissionDetail }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const [row] = await presentAdmissions(ctx.scope, [await requireAdmission(ctx.scope, req.params.id)]);
      return { message: "Admission fetched successfully", data: spreadCustomFields(row!) };
    },
  });

  r.get("/admin/api/admission/print/:id", {
    config: { permission: ["admissions", "view"] },
    schema: {
      tags,
      summary: "The printed application as HTML, for an on-screen preview: the same page download-pdf prints",
      description: "lang: en, ta, ur, ar or ml (default the caller's language). Show it in a sandboxed iframe (srcdoc).",
      params: z.object({ id: RowId }),
      querystring: PrintQuery,
      response: { 200: AdmissionPrintReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const a = await requireAdmission(ctx.scope, req.params.id);
      const html = admissionHtml(await admissionSheet(ctx.scope, store, a, printLanguage(ctx, req.query.lang)));
      return { message: "Admission form fetched successfully", html };
    },
  });

  r.get("/admin/api/admission/download-pdf/:id", {
    config: { permission: ["admissions", "view"] },
    schema: {
      tags,
      summary: "The printed application as a PDF (admission-{id}.pdf)",
      description: "lang: en, ta, ur, ar or ml (default the caller's language). Printed by Chromium from the page admission/print/{id} shows.",
      params: z.object({ id: RowId }),
      querystring: PrintQuery,
      produces: ["application/pdf"],
      response: { 200: z.any().describe("PDF file") },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req, db);
      const a = await requireAdmission(ctx.scope, req.params.id);
      const html = admissionHtml(await admissionSheet(ctx.scope, store, a, printLanguage(ctx, req.query.lang)));
      let file: Buffer;
      try {
        file = await pdf.render(html);
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log.error({ err }, "admission PDF failed");
        throw new AppError(503, "pdf.failed", "Failed to download PDF");
      }
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="admission-${a.id}.pdf"`)
        .header("cache-control", "no-store")
        .send(file);
    },
  });

  registerAdmissionActions(app, services);
  registerAdmissionImport(app, services);
  registerOpenAdmission(app, services, store);
}
