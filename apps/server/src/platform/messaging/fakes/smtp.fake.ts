import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";

/**
 * A local SMTP server (smtp-server, the library nodemailer's authors wrote for this): accepts
 * every message without authentication and keeps it, so e-mail goes through real SMTP.
 */
export class SmtpFake {
  readonly received: { from: string; to: string[]; raw: string; messageId: string | null }[] = [];
  private server: SMTPServer | undefined;
  url = "";

  async start(port = 0): Promise<this> {
    // Loaded only when a fake is wanted: production never starts one.
    const { SMTPServer } = await import("smtp-server");
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? null,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    server.server.unref();
    this.server = server;
    this.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
