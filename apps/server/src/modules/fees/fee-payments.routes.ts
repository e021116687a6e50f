import {
  collectFees,
  deleteFeeTransaction,
  type FeePaymentRow,
  feePaymentResource,
  generateInvoiceNumber,
  getFeePayment,
  refundFees,
  updateFeeTransaction,
} from "@taleem/contract";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { users } from "../../platform/auth/users.table.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { studentsByIds } from "../students/students.service.js";
import {
  allocationsOf,
  invoiceNumberFor,
  lockStudentOrFail,
  refund,
  reverseTransaction,
  settlePayment,
  takePayment,
  updateTransaction,
} from "./fee-collection.service.js";
import { type FeeTransactionRecord, feeReceipts, feeTransactions } from "./fees.table.js";
import { staffPaymentStatus } from "./payment-intent.js";

/** Reply rows of transactions: the student, the receipt, the allocations read back from the ledger, who collected it. */
export async function presentPayments(scope: TenantScope, rows: FeeTransactionRecord[]): Promise<FeePaymentRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [people, receipts, allocations, collectors] = await Promise.all([
    studentsByIds(
      scope,
      rows.map((r) => r.studentId),
    ),
    scope.db
      .select()
      .from(feeReceipts)
      .where(scope.where(feeReceipts, inArray(feeReceipts.transactionId, ids))),
    allocationsOf(scope, ids),
    scope.namesById(
      users,
      rows.map((r) => r.collectedBy),
    ),
  ]);
  const who = new Map(people.map((p) => [p.id, p]));
  const receiptOf = new Map(receipts.map((r) => [r.transactionId, r]));
  return rows.map((t) => {
    const s = who.get(t.studentId);
    const receipt = receiptOf.get(t.id);
    return {
      id: t.id,
      studentId: t.studentId,
      studentName: s?.name ?? "",
      studentNameNative: s?.nameNative ?? null,
      admissionNo: s?.admissionNo ?? "",
      kind: t.kind,
      amount: t.amount,
      mode: t.mode,
      reference: t.reference,
      paidOn: t.paidOn,
      note: t.note,
      status: t.status,
      receiptId: receipt?.id ?? null,
      receiptNumber: receipt?.number ?? null,
      invoiceNumber: t.invoiceNumber,
      allocations: allocations.get(t.id) ?? [],
      collectedByName: t.collectedBy ? (collectors.get(t.collectedBy) ?? null) : null,
      reversalReason: t.reversalReason,
      createdAt: t.createdAt.toISOString(),
    };
  });
}

async function onePayment(scope: TenantScope, id: number): Promise<FeePaymentRow> {
  const [row] = await presentPayments(scope, [await scope.find(feeTransactions, id, "Payment")]);
  return row as FeePaymentRow;
}

/** A student with a paid due in `scope`, for the isolation suites. */
async function samplePayment(scope: TenantScope) {
  const student = await sampleStudent(scope);
  const { transaction } = await takePayment(scope, {
    studentId: student.id,
    amount: 20_000,
    mode: "cash",
    status: "received",
    by: null,
    intent: { advance: true, confirmed: true },
  });
  return transaction;
}

/**
 * Payments and refunds: collected at the counter (fines first, then the oldest dues, the rest an
 * advance, the receipt numbered in the same transaction), confirmed, reversed with a reason (never
 * deleted), refunded up to what the family has ahead, and given an invoice number.
 */
export function registerFeePayments(app: FastifyInstance) {
  serveResource(app, feePaymentResource, feeTransactions, {
    present: (ctx, rows) => presentPayments(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      if (input.amount < 1) throw badRequest("fee_payment.amount", "Give an amount of at least 1", { field: "amount" });
      await lockStudentOrFail(ctx.scope, input.studentId);
      if (input.mode === "online") throw conflict("fee_payment.online", "Online payments are recorded by the provider's verification", { field: "mode" });
      if (input.paidOn > (await schoolToday(ctx.scope)))
        throw badRequest("fee_payment.future_date", "A payment cannot be dated after today", { field: "paidOn" });
      const status = await staffPaymentStatus(ctx.scope, input.mode);
      return {
        studentId: input.studentId,
        kind: "payment" as const,
        amount: input.amount,
        mode: input.mode,
        reference: input.reference ?? null,
        paidOn: input.paidOn,
        note: input.note ?? null,
        status,
        collectedBy: ctx.principal.userId,
        ...(status === "confirmed" ? { confirmedBy: ctx.principal.userId, confirmedAt: new Date() } : {}),
      };
    },
    afterCreate: async (ctx, row, input) => {
      await settlePayment(ctx.scope, row, undefined, ctx.principal.userId, { advance: input.advance === true, confirmed: input.confirmed === true });
    },
    beforeUpdate: async (_ctx, existing, input) => {
      if (input.mode !== undefined && input.mode !== existing.mode)
        throw conflict("fee_payment.locked", "A payment's mode does not change; reverse it and record it again", { field: "mode" });
      if (input.paidOn !== undefined && input.paidOn !== existing.paidOn)
        throw conflict("fee_payment.locked", "Correct the date with updateTransaction", { field: "paidOn" });
      return {
        ...(input.reference !== undefined ? { reference: input.reference } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
      };
    },
    remove: async () => {
      throw conflict("fee_payment.never_deleted", "A payment is never deleted: reverse it with a reason", { field: "id" });
    },
    sample: async (scope) => {
      const student = await sampleStudent(scope);
      return {
        studentId: student.id,
        amount: 10_000,
        mode: "cash" as const,
        reference: null,
        paidOn: "2026-04-02",
        note: null,
        advance: true,
        confirmed: true,
      };
    },
  });

  serveAction(
    app,
    collectFees,
    async (ctx, { body }) => {
      const { advance, confirmed, ...payment } = body;
      const taken = await takePayment(ctx.scope, {
        ...payment,
        status: await staffPaymentStatus(ctx.scope, payment.mode),
        by: ctx.principal.userId,
        intent: { advance: advance === true, confirmed: confirmed === true },
      });
      return {
        message: taken.repeated ? "This payment was recorded already" : "Payment collected",
        data: {
          transactionId: taken.transaction.id,
          receiptId: taken.receipt.id,
          receiptNumber: taken.receipt.number,
          status: taken.transaction.status,
          allocations: taken.allocations,
          balance: taken.balance,
          repeated: taken.repeated,
        },
      };
    },
    {
      sample: async (scope) => ({
        body: { studentId: (await sampleStudent(scope)).id, amount: 1_000, mode: "cash" as const, idempotencyKey: `sample-${sampleTag()}` },
      }),
    },
  );

  serveAction(
    app,
    getFeePayment,
    async (ctx, { params }) => {
      const [t] = await ctx.scope.db
        .select()
        .from(feeTransactions)
        .where(ctx.scope.where(feeTransactions, eq(feeTransactions.id, params.id)));
      if (!t) throw notFound("Payment");
      const [data] = await presentPayments(ctx.scope, [t]);
      return { message: "Payment fetched", data: data as FeePaymentRow };
    },
    { sample: async (scope) => ({ params: { id: (await samplePayment(scope)).id } }) },
  );

  serveAction(
    app,
    updateFeeTransaction,
    async (ctx, { body }) => {
      await updateTransaction(ctx.scope, body, ctx.principal.userId);
      return { message: body.confirm ? "Payment confirmed" : "Payment updated", data: await onePayment(ctx.scope, body.id) };
    },
    { sample: async (scope) => ({ body: { id: (await samplePayment(scope)).id, confirm: true } }) },
  );

  serveAction(
    app,
    deleteFeeTransaction,
    async (ctx, { body }) => {
      await reverseTransaction(ctx.scope, body.id, body.reason, ctx.principal.userId);
      return { message: "Payment reversed and its receipt cancelled", data: await onePayment(ctx.scope, body.id) };
    },
    { sample: async (scope) => ({ body: { id: (await samplePayment(scope)).id, reason: "Entered twice" } }) },
  );

  serveAction(
    app,
    refundFees,
    async (ctx, { body }) => {
      const { transaction, repeated } = await refund(ctx.scope, { ...body, by: ctx.principal.userId });
      return { message: repeated ? "This refund was recorded already" : "Refund recorded", data: await onePayment(ctx.scope, transaction.id) };
    },
    {
      sample: async (scope) => {
        const t = await samplePayment(scope);
        return { body: { studentId: t.studentId, amount: 5_000, mode: "cash" as const, reason: "Paid ahead", idempotencyKey: `refund-${sampleTag()}` } };
      },
    },
  );

  serveAction(
    app,
    generateInvoiceNumber,
    async (ctx, { body }) => ({ message: "Invoice number given", invoiceNumber: await invoiceNumberFor(ctx.scope, body.id) }),
    { sample: async (scope) => ({ body: { id: (await samplePayment(scope)).id } }) },
  );
}
