import { type CollectionLimits, collectionLimitsOf } from "@taleem/contract";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { settings } from "../../platform/tenancy/settings.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { DueFiguresOnDay } from "./fee-figures.js";
import type { FeeRecord } from "./fees.table.js";
import { formatMoney } from "./receipt.html.js";

/**
 * What the person taking the money chose beyond the dues: `advance` keeps what is over them as
 * the family's advance, `confirmed` takes an amount above the school's ceiling. `"received"` is
 * money already taken elsewhere (a provider's verified payment): it is recorded whatever it
 * covers, never refused, for refusing would lose it.
 */
export type PaymentIntent = { advance: boolean; confirmed: boolean } | "received";

/** A clerk who chose nothing beyond the dues: no advance, nothing confirmed. */
export const DUES_ONLY: PaymentIntent = { advance: false, confirmed: false };

/** The school's limits on one collection, from its settings (defaults by its currency). */
async function collectionLimits(scope: TenantScope, currency: string): Promise<CollectionLimits & { currency: string }> {
  const [row] = await scope.db.select({ config: settings.config }).from(settings).where(scope.where(settings)).limit(1);
  return { ...collectionLimitsOf(row?.config, currency), currency };
}

/**
 * How a payment staff record is kept: cash is confirmed as it is taken (the clerk holds it), unless
 * the school asks the office to confirm it afterwards (`feeConfirmCash`); a cheque, a transfer or a
 * card waits for the office to see it cleared.
 */
export async function staffPaymentStatus(scope: TenantScope, mode: string): Promise<"received" | "confirmed"> {
  if (mode !== "cash") return "received";
  const [row] = await scope.db.select({ config: settings.config }).from(settings).where(scope.where(settings)).limit(1);
  return collectionLimitsOf(row?.config, "").confirmCash ? "received" : "confirmed";
}

/** What a due still asks for today: its unpaid fine, the fine accrued on the day, and itself. */
const owedOn = (f: DueFiguresOnDay | undefined) => Math.max(0, (f?.principal ?? 0) + (f?.fineOwed ?? 0) + (f?.finePending ?? 0));

/**
 * Refuses a payment the clerk did not mean, in the caller's transaction with the student and the
 * dues locked (so of two clerks taking the same due, the second finds it paid):
 * - above the school's cap per receipt: 400, whatever is confirmed;
 * - naming a due already paid: 409 `fees.already_paid`, naming the dues;
 * - more than the dues owe: 409 `fees.more_than_owed`;
 * - above the ceiling (the multiple of what is owed): 409 `fees.amount_confirm` until confirmed.
 * The last three give way to an advance chosen on purpose and a confirmation.
 */
export async function checkIntent(
  tx: TenantScope,
  payment: { amount: number; currency: string },
  intent: PaymentIntent,
  dues: { chosen: readonly FeeRecord[]; named: boolean; figures: Map<number, DueFiguresOnDay> },
): Promise<void> {
  if (intent === "received") return;
  const { amount } = payment;
  const limits = await collectionLimits(tx, payment.currency);
  const money = (minor: number) => formatMoney(minor, limits.currency);
  refuseAboveCap(amount, limits);
  const owed = dues.chosen.reduce((sum, d) => sum + owedOn(dues.figures.get(d.id)), 0);
  if (!intent.advance) {
    const paid = dues.named ? dues.chosen.filter((d) => owedOn(dues.figures.get(d.id)) === 0) : [];
    if (paid.length) {
      const names = paid.map((d) => d.name).join(", ");
      throw conflict("fees.already_paid", `Already paid: ${names}. Nothing was taken.`, {
        field: "feeIds",
        feeIds: paid.map((d) => d.id),
        names,
      });
    }
    if (amount > owed) {
      const message = owed
        ? `${money(amount)} is more than the ${money(owed)} owed. Take it as an advance on purpose, or take what is owed.`
        : "Nothing is owed now. Take it as an advance on purpose, or take nothing.";
      throw conflict("fees.more_than_owed", message, { field: "amount", amount, owed, amountText: money(amount), owedText: money(owed) });
    }
  }
  const ceiling = Math.floor(owed * limits.confirmMultiple);
  if (!intent.confirmed && amount > ceiling)
    throw conflict("fees.amount_confirm", `Confirm ${money(amount)}: ${money(owed)} is owed.`, {
      field: "amount",
      amount,
      owed,
      ceiling,
      amountText: money(amount),
      owedText: money(owed),
    });
}

/** The cap per receipt: a 400 on the amount, for no confirmation makes such an amount right. */
function refuseAboveCap(amount: number, limits: CollectionLimits & { currency: string }): void {
  if (amount > limits.receiptCap)
    throw badRequest("fees.amount_cap", `One receipt takes at most ${formatMoney(limits.receiptCap, limits.currency)}.`, {
      field: "amount",
      amount,
      max: limits.receiptCap,
      maxText: formatMoney(limits.receiptCap, limits.currency),
    });
}
