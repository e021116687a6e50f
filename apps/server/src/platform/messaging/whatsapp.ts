/** Where the WhatsApp Business Cloud API is and who sends: a phone number id and its access token. */
export interface WhatsAppConfig {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
}

/**
 * A template message: the name and language of a template Meta approved, and the values of its
 * body's numbered parameters in order. `text` is the message as the recipient reads it, kept in
 * the outbox when WhatsApp is not configured.
 */
export interface WhatsAppTemplateMessage {
  template: string;
  language: string;
  params: string[];
  text: string;
}

export class WhatsAppError extends Error {}

/** WhatsApp refuses parameters with new lines, tabs or more than four spaces in a row. */
const cleanParam = (v: string) =>
  v
    .replace(/[\n\r\t]+/g, " ")
    .replace(/ {4,}/g, "   ")
    .trim() || "-";

/** The WhatsApp Business Cloud API's template messages: POST {base}/{phoneNumberId}/messages. */
export class WhatsAppCloud {
  constructor(private readonly cfg: WhatsAppConfig) {}

  /** Sends one template message and answers the message id WhatsApp gave it. */
  sendTemplate(to: string, msg: WhatsAppTemplateMessage): Promise<{ id: string }> {
    return this.post({
      messaging_product: "whatsapp",
      // The API takes the international number without its plus.
      to: to.replace(/^\+/, ""),
      type: "template",
      template: {
        name: msg.template,
        language: { code: msg.language },
        components: msg.params.length ? [{ type: "body", parameters: msg.params.map((text) => ({ type: "text", text: cleanParam(text) })) }] : [],
      },
    });
  }

  /**
   * A free-text message: WhatsApp takes one only inside the 24 hours after the person last wrote
   * to the business (the customer service window); outside it the API refuses, so callers check.
   */
  sendText(to: string, text: string): Promise<{ id: string }> {
    return this.post({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: to.replace(/^\+/, ""),
      type: "text",
      text: { preview_url: false, body: text },
    });
  }

  private async post(body: unknown): Promise<{ id: string }> {
    const url = `${this.cfg.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(this.cfg.phoneNumberId)}/messages`;
    const res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${this.cfg.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const reply = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } };
    if (!res.ok) throw new WhatsAppError(`WhatsApp answered ${res.status}${reply.error?.message ? `: ${reply.error.message}` : ""}`);
    const id = reply.messages?.[0]?.id;
    if (!id) throw new WhatsAppError("WhatsApp accepted the message but gave no message id");
    return { id };
  }
}

/** How long after a person's last message a business may answer in free text. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The part of a Cloud API webhook we read: message statuses and people's incoming messages. */
export interface WhatsAppWebhook {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        statuses?: { id: string; status: string; timestamp?: string; recipient_id?: string; errors?: { code?: number; title?: string; message?: string }[] }[];
        messages?: { from: string; id: string; timestamp?: string; type?: string }[];
      };
    }[];
  }[];
}
