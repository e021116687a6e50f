import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Id, Instant, RowId } from "../values.js";
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

/** A school's settings for one of its forms (the admission form): which fields it shows and requires. */
const formResource = defineResource({
  path: "formcustomisation",
  module: "settings",
  i18n: "forms:formCustomisation",
  fields: {
    form: field.choice(FormKey).default("admission").filter().sort().column().createOnly(),
    config: field.shaped(AdmissionFormConfig, AdmissionFormConfig).default({}),
  },
  defaultSort: "form",
});
/** The form is fixed once saved: PUT replaces its config. */
export const formCustomisationResource = { ...formResource, update: formResource.update.omit({ form: true }) };

/** A form's customisation as GET formcustomisation/{id} answers it: id and createdAt null while the school has saved none (the defaults). */
export const FormCustomisationRow = formCustomisationResource.row.extend({ id: z.number().nullable(), createdAt: Instant.nullable() });
export type FormCustomisationRow = z.infer<typeof FormCustomisationRow>;

export const getFormCustomisation = defineAction({
  method: "GET",
  path: "/admin/api/formcustomisation/:id",
  module: "settings",
  permission: ["settings", "view"],
  family: "scoped",
  summary: "A form's customisation by id, or by form name (admission): the stored config, or the defaults with id null",
  params: z.object({ id: z.union([Id, FormKey]) }),
  reply: z.object({ message: z.string(), data: FormCustomisationRow }),
  errors: [404],
});
