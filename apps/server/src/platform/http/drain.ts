import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

/**
 * A graceful stop for clients on kept-alive connections: while draining, every reply says
 * `Connection: close` (the client opens a new connection, to another process behind the load
 * balancer), and a request that arrives anyway gets a 503 with `Retry-After` instead of a reset.
 * `drain()` resolves once no request is in flight and the grace for idle connections has passed.
 */
export function installDrain(app: FastifyInstance, graceMs = 1000) {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  app.addHook("onRequest", async (_req, reply) => {
    inFlight++;
    if (draining) {
      reply.header("connection", "close").header("retry-after", "5");
      throw new AppError(503, "shutting_down", "The server is restarting. Try again in a moment.");
    }
  });
  app.addHook("onSend", async (_req, reply) => {
    if (draining) reply.header("connection", "close");
  });
  app.addHook("onResponse", async () => {
    inFlight--;
    if (draining && inFlight === 0) idle?.();
  });
  app.decorate("drain", async () => {
    draining = true;
    const settled = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve));
    await Promise.all([settled, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Starts draining (see installDrain); resolves when the server may close. */
    drain(): Promise<void>;
  }
}
