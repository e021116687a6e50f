import { type AdmissionFormConfig, FormKey } from "@taleem/contract";
import { jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";

/** A school's settings for one of its forms (the admission form): which fields it shows and requires. */
export const formCustomisations = tenantTable(
  "form_customisations",
  {
    form: text({ enum: FormKey.options as [FormKey, ...FormKey[]] }).notNull(),
    config: jsonb().$type<AdmissionFormConfig>().notNull().default({}),
  },
  (t) => [
    // Also checked before a create, to name the saved form's id; the index refuses the one that raced past the check.
    uniqueIndex(
      uniqueMeaning("form_customisations_form_key", { code: "form.exists", message: "This form is already customised; update it instead.", field: "form" }),
    ).on(t.tenantId, t.form),
  ],
);
export type FormCustomisationRecord = typeof formCustomisations.$inferSelect;

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(formCustomisations, family.school);
