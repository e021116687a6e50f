import { ErrorReply, FILE_TYPES, fileReply, type MessageStatus } from "@taleem/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { whatsappWindows } from "../../platform/messaging/provider-events.table.js";
import { checkGatewaySignature, checkMetaSignature } from "../../platform/messaging/webhook-signatures.js";
import type { WhatsAppWebhook } from "../../platform/messaging/whatsapp.js";
import type { Services } from "../../platform/services.js";
import { ingestReports, type ProviderReport } from "./message-logs.service.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A provider's webhook: its signature is its proof, so it needs no x-requested-with header. */
    signedWebhook?: boolean;
  }
}

const REPORTED = new Set<MessageStatus>(["sent", "delivered", "read", "failed"]);
const refuse = (reply: FastifyReply) => reply.code(401).send({ message: "The webhook's signature does not match.", code: "webhook.bad_signature", params: {} });

const Received = z.object({ received: z.number().int().describe("Reports not seen before, applied or kept for their message") });

const GatewayReport = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["sent", "delivered", "failed"]),
  at: z.iso.datetime({ offset: true }).optional(),
  error: z.string().max(500).optional(),
});

/**
 * The providers' status webhooks, open (a provider has no session) and proved by their
 * signatures over the raw body: WhatsApp's X-Hub-Signature-256 with the app secret, the SMS
 * gateway's timestamped HMAC. Reports may come twice and in any order (message-logs.service.ts).
 */
export function registerProviderWebhooks(app: FastifyInstance, services: Services) {
  const { config } = services;
  app.register(async (hooks) => {
    // The signature is over the bytes as sent: keep the body as text here.
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
    const route = { access: "open" as const, signedWebhook: true };

    // Meta checks the URL once with GET hub.mode=subscribe and the verify token, and expects the challenge back.
    hooks.get(
      "/hooks/whatsapp",
      {
        config: { ...route, fileReply: fileReply(FILE_TYPES.text) },
        schema: {
          tags: ["communication"],
          summary: "WhatsApp webhook verification (hub.challenge)",
          querystring: z.object({
            "hub.mode": z.string().optional(),
            "hub.verify_token": z.string().optional(),
            "hub.challenge": z.string().max(200).optional(),
          }),
          response: { 403: ErrorReply },
        },
      },
      async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        if (!config.WHATSAPP_VERIFY_TOKEN || q["hub.mode"] !== "subscribe" || q["hub.verify_token"] !== config.WHATSAPP_VERIFY_TOKEN) {
          return reply.code(403).send({ message: "Verification failed", code: "webhook.verify_failed", params: {} });
        }
        return reply.type("text/plain").send(q["hub.challenge"] ?? "");
      },
    );

    hooks.post(
      "/hooks/whatsapp",
      {
        config: route,
        schema: {
          tags: ["communication"],
          summary: "WhatsApp Cloud API webhook: message statuses and people's messages (signed)",
          response: { 200: Received, 400: ErrorReply, 401: ErrorReply },
        },
      },
      async (req, reply) => {
        const raw = typeof req.body === "string" ? req.body : "";
        if (!config.WHATSAPP_APP_SECRET || !checkMetaSignature(config.WHATSAPP_APP_SECRET, raw, req.headers["x-hub-signature-256"] as string | undefined))
          return refuse(reply);
        let payload: WhatsAppWebhook;
        try {
          payload = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ message: "The request body is not valid JSON.", code: "bad_json", params: {} });
        }
        const reports: ProviderReport[] = [];
        const inbound = new Map<string, Date>();
        for (const change of (payload.entry ?? []).flatMap((e) => e.changes ?? [])) {
          for (const s of change.value?.statuses ?? []) {
            if (!REPORTED.has(s.status as MessageStatus) || !s.id) continue;
            const error = s.errors?.[0];
            reports.push({
              providerMessageId: s.id,
              status: s.status as MessageStatus,
              at: new Date(Number(s.timestamp ?? 0) * 1000 || Date.now()),
              error: error ? `${error.code ?? ""} ${error.title ?? error.message ?? ""}`.trim() : null,
            });
          }
          for (const m of change.value?.messages ?? []) inbound.set(m.from, new Date(Number(m.timestamp ?? 0) * 1000 || Date.now()));
        }
        for (const [phone, at] of inbound) {
          await services.db
            .insert(whatsappWindows)
            .values({ phone, lastInboundAt: at })
            .onConflictDoUpdate({
              target: whatsappWindows.phone,
              set: { lastInboundAt: sql`greatest(${whatsappWindows.lastInboundAt}, excluded.last_inbound_at)` },
            });
        }
        return { received: await ingestReports(services.db, "whatsapp-cloud", reports) };
      },
    );

    hooks.post(
      "/hooks/sms-gateway",
      {
        config: route,
        schema: { tags: ["communication"], summary: "SMS gateway delivery report (signed)", response: { 200: Received, 400: ErrorReply, 401: ErrorReply } },
      },
      async (req, reply) => {
        const raw = typeof req.body === "string" ? req.body : "";
        const secret = config.SMS_GATEWAY_WEBHOOK_SECRET;
        const h = req.headers as Record<string, string | undefined>;
        if (!secret || !checkGatewaySignature(secret, raw, h["x-gateway-timestamp"], h["x-gateway-signature"])) return refuse(reply);
        let parsed: ReturnType<typeof GatewayReport.safeParse>;
        try {
          parsed = GatewayReport.safeParse(JSON.parse(raw));
        } catch {
          return reply.code(400).send({ message: "The request body is not valid JSON.", code: "bad_json", params: {} });
        }
        if (!parsed.success)
          return reply.code(400).send({ message: "A delivery report needs id and status.", code: "webhook.bad_report", params: { field: "status" } });
        const r = parsed.data;
        return {
          received: await ingestReports(services.db, "sms-gateway", [
            { providerMessageId: r.id, status: r.status, at: r.at ? new Date(r.at) : new Date(), error: r.error ?? null },
          ]),
        };
      },
    );
  });
}
