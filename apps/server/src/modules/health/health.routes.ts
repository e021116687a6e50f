import { HEALTH_UNAVAILABLE, health } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";

export function registerHealthModule(app: FastifyInstance, { database }: Services) {
  serveAction(app, health, async () => {
    try {
      await database.ping();
    } catch {
      const { status, code, message } = HEALTH_UNAVAILABLE;
      // The body keeps `status` beside the usual message and code: the uptime check reads it.
      throw new AppError(503, code, message, undefined, { status });
    }
    return { status: "ok" as const, database: database.kind };
  });
}
