import { index, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/**
 * A message or document the school writes once with named placeholders ({{studentName}}):
 * admission letters by e-mail, SMS or WhatsApp, in each language.
 */
export const documentTemplates = tenantTable(
  "document_templates",
  {
    name: text().notNull(),
    channel: text({ enum: ["email", "sms", "whatsapp", "pdf"] }).notNull(),
    purpose: text({ enum: ["admission.approval", "admission.rejection", "general"] })
      .notNull()
      .default("general"),
    language: text({ enum: ["en", "ta", "ur", "ar", "ml"] })
      .notNull()
      .default("en"),
    subject: text(),
    body: text().notNull(),
    providerTemplate: text(),
    /** Set on the standard templates every school starts with ("admission.approval:email:ml"). */
    builtinKey: text(),
    status: text({ enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
  },
  (t) => [
    uniqueIndex("document_templates_builtin_key").on(t.tenantId, t.builtinKey),
    index("document_templates_purpose_idx").on(t.tenantId, t.purpose, t.channel, t.language),
  ],
);
export type DocumentTemplateRecord = typeof documentTemplates.$inferSelect;
