import { ADMISSION_FIELD_DEFAULTS, ADMISSION_OPTIONAL_FIELDS, type AdmissionFormConfig, type AdmissionOptionalField, type Localised } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type FormCustomisationRecord, formCustomisations } from "./form-customisation.table.js";

/** The admission form's stored settings, if the school saved any. */
export async function admissionFormRecord(scope: TenantScope): Promise<FormCustomisationRecord | undefined> {
  const [row] = await scope.db
    .select()
    .from(formCustomisations)
    .where(scope.where(formCustomisations, eq(formCustomisations.form, "admission")))
    .limit(1);
  return row;
}

/** The admission form as it stands: every built-in field's rule, the custom field overrides, the rest. */
export interface AdmissionFormSettings {
  id: number | null;
  fields: Record<AdmissionOptionalField, { show: boolean; required: boolean }>;
  customFields: NonNullable<AdmissionFormConfig["customFields"]>;
  courseIds: number[] | null;
  sheetUrl: string | null;
  instructions: Localised;
  consentText: Localised;
}

export function resolveAdmissionForm(id: number | null, config: AdmissionFormConfig): AdmissionFormSettings {
  const fields = Object.fromEntries(
    ADMISSION_OPTIONAL_FIELDS.map((k) => {
      const rule = config.fields?.[k] ?? ADMISSION_FIELD_DEFAULTS[k];
      // A required field is shown, whatever else the school ticked.
      return [k, { show: rule.show || rule.required, required: rule.required }];
    }),
  ) as AdmissionFormSettings["fields"];
  return {
    id,
    fields,
    customFields: config.customFields ?? {},
    courseIds: config.courseIds ?? null,
    sheetUrl: config.sheetUrl ?? null,
    instructions: config.instructions ?? {},
    consentText: config.consentText ?? {},
  };
}

export async function admissionForm(scope: TenantScope): Promise<AdmissionFormSettings> {
  const row = await admissionFormRecord(scope);
  return resolveAdmissionForm(row?.id ?? null, row?.config ?? {});
}

/** The admission form's settings by their row id (fetch-from-google-sheets names it), or 404. */
export async function requireAdmissionForm(scope: TenantScope, id: number): Promise<AdmissionFormSettings> {
  const row = await scope.find(formCustomisations, id, "Form customisation");
  return resolveAdmissionForm(row.id, row.config);
}

/** The admission form's row id, saved with the defaults when the school has none yet (the isolation suite's row of another school). */
export async function admissionFormId(scope: TenantScope): Promise<number> {
  const row = (await admissionFormRecord(scope)) ?? (await scope.insert(formCustomisations, { form: "admission", config: {} }));
  return row.id;
}
