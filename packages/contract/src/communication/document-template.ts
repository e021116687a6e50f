import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Language, RowId, Status } from "../values.js";

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

/**
 * A message or document the school writes once with named placeholders ({{studentName}}):
 * admission letters by e-mail, SMS or WhatsApp, in each language.
 */
export const documentTemplateResource = defineResource({
  path: "document-template",
  module: "communication",
  i18n: "forms:templates",
  fields: {
    name: field.text().required().search().sort().column(),
    channel: field.choice(TemplateChannel).required().filter().sort().column(),
    purpose: field.choice(TemplatePurpose).default("general").filter().column(),
    language: field.choice(Language).default("en").filter().sort().column(),
    /** E-mail only. */
    subject: field.text(300),
    body: field.longText(20_000).required().search(),
    /** WhatsApp only: the template's name as approved by Meta; the body's placeholders, in order, are its parameters. */
    providerTemplate: field
      .shaped(
        z
          .string()
          .trim()
          .regex(/^[a-z0-9_]{1,512}$/, "WhatsApp template names are lower case letters, digits and _"),
        z.string(),
      )
      .form({ kind: "text" }),
    /** The placeholders the body (and subject) use, in order. */
    placeholders: field.readOnly(z.array(z.string())),
    /** One of the standard templates every school starts with: editable, not deletable. */
    builtin: field.readOnly(z.boolean()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export const DocumentTemplateRow = documentTemplateResource.row;
export type DocumentTemplateRow = z.infer<typeof DocumentTemplateRow>;

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

export const previewTemplate = defineAction({
  method: "POST",
  path: "/admin/api/document-template/preview",
  module: "communication",
  permission: ["communication", "view"],
  summary: "A template filled in: a saved one (templateId) or an unsaved text (body, subject), from an admission or sample values",
  description:
    "Unknown placeholders answer 400 template.unknown_placeholder naming them, as on save. With admissionId the values (and dates, in the template's " +
    "language) come from that application; without it, from sample values with the school's own name and contacts.",
  body: TemplatePreviewBody,
  reply: TemplatePreviewReply,
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});

/**
 * Which message a template is, whatever its language: its language versions share this key. The
 * same Meta template on WhatsApp, the same purpose for the standard letters, the same name
 * otherwise; always within one channel. A send chooses the message once and each recipient gets
 * the version in their own language (the chosen one where theirs has none).
 */
export function templateMessageKey(t: Pick<DocumentTemplateRow, "channel" | "purpose" | "name" | "providerTemplate">): string {
  const same =
    t.channel === "whatsapp" && t.providerTemplate ? `meta:${t.providerTemplate}` : t.purpose !== "general" ? `purpose:${t.purpose}` : `name:${t.name}`;
  return `${t.channel}|${same}`;
}
