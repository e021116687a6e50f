import type { FastifyInstance } from "fastify";
import type { Services } from "../services.js";

/**
 * Work the server does by itself on a clock (publishing scheduled notices, reminding missed
 * checklists): once when the app is ready, then every `everyMs`, stopped when it closes. A
 * failed round is logged and the next one tries again; the work must be safe to run twice.
 */
export function registerPeriodicSweep(app: FastifyInstance, services: Services, what: string, everyMs: number, run: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => run().catch((err) => services.log.error({ err }, `${what} failed`));
  app.addHook("onReady", async () => {
    void sweep();
    timer = setInterval(() => void sweep(), everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
