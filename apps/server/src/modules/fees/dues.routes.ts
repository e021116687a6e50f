import { type FeeRow, feeResource, waiveFeeFine } from "@taleem/contract";
import { inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError, conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeStudentIds } from "../academics/enrolments.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent, studentsByIds } from "../students/students.service.js";
import { waiveFine } from "./fee-collection.service.js";
import { currentClassrooms } from "./fee-defaulters.service.js";
import { dueFigures } from "./fee-figures.js";
import { cancelDue, concessionsFor, makeDue, reapplyDue, untouchable } from "./fee-generation.service.js";
import { dueSums } from "./fee-ledger.js";
import { type FeeRecord, fees } from "./fees.table.js";

/** Reply rows of dues: the student, their classroom and every figure from the ledger on the school's today. */
export async function presentDues(scope: TenantScope, rows: FeeRecord[]): Promise<FeeRow[]> {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.studentId))];
  const today = await schoolToday(scope);
  const [people, rooms, figures] = await Promise.all([studentsByIds(scope, ids), currentClassrooms(scope, ids), dueFigures(scope, rows, today)]);
  const who = new Map(people.map((p) => [p.id, p]));
  return rows.map((f) => {
    const x = figures.get(f.id);
    const s = who.get(f.studentId);
    const room = rooms.get(f.studentId);
    return {
      id: f.id,
      studentId: f.studentId,
      studentName: s?.name ?? "",
      studentNameNative: s?.nameNative ?? null,
      admissionNo: s?.admissionNo ?? "",
      classroomId: room?.id ?? null,
      classroomLabel: room?.label ?? null,
      feeMasterId: f.feeMasterId,
      head: f.head,
      name: f.name,
      dueDate: f.dueDate,
      amount: x?.amount ?? 0,
      concession: x?.concession ?? 0,
      fine: x?.fine ?? 0,
      finePending: x?.finePending ?? 0,
      paid: x?.paid ?? 0,
      balance: x?.balance ?? 0,
      pledge: f.pledge,
      state: x?.state ?? "due",
      batchId: f.batchId,
      invoiceNumber: null,
      createdAt: f.createdAt.toISOString(),
    };
  });
}

// The ledger's sums of the listed due, for the state filter's SQL.
const ledgerSum = (kinds: string[] | null) =>
  sql`(select coalesce(sum(l.amount), 0) from fee_ledger l where l.tenant_id = ${fees.tenantId} and l.fee_id = ${fees.id}${
    kinds
      ? sql` and l.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``
  })`;
const schoolDate = sql`(select (now() at time zone t.time_zone)::date from tenants t where t.id = ${fees.tenantId})`;
const late = sql`(${fees.dueDate} + coalesce((${fees.fineRule}->>'graceDays')::int, 0) < ${schoolDate} and not ${fees.pledge})`;
const waived = sql`(${ledgerSum(["charge"])} > 0 and ${ledgerSum(["charge", "concession"])} <= 0 and ${ledgerSum(["payment", "reversal"])} >= 0)`;

/** The state filter in SQL, as stateOf (fee-figures.ts) works it out row by row. */
function stateFilter(state: string) {
  const open = sql`${fees.status} = 'open'`;
  const owing = sql`${ledgerSum(null)} > 0`;
  const paidSome = sql`${ledgerSum(["payment", "reversal"])} < 0`;
  switch (state) {
    case "cancelled":
      return sql`${fees.status} = 'cancelled'`;
    case "waived":
      return sql`${open} and ${waived}`;
    case "paid":
      return sql`${open} and not ${waived} and ${ledgerSum(null)} <= 0`;
    case "overdue":
      return sql`${open} and not ${waived} and ${owing} and ${late}`;
    case "partlyPaid":
      return sql`${open} and not ${waived} and ${owing} and not ${late} and ${paidSome}`;
    case "due":
      return sql`${open} and not ${waived} and ${owing} and not ${late} and not ${paidSome}`;
    default:
      throw new AppError(400, "fee.state", "Unknown state", { field: "state" });
  }
}

/**
 * A student's dues, every figure from the ledger. Adding one charges it (with the student's
 * concessions); changing one is refused once money is on it; deleting cancels it on the ledger
 * and keeps the row.
 */
export function registerDues(app: FastifyInstance) {
  serveResource(app, feeResource, fees, {
    filters: {
      state: (value) => stateFilter(value),
      classroomId: (value, ctx) => inArray(fees.studentId, activeStudentIds(ctx.scope, { classroomId: Number(value) || 0 })),
    },
    present: (ctx, rows) => presentDues(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await requireStudent(ctx.scope, input.studentId);
      return { studentId: input.studentId, head: input.head, name: input.name, dueDate: input.dueDate, amount: input.amount };
    },
    afterCreate: async (ctx, row) => {
      // Its charge and the student's concessions go on the ledger as for any due.
      const rules = (await concessionsFor(ctx.scope, [row.studentId], null)).get(row.studentId) ?? [];
      await reapplyDue(ctx.scope, row, { amount: row.amount, dueDate: row.dueDate, name: row.name }, rules, ctx.principal.userId);
    },
    beforeUpdate: async (ctx, existing, input) => {
      if (existing.status === "cancelled") throw conflict("fee.cancelled", "This due was cancelled", { field: "id" });
      const sums = (await dueSums(ctx.scope, [existing.id])).get(existing.id);
      const why = sums && untouchable(sums);
      if (why) throw conflict("fee.already_paid", "Money or a fine is on this due already; it cannot change", { field: "amount", reason: why });
      const change = { amount: input.amount ?? existing.amount, dueDate: input.dueDate ?? existing.dueDate, name: input.name ?? existing.name };
      const rules = (await concessionsFor(ctx.scope, [existing.studentId], existing.batchId)).get(existing.studentId) ?? [];
      await reapplyDue(ctx.scope, existing, change, rules, ctx.principal.userId);
      return { ...change, ...(input.head ? { head: input.head } : {}) };
    },
    remove: async (ctx, existing) => {
      if (existing.status === "cancelled") throw conflict("fee.cancelled", "This due was cancelled already", { field: "id" });
      const sums = (await dueSums(ctx.scope, [existing.id])).get(existing.id);
      const why = sums && untouchable(sums);
      if (why) throw conflict("fee.already_paid", "Money or a fine is on this due; reverse the payment first", { field: "id", reason: why });
      await cancelDue(ctx.scope, existing, ctx.principal.userId, "Cancelled");
    },
    sample: async (scope) => {
      const student = await sampleStudent(scope);
      return { studentId: student.id, head: "trip" as const, name: "Museum trip", dueDate: "2026-08-01", amount: 50_000 };
    },
  });

  serveAction(
    app,
    waiveFeeFine,
    async (ctx, { body }) => {
      const waived = await waiveFine(ctx.scope, body.feeId, body.reason, ctx.principal.userId);
      return { message: "The fine was waived", waived };
    },
    {
      sample: async (scope) => {
        const student = await sampleStudent(scope);
        const made = await makeDue(
          scope,
          {
            studentId: student.id,
            batchId: null,
            feeMasterId: null,
            feeMasterLineId: null,
            instalment: null,
            head: "tuition",
            name: "Tuition",
            dueDate: "2026-04-10",
            amount: 10_000,
            pledge: false,
            fineRule: { kind: "fixed", graceDays: 0, amount: 500 },
          },
          [],
          null,
        );
        return { body: { feeId: made?.due.id ?? 0, reason: "Family hardship" } };
      },
    },
  );
}
