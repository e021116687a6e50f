import type { FeeHead } from "@taleem/contract";
import { and, asc, eq, inArray, lte, max, sql } from "drizzle-orm";
import { users } from "../../platform/auth/users.table.js";
import { notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { takePayment } from "./fee-collection.service.js";
import { dueFigures } from "./fee-figures.js";
import { type FeeReceiptRecord, type FeeTransactionRecord, feeLedger, feeReceipts, fees, feeTransactions } from "./fees.table.js";
import { DUES_ONLY } from "./payment-intent.js";

/** The student as a receipt names them: both scripts, admission number, and the class they are in now. */
export interface ReceiptStudent {
  id: number;
  name: string;
  nameNative: string | null;
  admissionNo: string;
  classLabel: string | null;
}

/** A line of what a receipt paid: a due (its head and name), a due's late fine, an advance, or a refund. */
export interface ReceiptLine {
  kind: "due" | "fine" | "advance" | "refund";
  feeId: number | null;
  head: FeeHead | null;
  name: string | null;
  dueDate: string | null;
  amount: number;
}

/** A receipt of one transaction, every figure from the ledger. */
export interface ReceiptView {
  receiptId: number;
  number: string;
  kind: "payment" | "refund";
  status: "issued" | "cancelled";
  cancelledReason: string | null;
  /** The day the money moved. */
  paidOn: string;
  mode: string;
  reference: string | null;
  note: string | null;
  /** received, confirmed or reversed. */
  state: FeeTransactionRecord["status"];
  provider: string | null;
  collectedBy: string | null;
  student: ReceiptStudent;
  lines: ReceiptLine[];
  total: number;
  /** The student's whole balance just after this receipt's ledger rows (negative: paid ahead). */
  balanceAfter: number;
}

/** One payment against a due, as the due's receipt lists it. */
export interface DuePayment {
  transactionId: number;
  receiptNumber: string | null;
  paidOn: string;
  mode: string;
  reference: string | null;
  state: FeeTransactionRecord["status"];
  kind: "payment" | "refund";
  /** What it put on this due (its fine included); 0 once reversed. */
  amount: number;
  fine: number;
}

/** A due with every payment against it. */
export interface DueReceiptView {
  due: { id: number; head: FeeHead; name: string; dueDate: string; amount: number; concession: number; fine: number; paid: number; balance: number };
  student: ReceiptStudent;
  payments: DuePayment[];
}

async function studentOf(scope: TenantScope, studentId: number): Promise<ReceiptStudent> {
  const student = await requireStudent(scope, studentId);
  const active = await activeEnrolmentsOfStudents(scope, [studentId]);
  const newest = [...active].sort((a, b) => b.startedOn.localeCompare(a.startedOn) || b.id - a.id)[0];
  const room = newest ? (await classroomInfos(scope, [newest.classroomId])).get(newest.classroomId) : undefined;
  return { id: student.id, name: student.name, nameNative: student.nameNative, admissionNo: student.admissionNo, classLabel: room?.label ?? null };
}

const nameOfUser = async (scope: TenantScope, id: number | null) => (id ? ((await scope.findOptional(users, id))?.name ?? null) : null);

/** What the transaction paid, from its own ledger rows (reversals left out: a cancelled receipt shows what it had paid). */
async function linesOf(scope: TenantScope, transactionId: number): Promise<ReceiptLine[]> {
  const rows = await scope.db
    .select({
      kind: feeLedger.kind,
      feeId: feeLedger.feeId,
      amount: feeLedger.amount,
      forFine: feeLedger.forFine,
      head: fees.head,
      name: fees.name,
      dueDate: fees.dueDate,
    })
    .from(feeLedger)
    .leftJoin(fees, and(eq(fees.tenantId, feeLedger.tenantId), eq(fees.id, feeLedger.feeId)))
    .where(scope.where(feeLedger, eq(feeLedger.transactionId, transactionId), inArray(feeLedger.kind, ["payment", "advance", "refund"])))
    .orderBy(asc(fees.dueDate), asc(feeLedger.id));
  return rows.map((r) => ({
    kind: r.kind === "refund" ? "refund" : r.kind === "advance" ? "advance" : r.forFine ? "fine" : "due",
    feeId: r.feeId,
    head: r.head ?? null,
    name: r.name ?? null,
    dueDate: r.dueDate ?? null,
    amount: Math.abs(r.amount),
  }));
}

/**
 * The student's balance just after the transaction: every ledger row of the student up to the
 * transaction's own last row. Rows are only added and a student's collections run one at a time
 * (each locks the student), so this is the balance the family had when the receipt was issued.
 */
async function balanceAfter(scope: TenantScope, transaction: FeeTransactionRecord): Promise<number> {
  const [last] = await scope.db
    .select({ id: max(feeLedger.id) })
    .from(feeLedger)
    .where(scope.where(feeLedger, eq(feeLedger.transactionId, transaction.id), inArray(feeLedger.kind, ["payment", "advance", "refund"])));
  if (last?.id === null || last?.id === undefined) return 0;
  const [sum] = await scope.db
    .select({ balance: sql<number>`coalesce(sum(${feeLedger.amount}), 0)::bigint`.mapWith(Number) })
    .from(feeLedger)
    .where(scope.where(feeLedger, eq(feeLedger.studentId, transaction.studentId), lte(feeLedger.id, last.id)));
  return sum?.balance ?? 0;
}

async function viewOf(scope: TenantScope, receipt: FeeReceiptRecord, transaction: FeeTransactionRecord): Promise<ReceiptView> {
  const lines = await linesOf(scope, transaction.id);
  return {
    receiptId: receipt.id,
    number: receipt.number,
    kind: receipt.kind,
    status: receipt.status,
    cancelledReason: receipt.cancelledReason,
    paidOn: transaction.paidOn,
    mode: transaction.mode,
    reference: transaction.reference,
    note: transaction.note,
    state: transaction.status,
    provider: transaction.provider,
    collectedBy: await nameOfUser(scope, transaction.collectedBy),
    student: await studentOf(scope, transaction.studentId),
    lines,
    total: transaction.amount,
    balanceAfter: await balanceAfter(scope, transaction),
  };
}

/** A receipt by its id (receipt/{id}/download); 404 for another school's. */
export async function receiptById(scope: TenantScope, id: number): Promise<ReceiptView> {
  const receipt = await scope.find(feeReceipts, id, "Receipt");
  return viewOf(scope, receipt, await scope.find(feeTransactions, receipt.transactionId, "Payment"));
}

/** The receipt of a fee transaction (feepayment/receipt); 404 for another school's. */
export async function receiptOfTransaction(scope: TenantScope, transactionId: number): Promise<ReceiptView> {
  const transaction = await scope.find(feeTransactions, transactionId, "Payment");
  const [receipt] = await scope.db
    .select()
    .from(feeReceipts)
    .where(scope.where(feeReceipts, eq(feeReceipts.transactionId, transaction.id)));
  if (!receipt) throw notFound("Receipt");
  return viewOf(scope, receipt, transaction);
}

/** A due of a student with every payment against it; 404 when the due is not that student's. */
export async function dueReceipt(scope: TenantScope, feeId: number, studentId: number): Promise<DueReceiptView> {
  const due = await scope.findOptional(fees, feeId);
  if (!due || due.studentId !== studentId) throw notFound("Due");
  const figures = (await dueFigures(scope, [due], await schoolToday(scope))).get(due.id);
  const rows = await scope.db
    .select({
      transactionId: feeTransactions.id,
      kind: feeTransactions.kind,
      paidOn: feeTransactions.paidOn,
      mode: feeTransactions.mode,
      reference: feeTransactions.reference,
      state: feeTransactions.status,
      receiptNumber: feeReceipts.number,
      amount: sql<number>`(-coalesce(sum(${feeLedger.amount}), 0))::bigint`.mapWith(Number),
      fine: sql<number>`(-coalesce(sum(${feeLedger.amount}) filter (where ${feeLedger.forFine}), 0))::bigint`.mapWith(Number),
    })
    .from(feeLedger)
    .innerJoin(feeTransactions, and(eq(feeTransactions.tenantId, feeLedger.tenantId), eq(feeTransactions.id, feeLedger.transactionId)))
    .leftJoin(feeReceipts, and(eq(feeReceipts.tenantId, feeLedger.tenantId), eq(feeReceipts.transactionId, feeTransactions.id)))
    .where(scope.where(feeLedger, eq(feeLedger.feeId, due.id), inArray(feeLedger.kind, ["payment", "reversal"])))
    .groupBy(
      feeTransactions.id,
      feeTransactions.kind,
      feeTransactions.paidOn,
      feeTransactions.mode,
      feeTransactions.reference,
      feeTransactions.status,
      feeReceipts.number,
    )
    .orderBy(asc(feeTransactions.paidOn), asc(feeTransactions.id));
  return {
    due: {
      id: due.id,
      head: due.head,
      name: due.name,
      dueDate: due.dueDate,
      amount: figures?.amount ?? due.amount,
      concession: figures?.concession ?? 0,
      fine: figures?.fine ?? 0,
      paid: figures?.paid ?? 0,
      balance: figures?.balance ?? 0,
    },
    student: await studentOf(scope, studentId),
    payments: rows,
  };
}

/**
 * A paid receipt made straight in a school for the isolation suites' samples: a student, a
 * tuition due charged on the ledger, and a cash payment of it. Never used by a request.
 */
export async function sampleReceipt(scope: TenantScope): Promise<{ receiptId: number; transactionId: number; feeId: number; studentId: number }> {
  const student = await sampleStudent(scope);
  const today = await schoolToday(scope);
  const due = await scope.insert(fees, { studentId: student.id, head: "tuition", name: `Tuition ${sampleTag()}`, dueDate: today, amount: 150000 });
  await scope.insert(feeLedger, { studentId: student.id, feeId: due.id, kind: "charge", amount: due.amount });
  const taken = await takePayment(scope, { studentId: student.id, amount: 100000, mode: "cash", status: "confirmed", by: null, intent: DUES_ONLY });
  return { receiptId: taken.receipt.id, transactionId: taken.transaction.id, feeId: due.id, studentId: student.id };
}
