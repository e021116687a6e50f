import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Money, RowId } from "../values.js";
import { FEE_LISTS, PaymentMode } from "./fee-terms.js";

export const TRANSACTION_STATES = ["received", "confirmed", "reversed"] as const;
export const TransactionState = z.enum(TRANSACTION_STATES);
export const TRANSACTION_KINDS = ["payment", "refund"] as const;
export const TransactionKind = z.enum(TRANSACTION_KINDS);

/** Where a payment went: fines first, then the oldest dues; what is left is an advance. */
export const Allocation = z.object({
  feeId: z.number().nullable(),
  feeName: z.string().nullable(),
  kind: z.enum(["fine", "due", "advance"]),
  amount: z.number(),
});

/**
 * A fee transaction (fee payment): money in (a payment) or out (a refund), with its receipt.
 * Cash, cheque and bank transfers recorded by staff are `received` until the office confirms them;
 * an online payment is confirmed by its provider's verification. Never deleted: a wrong one is
 * reversed with a reason (deleteTransaction) and its receipt cancelled.
 */
export const feePaymentResource = defineResource({
  path: "feepayment",
  module: "fees",
  i18n: "fees:payments",
  defaultSort: "-paidOn",
  fields: {
    studentId: field.ref("student").required().filter().writeOnce(),
    studentName: field.readOnly(z.string()).column("name").summary(),
    studentNameNative: field.readOnly(z.string().nullable()),
    admissionNo: field.readOnly(z.string()).column(),
    kind: field.readOnly(TransactionKind).column(),
    amount: field.money().required().writeOnce().column("money"),
    mode: field.choice(PaymentMode).required().filter().column(),
    reference: field.text(60).search(),
    paidOn: field.date().required().filter("range").sort().column("date"),
    note: field.text(300),
    /** What is over the dues is kept as the family's advance on purpose (see collectFees). */
    advance: field.bool().writeOnce().writeOnly(),
    /** An amount above the school's ceiling, confirmed (see collectFees). */
    confirmed: field.bool().hidden().writeOnce().writeOnly(),
    status: field.readOnly(TransactionState).column("status"),
    receiptId: field.readOnly(z.number().nullable()),
    receiptNumber: field.readOnly(z.string().nullable()).column(),
    invoiceNumber: field.readOnly(z.string().nullable()),
    allocations: field.readOnly(z.array(Allocation)),
    collectedByName: field.readOnly(z.string().nullable()),
    reversalReason: field.readOnly(z.string().nullable()),
    createdAt: field.createdAt,
  },
  filters: { status: "exact", kind: "exact" },
});
export type FeePaymentRow = z.infer<typeof feePaymentResource.row>;

/** One payment with where it went; a family's role reaches only its own children's. */
export const getFeePayment = defineAction({
  method: "GET",
  path: "/admin/api/feepayment/:id",
  module: "fees",
  permission: ["fees", "view"],
  family: "scoped",
  summary: "One payment or refund with its allocations and receipt",
  params: IdParams,
  reply: z.object({ message: z.string(), data: feePaymentResource.row }),
  errors: [404],
});

/**
 * Takes one payment over a student's dues in one transaction: fines first, then the oldest dues
 * (or only `feeIds`), a partial payment, and an advance for what is over. The receipt number is
 * taken inside the same transaction. Sending the same `idempotencyKey` again answers the first
 * payment and takes nothing more.
 *
 * Money goes where the clerk meant: naming a due already paid is a 409 `fees.already_paid`, and
 * more than the dues owe a 409 `fees.more_than_owed`, unless `advance` says the rest is kept as
 * the family's advance on purpose. Above the school's ceiling (a multiple of what is owed) the
 * answer is a 409 `fees.amount_confirm` until the call is repeated with `confirmed`; above its cap
 * per receipt, a 400 `fees.amount_cap`.
 */
export const collectFees = defineAction({
  method: "POST",
  path: "/admin/api/feepayment/collect-fees",
  module: "fees",
  permission: ["fees", "collect"],
  summary: "Collect one payment over a student's dues (fines first, then oldest), with its receipt; the same key twice pays once",
  body: z.object({
    studentId: RowId,
    amount: Money.min(1),
    mode: PaymentMode.exclude(["online"]),
    reference: z.string().trim().max(60).nullish(),
    paidOn: DateOnly.optional(),
    feeIds: z.array(RowId).max(200).optional(),
    note: z.string().trim().max(300).nullish(),
    idempotencyKey: z.string().trim().min(8).max(80),
    /** The clerk keeps what is over the dues (or the whole, when nothing is owed) as an advance. */
    advance: z.boolean().optional(),
    /** The clerk confirmed an amount above the school's ceiling. */
    confirmed: z.boolean().optional(),
  }),
  reply: z.object({
    message: z.string(),
    data: z.object({
      transactionId: z.number(),
      receiptId: z.number(),
      receiptNumber: z.string(),
      status: TransactionState,
      allocations: z.array(Allocation),
      balance: z.number(),
      repeated: z.boolean(),
    }),
  }),
  errors: [400, 404, 409],
  refreshes: FEE_LISTS,
});

/** The office confirms a received cash, cheque or bank payment, or corrects its reference, date or note (never its amount). */
export const updateFeeTransaction = defineAction({
  method: "PUT",
  path: "/admin/api/feepayment/updateTransaction",
  module: "fees",
  permission: ["fees", "approve"],
  summary: "Confirm a received payment, or correct its reference, date or note",
  body: z.object({
    id: RowId,
    confirm: z.boolean().optional(),
    reference: z.string().trim().max(60).nullish(),
    paidOn: DateOnly.optional(),
    note: z.string().trim().max(300).nullish(),
  }),
  reply: z.object({ message: z.string(), data: feePaymentResource.row }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** Reverses a transaction with a reason: the ledger takes it back and its receipt is cancelled; nothing is deleted. */
export const deleteFeeTransaction = defineAction({
  method: "DELETE",
  path: "/admin/api/feepayment/deleteTransaction",
  module: "fees",
  permission: ["fees", "refund"],
  summary: "Reverse a payment or refund with a reason, cancelling its receipt; nothing is erased",
  body: z.object({ id: RowId, reason: z.string().trim().min(3).max(300) }),
  reply: z.object({ message: z.string(), data: feePaymentResource.row }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** Pays money back to a family (an advance, an overpayment), with its own receipt. */
export const refundFees = defineAction({
  method: "POST",
  path: "/admin/api/feepayment/refund",
  module: "fees",
  permission: ["fees", "refund"],
  summary: "Refund a student's advance or overpayment with a reason, with its own refund receipt",
  body: z.object({
    studentId: RowId,
    amount: Money.min(1),
    mode: PaymentMode.exclude(["online"]),
    reason: z.string().trim().min(3).max(300),
    reference: z.string().trim().max(60).nullish(),
    idempotencyKey: z.string().trim().min(8).max(80),
  }),
  reply: z.object({ message: z.string(), data: feePaymentResource.row }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** Gives a transaction its invoice number from the year's series; asking again answers the same number. */
export const generateInvoiceNumber = defineAction({
  method: "PUT",
  path: "/admin/api/feepayment/generate-invoice-number",
  module: "fees",
  permission: ["fees", "collect"],
  summary: "Give a payment its invoice number from the financial year's series (once; asking again answers it)",
  body: z.object({ id: RowId }),
  reply: z.object({ message: z.string(), invoiceNumber: z.string() }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** A payment's receipt as a PDF. */
export const paymentReceiptPdf = defineAction({
  method: "POST",
  path: "/admin/api/feepayment/receipt",
  module: "fees",
  permission: ["fees", "view"],
  summary: "A payment's receipt as a PDF, payment-receipt.pdf",
  body: z.object({ id: RowId }),
  reply: fileReply(FILE_TYPES.pdf, "payment-receipt.pdf"),
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});
