import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { metaSignature } from "../webhook-signatures.js";
import { WHATSAPP_WINDOW_MS } from "../whatsapp.js";
import { closeServer, listenJson, ReportQueue, seeded } from "./fake-http.js";

/** What happens to a message after the API took it. */
export type WhatsAppOutcome = "sent" | "delivered" | "read" | "failed";

export interface WhatsAppFakeOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Where status webhooks go (the server's /hooks/whatsapp); settable later, once the server listens. */
  webhookUrl?: string;
  /** Each recipient's fate (default: read). */
  outcome?: (to: string) => WhatsAppOutcome;
  /** Deliver every status webhook twice. */
  duplicate?: boolean;
  /** Deliver the statuses of all messages in a random (seeded) order, not as they happened. */
  shuffle?: boolean;
  /** Statuses per webhook call, as Meta batches them. */
  batch?: number;
  delayMs?: number;
  seed?: number;
}

interface Status {
  id: string;
  status: WhatsAppOutcome;
  timestamp: string;
  recipient_id: string;
  errors?: { code: number; title: string; message: string }[];
}

/**
 * A local WhatsApp Business Cloud API: `POST /{version}/{phoneNumberId}/messages` with the bearer
 * token answers as Meta does (`messages[0].id` = wamid...), refuses free text outside the 24-hour
 * window (error 131047), then posts the status webhooks (sent, delivered, read or failed) to the
 * server signed with the app secret (X-Hub-Signature-256), batched, optionally out of order and twice.
 */
export class WhatsAppCloudFake {
  readonly received: { to: string; type: string; template?: { name: string; language: string; params: string[] }; text?: string; id: string }[] = [];
  private readonly windows = new Map<string, number>();
  private server: Server | undefined;
  private reports: ReportQueue<Status> | undefined;
  url = "";

  constructor(readonly opts: WhatsAppFakeOptions) {}

  /** The API's base URL with its version, for WHATSAPP_API_URL. */
  get apiUrl() {
    return `${this.url}/v21.0`;
  }

  async start(port = 0): Promise<this> {
    const random = seeded(this.opts.seed ?? 7);
    this.reports = new ReportQueue<Status>((batch) => this.deliver(batch), {
      shuffle: !!this.opts.shuffle,
      batch: this.opts.batch ?? 25,
      delayMs: this.opts.delayMs ?? 5,
      random,
    });
    const { server, url } = await listenJson((req, body, answer) => {
      const path = /^\/v[\d.]+\/([^/]+)\/messages$/.exec(req.url ?? "");
      if (req.method !== "POST" || !path) return answer(404, { error: { message: "Unknown path", type: "GraphMethodException", code: 100 } });
      if (req.headers.authorization !== `Bearer ${this.opts.token}`) {
        return answer(401, { error: { message: "Error validating access token", type: "OAuthException", code: 190 } });
      }
      if (path[1] !== this.opts.phoneNumberId) return answer(400, { error: { message: "Unsupported post request", type: "GraphMethodException", code: 100 } });
      const b = body as { messaging_product?: string; to?: string; type?: string; template?: Record<string, unknown>; text?: { body?: string } } | null;
      if (b?.messaging_product !== "whatsapp" || !b.to || !/^\d{8,15}$/.test(b.to)) {
        return answer(400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
      }
      if (b.type === "text" && Date.now() - (this.windows.get(b.to) ?? 0) > WHATSAPP_WINDOW_MS) {
        return answer(400, { error: { message: "Re-engagement message: more than 24 hours since the customer last replied", code: 131047 } });
      }
      const id = `wamid.${randomBytes(12).toString("base64url")}`;
      const template = b.template as { name: string; language: { code: string }; components?: { parameters: { text: string }[] }[] } | undefined;
      this.received.push({
        to: b.to,
        type: b.type ?? "",
        id,
        ...(template
          ? { template: { name: template.name, language: template.language.code, params: (template.components?.[0]?.parameters ?? []).map((p) => p.text) } }
          : { text: b.text?.body }),
      });
      answer(200, { messaging_product: "whatsapp", contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] });
      this.reportFor(id, b.to);
    }, port);
    this.server = server;
    this.url = url;
    return this;
  }

  private reportFor(id: string, to: string) {
    const outcome = this.opts.outcome?.(`+${to}`) ?? "read";
    const steps: WhatsAppOutcome[] =
      outcome === "failed" ? ["failed"] : (["sent", "delivered", "read"] as const).slice(0, ["sent", "delivered", "read"].indexOf(outcome) + 1);
    const now = Math.floor(Date.now() / 1000);
    const events: Status[] = steps.map((status, i) => ({
      id,
      status,
      timestamp: String(now + i),
      recipient_id: to,
      ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable" }] } : {}),
    }));
    this.reports!.push(...events, ...(this.opts.duplicate ? events : []));
  }

  /** A person writes to the business: opens their 24-hour window and tells the server. */
  async inbound(from: string, text: string) {
    const wa = from.replace(/^\+/, "");
    this.windows.set(wa, Date.now());
    await this.webhook({
      messages: [
        { from: wa, id: `wamid.${randomBytes(8).toString("base64url")}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } },
      ],
    });
  }

  private deliver(statuses: Status[]) {
    return this.webhook({ statuses });
  }

  /** Posts one signed webhook with `value` (statuses or messages) to the server, as Meta does. */
  async webhook(value: Record<string, unknown>) {
    if (!this.opts.webhookUrl) return { status: 0, body: "no webhook URL" };
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "fake-waba",
          changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: this.opts.phoneNumberId }, ...value } }],
        },
      ],
    });
    const res = await fetch(this.opts.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(this.opts.appSecret, raw) },
      body: raw,
    });
    return { status: res.status, body: await res.text() };
  }

  /** Resolves once every status webhook owed so far has been delivered. */
  idle() {
    return this.reports?.idle() ?? Promise.resolve();
  }

  get refused() {
    return this.reports?.refused ?? [];
  }

  async close() {
    await this.idle();
    if (this.server) await closeServer(this.server);
  }
}
