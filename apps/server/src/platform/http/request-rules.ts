import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const EMPTY = new Set(["", "null", "undefined", "All"]);

/**
 * The HTTP conventions every route shares: empty filters dropped before validation, and the
 * x-requested-with header required on every call that changes data (a link or form on another
 * site cannot send it).
 */
export function installRequestRules(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    const q = req.query as Record<string, unknown> | undefined;
    if (q && typeof q === "object") {
      for (const [k, v] of Object.entries(q)) {
        if (v === null || (typeof v === "string" && EMPTY.has(v.trim()))) delete q[k];
      }
    }
  });
  app.addHook("onRequest", async (req) => {
    const changes = !SAFE.has(req.method) || req.routeOptions.config?.changesData === true;
    if (changes && !req.headers["x-requested-with"]) {
      throw badRequest("csrf", "Calls that change data must send the x-requested-with header.");
    }
  });
}
