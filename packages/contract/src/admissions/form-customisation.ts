import { z } from "zod";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { Localised } from "./common.js";
import { FieldKey } from "./custom-field.js";

/** The forms a school can customise. */
export const FormKey = z.enum(["admission"]);
export type FormKey = z.infer<typeof FormKey>;

/**
 * The admission form's built-in fields a school may hide or require. The applicant's name, the
 * guardian's name and mobile number and the consent are always shown and required.
 */
export const ADMISSION_OPTIONAL_FIELDS = [
  "nameNative",
  "gender",
  "dateOfBirth",
  "photo",
  "email",
  "mobile",
  "address",
  "previousSchool",
  "courseId",
  "guardianEmail",
  "guardianRelation",
  "documents",
] as const;
export const AdmissionOptionalField = z.enum(ADMISSION_OPTIONAL_FIELDS);
export type AdmissionOptionalField = z.infer<typeof AdmissionOptionalField>;

/** Shown and required until the school says otherwise. */
export const ADMISSION_FIELD_DEFAULTS: Record<AdmissionOptionalField, { show: boolean; required: boolean }> = {
  nameNative: { show: true, required: false },
  gender: { show: true, required: true },
  dateOfBirth: { show: true, required: true },
  photo: { show: true, required: false },
  email: { show: false, required: false },
  mobile: { show: false, required: false },
  address: { show: true, required: false },
  previousSchool: { show: true, required: false },
  courseId: { show: true, required: false },
  guardianEmail: { show: true, required: false },
  guardianRelation: { show: true, required: false },
  documents: { show: true, required: false },
};

const Visibility = z.object({ show: z.boolean(), required: z.boolean() });

/** A Google Sheets link (or another allowed import address); checked again when used. */
const SheetUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\//.test(v), "Give the full address, starting with https://");

/**
 * The admission form's settings. Every key is optional; what is left out keeps its default
 * (ADMISSION_FIELD_DEFAULTS, every active custom field of entity admission as it is defined).
 */
export const AdmissionFormConfig = z
  .object({
    /** Built-in fields: shown or hidden, required or not (required implies shown). */
    fields: z.partialRecord(AdmissionOptionalField, Visibility),
    /** The school's own admission fields by key: hide one from the public form, or require it. */
    customFields: z.record(FieldKey, Visibility.partial()),
    /** The courses applicants may choose; null or left out: every active course. */
    courseIds: z.array(RowId).max(200).nullable(),
    /** The sheet applications are imported from (admission/fetch-from-google-sheets/{id}). */
    sheetUrl: SheetUrl.nullable(),
    /** Shown above the form. */
    instructions: Localised(4000),
    /** The school's own consent text; left out, the standard text is shown. */
    consentText: Localised(4000),
  })
  .partial()
  .strict();
export type AdmissionFormConfig = z.infer<typeof AdmissionFormConfig>;

export const FormCustomisationRow = z.object({
  /** Null when the school has not saved this form yet (the defaults are shown). */
  id: z.number().nullable(),
  form: FormKey,
  config: AdmissionFormConfig,
  createdAt: z.string().nullable(),
});
export type FormCustomisationRow = z.infer<typeof FormCustomisationRow>;

export const FormCustomisationCreate = z.object({ form: FormKey.default("admission"), config: AdmissionFormConfig.default({}) });
export const FormCustomisationUpdate = z.object({ id: RowId, config: AdmissionFormConfig.optional() });

export const formCustomisationResource = defineResource({
  path: "formcustomisation",
  module: "settings",
  i18n: "formCustomisation",
  row: FormCustomisationRow,
  create: FormCustomisationCreate,
  update: FormCustomisationUpdate,
  filters: { form: "exact" },
  search: [],
  sortable: ["form", "createdAt"],
  defaultSort: "form",
  columns: [{ key: "form" }],
  fields: [{ key: "form", kind: "select", options: ["admission"], required: true, createOnly: true }],
});
