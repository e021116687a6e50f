import {
  fillPlaceholders,
  readPlaceholders,
  TEMPLATE_PLACEHOLDERS,
  type TemplateChannel,
  type TemplatePlaceholder,
  type TemplatePurpose,
} from "@taleem/contract";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { DEFAULT_TEMPLATES, type DefaultTemplate, defaultTemplate } from "./default-templates.js";
import { type DocumentTemplateRecord, documentTemplates } from "./document-templates.table.js";

export type PlaceholderValues = Partial<Record<TemplatePlaceholder, string>>;

/** Sample values for a template preview without a record. */
export const SAMPLE_VALUES: PlaceholderValues = {
  studentName: "Aisha Rahman",
  studentNameNative: "عائشة رحمن",
  dateOfBirth: "9 March 2016",
  applicationNo: "ADM-2026-0001",
  admissionNo: "ADM-2026-0001",
  guardianName: "Abdul Rahman",
  guardianMobile: "+919800000003",
  className: "Class 5-A",
  courseName: "Madrasa",
  batchName: "2026-27",
  appliedOn: "2 April 2026",
  decidedOn: "10 April 2026",
  reason: "All seats in Class 5 are taken this year.",
};

/** The placeholder values of another module's row (an admission application) by its id; 404 when this school has none. */
type PlaceholderSource = (scope: TenantScope, id: number, language: string) => Promise<PlaceholderValues>;
const placeholderSources = new Map<"admission", PlaceholderSource>();

/**
 * How a preview fills the placeholders from a row of the module that owns it, declared by that
 * module beside its service: the templates never import the modules that use them.
 */
export function declarePlaceholderSource(kind: "admission", source: PlaceholderSource) {
  placeholderSources.set(kind, source);
}

/** The placeholder values of an admission application (or another declared row), for a preview with real data. */
export function placeholdersOf(scope: TenantScope, kind: "admission", id: number, language: string): Promise<PlaceholderValues> {
  const source = placeholderSources.get(kind);
  if (!source) throw new Error(`No module declared the placeholders of a ${kind}`);
  return source(scope, id, language);
}

/** What a template's channel needs: a subject for e-mail, the Meta template name for WhatsApp. */
interface TemplateText {
  channel: TemplateChannel;
  subject?: string | null;
  body: string;
  providerTemplate?: string | null;
}

/**
 * Refuses a template whose text names a placeholder we cannot fill (400 naming it, and the
 * allowed ones), leaves one open, or lacks what its channel needs.
 */
export function checkTemplate(t: TemplateText) {
  for (const [field, text] of [
    ["subject", t.subject ?? ""],
    ["body", t.body],
  ] as const) {
    const { unknown, unclosed } = readPlaceholders(text);
    if (unknown.length) {
      throw badRequest(
        "template.unknown_placeholder",
        `Unknown placeholder {{${unknown[0]}}} in the ${field}. Use one of: ${TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}.`,
        { field, placeholder: unknown[0], unknown, allowed: TEMPLATE_PLACEHOLDERS },
      );
    }
    if (unclosed) throw badRequest("template.unclosed_placeholder", `A placeholder in the ${field} is not closed: write {{name}}.`, { field });
  }
  if (t.channel === "email" && !t.subject?.trim()) throw badRequest("template.subject_required", "An e-mail template needs a subject.", { field: "subject" });
  if (t.channel === "whatsapp" && !t.providerTemplate) {
    throw badRequest("template.provider_template_required", "A WhatsApp template needs the name of the template approved by Meta.", {
      field: "providerTemplate",
    });
  }
}

/** Reply rows: the placeholders a template uses, and whether it is one of the standard ones. */
export const presentTemplate = (t: DocumentTemplateRecord) => ({
  ...t,
  placeholders: readPlaceholders(`${t.subject ?? ""}\n${t.body}`).names,
  builtin: t.builtinKey !== null,
});

const valuesOf = (d: DefaultTemplate) => ({
  builtinKey: d.builtinKey,
  name: d.name,
  purpose: d.purpose,
  channel: d.channel,
  language: d.language,
  subject: d.subject,
  body: d.body,
  providerTemplate: d.providerTemplate,
});

/**
 * Gives the school the standard admission letters it is missing (a new school, or after a wipe);
 * the school's own edits are never touched, and standard templates cannot be deleted, so a
 * count tells whether anything is missing.
 */
export async function ensureDefaultTemplates(scope: TenantScope): Promise<void> {
  const [have] = await scope.db
    .select({ n: count() })
    .from(documentTemplates)
    .where(scope.where(documentTemplates, isNotNull(documentTemplates.builtinKey)));
  if ((have?.n ?? 0) >= DEFAULT_TEMPLATES.length) return;
  await scope.db
    .insert(documentTemplates)
    .values(DEFAULT_TEMPLATES.map((d) => ({ ...valuesOf(d), tenantId: scope.tenantId })))
    .onConflictDoNothing({ target: [documentTemplates.tenantId, documentTemplates.builtinKey] });
}

export interface RenderedMessage {
  subject: string | null;
  body: string;
  /** WhatsApp: the Meta template and its parameters (the placeholders' values in order). */
  providerTemplate: string | null;
  params: string[];
  language: string;
}

/** DLT registered SMS templates take variables of at most 40 characters. */
const SMS_VARIABLE_MAX = 40;

export function renderTemplate(t: Pick<DocumentTemplateRecord, "channel" | "subject" | "body" | "providerTemplate" | "language">, values: PlaceholderValues) {
  const max = t.channel === "sms" ? SMS_VARIABLE_MAX : undefined;
  return {
    subject: t.subject ? fillPlaceholders(t.subject, values).replace(/\s+/g, " ").trim() : null,
    body: fillPlaceholders(t.body, values, max)
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    providerTemplate: t.providerTemplate,
    params: readPlaceholders(t.body).names.map((n) => values[n as TemplatePlaceholder] ?? ""),
    language: t.language,
  } satisfies RenderedMessage;
}

/**
 * The active template for a purpose and channel in the first of `languages` the school has one
 * for; the standard text when the school has none active (it set them all inactive).
 */
export async function findTemplate(
  scope: TenantScope,
  purpose: TemplatePurpose,
  channel: TemplateChannel,
  languages: string[],
): Promise<Pick<DocumentTemplateRecord, "channel" | "subject" | "body" | "providerTemplate" | "language">> {
  await ensureDefaultTemplates(scope);
  const rows = await scope.db
    .select()
    .from(documentTemplates)
    .where(
      scope.where(
        documentTemplates,
        and(eq(documentTemplates.purpose, purpose), eq(documentTemplates.channel, channel), eq(documentTemplates.status, "active")),
      ),
    );
  for (const language of languages) {
    // The school's own template before the standard one in the same language.
    const own = rows.filter((r) => r.language === language).sort((a, b) => Number(a.builtinKey !== null) - Number(b.builtinKey !== null) || b.id - a.id);
    if (own[0]) return own[0];
  }
  for (const language of languages) {
    const d = defaultTemplate(purpose, channel, language);
    if (d) return valuesOf(d);
  }
  return valuesOf(defaultTemplate(purpose, channel, "en")!);
}
