/** Where the HTTP SMS gateway is, and what Indian DLT registration needs on every message. */
export interface SmsGatewayConfig {
  url: string;
  token?: string;
  /** The sender id (header) registered on DLT, six letters in India. */
  sender?: string;
  /** The principal entity id registered on DLT. */
  dltEntityId?: string;
  /** Where the gateway posts delivery reports. */
  callbackUrl?: string;
}

export interface SmsOut {
  to: string;
  text: string;
  /** The DLT template id the text was registered under: Indian operators drop a transactional SMS without it. */
  dltTemplateId?: string | null;
}

export type GatewayStatus = "accepted" | "sent" | "delivered" | "failed";

export class SmsGatewayError extends Error {}

/**
 * The HTTP SMS gateway: `POST {url}` with `{to, text, sender, dltEntityId, dltTemplateId,
 * callbackUrl}` and a bearer token answers `{id, status}`; `GET {url}/{id}` answers the message's
 * `{id, status, error}`. Delivery reports come to `/hooks/sms-gateway`, signed (webhook-signatures.ts).
 */
export class SmsGateway {
  constructor(private readonly cfg: SmsGatewayConfig) {}

  private headers() {
    return { "content-type": "application/json", ...(this.cfg.token ? { authorization: `Bearer ${this.cfg.token}` } : {}) };
  }

  async send(msg: SmsOut): Promise<{ id: string | null }> {
    const res = await fetch(this.cfg.url, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify({
        to: msg.to,
        text: msg.text,
        ...(this.cfg.sender ? { sender: this.cfg.sender } : {}),
        ...(this.cfg.dltEntityId ? { dltEntityId: this.cfg.dltEntityId } : {}),
        ...(msg.dltTemplateId ? { dltTemplateId: msg.dltTemplateId } : {}),
        ...(this.cfg.callbackUrl ? { callbackUrl: this.cfg.callbackUrl } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const reply = (await res.json().catch(() => ({}))) as { id?: unknown; error?: string };
    if (!res.ok) throw new SmsGatewayError(`SMS gateway answered ${res.status}${reply.error ? `: ${reply.error}` : ""}`);
    return { id: typeof reply.id === "string" && reply.id ? reply.id : null };
  }

  /** Where the gateway says a message is now. */
  async status(id: string): Promise<{ status: GatewayStatus; error: string | null }> {
    const res = await fetch(`${this.cfg.url.replace(/\/+$/, "")}/${encodeURIComponent(id)}`, { headers: this.headers(), signal: AbortSignal.timeout(10_000) });
    const reply = (await res.json().catch(() => ({}))) as { status?: GatewayStatus; error?: string };
    if (!res.ok || !reply.status) throw new SmsGatewayError(`SMS gateway answered ${res.status} for message ${id}`);
    return { status: reply.status, error: reply.error ?? null };
  }
}
