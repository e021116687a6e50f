import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client.js";
import { outbox } from "./outbox.table.js";
import { WhatsAppCloud, type WhatsAppTemplateMessage } from "./whatsapp.js";

export interface MessengerOptions {
  smtpUrl?: string;
  smtpFrom: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** WhatsApp Cloud API: used when the token and the phone number id are both set. */
  whatsappApiUrl?: string;
  whatsappToken?: string;
  whatsappPhoneNumberId?: string;
}

/**
 * E-mail through SMTP and SMS through an HTTP gateway when configured; otherwise both land in
 * the outbox table, which only the CLI shows whole.
 */
export class Messenger {
  private readonly mail: Transporter | undefined;
  private readonly whatsappCloud: WhatsAppCloud | undefined;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly opts: MessengerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mail = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
    this.whatsappCloud =
      opts.whatsappToken && opts.whatsappPhoneNumberId
        ? new WhatsAppCloud({
            apiUrl: opts.whatsappApiUrl ?? "https://graph.facebook.com/v21.0",
            token: opts.whatsappToken,
            phoneNumberId: opts.whatsappPhoneNumberId,
          })
        : undefined;
  }

  /** Whether WhatsApp messages really go out (else they land in the outbox). */
  get whatsappConfigured(): boolean {
    return !!this.whatsappCloud;
  }

  /** A WhatsApp template message through the Cloud API, or the outbox (subject: template and language). */
  async whatsapp(tenantId: number | null, to: string, msg: WhatsAppTemplateMessage): Promise<"sent" | "outbox"> {
    if (!this.whatsappCloud) {
      await this.db.insert(outbox).values({ tenantId, channel: "whatsapp", recipient: to, subject: `${msg.template} (${msg.language})`, body: msg.text });
      return "outbox";
    }
    const { id } = await this.whatsappCloud.sendTemplate(to, msg);
    this.log.info({ channel: "whatsapp", template: msg.template, id }, "message sent");
    return "sent";
  }

  async email(tenantId: number | null, to: string, subject: string, text: string): Promise<"sent" | "outbox"> {
    if (!this.mail) {
      await this.db.insert(outbox).values({ tenantId, channel: "email", recipient: to, subject, body: text });
      return "outbox";
    }
    await this.mail.sendMail({ from: this.opts.smtpFrom, to, subject, text });
    this.log.info({ channel: "email", subject }, "message sent");
    return "sent";
  }

  async sms(tenantId: number | null, to: string, text: string): Promise<"sent" | "outbox"> {
    if (!this.opts.smsGatewayUrl) {
      await this.db.insert(outbox).values({ tenantId, channel: "sms", recipient: to, body: text });
      return "outbox";
    }
    const res = await fetch(this.opts.smsGatewayUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(this.opts.smsGatewayToken ? { authorization: `Bearer ${this.opts.smsGatewayToken}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    this.log.info({ channel: "sms" }, "message sent");
    return "sent";
  }

  /**
   * Delivers without making the reply wait, so a reply's timing cannot tell whether a message
   * went out (a code or link for an account that exists). A failure is logged, never thrown.
   */
  later(deliver: () => Promise<unknown>): void {
    const job: Promise<unknown> = deliver()
      .catch((err) => this.log.error({ err }, "message delivery failed"))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once every delivery handed to `later` has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Closes the SMTP transport once the deliveries still in flight are done. */
  close() {
    void this.settled().then(() => this.mail?.close());
  }
}
