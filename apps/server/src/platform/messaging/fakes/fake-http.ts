import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a fake's route is handed: the request, its body parsed as JSON (or null), a JSON answer, and the body's text (a form). */
export type FakeRoute = (req: IncomingMessage, body: unknown, answer: (status: number, json: unknown) => void, text: string) => void | Promise<void>;

/** A tiny JSON HTTP server on 127.0.0.1 for a provider fake; port 0 picks a free one. */
export async function listenJson(route: FakeRoute, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      };
      Promise.resolve(route(req, body, answer, text)).catch((err: Error) => answer(500, { error: err.message }));
    });
  });
  // Keeps an idle connection as long as the providers' own front ends do (about a minute), not
  // Node's 5 s: on a busy machine the caller reused a connection this side had just closed, and
  // the message failed with ECONNRESET (15 of 500 in a bulk send on a loaded 2-core CI).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // A fake started by `npm start` must not keep the process alive on its own.
  server.unref();
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A seeded generator (mulberry32): a fake's shuffles are the same on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A webhook the server did not take is tried again this often, this many times (a minute). */
const RETRY_MS = 1000;
const MAX_TRIES = 60;

/**
 * Status reports a fake owes the server, sent in batches in the order the fake chooses (as
 * providers do: out of order, sometimes twice). `idle()` resolves when none is left in flight.
 */
export class ReportQueue<E> {
  private readonly pool: E[] = [];
  private inFlight = 0;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];
  /** Reports the server did not take (not 2xx), kept for the test to see. */
  readonly refused: { status: number; body: string }[] = [];

  constructor(
    private readonly deliver: (batch: E[]) => Promise<{ status: number; body: string }>,
    private readonly opts: { shuffle: boolean; batch: number; delayMs: number; random: () => number },
  ) {}

  push(...events: E[]) {
    this.pool.push(...events);
    this.schedule();
  }

  private schedule(delay = this.opts.delayMs) {
    if (this.timer || !this.pool.length) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  private async flush() {
    const batch: E[] = [];
    while (this.pool.length && batch.length < this.opts.batch) {
      const i = this.opts.shuffle ? Math.floor(this.opts.random() * this.pool.length) : 0;
      batch.push(...this.pool.splice(i, 1));
    }
    this.schedule();
    if (!batch.length) return;
    this.inFlight++;
    try {
      const res = await this.deliver(batch);
      this.failures = 0;
      if (res.status < 200 || res.status >= 300) this.refused.push(res);
    } catch (err) {
      // The server is not listening (yet: `npm start` seeds the demo school first). Providers
      // retry a webhook they could not deliver; so does the fake, a second apart, a while.
      if (++this.failures < MAX_TRIES) {
        this.pool.unshift(...batch);
        clearTimeout(this.timer);
        this.timer = undefined;
        this.schedule(RETRY_MS);
      } else this.refused.push({ status: 0, body: (err as Error).message });
    } finally {
      this.inFlight--;
      this.wake();
    }
  }

  private wake() {
    if (this.inFlight || this.pool.length || this.timer) return;
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves once every report pushed so far has been delivered. */
  idle(): Promise<void> {
    if (!this.inFlight && !this.pool.length && !this.timer) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
