import type { FeeHead, FineRule } from "@taleem/contract";

/**
 * The fee rules as pure functions of integers (minor units, basis points, ISO dates): no clock, no
 * database, so each is worked by hand in fee-rules.test.ts and reused by every caller.
 */

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/** `bp` basis points of `amount`, rounded half up, in integers only. */
export function percentOf(amount: number, bp: number): number {
  return Math.floor((amount * bp + 5_000) / 10_000);
}

/** What a fine is worked out on: the due's date and the balance still owed on it (fines left out). */
export interface FineBasis {
  dueDate: string;
  /** The principal still owed: charged less concessions, payments and cancellation, fines left out. */
  balance: number;
  pledge?: boolean;
  fineWaivedAt?: Date | string | null;
}

/**
 * The whole fine a due has accrued by `today` under `rule`. Nothing while within `graceDays` of the
 * due date, nothing on a pledge, a waived fine or a settled balance. Days late count from the due
 * date: `perDay` charges each day past the grace, `slabs` the amount of the last slab whose
 * `afterDays` the lateness reached, `fixed` once, `percent` once of the balance. `cap` bounds it.
 */
export function fineOn(due: FineBasis, rule: FineRule | null | undefined, today: string): number {
  if (!rule || due.pledge || due.fineWaivedAt || due.balance <= 0) return 0;
  const late = daysBetween(due.dueDate, today);
  if (late <= rule.graceDays) return 0;
  let fine: number;
  switch (rule.kind) {
    case "fixed":
      fine = rule.amount;
      break;
    case "percent":
      fine = percentOf(due.balance, rule.percent);
      break;
    case "perDay":
      fine = rule.amount * (late - rule.graceDays);
      break;
    case "slabs": {
      const reached = [...rule.slabs].sort((a, b) => a.afterDays - b.afterDays).filter((s) => s.afterDays <= late);
      fine = reached.at(-1)?.amount ?? 0;
      break;
    }
  }
  return rule.cap != null ? Math.min(fine, rule.cap) : fine;
}

/** A concession as the rules see it (a fee_concessions row fits). */
export interface ConcessionRule {
  id: number;
  level: "batch" | "group" | "student";
  kind: "percent" | "fixed" | "waiver";
  /** Basis points for a percent, minor units for a fixed amount. */
  value: number;
  heads: readonly FeeHead[] | null;
  priority: number;
  validFrom?: string;
  validTo?: string;
}

const LEVEL_ORDER = { batch: 0, group: 1, student: 2 } as const;

/** The stated order concessions stack in: by priority, then batch, group, student, then the oldest first. */
export function concessionOrder(a: ConcessionRule, b: ConcessionRule): number {
  return a.priority - b.priority || LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.id - b.id;
}

/**
 * Stacks the concessions that apply to a due of `head` (and, given `dueDate`, are valid on it):
 * each percent is taken from what the ones before left, a fixed amount takes at most what is
 * left, and a waiver leaves nothing. Answers each concession's part, the total and what is left.
 */
export function applyConcessions(
  amount: number,
  head: FeeHead,
  concessions: readonly ConcessionRule[],
  dueDate?: string,
): { total: number; net: number; parts: { concessionId: number; amount: number }[] } {
  const applicable = concessions
    .filter((c) => !c.heads?.length || c.heads.includes(head))
    .filter((c) => !dueDate || ((!c.validFrom || c.validFrom <= dueDate) && (!c.validTo || dueDate <= c.validTo)))
    .sort(concessionOrder);
  let left = amount;
  const parts: { concessionId: number; amount: number }[] = [];
  for (const c of applicable) {
    if (left <= 0) break;
    const cut = c.kind === "waiver" ? left : c.kind === "percent" ? Math.min(left, percentOf(left, c.value)) : Math.min(left, c.value);
    if (cut > 0) parts.push({ concessionId: c.id, amount: cut });
    left -= cut;
  }
  return { total: amount - left, net: left, parts };
}

/** A due open for payment: what is owed on its fine and on itself. */
export interface OpenDue {
  feeId: number;
  name?: string | null;
  dueDate: string;
  /** Fine charged and still unpaid. */
  fine: number;
  /** The due itself still unpaid (fines left out). */
  balance: number;
}

export interface AllocationPart {
  feeId: number | null;
  feeName: string | null;
  kind: "fine" | "due" | "advance";
  amount: number;
}

/**
 * Spreads a payment: every unpaid fine first (the oldest due's first), then the oldest dues, and
 * what is over becomes an advance (feeId null). Never more to a due than it owes.
 */
export function allocate(amount: number, openDues: readonly OpenDue[]): { allocations: AllocationPart[]; advance: number } {
  const ordered = [...openDues].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.feeId - b.feeId));
  const allocations: AllocationPart[] = [];
  let left = amount;
  for (const kind of ["fine", "due"] as const) {
    for (const due of ordered) {
      if (left <= 0) break;
      const owed = Math.max(0, kind === "fine" ? due.fine : due.balance);
      const part = Math.min(left, owed);
      if (part > 0) {
        allocations.push({ feeId: due.feeId, feeName: due.name ?? null, kind, amount: part });
        left -= part;
      }
    }
  }
  if (left > 0) allocations.push({ feeId: null, feeName: null, kind: "advance", amount: left });
  return { allocations, advance: left };
}

/**
 * How a due's ledger sums split between its fine and itself: the fine still unpaid is the net fine
 * (charged less waived) less what payments put on it; the rest of the balance is the due's own.
 */
export function splitBalance(sums: { fine: number; balance: number }, finePaid: number): { fine: number; principal: number } {
  const fine = Math.max(0, Math.min(sums.balance, sums.fine - finePaid));
  return { fine, principal: sums.balance - fine };
}
