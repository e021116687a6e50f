import { z } from "zod";
import { DateOnly, Money, RowId } from "../values.js";

/** What a line of a fee structure is for. Tuition is apart: parents in India claim it against income tax. */
export const FEE_HEADS = ["tuition", "admission", "transport", "exam", "hostel", "development", "donation", "books", "uniform", "trip", "other"] as const;
export const FeeHead = z.enum(FEE_HEADS);
export type FeeHead = z.infer<typeof FeeHead>;

/** How often a line falls due; its instalments' due dates are listed with it. */
export const FEE_FREQUENCIES = ["once", "monthly", "quarterly", "termly", "halfYearly", "yearly"] as const;
export const FeeFrequency = z.enum(FEE_FREQUENCIES);
export type FeeFrequency = z.infer<typeof FeeFrequency>;

/** How money reached the school. The online kinds are recorded by a verified provider payment only. */
export const PAYMENT_MODES = ["cash", "cheque", "bank", "upi", "card", "netbanking", "jazzcash", "easypaisa", "challan", "online"] as const;
export const PaymentMode = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof PaymentMode>;

/** Percent values are basis points (12.5% is 1250), so nothing is a float. */
export const BasisPoints = z.number().int().min(0).max(10_000);

/**
 * A late fine, worked out on the day from the balance still due after `graceDays` past the due
 * date: a fixed amount once, a percent of the balance once, an amount per day late, or slabs (the
 * amount of the last slab reached). `cap` bounds it.
 */
export const FineRule = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("fixed"), graceDays: z.number().int().min(0).max(365), amount: Money, cap: Money.nullish() }),
    z.object({ kind: z.literal("percent"), graceDays: z.number().int().min(0).max(365), percent: BasisPoints, cap: Money.nullish() }),
    z.object({ kind: z.literal("perDay"), graceDays: z.number().int().min(0).max(365), amount: Money, cap: Money.nullish() }),
    z.object({
      kind: z.literal("slabs"),
      graceDays: z.number().int().min(0).max(365),
      slabs: z
        .array(z.object({ afterDays: z.number().int().min(0).max(3650), amount: Money }))
        .min(1)
        .max(12),
      cap: Money.nullish(),
    }),
  ])
  .nullable();
export type FineRule = z.infer<typeof FineRule>;

/** A due's figures, every one derived from the ledger. */
export const DueFigures = z.object({
  amount: z.number(),
  concession: z.number(),
  fine: z.number(),
  finePending: z.number(),
  paid: z.number(),
  balance: z.number(),
});
export type DueFigures = z.infer<typeof DueFigures>;

/** An instalment of a line: when it falls due. The line's amount is each instalment's. */
export const InstalmentDates = z.array(DateOnly).min(1).max(24);

export const StudentIdBody = z.object({ studentId: RowId });

/**
 * Every fee list a payment, reversal, refund or charge changes: dues and their balances, payments,
 * receipts, the fee masters' counts and the concessions beside them.
 */
export const FEE_LISTS = ["fees", "feepayment", "feesmaster", "feeconcession", "receipt"] as const;
