import { LANGUAGES, TemplateChannel, TemplatePurpose } from "@taleem/contract";
import { index, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";

/**
 * A message or document the school writes once with named placeholders ({{studentName}}):
 * admission letters by e-mail, SMS or WhatsApp, in each language.
 */
export const documentTemplates = tenantTable(
  "document_templates",
  {
    name: text().notNull(),
    channel: text({ enum: TemplateChannel.options as [TemplateChannel, ...TemplateChannel[]] }).notNull(),
    purpose: text({ enum: TemplatePurpose.options as [TemplatePurpose, ...TemplatePurpose[]] })
      .notNull()
      .default("general"),
    language: text({ enum: LANGUAGES }).notNull().default("en"),
    subject: text(),
    body: text().notNull(),
    providerTemplate: text(),
    /** Set on the standard templates every school starts with ("admission.approval:email:ml"). */
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex("document_templates_builtin_key").on(t.tenantId, t.builtinKey),
    index("document_templates_purpose_idx").on(t.tenantId, t.purpose, t.channel, t.language),
    textSortIndex("document_templates_name_idx", t.tenantId, t.name, t.id),
    index("document_templates_channel_idx").on(t.tenantId, t.channel),
    index("document_templates_language_idx").on(t.tenantId, t.language),
    searchIndex("document_templates_search_idx", t.name, t.body),
  ],
);
export type DocumentTemplateRecord = typeof documentTemplates.$inferSelect;

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(documentTemplates, family.school);
