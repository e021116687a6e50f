import type { AdmissionFormConfig } from "@taleem/contract";
import { jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/** A school's settings for one of its forms (the admission form): which fields it shows and requires. */
export const formCustomisations = tenantTable(
  "form_customisations",
  {
    form: text({ enum: ["admission"] }).notNull(),
    config: jsonb().$type<AdmissionFormConfig>().notNull().default({}),
  },
  (t) => [uniqueIndex("form_customisations_form_key").on(t.tenantId, t.form)],
);
export type FormCustomisationRecord = typeof formCustomisations.$inferSelect;
