import type { Server } from "node:http";
import { gatewaySignature } from "../webhook-signatures.js";
import { closeServer, listenJson, ReportQueue, seeded } from "./fake-http.js";

export type SmsOutcome = "sent" | "delivered" | "failed";

export interface SmsGatewayFakeOptions {
  token: string;
  /** Signs delivery reports (X-Gateway-Signature). */
  webhookSecret: string;
  /** Where delivery reports go when a message names no callbackUrl. */
  callbackUrl?: string;
  outcome?: (to: string) => SmsOutcome;
  /** Refuse Indian numbers without a DLT template id, as Indian operators do. */
  requireDlt?: boolean;
  duplicate?: boolean;
  shuffle?: boolean;
  delayMs?: number;
}

interface Report {
  id: string;
  status: SmsOutcome;
  at: string;
  error?: string;
  callbackUrl: string;
}

/**
 * A local HTTP SMS gateway: `POST /sms` (bearer token; `to`, `text`, DLT `dltTemplateId`,
 * `sender`, `callbackUrl`) answers `{id, status: "accepted"}`; `GET /sms/{id}` answers where the
 * message is; delivery reports are posted to the callback, signed with the shared secret.
 */
export class SmsGatewayFake {
  readonly received: { id: string; to: string; text: string; dltTemplateId?: string; sender?: string }[] = [];
  private readonly state = new Map<string, { status: SmsOutcome | "accepted"; error?: string }>();
  private server: Server | undefined;
  private reports: ReportQueue<Report> | undefined;
  private next = 0;
  url = "";

  constructor(readonly opts: SmsGatewayFakeOptions) {}

  /** The gateway's send address, for SMS_GATEWAY_URL. */
  get sendUrl() {
    return `${this.url}/sms`;
  }

  async start(port = 0): Promise<this> {
    this.reports = new ReportQueue<Report>((batch) => this.deliver(batch), {
      shuffle: !!this.opts.shuffle,
      batch: 1,
      delayMs: this.opts.delayMs ?? 5,
      random: seeded(11),
    });
    const { server, url } = await listenJson((req, body, answer) => {
      if (req.headers.authorization !== `Bearer ${this.opts.token}`) return answer(401, { error: "bad token" });
      const one = /^\/sms\/([^/]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && one) {
        const s = this.state.get(decodeURIComponent(one[1]!));
        return s ? answer(200, { id: one[1], ...s }) : answer(404, { error: "unknown message" });
      }
      if (req.method !== "POST" || req.url !== "/sms") return answer(404, { error: "unknown path" });
      const b = body as { to?: string; text?: string; dltTemplateId?: string; sender?: string; callbackUrl?: string } | null;
      if (!b?.to || !/^\+\d{8,15}$/.test(b.to) || !b.text) return answer(400, { error: "to (E.164) and text are required" });
      if (this.opts.requireDlt && b.to.startsWith("+91") && !b.dltTemplateId) return answer(400, { error: "DLT template id missing" });
      const id = `sms-${++this.next}`;
      this.received.push({
        id,
        to: b.to,
        text: b.text,
        ...(b.dltTemplateId ? { dltTemplateId: b.dltTemplateId } : {}),
        ...(b.sender ? { sender: b.sender } : {}),
      });
      this.state.set(id, { status: "accepted" });
      answer(200, { id, status: "accepted" });
      const callbackUrl = b.callbackUrl ?? this.opts.callbackUrl;
      const outcome = this.opts.outcome?.(b.to) ?? "delivered";
      const steps: SmsOutcome[] = outcome === "failed" ? ["failed"] : outcome === "sent" ? ["sent"] : ["sent", "delivered"];
      for (const status of steps) this.state.set(id, { status, ...(status === "failed" ? { error: "Number not reachable" } : {}) });
      if (!callbackUrl) return;
      const at = new Date().toISOString();
      const reports = steps.map((status) => ({ id, status, at, callbackUrl, ...(status === "failed" ? { error: "Number not reachable" } : {}) }));
      this.reports!.push(...reports, ...(this.opts.duplicate ? reports : []));
    }, port);
    this.server = server;
    this.url = url;
    return this;
  }

  private async deliver([report]: Report[]) {
    const { callbackUrl, ...payload } = report!;
    const raw = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(callbackUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-gateway-timestamp": timestamp,
        "x-gateway-signature": gatewaySignature(this.opts.webhookSecret, timestamp, raw),
      },
      body: raw,
    });
    return { status: res.status, body: await res.text() };
  }

  idle() {
    return this.reports?.idle() ?? Promise.resolve();
  }

  async close() {
    await this.idle();
    if (this.server) await closeServer(this.server);
  }
}
