import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer, ReportQueue } from "../messaging/fakes/fake-http.js";
import { checkoutSignature, type RazorpayPaymentEntity, webhookSignature } from "./razorpay.js";

export interface SandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (the app's /admin/open/payments/webhook/sandbox); settable later, once the app listens. */
  webhookUrl?: string;
  /** Delivers a webhook without HTTP (tests hand it `app.inject`); used instead of webhookUrl when set. */
  deliver?: (rawBody: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;
  /** Send each webhook twice, as a provider retrying does. */
  duplicate?: boolean;
  delayMs?: number;
}

interface SandboxOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

type SandboxPayment = RazorpayPaymentEntity & { entity: "payment"; captured: boolean; created_at: number; error_code: string | null };

/** One webhook the sandbox owes the app: its event id and its body, signed when it is sent. */
export interface SandboxEvent {
  eventId: string;
  body: Record<string, unknown>;
}

/** What Pay hands the browser (and a test): Razorpay's three fields. */
export interface SandboxAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);
const apiError = (description: string, field?: string) => ({
  error: { code: "BAD_REQUEST_ERROR", description, source: "business", step: "payment_initiation", reason: "input_validation_failed", field: field ?? null },
});
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local Razorpay: the Orders and Payments API (`POST /v1/orders`, `GET /v1/orders/:id`,
 * `GET /v1/orders/:id/payments`, `GET /v1/payments/:id`, basic auth with the key id and secret)
 * and a checkout page (`GET /checkout?order_id=&callback_url=`) with Pay and Fail buttons. Pay
 * captures a payment, redirects the browser to the callback URL with Razorpay's three fields
 * (the signature made as Razorpay makes it) and posts the signed webhooks `payment.captured` and
 * `order.paid` to the app (X-Razorpay-Signature, x-razorpay-event-id), retried until taken. Fail
 * redirects with `error_code` and posts `payment.failed`. Everything lives in memory.
 */
export class RazorpaySandbox {
  readonly orders = new Map<string, SandboxOrder>();
  readonly payments = new Map<string, SandboxPayment>();
  private server: Server | undefined;
  private readonly queue: ReportQueue<SandboxEvent>;
  url = "";

  constructor(readonly opts: SandboxOptions) {
    this.queue = new ReportQueue<SandboxEvent>(async ([event]) => this.send(event!), {
      shuffle: false,
      batch: 1,
      delayMs: opts.delayMs ?? 5,
      random: Math.random,
    });
  }

  /** The API's base for RAZORPAY_API_URL. */
  get apiUrl() {
    return `${this.url}/v1`;
  }

  /** Webhooks the app did not take (not 2xx), kept for a test to see. */
  get refused() {
    return this.queue.refused;
  }

  async start(port = 0): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          this.route(req, res, Buffer.concat(chunks).toString("utf8"));
        } catch (err) {
          res
            .writeHead(500, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { code: "SERVER_ERROR", description: (err as Error).message } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    // A sandbox started by `npm start` must not keep the process alive on its own.
    server.unref();
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    if (this.server) await closeServer(this.server);
  }

  /** Resolves once every webhook owed so far has been delivered. */
  idle() {
    return this.queue.idle();
  }

  private route(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? "/", "http://sandbox");
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname.startsWith("/v1/")) {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${this.opts.keyId}:${this.opts.keySecret}`).toString("base64")}`) {
        return json(401, apiError("Authentication failed"));
      }
      return this.api(req.method ?? "GET", url.pathname, text, json);
    }
    if (url.pathname === "/checkout" && req.method === "GET")
      return this.page(res, url.searchParams.get("order_id") ?? "", url.searchParams.get("callback_url"));
    if ((url.pathname === "/checkout/pay" || url.pathname === "/checkout/fail") && req.method === "POST") {
      const form = new URLSearchParams(text);
      const orderId = form.get("order_id") ?? "";
      const callback = safeCallback(form.get("callback_url"));
      const order = this.orders.get(orderId);
      if (!order) return this.html(res, 404, "No such order", "<p>This order does not exist.</p>");
      if (url.pathname === "/checkout/fail") {
        this.fail(orderId);
        if (!callback) return this.html(res, 200, "Payment failed", "<p>The payment failed. You may close this page.</p>");
        callback.searchParams.set("error_code", "BAD_REQUEST_ERROR");
        callback.searchParams.set("error_description", "Payment failed");
        callback.searchParams.set("razorpay_order_id", orderId);
        return res.writeHead(303, { location: callback.toString() }).end();
      }
      if (order.status === "paid") return this.html(res, 400, "Already paid", "<p>This order is already paid.</p>");
      const { events: _events, ...answer } = this.pay(orderId);
      if (!callback) {
        return this.html(res, 200, "Paid", `<pre id="answer">${escapeHtml(JSON.stringify(answer, null, 2))}</pre>`);
      }
      for (const [k, v] of Object.entries(answer)) callback.searchParams.set(k, v);
      return res.writeHead(303, { location: callback.toString() }).end();
    }
    return json(404, apiError("The requested URL was not found on the server."));
  }

  private api(method: string, path: string, text: string, json: (status: number, body: unknown) => void) {
    if (method === "POST" && path === "/v1/orders") {
      let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown } | null = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        return json(400, apiError("The request body is not valid JSON."));
      }
      const amount = body?.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
        return json(400, apiError("The amount must be atleast INR 1.00", "amount"));
      }
      if (typeof body?.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency)) return json(400, apiError("The currency is invalid.", "currency"));
      if (body.receipt !== undefined && (typeof body.receipt !== "string" || body.receipt.length > 40)) {
        return json(400, apiError("The receipt may not be greater than 40 characters.", "receipt"));
      }
      const order: SandboxOrder = {
        id: id("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: body.currency,
        receipt: (body.receipt as string | undefined) ?? null,
        status: "created",
        attempts: 0,
        notes: (body.notes && typeof body.notes === "object" ? body.notes : {}) as Record<string, string>,
        created_at: now(),
      };
      this.orders.set(order.id, order);
      return json(200, order);
    }
    if (method !== "GET") return json(404, apiError("The requested URL was not found on the server."));
    const orderPayments = /^\/v1\/orders\/([A-Za-z0-9_]+)\/payments$/.exec(path);
    if (orderPayments) {
      if (!this.orders.has(orderPayments[1]!)) return json(400, apiError("The id provided does not exist"));
      const items = [...this.payments.values()].filter((p) => p.order_id === orderPayments[1]);
      return json(200, { entity: "collection", count: items.length, items });
    }
    const order = /^\/v1\/orders\/([A-Za-z0-9_]+)$/.exec(path);
    if (order) {
      const found = this.orders.get(order[1]!);
      return found ? json(200, found) : json(400, apiError("The id provided does not exist"));
    }
    const payment = /^\/v1\/payments\/([A-Za-z0-9_]+)$/.exec(path);
    if (payment) {
      const found = this.payments.get(payment[1]!);
      return found ? json(200, found) : json(400, apiError("The id provided does not exist"));
    }
    return json(404, apiError("The requested URL was not found on the server."));
  }

  private page(res: ServerResponse, orderId: string, callbackUrl: string | null) {
    const order = this.orders.get(orderId);
    if (!order) return this.html(res, 404, "No such order", "<p>This order does not exist.</p>");
    const amount = `${order.currency} ${(order.amount / 100).toFixed(2)}`;
    const hidden = `<input type="hidden" name="order_id" value="${escapeHtml(order.id)}"><input type="hidden" name="callback_url" value="${escapeHtml(callbackUrl ?? "")}">`;
    const what = order.notes.description ?? order.receipt ?? "";
    return this.html(
      res,
      200,
      "Sandbox checkout",
      `<p class="note">Sandbox: no real money moves.</p>
<p id="description">${escapeHtml(what)}</p>
<p id="amount" data-amount="${order.amount}">${escapeHtml(amount)}</p>
${order.status === "paid" ? '<p id="status">Paid</p>' : ""}
<form method="post" action="/checkout/pay">${hidden}<button id="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/checkout/fail">${hidden}<button id="fail" type="submit">Fail</button></form>`,
    );
  }

  private html(res: ServerResponse, status: number, title: string, body: string) {
    res
      .writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
          "<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}#amount{font-size:2rem;font-weight:600}" +
          "button{font-size:1.1rem;padding:.6rem 1.2rem;margin:.3rem 0;width:100%;cursor:pointer}#pay{background:#0b7a4b;color:#fff;border:0;border-radius:6px}" +
          "#fail{background:#fff;color:#b00020;border:1px solid #b00020;border-radius:6px}.note{color:#666}</style></head>" +
          `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
      );
  }

  /**
   * Pays an order as the checkout's Pay button does: a captured payment, the order paid, and the
   * answer the browser carries back. Webhooks are queued unless `webhooks` is false; the events
   * are returned either way, so a test can send them itself, late, twice or out of order.
   */
  pay(orderId: string, opts: { webhooks?: boolean; method?: string } = {}): SandboxAnswer & { events: SandboxEvent[] } {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`sandbox: no order ${orderId}`);
    const payment: SandboxPayment = {
      id: id("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: "captured",
      order_id: order.id,
      method: opts.method ?? "upi",
      captured: true,
      error_code: null,
      error_description: null,
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0, attempts: order.attempts + 1 });
    const events = [this.event("payment.captured", payment), this.event("order.paid", payment, order)];
    if (opts.webhooks !== false) this.queue.push(...events, ...(this.opts.duplicate ? events : []));
    return {
      razorpay_order_id: order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: checkoutSignature(this.opts.keySecret, order.id, payment.id),
      events,
    };
  }

  /** A failed attempt at an order: a failed payment and its `payment.failed` webhook. */
  fail(orderId: string, opts: { webhooks?: boolean } = {}): { paymentId: string; events: SandboxEvent[] } {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`sandbox: no order ${orderId}`);
    const payment: SandboxPayment = {
      id: id("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: "failed",
      order_id: order.id,
      method: "card",
      captured: false,
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment failed",
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    if (order.status === "created") order.status = "attempted";
    order.attempts++;
    const events = [this.event("payment.failed", payment)];
    if (opts.webhooks !== false) this.queue.push(...events);
    return { paymentId: payment.id, events };
  }

  private event(event: string, payment: SandboxPayment, order?: SandboxOrder): SandboxEvent {
    return {
      eventId: id("evt"),
      body: {
        entity: "event",
        account_id: "acc_sandbox",
        event,
        contains: order ? ["payment", "order"] : ["payment"],
        payload: { payment: { entity: { ...payment } }, ...(order ? { order: { entity: { ...order } } } : {}) },
        created_at: now(),
      },
    };
  }

  /** Sends one webhook now, signed as Razorpay signs it; answers the app's status and body. */
  async send(event: SandboxEvent, opts: { signature?: string } = {}): Promise<{ status: number; body: string }> {
    const raw = JSON.stringify(event.body);
    const headers = {
      "content-type": "application/json",
      "x-razorpay-event-id": event.eventId,
      "x-razorpay-signature": opts.signature ?? webhookSignature(this.opts.webhookSecret, raw),
    };
    if (this.opts.deliver) return this.opts.deliver(raw, headers);
    if (!this.opts.webhookUrl) return { status: 0, body: "no webhook URL" };
    const res = await fetch(this.opts.webhookUrl, { method: "POST", headers, body: raw });
    return { status: res.status, body: await res.text() };
  }
}

/** Only an http(s) callback is followed: the page never redirects to a script or a file. */
function safeCallback(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
