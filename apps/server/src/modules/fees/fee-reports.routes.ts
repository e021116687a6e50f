import { feeCounterSearch, feeDefaulters, feeLogs, feesDashboard, notifyFeesDue, receiptList, studentFeeCard } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleBatch } from "../academics/academic-samples.service.js";
import { requireBatch, requireCourse } from "../academics/academics.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudents } from "../students/students.service.js";
import { feeCard, ledgerLines, requireFeeReader } from "./fee-card.service.js";
import { feeDashboard } from "./fee-dashboard.service.js";
import { counterSearch, defaulters } from "./fee-defaulters.service.js";
import { remindOverdue } from "./fee-reminders.service.js";
import { findReceipts } from "./receipt-list.service.js";

/** The batch, course and classroom a report is narrowed to, each of this school or 404. */
async function requireNarrowing(scope: TenantScope, q: { batchId?: number; courseId?: number; classroomId?: number }) {
  if (q.batchId) await requireBatch(scope, q.batchId);
  if (q.courseId) await requireCourse(scope, q.courseId);
  if (q.classroomId) await requireClassroom(scope, q.classroomId);
}

const sampleStudentId = async (scope: TenantScope) => (await sampleStudent(scope)).id;

/**
 * What the office reads of fees: the dashboard, defaulters, the counter's search, a student's
 * fee card (a parent: their own child's), the ledger's lines, receipts found, and the overdue
 * reminders. Every figure is a sum of the ledger (fee-ledger.ts).
 */
export function registerFeeReports(app: FastifyInstance, services: Services) {
  serveAction(
    app,
    feesDashboard,
    async (ctx, { query }) => {
      await requireNarrowing(ctx.scope, query);
      const [today, tenant] = await Promise.all([schoolToday(ctx.scope), tenantOf(ctx.scope)]);
      const data = await feeDashboard(ctx.scope, query, today);
      return { message: "Fee dashboard fetched successfully", data: { currency: tenant.currency, ...data } };
    },
    { sample: async (scope) => ({ query: { batchId: String((await sampleBatch(scope)).id) } as never }) },
  );

  serveAction(
    app,
    feeDefaulters,
    async (ctx, { query }) => {
      await requireNarrowing(ctx.scope, query);
      const { rows, count } = await defaulters(ctx.scope, query, await schoolToday(ctx.scope));
      return { message: "Defaulters fetched successfully", rows, count };
    },
    { sample: async (scope) => ({ query: { batchId: String((await sampleBatch(scope)).id) } as never }) },
  );

  serveAction(app, feeCounterSearch, async (ctx, { query }) => ({
    message: "Students found",
    rows: await counterSearch(ctx.scope, query.q, await schoolToday(ctx.scope)),
  }));

  serveAction(
    app,
    studentFeeCard,
    async (ctx, { params }) => {
      await requireFeeReader(ctx, params.id);
      return { message: "Fee card fetched successfully", data: await feeCard(ctx.scope, params.id, await schoolToday(ctx.scope)) };
    },
    { sample: async (scope) => ({ params: { id: await sampleStudentId(scope) } }) },
  );

  serveAction(app, feeLogs, async (ctx, { body }) => ledgerLines(ctx, body), {
    sample: async (scope) => ({ body: { studentId: await sampleStudentId(scope), page: 1, limit: 50 } }),
  });

  serveAction(
    app,
    receiptList,
    async (ctx, { query }) => {
      const { rows, count } = await findReceipts(ctx, query);
      return { message: "Receipts fetched successfully", rows, count };
    },
    { sample: async (scope) => ({ query: { studentId: String(await sampleStudentId(scope)) } as never }) },
  );

  serveAction(
    app,
    notifyFeesDue,
    async (ctx, { body }) => {
      await requireNarrowing(ctx.scope, body);
      if (body.studentIds?.length) await requireStudents(ctx.scope, body.studentIds);
      const result = await remindOverdue(services, ctx, body, await schoolToday(ctx.scope));
      await ctx.audit({ action: "update", entity: "fee_reminders", entityId: null, details: result });
      const message = result.reminded ? `Reminded the families of ${result.reminded} student(s)` : "Nobody to remind today";
      return { message, ...result };
    },
    { sample: async (scope) => ({ body: { studentIds: [await sampleStudentId(scope)] } }) },
  );
}
