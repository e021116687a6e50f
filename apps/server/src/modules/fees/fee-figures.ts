import type { DUE_STATES, DueFigures } from "@taleem/contract";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dueSums, finePaidSums, type LedgerSums } from "./fee-ledger.js";
import { daysBetween, fineOn, splitBalance } from "./fee-rules.js";
import type { FeeRecord } from "./fees.table.js";

export type DueState = (typeof DUE_STATES)[number];

export type DueFiguresOnDay = DueFigures & {
  state: DueState;
  /** Unpaid fine charged on the ledger (finePending not included). */
  fineOwed: number;
  /** The due's own unpaid amount, fines left out. */
  principal: number;
};

/**
 * A due's figures on `today` from its ledger sums: `balance` is the ledger's (what is owed now),
 * `finePending` the fine accrued on the day and not yet charged (charged when money is collected).
 */
export function figuresOf(due: FeeRecord, sums: LedgerSums, finePaid: number, today: string): DueFiguresOnDay {
  const { fine: fineOwed, principal } = splitBalance(sums, finePaid);
  // The ledger's fine is net of waivers; once waived nothing more accrues, so it is what was charged.
  const accrued = fineOn({ dueDate: due.dueDate, balance: principal, pledge: due.pledge, fineWaivedAt: due.fineWaivedAt }, due.fineRule, today);
  const finePending = due.status === "cancelled" ? 0 : Math.max(0, accrued - sums.fine);
  const figures = {
    amount: sums.charged,
    concession: sums.concession,
    fine: sums.fine,
    finePending,
    paid: sums.paid,
    balance: sums.balance,
    fineOwed,
    principal,
  };
  return { ...figures, state: stateOf(due, sums, today) };
}

/** The state on the day: cancelled, waived (concessions left nothing), paid, overdue (past due and grace), partly paid, due. */
export function stateOf(due: FeeRecord, sums: LedgerSums, today: string): DueState {
  if (due.status === "cancelled") return "cancelled";
  if (sums.charged > 0 && sums.concession >= sums.charged && sums.paid <= 0) return "waived";
  if (sums.balance <= 0) return "paid";
  const grace = due.fineRule?.graceDays ?? 0;
  if (!due.pledge && daysBetween(due.dueDate, today) > grace) return "overdue";
  return sums.paid > 0 ? "partlyPaid" : "due";
}

/** Each due's figures and state on `today`, by fee id, every figure from the ledger. */
export async function dueFigures(scope: TenantScope, dues: readonly FeeRecord[], today: string): Promise<Map<number, DueFiguresOnDay>> {
  const ids = dues.map((d) => d.id);
  const [sums, finePaid] = await Promise.all([dueSums(scope, ids), finePaidSums(scope, ids)]);
  const out = new Map<number, DueFiguresOnDay>();
  for (const due of dues) out.set(due.id, figuresOf(due, sums.get(due.id) as LedgerSums, finePaid.get(due.id) ?? 0, today));
  return out;
}
