import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const EMPTY = new Set(["", "null", "undefined", "All"]);

/**
 * The HTTP conventions every route shares: no NUL characters anywhere, empty filters dropped before validation, and the
 * x-requested-with header required on every call that changes data (a link or form on another
 * site cannot send it).
 */
export function installRequestRules(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    // PostgreSQL cannot store U+0000 in text: refuse it here, naming where it came, not as a 500 later.
    const nul = firstNul(req.params, "") ?? firstNul(req.query, "") ?? firstNul(req.body, "");
    if (nul !== undefined)
      throw badRequest("nul_character", `${nul || "The request"} contains a NUL character (U+0000), which is not allowed.`, { field: nul });
    const q = req.query as Record<string, unknown> | undefined;
    if (q && typeof q === "object") {
      for (const [k, v] of Object.entries(q)) {
        if (v === null || (typeof v === "string" && EMPTY.has(v.trim()))) delete q[k];
      }
    }
  });
  app.addHook("onRequest", async (req) => {
    // A path no route serves changes nothing: it answers 404, whatever the headers.
    if (req.is404) return;
    const changes = (!SAFE.has(req.method) && req.routeOptions.config?.signedWebhook !== true) || req.routeOptions.config?.changesData === true;
    if (changes && !req.headers["x-requested-with"]) {
      throw badRequest("csrf", "Calls that change data must send the x-requested-with header.");
    }
  });
}

/** The path of the first string holding U+0000 in a parsed value ("guardian.name", "items.2"), if any. */
function firstNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (depth > 20 || value === null || typeof value !== "object") return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes("\u0000")) return path ? `${path}.${k}` : k;
    const found = firstNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
