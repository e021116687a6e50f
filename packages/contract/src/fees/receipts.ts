import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import { DateOnly, Instant, RowId } from "../values.js";
import { TransactionKind } from "./fee-payments.js";

export const ReceiptRow = z.object({
  id: z.number(),
  number: z.string(),
  financialYear: z.string(),
  kind: TransactionKind,
  transactionId: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  admissionNo: z.string(),
  amount: z.number(),
  paidOn: DateOnly,
  mode: z.string(),
  status: z.enum(["issued", "cancelled"]),
  cancelledReason: z.string().nullable(),
  issuedAt: Instant,
});
export type ReceiptRow = z.infer<typeof ReceiptRow>;

/** Receipts found by number, student, date or status; the client asks only with a non-empty query. */
export const receiptList = defineAction({
  method: "GET",
  path: "/admin/api/receipt",
  module: "fees",
  permission: ["fees", "view"],
  family: "scoped",
  summary: "Find receipts by number, student or date (a non-empty query)",
  query: z
    .object({
      q: z.string().trim().max(100).optional(),
      studentId: RowId.optional(),
      from: DateOnly.optional(),
      to: DateOnly.optional(),
      status: z.enum(["issued", "cancelled"]).optional(),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(200).default(25),
    })
    .refine((q) => q.q || q.studentId || q.from || q.to || q.status, { message: "Say which receipts to find", path: ["q"] }),
  reply: z.object({ message: z.string(), rows: z.array(ReceiptRow), count: z.number() }),
});

/** A receipt as a PDF: a cancelled one is stamped cancelled with its reason. A parent reaches only their own child's. */
export const receiptDownload = defineAction({
  method: "GET",
  path: "/admin/api/receipt/:id/download",
  module: "fees",
  family: "scoped",
  summary: "A receipt as a PDF, receipt-{id}.pdf (a parent: only their own child's)",
  params: IdParams,
  reply: fileReply(FILE_TYPES.pdf, "receipt-{id}.pdf"),
  errors: [404],
});
