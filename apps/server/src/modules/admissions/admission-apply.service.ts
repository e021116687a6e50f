import {
  ADMISSION_OPTIONAL_FIELDS,
  type AdmissionApply,
  type AdmissionOptionalField,
  type FormField,
  Gender,
  IMAGE_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
} from "@taleem/contract";
import type { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { tryE164 } from "../../platform/auth/phone.js";
import { decodeUpload, type UploadBatch } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import { schoolYear } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantRow } from "../../platform/tenancy/tenants.table.js";
import { checkBatchSize, checkCustomValues, fieldsOf, formFieldOf, invalidValues } from "../settings/custom-fields.service.js";
import { type AdmissionFormSettings, admissionForm } from "../settings/form-customisation.service.js";
import { consentTexts, FIELD_LABELS, GENDER_LABELS } from "./admission-texts.js";
import { assertNotPending, firstOfRepeat, nextApplicationNo, offeredCourses } from "./admissions.service.js";
import { type AdmissionRecord, admissions } from "./admissions.table.js";

type Apply = z.infer<typeof AdmissionApply>;

const builtin = (key: string, kind: FormField["kind"], required: boolean, extra: Partial<FormField> = {}): FormField => ({
  key,
  builtin: true,
  kind,
  label: FIELD_LABELS[key]!.en,
  labels: FIELD_LABELS[key]!,
  required,
  options: [],
  multiple: false,
  min: null,
  max: null,
  maxLength: null,
  accept: [],
  maxBytes: null,
  ...extra,
});

const KINDS: Record<AdmissionOptionalField, FormField["kind"]> = {
  nameNative: "text",
  gender: "choice",
  dateOfBirth: "date",
  photo: "file",
  email: "email",
  mobile: "phone",
  address: "textarea",
  previousSchool: "text",
  courseId: "choice",
  guardianEmail: "email",
  guardianRelation: "text",
  documents: "file",
};

/**
 * The admission form's fields in order: the applicant, the school's own fields, the guardian.
 * Built-in keys match the submission's (guardian ones under `guardian`: guardianName is
 * guardian.name); hidden fields are left out.
 */
export async function admissionFormFields(scope: TenantScope, form: AdmissionFormSettings, courses: { id: number; name: string }[]): Promise<FormField[]> {
  const shown = (k: AdmissionOptionalField) => form.fields[k].show;
  const opt = (k: AdmissionOptionalField, extra: Partial<FormField> = {}) => (shown(k) ? [builtin(k, KINDS[k], form.fields[k].required, extra)] : []);
  const defs = await fieldsOf(scope, { entity: "admission" });
  const custom = defs.filter((d) => form.customFields[d.key]?.show !== false).map((d) => formFieldOf(d, form.customFields[d.key]?.required ?? d.required));
  return [
    builtin("name", "text", true, { maxLength: 120 }),
    ...opt("nameNative", { maxLength: 120 }),
    ...opt("gender", { options: Gender.options.map((g) => ({ value: g, labels: GENDER_LABELS[g] })) }),
    ...opt("dateOfBirth"),
    ...opt("courseId", { options: courses.map((c) => ({ value: String(c.id), labels: { en: c.name } })) }),
    ...opt("previousSchool", { maxLength: 200 }),
    ...opt("email"),
    ...opt("mobile"),
    ...opt("address", { maxLength: 500 }),
    ...opt("photo", { accept: [...IMAGE_TYPES], maxBytes: UPLOAD_LIMITS.photoBytes }),
    ...custom,
    builtin("guardianName", "text", true, { maxLength: 120 }),
    builtin("guardianMobile", "phone", true),
    ...opt("guardianRelation", { maxLength: 40 }),
    ...opt("guardianEmail"),
    ...opt("documents", { accept: [...UPLOAD_TYPES], maxBytes: UPLOAD_LIMITS.fileBytes, multiple: true }),
  ];
}

interface Issue {
  field: string;
  message: string;
}

/** Body keys of the optional fields, for errors. */
const BODY_KEY: Record<AdmissionOptionalField, string> = {
  nameNative: "nameNative",
  gender: "gender",
  dateOfBirth: "dateOfBirth",
  photo: "photo",
  email: "email",
  mobile: "mobile",
  address: "address",
  previousSchool: "previousSchool",
  courseId: "courseId",
  guardianEmail: "guardian.email",
  guardianRelation: "guardian.relation",
  documents: "documents",
};

/**
 * An application from the public form, checked as the school's form says (required fields,
 * offered courses, the consent as shown, files by content and size, custom fields by their
 * definitions), every problem reported at once; then filed with the next application number, all
 * in the caller's transaction. An exact repeat of a pending or approved application stores
 * nothing and gives that application back (`stored` false).
 */
export async function fileOnlineApplication(
  scope: TenantScope,
  tenant: TenantRow,
  body: Apply,
  batch: UploadBatch,
  ip: string,
): Promise<{ row: AdmissionRecord; stored: boolean }> {
  const form = await admissionForm(scope);
  const issues: Issue[] = [];
  const shown = (k: AdmissionOptionalField) => form.fields[k].show;
  const values: Record<AdmissionOptionalField, unknown> = {
    nameNative: body.nameNative,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth,
    photo: body.photo,
    email: body.email,
    mobile: body.mobile,
    address: body.address,
    previousSchool: body.previousSchool,
    courseId: body.courseId,
    guardianEmail: body.guardian.email,
    guardianRelation: body.guardian.relation,
    documents: body.documents.length ? body.documents : undefined,
  };
  for (const k of ADMISSION_OPTIONAL_FIELDS) {
    const v = values[k];
    if (form.fields[k].required && (v === undefined || v === null || v === "")) {
      issues.push({ field: BODY_KEY[k], message: `${FIELD_LABELS[k]!.en} is required.` });
    }
  }
  // What the form does not show is not taken, whatever was sent.
  const take = <T>(k: AdmissionOptionalField, v: T) => (shown(k) ? v : undefined);

  const guardianMobile = tryE164(body.guardian.mobile, tenant.country);
  if (!guardianMobile) issues.push({ field: "guardian.mobile", message: `${body.guardian.mobile.slice(0, 30)} is not a valid mobile number.` });
  const mobile = take("mobile", body.mobile) ? tryE164(body.mobile!, tenant.country) : null;
  if (take("mobile", body.mobile) && !mobile) issues.push({ field: "mobile", message: `${body.mobile!.slice(0, 30)} is not a valid mobile number.` });

  const courseId = take("courseId", body.courseId) ?? null;
  if (courseId) {
    const offered = await offeredCourses(scope, form.courseIds);
    if (!offered.some((c) => c.id === courseId)) issues.push({ field: "courseId", message: "This course does not take applications." });
  }

  const consent = consentTexts(tenant.name, form.consentText);
  if (body.consent.version !== consent.version) {
    throw new AppError(409, "admission.consent_changed", "The consent text has changed since the form was opened. Please reload the form and read it again.", {
      field: "consent.version",
    });
  }
  const consentText = consent.texts[body.consent.language] ?? consent.texts.en ?? Object.values(consent.texts)[0]!;

  const attempt = <T>(field: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof AppError && e.status === 400) issues.push({ field, message: e.message });
      else throw e;
      return undefined;
    }
  };
  const photoInput = take("photo", body.photo);
  const photo = photoInput
    ? attempt("photo", () => batch.add(decodeUpload(photoInput, { types: IMAGE_TYPES, maxBytes: UPLOAD_LIMITS.photoBytes, field: "photo" }), "admissions"))
    : undefined;
  const documents = (take("documents", body.documents) ?? []).flatMap((d, i) => {
    const stored = attempt(`documents.${i}`, () =>
      batch.add(decodeUpload(d.file, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: `documents.${i}` }), "admissions"),
    );
    return stored ? [{ ...stored, label: d.label ?? null }] : [];
  });

  const all = await fieldsOf(scope, { entity: "admission" });
  const defs = all.filter((d) => form.customFields[d.key]?.show !== false);
  const hidden = new Set(all.filter((d) => !defs.includes(d)).map((d) => d.key.toLowerCase()));
  const sent = Object.fromEntries(Object.entries(body.customfields).filter(([k]) => !hidden.has(k.toLowerCase())));
  let customFields: Record<string, unknown> = {};
  try {
    customFields = await checkCustomValues(scope, defs, sent, {
      field: "customfields",
      unknown: "refuse",
      module: "admissions",
      batch,
      paths: false,
      required: (d) => form.customFields[d.key]?.required ?? d.required,
    });
  } catch (e) {
    if (e instanceof AppError && e.code === "custom_fields.invalid") issues.push(...((e.params?.issues as Issue[]) ?? []));
    else throw e;
  }
  if (issues.length) throw invalidValues(issues);
  checkBatchSize(batch, "documents");

  const application = {
    source: "public" as const,
    name: body.name,
    nameNative: take("nameNative", body.nameNative) ?? null,
    gender: take("gender", body.gender) ?? null,
    dateOfBirth: take("dateOfBirth", body.dateOfBirth) ?? null,
    photo: photo?.path ?? null,
    email: take("email", body.email) ?? null,
    mobile,
    address: take("address", body.address) ?? null,
    previousSchool: take("previousSchool", body.previousSchool) ?? null,
    courseId,
    guardianName: body.guardian.name,
    guardianMobile: guardianMobile!,
    guardianEmail: take("guardianEmail", body.guardian.email)?.toLowerCase() ?? null,
    guardianRelation: take("guardianRelation", body.guardian.relation) ?? null,
    guardianLanguage: body.language,
    documents,
    customFields,
    consentVersion: consent.version,
    consentLanguage: body.consent.language,
    consentText,
    consentAt: new Date(),
    consentIp: ip,
  };
  // A second tap on "Send", or a reload that sends again: the parent gets the first application's number.
  const first = await firstOfRepeat(scope, application);
  if (first) return { row: first, stored: false };
  await assertNotPending(scope, application);
  await batch.save(scope);
  const applicationNo = await nextApplicationNo(scope, schoolYear(tenant));
  const row = await scope.insert(admissions, { ...application, applicationNo });
  // A stranger's call: no user to record, only the address.
  await recordChange(scope.db, { tenantId: scope.tenantId, userId: null, action: "create", entity: "admissions", entityId: row.id, after: row, ip });
  return { row, stored: true };
}
