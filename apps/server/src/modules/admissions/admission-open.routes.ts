import { AdmissionApply, AdmissionApplyReply, AdmissionPublicForm, ErrorReply, IMAGE_TYPES, Language, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { INLINE_FILES_BODY_LIMIT } from "../custom-fields/custom-fields.service.js";
import { findOpenTenant, publicSchool } from "../custom-fields/public-form.js";
import { admissionForm } from "../form-customisation/form-customisation.service.js";
import { admissionFormFields, admissionsOpen, fileOnlineApplication } from "./admission-apply.service.js";
import { consentTexts, receivedMessage } from "./admission-texts.js";
import { offeredCourses } from "./admissions.service.js";

/**
 * Applications per address per school per hour (a school's office, where many parents share one
 * address, must not be locked out), and form reads per address per minute.
 */
export const APPLICATIONS_PER_HOUR = 30;
const FORM_READS_PER_MINUTE = 120;

const MB = 1024 * 1024;

/** The public admission form of a school, reached by its code: what it shows, and sending it. */
export function registerOpenAdmission(app: FastifyInstance, { db, attempts }: Services, store: UploadStore) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["admissions"];

  r.get("/admin/open/admission/:code/form", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "What the public admission form shows: the school, whether it takes applications, the fields, courses and the consent text",
      description:
        "fields lists the built-in fields the school shows (key, kind, labels in the five languages, required) and its own admission fields, in order. " +
        "Built-in guardian fields are sent under guardian (guardianName as guardian.name, guardianMobile as guardian.mobile, guardianEmail as guardian.email, " +
        "guardianRelation as guardian.relation), the school's own under customfields. The form sends consent.version back with the language whose text it showed.",
      params: z.object({ code: z.string().max(60) }),
      querystring: z.object({ lang: Language.optional() }),
      response: { 200: AdmissionPublicForm, 404: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      if ((await attempts.hit(`admission-form-read:${req.ip}`, 60)) > FORM_READS_PER_MINUTE) {
        throw new AppError(429, "rate_limited", "Too many requests. Try again in a minute.");
      }
      const tenant = await findOpenTenant(db, req.params.code, "School");
      const scope = new TenantScope(db, tenant.id);
      const form = await admissionForm(scope);
      const [courses, open] = await Promise.all([offeredCourses(scope, form.courseIds), admissionsOpen(scope)]);
      return {
        message: "Admission form fetched successfully",
        open,
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
    },
  });

  r.post("/admin/open/admission/:code", {
    config: { access: "open" },
    bodyLimit: INLINE_FILES_BODY_LIMIT,
    schema: {
      tags,
      summary: "Send an application through the school's public admission form",
      description:
        `Checked as the school's form says: required fields, offered courses, custom fields by their definitions. photo: {name, data} (${IMAGE_TYPES.join(", ")}, ` +
        `at most ${UPLOAD_LIMITS.photoBytes / MB} MB); documents: [{label, file: {name, data}}] (also PDF, at most ${UPLOAD_LIMITS.fileBytes / MB} MB each, ` +
        `${UPLOAD_LIMITS.maxDocuments} documents, ${UPLOAD_LIMITS.submissionBytes / MB} MB together); data is a data URL or base64, checked by its content. ` +
        "consent: {accepted: true, version (from the form call), language}: the exact text shown is stored with the time. Every problem answers 400 with params.fields; " +
        `an old consent version 409 admission.consent_changed; a school not taking applications 403 admission.closed; more than ${APPLICATIONS_PER_HOUR} ` +
        "applications per address per hour to one school 429. The reply carries the application number and a confirmation in the form's language.",
      params: z.object({ code: z.string().max(60) }),
      body: AdmissionApply,
      response: { 200: AdmissionApplyReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      if ((await attempts.hit(`admission-apply:${req.params.code.toLowerCase()}:${req.ip}`, 3600)) > APPLICATIONS_PER_HOUR) {
        throw new AppError(429, "rate_limited", "Too many applications from this address. Please try again later.");
      }
      const tenant = await findOpenTenant(db, req.params.code, "School");
      const scope = new TenantScope(db, tenant.id);
      if (!(await admissionsOpen(scope))) throw new AppError(403, "admission.closed", `${tenant.name} is not taking applications now.`);
      const row = await withUploads(store, tenant.id, null, (batch) => fileOnlineApplication(scope, tenant, req.body, batch, req.ip));
      return { message: receivedMessage(req.body.language, row.applicationNo), applicationNo: row.applicationNo };
    },
  });
}
