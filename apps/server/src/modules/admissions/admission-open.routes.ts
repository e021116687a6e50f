import { admissionPublicForm, applyForAdmission, PUBLIC_FORM_RATES, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { schoolYear } from "../../platform/tenancy/school-calendar.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { INLINE_FILES_BODY_LIMIT } from "../settings/custom-fields.service.js";
import { admissionForm } from "../settings/form-customisation.service.js";
import { findOpenTenant, publicSchool } from "../settings/public-form.js";
import { admissionFormFields, fileOnlineApplication } from "./admission-apply.service.js";
import { admissionSettings, limitAddress, withinSchoolDay } from "./admission-limits.js";
import { consentTexts, receivedMessage } from "./admission-texts.js";
import { offeredCourses, peekApplicationNo } from "./admissions.service.js";

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
        open: (await admissionSettings(scope)).open,
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
      const tenant = await findOpenTenant(ctx.db, params.code, "School");
      const scope = new TenantScope(ctx.db, tenant.id);
      const limits = await scope.transaction(admissionSettings);
      await limitAddress(attempts, tenant.id, ctx.ip, limits.perAddressHour);
      if (!limits.open) throw new AppError(403, "admission.closed", `${tenant.name} is not taking applications now.`);
      if (body.website) {
        // A robot filled the field people never see: it is told what a parent would be, and nothing is kept.
        ctx.req.log.info({ tenantId: tenant.id }, "admission form: the hidden field was filled; nothing stored");
        const applicationNo = await scope.transaction((s) => peekApplicationNo(s, schoolYear(tenant)));
        return { message: receivedMessage(body.language, applicationNo), applicationNo };
      }
      const { row } = await withinSchoolDay(attempts, tenant.id, limits.perDay, () =>
        withUploads(store, tenant.id, null, (batch) => scope.transaction((s) => fileOnlineApplication(s, tenant, body, batch, ctx.ip))),
      );
      return { message: receivedMessage(body.language, row.applicationNo), applicationNo: row.applicationNo };
    },
    { bodyLimit: INLINE_FILES_BODY_LIMIT },
  );
}
