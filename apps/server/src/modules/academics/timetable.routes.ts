import type { FastifyInstance } from "fastify";
import { PdfRenderer } from "../../platform/files/pdf-renderer.js";
import type { Services } from "../../platform/services.js";
import { registerHourRoutes } from "./hours.routes.js";
import { registerOpenPeriodRoute } from "./open-period.routes.js";
import { registerPeriodRoutes } from "./periods.routes.js";
import { registerTimetableEntryRoutes } from "./timetables.routes.js";
import { registerWeekHours } from "./week-hours.routes.js";

/** The week (hours), who teaches what in it (timetable), and lessons taught (periods). */
export function registerTimetableModule(app: FastifyInstance, services: Services) {
  const pdf = new PdfRenderer();
  app.addHook("onClose", () => pdf.close());
  registerHourRoutes(app, pdf);
  registerTimetableEntryRoutes(app);
  registerWeekHours(app);
  registerPeriodRoutes(app);
  registerOpenPeriodRoute(app, services);
}
