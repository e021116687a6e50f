import { can, type FeeRow, type feeLogs, type StudentFeeSummary, type studentFeeCard } from "@taleem/contract";
import { and, asc, count, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { users } from "../../platform/auth/users.table.js";
import { AppError } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireStudent } from "../students/students.service.js";
import { currentClassrooms, firstGuardians } from "./fee-defaulters.service.js";
import { dueFigures } from "./fee-figures.js";
import { studentSums } from "./fee-ledger.js";
import { feeConcessions, feeLedger, feeReceipts, fees, feeTransactions } from "./fees.table.js";

type Card = z.infer<typeof studentFeeCard.reply>["data"];

/**
 * Whether the caller may read this student's fees: staff with fees.view reach any student of the
 * school; a family's role (linked students only) reaches its own children, and another child is
 * not found (404), as if the child did not exist.
 */
export async function requireFeeReader(ctx: RequestContext, studentId: number) {
  // In a family's scope another family's child is not found.
  const student = await requireStudent(ctx.scope, studentId);
  if (ctx.scope.family) return student;
  if (!can(ctx.principal.permissions, "fees", "view")) throw new AppError(403, "forbidden", "You do not have permission to do this.");
  return student;
}

/** A student's dues, oldest first, each with its figures on `today`. */
async function duesOnDay(scope: TenantScope, studentId: number, today: string) {
  const dueRows = await scope.db
    .select()
    .from(fees)
    .where(scope.where(fees, eq(fees.studentId, studentId)))
    .orderBy(asc(fees.dueDate), asc(fees.id));
  const figures = await dueFigures(scope, dueRows, today);
  return dueRows.map((due) => ({ due, figures: figures.get(due.id)! }));
}
type DueOnDay = Awaited<ReturnType<typeof duesOnDay>>[number];

/** The card's totals: the sums of the dues not cancelled, the whole ledger's balance and advance. */
function totalsOf(dues: readonly DueOnDay[], whole: { balance: number; advance: number }, today: string): StudentFeeSummary {
  const open = dues.filter((d) => d.figures.state !== "cancelled");
  const total = (k: "amount" | "concession" | "fine" | "finePending" | "paid") => open.reduce((s, d) => s + d.figures[k], 0);
  return {
    amount: total("amount"),
    concession: total("concession"),
    fine: total("fine"),
    finePending: total("finePending"),
    paid: total("paid"),
    // The whole ledger: what the dues still owe less any advance.
    balance: whole.balance,
    advance: whole.advance,
    overdue: open.filter((d) => d.figures.state === "overdue").reduce((s, d) => s + Math.max(0, d.figures.balance), 0),
    nextDueDate:
      open
        .filter((d) => d.figures.balance > 0 && d.due.dueDate >= today)
        .map((d) => d.due.dueDate)
        .sort()[0] ?? null,
  };
}

/** A student's fee totals on `today`, as the fee card gives them: every dashboard showing a child's fees reads these. */
export async function feeSummary(scope: TenantScope, studentId: number, today: string): Promise<StudentFeeSummary> {
  const [dues, sums] = await Promise.all([duesOnDay(scope, studentId, today), studentSums(scope, [studentId])]);
  return totalsOf(dues, sums.get(studentId) ?? { balance: 0, advance: 0 }, today);
}

/** A student's fee card on `today`: every due with its figures, the payments, the concessions, the totals. */
export async function feeCard(scope: TenantScope, studentId: number, today: string): Promise<Card> {
  const student = await requireStudent(scope, studentId);
  const [onDay, rooms, people, tenant, sums] = await Promise.all([
    duesOnDay(scope, studentId, today),
    currentClassrooms(scope, [studentId]),
    firstGuardians(scope, [studentId]),
    tenantOf(scope),
    studentSums(scope, [studentId]),
  ]);
  const room = rooms.get(studentId) ?? null;
  const dues: FeeRow[] = onDay.map(({ due: f, figures: x }) => ({
    id: f.id,
    studentId,
    studentName: student.name,
    studentNameNative: student.nameNative,
    admissionNo: student.admissionNo,
    classroomId: room?.id ?? null,
    classroomLabel: room?.label ?? null,
    feeMasterId: f.feeMasterId,
    head: f.head,
    name: f.name,
    dueDate: f.dueDate,
    amount: x.amount,
    concession: x.concession,
    fine: x.fine,
    finePending: x.finePending,
    paid: x.paid,
    balance: x.balance,
    pledge: f.pledge,
    state: x.state,
    batchId: f.batchId,
    invoiceNumber: null,
    createdAt: f.createdAt.toISOString(),
  }));
  const [payments, concessions] = await Promise.all([paymentsOf(scope, studentId), concessionsOf(scope, studentId)]);
  const guardian = people.get(studentId);
  return {
    student: {
      id: student.id,
      name: student.name,
      nameNative: student.nameNative,
      admissionNo: student.admissionNo,
      classroomLabel: room?.label ?? null,
      guardianName: guardian?.name ?? null,
      guardianMobile: guardian?.mobile ?? null,
    },
    currency: tenant.currency,
    totals: totalsOf(onDay, sums.get(studentId) ?? { balance: 0, advance: 0 }, today),
    dues,
    payments,
    concessions,
  };
}

/** Every payment and refund of the student, newest first, with its receipt. */
async function paymentsOf(scope: TenantScope, studentId: number) {
  return scope.db
    .select({
      id: feeTransactions.id,
      kind: feeTransactions.kind,
      amount: feeTransactions.amount,
      mode: feeTransactions.mode,
      paidOn: feeTransactions.paidOn,
      status: feeTransactions.status,
      receiptId: feeReceipts.id,
      receiptNumber: feeReceipts.number,
      reference: feeTransactions.reference,
    })
    .from(feeTransactions)
    .leftJoin(feeReceipts, and(eq(feeReceipts.tenantId, feeTransactions.tenantId), eq(feeReceipts.transactionId, feeTransactions.id)))
    .where(scope.where(feeTransactions, eq(feeTransactions.studentId, studentId)))
    .orderBy(desc(feeTransactions.paidOn), desc(feeTransactions.id));
}

/** The concessions the student has: their own, and any that reduced one of their dues. */
async function concessionsOf(scope: TenantScope, studentId: number) {
  const used = scope.db
    .select({ id: feeLedger.concessionId })
    .from(feeLedger)
    .where(scope.where(feeLedger, eq(feeLedger.studentId, studentId), isNotNull(feeLedger.concessionId)));
  return scope.db
    .select({
      id: feeConcessions.id,
      name: feeConcessions.name,
      kind: feeConcessions.kind,
      value: feeConcessions.value,
      fundSource: feeConcessions.fundSource,
      reason: feeConcessions.reason,
    })
    .from(feeConcessions)
    .where(scope.where(feeConcessions, or(eq(feeConcessions.studentId, studentId), inArray(feeConcessions.id, used))))
    .orderBy(asc(feeConcessions.priority), asc(feeConcessions.id));
}

type Logs = z.infer<typeof feeLogs.reply>;

/**
 * Ledger lines, newest first, with the due's name, the receipt and who made each: of a student,
 * of one due, or of the whole school. A family's role reaches only its own children's lines.
 */
export async function ledgerLines(
  ctx: Pick<RequestContext, "scope" | "principal">,
  body: { studentId?: number; feeId?: number; page: number; limit: number },
): Promise<Logs> {
  const { scope } = ctx;
  if (body.studentId) await requireStudent(scope, body.studentId);
  if (body.feeId) await scope.find(fees, body.feeId, "Fee");
  const where = scope.where(
    feeLedger,
    body.studentId ? eq(feeLedger.studentId, body.studentId) : undefined,
    body.feeId ? eq(feeLedger.feeId, body.feeId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select({
        id: feeLedger.id,
        studentId: feeLedger.studentId,
        feeId: feeLedger.feeId,
        feeName: fees.name,
        transactionId: feeLedger.transactionId,
        receiptNumber: feeReceipts.number,
        kind: feeLedger.kind,
        amount: feeLedger.amount,
        note: feeLedger.note,
        byName: users.name,
        createdAt: feeLedger.createdAt,
      })
      .from(feeLedger)
      .leftJoin(fees, and(eq(fees.tenantId, feeLedger.tenantId), eq(fees.id, feeLedger.feeId)))
      .leftJoin(feeReceipts, and(eq(feeReceipts.tenantId, feeLedger.tenantId), eq(feeReceipts.transactionId, feeLedger.transactionId)))
      .leftJoin(users, and(eq(users.tenantId, feeLedger.tenantId), eq(users.id, feeLedger.createdBy)))
      .where(where)
      .orderBy(desc(feeLedger.createdAt), desc(feeLedger.id))
      .limit(body.limit)
      .offset((body.page - 1) * body.limit),
    scope.db.select({ n: count() }).from(feeLedger).where(where),
  ]);
  return {
    message: "Fee ledger fetched successfully",
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    count: total?.n ?? 0,
  };
}

/**
 * The fee a family should pay next: the oldest overdue due with a balance, else the earliest
 * due still owing; what is owed of it (minor units), in the school's currency. Null when nothing is owed.
 */
export async function nextFeeDue(scope: TenantScope, studentId: number, today: string) {
  const [dues, tenant] = await Promise.all([duesOnDay(scope, studentId, today), tenantOf(scope)]);
  const owing = dues.filter(({ figures: x }) => x.state !== "cancelled" && x.state !== "waived" && x.state !== "paid" && x.balance + x.finePending > 0);
  const next = owing.find(({ figures }) => figures.state === "overdue") ?? owing[0];
  if (!next) return null;
  return {
    dueId: next.due.id,
    amount: next.figures.balance + next.figures.finePending,
    currency: tenant.currency,
    dueDate: next.due.dueDate,
    overdue: next.figures.state === "overdue",
    name: next.due.name,
  };
}
