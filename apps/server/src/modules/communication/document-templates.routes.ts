import { documentTemplateResource, previewTemplate, readPlaceholders } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { inRequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { dayText } from "../../platform/texts/dates.js";
import {
  checkTemplate,
  ensureDefaultTemplates,
  type PlaceholderValues,
  placeholdersOf,
  presentTemplate,
  renderTemplate,
  SAMPLE_VALUES,
} from "./document-templates.service.js";
import { documentTemplates } from "./document-templates.table.js";

/**
 * Document templates: e-mail, SMS, WhatsApp and PDF texts with named placeholders. Every school
 * has the standard admission letters in the five languages, given on its first visit here (and
 * again after a wipe); a plugin of its own so that visit hook covers only these routes.
 */
export function registerDocumentTemplatesModule(app: FastifyInstance) {
  app.register(async (scoped) => {
    // In a transaction of its own, before the call's: the list then shows the letters just given.
    scoped.addHook("preHandler", async (req) => {
      if (req.principal?.kind === "user") await inRequestContext(req, scoped.services.db, true, (ctx) => ensureDefaultTemplates(ctx.scope));
    });

    serveResource(scoped, documentTemplateResource, documentTemplates, {
      present: async (_ctx, rows) => rows.map(presentTemplate),
      beforeCreate: async (_ctx, input) => {
        checkTemplate(input);
        return { ...input, subject: input.channel === "email" ? (input.subject ?? null) : null, providerTemplate: input.providerTemplate ?? null };
      },
      beforeUpdate: async (_ctx, existing, input) => {
        const { id: _id, ...values } = input;
        const channel = values.channel ?? existing.channel;
        checkTemplate({
          channel,
          subject: values.subject === undefined ? existing.subject : values.subject,
          body: values.body ?? existing.body,
          providerTemplate: values.providerTemplate === undefined ? existing.providerTemplate : values.providerTemplate,
        });
        // A standard letter keeps its purpose, channel and language: letters are chosen by them.
        if (existing.builtinKey && (["channel", "purpose", "language"] as const).some((k) => values[k] !== undefined && values[k] !== existing[k])) {
          throw conflict("template.builtin_fixed", "A standard template keeps its channel, purpose and language; copy it to make another.", {
            field: "channel",
          });
        }
        return channel === "email" ? values : { ...values, subject: null };
      },
      beforeDelete: async (_ctx, existing) => {
        if (existing.builtinKey) {
          throw conflict("template.builtin", `${existing.name} is a standard template: edit it or set it inactive instead of deleting.`, { id: existing.id });
        }
      },
      sample: async () => ({
        name: `Fee reminder ${Math.random().toString(36).slice(2, 8)}`,
        channel: "sms" as const,
        purpose: "general" as const,
        language: "en" as const,
        body: "Dear {{guardianName}}, {{schoolName}} reminds you about {{studentName}}.",
        status: "active" as const,
      }),
    });

    serveAction(
      scoped,
      previewTemplate,
      async (ctx, { body: b }) => {
        const saved = b.templateId !== undefined ? await ctx.scope.find(documentTemplates, b.templateId, "Document template") : undefined;
        const channel = b.channel ?? saved?.channel ?? "email";
        const text = {
          channel,
          subject: b.body !== undefined ? (b.subject ?? null) : (saved?.subject ?? null),
          body: b.body ?? saved!.body,
          providerTemplate: saved?.providerTemplate ?? (channel === "whatsapp" ? "preview" : null),
          language: saved?.language ?? "en",
        };
        checkTemplate(channel === "email" && !text.subject ? { ...text, subject: "-" } : text);
        let values: PlaceholderValues;
        if (b.admissionId !== undefined) values = await placeholdersOf(ctx.scope, "admission", b.admissionId, text.language);
        else {
          const tenant = await tenantOf(ctx.scope);
          values = {
            ...SAMPLE_VALUES,
            schoolName: tenant.name,
            schoolPhone: tenant.contactPhone ?? tenant.contactEmail ?? "",
            schoolEmail: tenant.contactEmail ?? "",
            schoolAddress: tenant.address ?? "",
            today: dayText(text.language, tenant.timeZone, new Date()),
          };
        }
        const out = renderTemplate(text, values);
        const used = readPlaceholders(`${text.subject ?? ""}\n${text.body}`).names;
        return {
          message: "Template preview",
          subject: out.subject,
          body: out.body,
          placeholders: used,
          empty: used.filter((p) => !values[p as keyof PlaceholderValues]),
        };
      },
      {
        sample: async (scope) => {
          const own = await scope.insert(documentTemplates, { name: "Sample template", channel: "sms", body: "{{studentName}}" });
          return { body: { templateId: own.id } };
        },
      },
    );
  });
}
