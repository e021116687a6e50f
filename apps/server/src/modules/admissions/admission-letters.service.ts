import type { LetterResult, TemplateChannel } from "@taleem/contract";
import type { Messenger } from "../../platform/messaging/messenger.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { findTemplate, type RenderedMessage, renderTemplate } from "../communication/document-templates.service.js";
import { placeholderValues } from "./admissions.service.js";
import { type AdmissionRecord, admissions } from "./admissions.table.js";

export type LetterKind = "approval" | "rejection";
export type LetterChannel = Exclude<TemplateChannel, "pdf">;

/** E-mail when the guardian gave an address; WhatsApp when the school's provider is set up, else SMS. */
export const defaultChannels = (a: AdmissionRecord, messenger: Messenger): LetterChannel[] => [
  ...(a.guardianEmail ? (["email"] as const) : []),
  messenger.whatsappConfigured ? "whatsapp" : "sms",
];

/**
 * The approval or rejection letter from the school's templates, in the guardian's language (else
 * the school's, else English), on each channel. Call it after the decision is committed, with a
 * scope outside any transaction: the letters are composed in one transaction and sent with none
 * held (a gateway may take seconds, and a failing one never undoes a decision). A channel that
 * fails is reported, the others still go; the admission notes when a letter went out.
 */
export async function sendLetter(
  scope: TenantScope,
  messenger: Messenger,
  a: AdmissionRecord,
  kind: LetterKind,
  channels: LetterChannel[] = defaultChannels(a, messenger),
): Promise<LetterResult[]> {
  const purpose = kind === "approval" ? "admission.approval" : "admission.rejection";
  const letters = await scope.transaction(async (tx) => {
    const tenant = await tenantOf(tx);
    const languages = [...new Set([a.guardianLanguage, tenant.defaultLanguage, "en"])];
    const out: { channel: LetterChannel; to: string | null; msg?: RenderedMessage }[] = [];
    for (const channel of channels) {
      const to = channel === "email" ? a.guardianEmail : a.guardianMobile;
      if (!to) {
        out.push({ channel, to });
        continue;
      }
      const template = await findTemplate(tx, purpose, channel, languages);
      out.push({ channel, to, msg: renderTemplate(template, await placeholderValues(tx, a, template.language)) });
    }
    return out;
  });
  const results: LetterResult[] = [];
  for (const { channel, to, msg } of letters) {
    if (!to || !msg) {
      results.push({ channel, to: "", status: "failed", error: "The guardian gave no e-mail address." });
      continue;
    }
    try {
      const status =
        channel === "email"
          ? await messenger.email(scope.tenantId, to, msg.subject ?? "", msg.body)
          : channel === "sms"
            ? await messenger.sms(scope.tenantId, to, msg.body)
            : await messenger.whatsapp(scope.tenantId, to, {
                template: msg.providerTemplate ?? "",
                language: msg.language,
                params: msg.params,
                text: msg.body,
              });
      results.push({ channel, to, status });
    } catch (err) {
      results.push({ channel, to, status: "failed", error: (err as Error).message.slice(0, 300) });
    }
  }
  if (results.some((r) => r.status !== "failed")) {
    const sentAt = kind === "approval" ? { approvalLetterSentAt: new Date() } : { rejectionLetterSentAt: new Date() };
    await scope.transaction((tx) => tx.update(admissions, a.id, sentAt));
  }
  return results;
}
