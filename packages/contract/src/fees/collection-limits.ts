import { z } from "zod";
import { Money } from "../values.js";

/**
 * A school's limits on one collection at the counter, keys of its settings config (PUT
 * /admin/api/setting {config}). Above `confirmMultiple` times what the dues owe, the clerk
 * confirms the amount; above `receiptCap` (minor units of the school's currency) no receipt is
 * issued at all, whatever is confirmed. Cash taken by staff is confirmed as it is taken unless
 * `confirmCash` asks the office to confirm it afterwards, as cheques and transfers always are.
 */
export const FEE_COLLECTION_SETTINGS = {
  confirmMultiple: "feeConfirmMultiple",
  receiptCap: "feeReceiptCap",
  confirmCash: "feeConfirmCash",
} as const;

/** An amount more than twice what is owed is more often a slip (an extra zero) than a family paying ahead. */
export const DEFAULT_CONFIRM_MULTIPLE = 2;

/**
 * The default cap per receipt in the currencies the platform sells in: ₹1 crore, Rs 2.5 crore,
 * AED 500,000; 500,000 of any other currency's major unit.
 */
const DEFAULT_RECEIPT_CAPS: Record<string, number> = { INR: 1_000_000_000, PKR: 2_500_000_000, AED: 50_000_000 };
const DEFAULT_RECEIPT_CAP = 50_000_000;

export const ConfirmMultiple = z.number().min(1, "Give a multiple of at least 1").max(100, "Give a multiple of at most 100");
export const ReceiptCap = Money.min(100, "Give a cap of at least 1.00");

export interface CollectionLimits {
  confirmMultiple: number;
  receiptCap: number;
  /** Cash taken by staff waits for the office's confirmation (false: it is confirmed as taken). */
  confirmCash: boolean;
}

/** The school's limits from its settings config, each one's default where it has none (or an unreadable one). */
export function collectionLimitsOf(config: Record<string, unknown> | null | undefined, currency: string): CollectionLimits {
  const multiple = ConfirmMultiple.safeParse(config?.[FEE_COLLECTION_SETTINGS.confirmMultiple]);
  const cap = ReceiptCap.safeParse(config?.[FEE_COLLECTION_SETTINGS.receiptCap]);
  return {
    confirmMultiple: multiple.success ? multiple.data : DEFAULT_CONFIRM_MULTIPLE,
    receiptCap: cap.success ? cap.data : (DEFAULT_RECEIPT_CAPS[currency] ?? DEFAULT_RECEIPT_CAP),
    confirmCash: config?.[FEE_COLLECTION_SETTINGS.confirmCash] === true,
  };
}
