import type { PaymentMode } from "@taleem/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { AppError, badRequest, conflict } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { lockStudent } from "../students/students.service.js";
import { dueFigures } from "./fee-figures.js";
import { studentSums } from "./fee-ledger.js";
import { nextNumber } from "./fee-numbers.js";
import { type AllocationPart, allocate } from "./fee-rules.js";
import { type FeeReceiptRecord, type FeeRecord, type FeeTransactionRecord, feeLedger, feeReceipts, fees, feeTransactions } from "./fees.table.js";
import { checkIntent, type PaymentIntent } from "./payment-intent.js";

export interface TakePaymentInput {
  studentId: number;
  amount: number;
  mode: PaymentMode;
  reference?: string | null;
  paidOn?: string;
  feeIds?: number[];
  note?: string | null;
  idempotencyKey?: string | null;
  provider?: string | null;
  providerPaymentId?: string | null;
  status: "received" | "confirmed";
  by: number | null;
  intent: PaymentIntent;
}

export interface TakenPayment {
  transaction: FeeTransactionRecord;
  receipt: FeeReceiptRecord;
  allocations: AllocationPart[];
  /** The student's whole balance after it (negative when paid ahead). */
  balance: number;
  /** True when the key (or the provider's payment id) was seen before: the first payment, nothing taken. */
  repeated: boolean;
}

/** A 404 that names the field, so the form can point at it. */
const missing = (what: string, field: string) => new AppError(404, "not_found", `${what} not found`, { what, field });

/**
 * Spreads a payment already recorded (its student locked by the caller): charges the fines
 * accrued by its date, pays fines first, then the oldest dues (or only `feeIds`), makes what is
 * over an advance, and issues its receipt, all in the caller's transaction. A payment the
 * `intent` does not cover (a due already paid, more than is owed, an amount not confirmed) is
 * refused first, with the dues locked.
 */
export async function settlePayment(
  tx: TenantScope,
  transaction: FeeTransactionRecord,
  feeIds: readonly number[] | undefined,
  by: number | null,
  intent: PaymentIntent,
): Promise<{ receipt: FeeReceiptRecord; allocations: AllocationPart[] }> {
  const tenant = await tenantOf(tx);
  const open = await lockedOpenDues(tx, transaction.studentId);
  let chosen = open;
  if (feeIds?.length) {
    const wanted = new Set(feeIds);
    chosen = open.filter((d) => wanted.has(d.id));
    if (chosen.length !== wanted.size) throw missing("Due", "feeIds");
  }
  const figures = await dueFigures(tx, chosen, transaction.paidOn);
  await checkIntent(tx, { amount: transaction.amount, currency: tenant.currency }, intent, { chosen, named: Boolean(feeIds?.length), figures });
  // Fines accrued by the day are charged now, so what the family pays for is on the ledger first.
  const fineRows = chosen
    .filter((d) => (figures.get(d.id)?.finePending ?? 0) > 0)
    .map((d) => ({ studentId: d.studentId, feeId: d.id, kind: "fine" as const, amount: figures.get(d.id)?.finePending ?? 0, note: null, createdBy: by }));
  await tx.insertMany(feeLedger, fineRows);
  const { allocations } = allocate(
    transaction.amount,
    chosen.map((d) => {
      const f = figures.get(d.id);
      return { feeId: d.id, name: d.name, dueDate: d.dueDate, fine: (f?.fineOwed ?? 0) + (f?.finePending ?? 0), balance: f?.principal ?? 0 };
    }),
  );
  await tx.insertMany(
    feeLedger,
    allocations.map((a) => ({
      studentId: transaction.studentId,
      feeId: a.feeId,
      transactionId: transaction.id,
      kind: a.kind === "advance" ? ("advance" as const) : ("payment" as const),
      amount: -a.amount,
      forFine: a.kind === "fine",
      createdBy: by,
    })),
  );
  const receipt = await issueReceipt(tx, transaction, tenant.country);
  return { receipt, allocations };
}

/**
 * Locks the student's row for the rest of the caller's transaction: every collection, refund and
 * reversal for one student takes it first (then the dues), so two at once run one after the other
 * and never allocate the same balance twice.
 */
export async function lockStudentOrFail(scope: TenantScope, studentId: number) {
  const student = await lockStudent(scope, studentId);
  if (!student) throw missing("Student", "studentId");
  return student;
}

async function lockedOpenDues(scope: TenantScope, studentId: number): Promise<FeeRecord[]> {
  return scope.db
    .select()
    .from(fees)
    .where(scope.where(fees, eq(fees.studentId, studentId), eq(fees.status, "open")))
    .orderBy(asc(fees.dueDate), asc(fees.id))
    .for("update");
}

/** The allocations a transaction made, read back from its ledger rows. */
export async function allocationsOf(scope: TenantScope, transactionIds: readonly number[]): Promise<Map<number, AllocationPart[]>> {
  const out = new Map<number, AllocationPart[]>(transactionIds.map((id) => [id, []]));
  if (!transactionIds.length) return out;
  const rows = await scope.db
    .select({
      transactionId: feeLedger.transactionId,
      feeId: feeLedger.feeId,
      kind: feeLedger.kind,
      amount: feeLedger.amount,
      forFine: feeLedger.forFine,
      feeName: fees.name,
    })
    .from(feeLedger)
    .leftJoin(fees, and(eq(fees.tenantId, feeLedger.tenantId), eq(fees.id, feeLedger.feeId)))
    .where(scope.where(feeLedger, inArray(feeLedger.transactionId, [...transactionIds]), inArray(feeLedger.kind, ["payment", "advance", "refund"])))
    .orderBy(asc(feeLedger.id));
  for (const r of rows) {
    const kind = r.kind === "payment" ? (r.forFine ? "fine" : "due") : "advance";
    out.get(r.transactionId as number)?.push({ feeId: r.feeId, feeName: r.feeName ?? null, kind, amount: Math.abs(r.amount) });
  }
  return out;
}

async function answerOf(scope: TenantScope, transaction: FeeTransactionRecord, repeated: boolean): Promise<TakenPayment> {
  const [receipt] = await scope.db
    .select()
    .from(feeReceipts)
    .where(scope.where(feeReceipts, eq(feeReceipts.transactionId, transaction.id)));
  const allocations = (await allocationsOf(scope, [transaction.id])).get(transaction.id) ?? [];
  const balance = (await studentSums(scope, [transaction.studentId])).get(transaction.studentId)?.balance ?? 0;
  return { transaction, receipt: receipt as FeeReceiptRecord, allocations, balance, repeated };
}

/** The transaction an idempotency key or a provider's payment id already made, if any. */
async function earlier(scope: TenantScope, input: Pick<TakePaymentInput, "idempotencyKey" | "provider" | "providerPaymentId">) {
  if (input.idempotencyKey) {
    const [t] = await scope.db
      .select()
      .from(feeTransactions)
      .where(scope.where(feeTransactions, eq(feeTransactions.idempotencyKey, input.idempotencyKey)));
    if (t) return t;
  }
  if (input.provider && input.providerPaymentId) {
    const [t] = await scope.db
      .select()
      .from(feeTransactions)
      .where(scope.where(feeTransactions, eq(feeTransactions.provider, input.provider), eq(feeTransactions.providerPaymentId, input.providerPaymentId)));
    if (t) return t;
  }
  return undefined;
}

/**
 * Takes one payment over a student's dues in one transaction (the caller's, or its own): charges
 * the fines accrued on the day, pays fines first, then the oldest dues (or only `feeIds`), makes
 * what is over an advance, and issues the receipt with the next number of the year's series.
 */
export async function takePayment(scope: TenantScope, input: TakePaymentInput): Promise<TakenPayment> {
  if (!Number.isInteger(input.amount) || input.amount < 1) throw badRequest("fee_payment.amount", "Give an amount of at least 1", { field: "amount" });
  return scope.transaction(async (tx) => {
    const today = await schoolToday(tx);
    const paidOn = input.paidOn ?? today;
    if (paidOn > today) throw badRequest("fee_payment.future_date", "A payment cannot be dated after today", { field: "paidOn" });
    await lockStudentOrFail(tx, input.studentId);
    const before = await earlier(tx, input);
    if (before) {
      if (before.studentId !== input.studentId || before.amount !== input.amount)
        throw conflict("fee_payment.key_reused", "This payment key was already used for another payment", { field: "idempotencyKey" });
      return answerOf(tx, before, true);
    }
    const transaction = await tx.insert(feeTransactions, {
      studentId: input.studentId,
      kind: "payment",
      amount: input.amount,
      mode: input.mode,
      reference: input.reference ?? null,
      paidOn,
      note: input.note ?? null,
      status: input.status,
      collectedBy: input.by,
      confirmedBy: input.status === "confirmed" ? input.by : null,
      confirmedAt: input.status === "confirmed" ? new Date() : null,
      idempotencyKey: input.idempotencyKey ?? null,
      provider: input.provider ?? null,
      providerPaymentId: input.providerPaymentId ?? null,
    });
    const { receipt, allocations } = await settlePayment(tx, transaction, input.feeIds, input.by, input.intent);
    const balance = (await studentSums(tx, [input.studentId])).get(input.studentId)?.balance ?? 0;
    return { transaction, receipt, allocations, balance, repeated: false };
  });
}

/** The receipt of a transaction, numbered from the series of its date's financial year, inside the caller's transaction. */
async function issueReceipt(scope: TenantScope, transaction: FeeTransactionRecord, country: string): Promise<FeeReceiptRecord> {
  const { number, financialYear } = await nextNumber(scope, "receipt", transaction.paidOn, country);
  return scope.insert(feeReceipts, {
    number,
    financialYear,
    transactionId: transaction.id,
    studentId: transaction.studentId,
    kind: transaction.kind,
    amount: transaction.amount,
  });
}

/**
 * Reverses a transaction with a reason: a `reversal` row against each of its ledger rows (same
 * due, opposite sign), its receipt cancelled. Reversing twice is refused; nothing is erased.
 */
export async function reverseTransaction(scope: TenantScope, id: number, reason: string, by: number | null): Promise<FeeTransactionRecord> {
  return scope.transaction(async (tx) => {
    const found = await tx.findOptional(feeTransactions, id);
    if (!found) throw missing("Payment", "id");
    await lockStudentOrFail(tx, found.studentId);
    const [transaction] = await tx.db
      .select()
      .from(feeTransactions)
      .where(tx.where(feeTransactions, eq(feeTransactions.id, id)))
      .for("update");
    if (!transaction || transaction.status === "reversed")
      throw conflict("fee_payment.reversed", "This payment was already reversed", { field: "id", reason: transaction?.reversalReason ?? null });
    const rows = await tx.db
      .select()
      .from(feeLedger)
      .where(tx.where(feeLedger, eq(feeLedger.transactionId, id)))
      .orderBy(asc(feeLedger.id));
    await tx.insertMany(
      feeLedger,
      rows.map((r) => ({
        studentId: r.studentId,
        feeId: r.feeId,
        transactionId: id,
        kind: "reversal" as const,
        amount: -r.amount,
        forFine: r.forFine,
        note: r.note,
        createdBy: by,
      })),
    );
    await tx.db
      .update(feeReceipts)
      .set({ status: "cancelled", cancelledReason: reason, cancelledAt: new Date() })
      .where(tx.where(feeReceipts, eq(feeReceipts.transactionId, id)));
    return tx.update(feeTransactions, id, { status: "reversed", reversedBy: by, reversedAt: new Date(), reversalReason: reason });
  });
}

export interface RefundInput {
  studentId: number;
  amount: number;
  mode: PaymentMode;
  reason: string;
  reference?: string | null;
  idempotencyKey: string;
  by: number | null;
}

/** Pays back money the family has ahead (an advance, an overpayment), never more, with its own receipt. */
export async function refund(scope: TenantScope, input: RefundInput): Promise<{ transaction: FeeTransactionRecord; repeated: boolean }> {
  return scope.transaction(async (tx) => {
    const tenant = await tenantOf(tx);
    const today = await schoolToday(tx);
    await lockStudentOrFail(tx, input.studentId);
    const before = await earlier(tx, input);
    if (before) {
      if (before.studentId !== input.studentId || before.amount !== input.amount || before.kind !== "refund")
        throw conflict("fee_payment.key_reused", "This payment key was already used for another payment", { field: "idempotencyKey" });
      return { transaction: before, repeated: true };
    }
    const sums = (await studentSums(tx, [input.studentId])).get(input.studentId) ?? { balance: 0, advance: 0 };
    const ahead = Math.max(0, sums.advance);
    if (input.amount > ahead)
      throw conflict("fee_payment.refund_too_much", `At most ${ahead} can be refunded: the family's advance`, { field: "amount", max: ahead });
    const transaction = await tx.insert(feeTransactions, {
      studentId: input.studentId,
      kind: "refund",
      amount: input.amount,
      mode: input.mode,
      reference: input.reference ?? null,
      paidOn: today,
      note: input.reason,
      status: "confirmed",
      collectedBy: input.by,
      confirmedBy: input.by,
      confirmedAt: new Date(),
      idempotencyKey: input.idempotencyKey,
    });
    await tx.insert(feeLedger, {
      studentId: input.studentId,
      feeId: null,
      transactionId: transaction.id,
      kind: "refund",
      amount: input.amount,
      note: input.reason,
      createdBy: input.by,
    });
    await issueReceipt(tx, transaction, tenant.country);
    return { transaction, repeated: false };
  });
}

/** The office confirms a received payment (once), or corrects its reference, date or note. */
export async function updateTransaction(
  scope: TenantScope,
  input: { id: number; confirm?: boolean; reference?: string | null; paidOn?: string; note?: string | null },
  by: number | null,
): Promise<FeeTransactionRecord> {
  return scope.transaction(async (tx) => {
    const transaction = await tx.findOptional(feeTransactions, input.id);
    if (!transaction) throw missing("Payment", "id");
    if (transaction.status === "reversed") throw conflict("fee_payment.reversed", "A reversed payment cannot be changed", { field: "id" });
    if (input.paidOn && input.paidOn > (await schoolToday(tx)))
      throw badRequest("fee_payment.future_date", "A payment cannot be dated after today", { field: "paidOn" });
    const changes: Partial<FeeTransactionRecord> = {};
    if (input.reference !== undefined) changes.reference = input.reference;
    if (input.note !== undefined) changes.note = input.note;
    if (input.paidOn) changes.paidOn = input.paidOn;
    if (input.confirm) {
      if (transaction.status === "confirmed") throw conflict("fee_payment.already_confirmed", "This payment is confirmed already", { field: "confirm" });
      Object.assign(changes, { status: "confirmed", confirmedBy: by, confirmedAt: new Date() });
    }
    return tx.update(feeTransactions, input.id, changes);
  });
}

/** Gives a transaction its invoice number (once; asking again answers the same number). */
export async function invoiceNumberFor(scope: TenantScope, id: number): Promise<string> {
  return scope.transaction(async (tx) => {
    const [transaction] = await tx.db
      .select()
      .from(feeTransactions)
      .where(tx.where(feeTransactions, eq(feeTransactions.id, id)))
      .for("update");
    if (!transaction) throw missing("Payment", "id");
    if (transaction.invoiceNumber) return transaction.invoiceNumber;
    if (transaction.status === "reversed") throw conflict("fee_payment.reversed", "A reversed payment gets no invoice", { field: "id" });
    const { number } = await nextNumber(tx, "invoice", transaction.paidOn, (await tenantOf(tx)).country);
    await tx.update(feeTransactions, id, { invoiceNumber: number });
    return number;
  });
}

/**
 * Waives a due's fine with a reason, from now on too: a `fineWaiver` row takes back what is
 * unpaid of the fine charged, and the due stops accruing. Answers what the family no longer owes
 * (the unpaid fine and the fine accrued today and not yet charged).
 */
export async function waiveFine(scope: TenantScope, feeId: number, reason: string, by: number | null): Promise<number> {
  return scope.transaction(async (tx) => {
    const found = await tx.findOptional(fees, feeId);
    if (!found) throw missing("Due", "feeId");
    await lockStudentOrFail(tx, found.studentId);
    const [due] = await tx.db
      .select()
      .from(fees)
      .where(tx.where(fees, eq(fees.id, feeId)))
      .for("update");
    if (!due) throw missing("Due", "feeId");
    if (due.fineWaivedAt) throw conflict("fee.fine_already_waived", "This due's fine was waived already", { field: "feeId" });
    if (due.status === "cancelled") throw conflict("fee.cancelled", "This due was cancelled", { field: "feeId" });
    const figures = (await dueFigures(tx, [due], await schoolToday(tx))).get(due.id);
    const owed = figures?.fineOwed ?? 0;
    if (owed > 0) await tx.insert(feeLedger, { studentId: due.studentId, feeId: due.id, kind: "fineWaiver", amount: -owed, note: reason, createdBy: by });
    await tx.update(fees, due.id, { fineWaivedAt: new Date(), fineWaivedReason: reason });
    return owed + (figures?.finePending ?? 0);
  });
}
