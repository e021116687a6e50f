import type { FastifyInstance } from "fastify";
import type { Services } from "../../platform/services.js";
import { registerBatchRoutes } from "./batches.routes.js";
import { registerCourseRoutes } from "./courses.routes.js";
import { registerSubjectAndSessionRoutes } from "./subjects-sessions.routes.js";

/** Academic structure: batches (years), courses with classes and content, subjects, sessions. */
export function registerAcademicsModule(app: FastifyInstance, services: Services) {
  registerBatchRoutes(app);
  registerCourseRoutes(app, services);
  registerSubjectAndSessionRoutes(app);
}
