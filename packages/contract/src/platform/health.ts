import { z } from "zod";
import { defineAction } from "../action.js";

export const HEALTH_UNAVAILABLE = { status: "unavailable", code: "db_unavailable", message: "The database is not answering." } as const;

/** GET /health: for the load balancer and the uptime check. */
export const health = defineAction({
  method: "GET",
  path: "/health",
  module: "health",
  access: "open",
  summary: "200 only when the database answers",
  description: `Otherwise 503 with ${JSON.stringify(HEALTH_UNAVAILABLE)}.`,
  reply: z.object({ status: z.literal("ok"), database: z.string() }),
});
