import type { AdmissionApply, AdmissionPublicForm } from "@taleem/contract";
import type { z } from "zod";
import { customValue, type FormField, isBlank, isPicked, type PickedFile, text, upload, type Values } from "../../lib/public-form";

// Types only from the contract: its zod schemas stay out of this public page's bundle.
export type PublicForm = z.infer<typeof AdmissionPublicForm>;

/** Built-in guardian fields travel under `guardian`; the server names them so in its errors. */
const GUARDIAN: Record<string, string> = { guardianName: "name", guardianMobile: "mobile", guardianEmail: "email", guardianRelation: "relation" };

/**
 * The application as POST /admin/open/admission/:code takes it; empty answers are left out. Built
 * from the fields the form shows, so typed by assertion: the server checks every value again.
 */
export function toApplication(form: PublicForm, values: Values, language: string, consentLanguage: string): z.input<typeof AdmissionApply> {
  const body: Record<string, unknown> = {};
  const guardian: Record<string, unknown> = {};
  const customfields: Record<string, unknown> = {};
  for (const f of form.fields) {
    const v = values[f.key];
    if (isBlank(v)) continue;
    if (!f.builtin) customfields[f.key] = customValue(f, v);
    else if (f.key in GUARDIAN) guardian[GUARDIAN[f.key]!] = text(v);
    else if (f.key === "photo") body.photo = isPicked(v) ? upload(v) : undefined;
    else if (f.key === "documents") {
      body.documents = (v as PickedFile[]).map((d) => ({ label: d.label?.trim() || null, file: upload(d) }));
    } else if (f.key === "courseId") body.courseId = Number(text(v));
    else body[f.key] = text(v);
  }
  return {
    ...body,
    guardian,
    customfields,
    consent: { accepted: true, version: form.consent.version, language: consentLanguage },
    language,
  } as z.input<typeof AdmissionApply>;
}

/** The form's field a server issue concerns: guardian.mobile is guardianMobile, customfields.x is x, documents.2 is documents. */
export function fieldOfIssue(path: string, fields: FormField[]): string {
  const [head, second] = path.split(".");
  if (head === "guardian" && second) return Object.keys(GUARDIAN).find((k) => GUARDIAN[k] === second) ?? "guardianName";
  if ((head === "customfields" || head === "customFields") && second) return fields.find((f) => f.key.toLowerCase() === second.toLowerCase())?.key ?? second;
  if (head === "consent") return "consent";
  return head ?? "";
}
