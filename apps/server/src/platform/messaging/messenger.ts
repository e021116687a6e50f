import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config.js";
import type { Db } from "../../db/db-types.js";
import { outbox } from "./outbox.table.js";
import { type GatewayStatus, SmsGateway } from "./sms-gateway.js";
import { WhatsAppCloud, type WhatsAppTemplateMessage } from "./whatsapp.js";

export interface MessengerOptions {
  smtpUrl?: string;
  smtpFrom: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** DLT registration of Indian transactional SMS: the sender id (header) and the principal entity id. */
  smsSender?: string;
  smsDltEntityId?: string;
  /** Where the gateway and WhatsApp post status reports (PUBLIC_URL + /hooks/...). */
  smsCallbackUrl?: string;
  /** WhatsApp Cloud API: used when the token and the phone number id are both set. */
  whatsappApiUrl?: string;
  whatsappToken?: string;
  whatsappPhoneNumberId?: string;
}

/** The SMS options beyond the gateway's address: DLT sender and entity, and where delivery reports go. */
export const smsRegistration = (config: Config): Pick<MessengerOptions, "smsSender" | "smsDltEntityId" | "smsCallbackUrl"> => ({
  smsSender: config.SMS_SENDER_ID,
  smsDltEntityId: config.SMS_DLT_ENTITY_ID,
  // Without a public address the gateway posts where its own settings say (the local fake: this server).
  smsCallbackUrl: config.PUBLIC_URL ? `${config.PUBLIC_URL.replace(/\/+$/, "")}/hooks/sms-gateway` : undefined,
});

/** One message for `Messenger.send`: a rendered template on one channel. */
export interface OutgoingMessage {
  channel: "email" | "sms" | "whatsapp";
  to: string;
  subject?: string | null;
  body: string;
  /** SMS: the DLT template id the body was registered under. */
  dltTemplateId?: string | null;
  /** WhatsApp: Meta's approved template; without it the body goes as free text (inside the 24-hour window only). */
  template?: { name: string; language: string; params: string[] } | null;
}

/** Who took a message and the id they gave it; the outbox means nothing went out. */
export interface SendOutcome {
  provider: "smtp" | "sms-gateway" | "whatsapp-cloud" | "outbox";
  providerMessageId: string | null;
}

/**
 * E-mail through SMTP and SMS through an HTTP gateway when configured; otherwise both land in
 * the outbox table, which only the CLI shows whole.
 */
export class Messenger {
  private readonly mail: Transporter | undefined;
  private readonly whatsappCloud: WhatsAppCloud | undefined;
  private readonly gateway: SmsGateway | undefined;
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
    this.gateway = opts.smsGatewayUrl
      ? new SmsGateway({
          url: opts.smsGatewayUrl,
          token: opts.smsGatewayToken,
          sender: opts.smsSender,
          dltEntityId: opts.smsDltEntityId,
          callbackUrl: opts.smsCallbackUrl,
        })
      : undefined;
  }

  /**
   * Sends one message through its channel's provider and answers who took it and their id; a
   * provider's refusal throws (the caller records the failure). Without a provider the message
   * lands in the outbox.
   */
  async send(tenantId: number | null, msg: OutgoingMessage): Promise<SendOutcome> {
    const toOutbox = async (): Promise<SendOutcome> => {
      const subject = msg.channel === "whatsapp" && msg.template ? `${msg.template.name} (${msg.template.language})` : (msg.subject ?? null);
      await this.db.insert(outbox).values({ tenantId, channel: msg.channel, recipient: msg.to, subject, body: msg.body });
      return { provider: "outbox", providerMessageId: null };
    };
    if (msg.channel === "email") {
      if (!this.mail) return toOutbox();
      const info = await this.mail.sendMail({ from: this.opts.smtpFrom, to: msg.to, subject: msg.subject ?? "", text: msg.body });
      return { provider: "smtp", providerMessageId: info.messageId ?? null };
    }
    if (msg.channel === "sms") {
      if (!this.gateway) return toOutbox();
      const { id } = await this.gateway.send({ to: msg.to, text: msg.body, dltTemplateId: msg.dltTemplateId });
      return { provider: "sms-gateway", providerMessageId: id };
    }
    if (!this.whatsappCloud) return toOutbox();
    const { id } = msg.template
      ? await this.whatsappCloud.sendTemplate(msg.to, {
          template: msg.template.name,
          language: msg.template.language,
          params: msg.template.params,
          text: msg.body,
        })
      : await this.whatsappCloud.sendText(msg.to, msg.body);
    return { provider: "whatsapp-cloud", providerMessageId: id };
  }

  /** Asks the SMS gateway where a message is (WhatsApp has no such call: its webhooks are the record). */
  smsStatus(id: string): Promise<{ status: GatewayStatus; error: string | null }> | undefined {
    return this.gateway?.status(id);
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
    // Not the subject: a school's template fills in a child's name.
    this.log.info({ channel: "email" }, "message sent");
    return "sent";
  }

  async sms(tenantId: number | null, to: string, text: string): Promise<"sent" | "outbox"> {
    if (!this.gateway) {
      await this.db.insert(outbox).values({ tenantId, channel: "sms", recipient: to, body: text });
      return "outbox";
    }
    await this.gateway.send({ to, text });
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
