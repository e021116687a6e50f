import { eq, inArray, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { feeLedger } from "./fees.table.js";

/**
 * The ledger's sums, the one way any balance is read. Signs (fees.table.ts): a charge, a fine, a
 * reversal of a payment and a refund paid out add to what a student owes; a concession, a fine
 * waiver, a payment, an advance and a cancellation take from it.
 */
export interface LedgerSums {
  /** What was charged before concessions. */
  charged: number;
  concession: number;
  /** Fines charged less fines waived. */
  fine: number;
  /** Payments less their reversals. */
  paid: number;
  cancelled: number;
  /** Everything: what is still owed (negative when paid ahead). */
  balance: number;
}

const sumOf = (kinds: readonly string[]) =>
  sql<number>`coalesce(sum(${feeLedger.amount}) filter (where ${feeLedger.kind} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})), 0)::bigint`.mapWith(Number);

/** The columns of a grouped ledger query, each a figure of `LedgerSums` with its sign made positive. */
export const ledgerColumns = () => ({
  charged: sumOf(["charge"]),
  concession: sql<number>`(-${sumOf(["concession"])})`.mapWith(Number),
  fine: sumOf(["fine", "fineWaiver"]),
  paid: sql<number>`(-${sumOf(["payment", "reversal"])})`.mapWith(Number),
  cancelled: sql<number>`(-${sumOf(["cancel"])})`.mapWith(Number),
  balance: sql<number>`coalesce(sum(${feeLedger.amount}), 0)::bigint`.mapWith(Number),
});

const NOTHING: LedgerSums = { charged: 0, concession: 0, fine: 0, paid: 0, cancelled: 0, balance: 0 };

/** Each due's sums, by fee id (a due with no ledger rows reads as all zero). */
export async function dueSums(scope: TenantScope, feeIds: readonly number[]): Promise<Map<number, LedgerSums>> {
  const sums = new Map<number, LedgerSums>(feeIds.map((id) => [id, { ...NOTHING }]));
  if (!feeIds.length) return sums;
  const rows = await scope.db
    .select({ feeId: feeLedger.feeId, ...ledgerColumns() })
    .from(feeLedger)
    .where(scope.where(feeLedger, inArray(feeLedger.feeId, [...feeIds])))
    .groupBy(feeLedger.feeId);
  for (const { feeId, ...s } of rows) sums.set(feeId as number, s);
  return sums;
}

/**
 * Each student's whole balance and advance (money paid and not tied to a due, less what was
 * refunded of it), by student id.
 */
export async function studentSums(scope: TenantScope, studentIds: readonly number[]): Promise<Map<number, { balance: number; advance: number }>> {
  const sums = new Map(studentIds.map((id) => [id, { balance: 0, advance: 0 }]));
  if (!studentIds.length) return sums;
  const rows = await scope.db
    .select({
      studentId: feeLedger.studentId,
      balance: sql<number>`coalesce(sum(${feeLedger.amount}), 0)::bigint`.mapWith(Number),
      advance: sql<number>`(-coalesce(sum(${feeLedger.amount}) filter (where ${feeLedger.feeId} is null), 0))::bigint`.mapWith(Number),
    })
    .from(feeLedger)
    .where(scope.where(feeLedger, inArray(feeLedger.studentId, [...studentIds])))
    .groupBy(feeLedger.studentId);
  for (const { studentId, ...s } of rows) sums.set(studentId, s);
  return sums;
}

/** What payments less their reversals put on each due's fine, by fee id. */
export async function finePaidSums(scope: TenantScope, feeIds: readonly number[]): Promise<Map<number, number>> {
  const sums = new Map<number, number>(feeIds.map((id) => [id, 0]));
  if (!feeIds.length) return sums;
  const rows = await scope.db
    .select({ feeId: feeLedger.feeId, paid: sql<number>`(-coalesce(sum(${feeLedger.amount}), 0))::bigint`.mapWith(Number) })
    .from(feeLedger)
    .where(scope.where(feeLedger, inArray(feeLedger.feeId, [...feeIds]), inArray(feeLedger.kind, ["payment", "reversal"]), eq(feeLedger.forFine, true)))
    .groupBy(feeLedger.feeId);
  for (const r of rows) sums.set(r.feeId as number, r.paid);
  return sums;
}
