import { z } from "zod";
import { ActiveStatus, updateOf } from "../academics/common.js";
import { RowId } from "../admin/common.js";
import { Language } from "../platform/areas.js";
import { defineResource } from "../resource.js";

export const TemplateChannel = z.enum(["email", "sms", "whatsapp", "pdf"]);
export type TemplateChannel = z.infer<typeof TemplateChannel>;
/** What a template is for: the admission letters are chosen by purpose, channel and the guardian's language. */
export const TemplatePurpose = z.enum(["admission.approval", "admission.rejection", "general"]);
export type TemplatePurpose = z.infer<typeof TemplatePurpose>;

/** The named placeholders a template may use, written {{name}}; anything else is refused on save. */
export const TEMPLATE_PLACEHOLDERS = [
  "studentName",
  "studentNameNative",
  "dateOfBirth",
  "applicationNo",
  "admissionNo",
  "guardianName",
  "guardianMobile",
  "className",
  "courseName",
  "batchName",
  "schoolName",
  "schoolPhone",
  "schoolEmail",
  "schoolAddress",
  "appliedOn",
  "decidedOn",
  "reason",
  "today",
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The placeholders of a text in order of first use, and what is wrong with it: names not in
 * TEMPLATE_PLACEHOLDERS, and braces that open a placeholder without closing it.
 */
export function readPlaceholders(text: string): { names: string[]; unknown: string[]; unclosed: boolean } {
  const names: string[] = [];
  const unknown: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? "";
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      if (!unknown.includes(name)) unknown.push(name);
    } else if (!names.includes(name)) names.push(name);
  }
  const rest = text.replace(PLACEHOLDER, "");
  return { names, unknown, unclosed: rest.includes("{{") || rest.includes("}}") };
}

/** Fills {{name}} placeholders; a name without a value becomes empty. */
export function fillPlaceholders(text: string, values: Partial<Record<TemplatePlaceholder, string>>, maxValueLength?: number): string {
  return text.replace(PLACEHOLDER, (_all, name: string) => {
    const v = values[name as TemplatePlaceholder] ?? "";
    return maxValueLength && v.length > maxValueLength ? v.slice(0, maxValueLength) : v;
  });
}

export const DocumentTemplateRow = z.object({
  id: z.number(),
  name: z.string(),
  channel: TemplateChannel,
  purpose: TemplatePurpose,
  language: Language,
  /** E-mail only. */
  subject: z.string().nullable(),
  body: z.string(),
  /** WhatsApp only: the template's name as approved by Meta; the body's placeholders, in order, are its parameters. */
  providerTemplate: z.string().nullable(),
  /** The placeholders the body (and subject) use, in order. */
  placeholders: z.array(z.string()),
  /** One of the standard templates every school starts with: editable, not deletable. */
  builtin: z.boolean(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type DocumentTemplateRow = z.infer<typeof DocumentTemplateRow>;

const templateShape = {
  name: z.string().trim().min(1).max(120),
  channel: TemplateChannel,
  purpose: TemplatePurpose,
  language: Language,
  subject: z.string().trim().max(300).nullish(),
  body: z.string().trim().min(1).max(20_000),
  providerTemplate: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, "WhatsApp template names are lower case letters, digits and _")
    .nullish(),
  status: ActiveStatus,
};
export const DocumentTemplateCreate = z.object({
  ...templateShape,
  purpose: TemplatePurpose.default("general"),
  language: Language.default("en"),
  status: ActiveStatus.default("active"),
});
export const DocumentTemplateUpdate = updateOf(templateShape);

export const documentTemplateResource = defineResource({
  path: "document-template",
  module: "communication",
  i18n: "documentTemplates",
  row: DocumentTemplateRow,
  create: DocumentTemplateCreate,
  update: DocumentTemplateUpdate,
  filters: { channel: "exact", purpose: "exact", language: "exact", status: "exact" },
  search: ["name", "body"],
  sortable: ["name", "channel", "language", "createdAt"],
  defaultSort: "name",
  columns: [
    { key: "name", sortable: true },
    { key: "channel", sortable: true },
    { key: "purpose" },
    { key: "language", sortable: true },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "name", kind: "text", required: true },
    { key: "channel", kind: "select", options: ["email", "sms", "whatsapp", "pdf"], required: true },
    { key: "purpose", kind: "select", options: ["admission.approval", "admission.rejection", "general"] },
    { key: "language", kind: "select", options: ["en", "ta", "ur", "ar", "ml"] },
    { key: "subject", kind: "text" },
    { key: "body", kind: "textarea", required: true },
    { key: "providerTemplate", kind: "text" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/**
 * POST document-template/preview: a saved template (templateId) or an unsaved text (body,
 * subject), filled from a real admission when admissionId is given, else from sample values.
 */
export const TemplatePreviewBody = z
  .object({
    templateId: RowId.optional(),
    subject: z.string().max(300).nullish(),
    body: z.string().max(20_000).optional(),
    channel: TemplateChannel.optional(),
    admissionId: RowId.optional(),
  })
  .refine((b) => b.templateId !== undefined || b.body !== undefined, { message: "Give templateId or body", path: ["body"] });

export const TemplatePreviewReply = z.object({
  message: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  placeholders: z.array(z.string()),
  /** Placeholders the record has no value for (left empty in the text). */
  empty: z.array(z.string()),
});
