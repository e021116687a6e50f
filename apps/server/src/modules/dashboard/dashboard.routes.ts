import { schoolDashboard as schoolAction, studentDashboard as studentAction, dashboardSummary as summaryAction } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleBatch } from "../academics/academic-samples.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { dashboardSummary } from "./dashboard.service.js";
import { schoolDashboard, studentDashboard } from "./school-dashboard.service.js";

/** The administration dashboards: the summary and setup steps, the school with filters, one student's year. */
export function registerDashboardModule(app: FastifyInstance) {
  serveAction(app, summaryAction, async (ctx) => ({ message: "Dashboard summary", data: await dashboardSummary(ctx.scope) }));
  serveAction(app, schoolAction, async (ctx, { query }) => ({ message: "Dashboard", data: await schoolDashboard(ctx, query) }), {
    sample: async (scope) => ({ query: { batch: (await sampleBatch(scope)).id } }),
  });
  serveAction(app, studentAction, async (ctx, { query }) => ({ message: "Student dashboard", data: await studentDashboard(ctx, query.student) }), {
    sample: async (scope) => ({ query: { student: (await sampleStudent(scope)).id } }),
  });
}
