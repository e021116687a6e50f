import { admissionPublicForm, applyForAdmission, PUBLIC_FORM_RATES, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { INLINE_FILES_BODY_LIMIT } from "../settings/custom-fields.service.js";
import { admissionForm } from "../settings/form-customisation.service.js";
import { findOpenTenant, publicSchool } from "../settings/public-form.js";
import { admissionFormFields, admissionsOpen, fileOnlineApplication } from "./admission-apply.service.js";
import { consentTexts, receivedMessage } from "./admission-texts.js";
import { offeredCourses } from "./admissions.service.js";

/** The public admission form of a school, reached by its code: what it shows, and sending it. */
export function registerOpenAdmission(app: FastifyInstance, { attempts }: Services, store: UploadStore) {
  serveAction(app, admissionPublicForm, async (ctx, { params }) => {
    if ((await attempts.hit(`admission-form-read:${ctx.ip}`, 60)) > PUBLIC_FORM_RATES.readsPerMinute) {
      throw new AppError(429, "rate_limited", "Too many requests. Try again in a minute.");
    }
    const tenant = await findOpenTenant(ctx.db, params.code, "School");
    return new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
      const form = await admissionForm(scope);
      const courses = await offeredCourses(scope, form.courseIds);
      return {
        message: "Admission form fetched successfully",
        open: await admissionsOpen(scope),
        school: publicSchool(tenant),
        fields: await admissionFormFields(scope, form, courses),
        courses,
        instructions: form.instructions,
        consent: consentTexts(tenant.name, form.consentText),
        limits: {
          photoBytes: UPLOAD_LIMITS.photoBytes,
          fileBytes: UPLOAD_LIMITS.fileBytes,
          maxDocuments: UPLOAD_LIMITS.maxDocuments,
          submissionBytes: UPLOAD_LIMITS.submissionBytes,
          types: [...UPLOAD_TYPES],
        },
      };
    });
  });

  serveAction(
    app,
    applyForAdmission,
    async (ctx, { params, body }) => {
      if ((await attempts.hit(`admission-apply:${params.code.toLowerCase()}:${ctx.ip}`, 3600)) > PUBLIC_FORM_RATES.applicationsPerHour) {
        throw new AppError(429, "rate_limited", "Too many applications from this address. Please try again later.");
      }
      const tenant = await findOpenTenant(ctx.db, params.code, "School");
      const row = await withUploads(store, tenant.id, null, (batch) =>
        new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
          if (!(await admissionsOpen(scope))) throw new AppError(403, "admission.closed", `${tenant.name} is not taking applications now.`);
          return fileOnlineApplication(scope, tenant, body, batch, ctx.ip);
        }),
      );
      return { message: receivedMessage(body.language, row.applicationNo), applicationNo: row.applicationNo };
    },
    { bodyLimit: INLINE_FILES_BODY_LIMIT },
  );
}
