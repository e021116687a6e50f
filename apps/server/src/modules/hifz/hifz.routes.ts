import type { FastifyInstance } from "fastify";
import { registerFeedback } from "./feedback.routes.js";
import { registerHafiz } from "./hafiz.routes.js";
import { registerLogs } from "./logs.routes.js";
import { registerProgress } from "./progress.routes.js";
import { registerRecitation } from "./recitation.routes.js";
import { registerSessions } from "./sessions.routes.js";

/**
 * Memorisation (hifz): recitation types, metrics and halqas; hafiz students; sittings; logs by
 * range of global ayahs; mistakes pinned to ayahs; progress with the heat map.
 */
export function registerHifzModule(app: FastifyInstance) {
  registerRecitation(app);
  registerHafiz(app);
  registerSessions(app);
  registerLogs(app);
  registerFeedback(app);
  registerProgress(app);
}
