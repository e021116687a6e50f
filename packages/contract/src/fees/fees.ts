import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Instant, RowId } from "../values.js";
import { DueFigures, FEE_LISTS, FeeHead } from "./fee-terms.js";

export const DUE_STATES = ["due", "partlyPaid", "paid", "overdue", "waived", "cancelled"] as const;
export const DueState = z.enum(DUE_STATES);

/**
 * A student's due (a fee): one instalment of a fee master's line, or one the office added (a
 * trip). Its concession, fine, paid and balance come from the ledger; `state` is worked out on the
 * day. Deleting a due nobody has paid against cancels it (a ledger entry), never erases it.
 */
export const feeResource = defineResource({
  path: "fees",
  module: "fees",
  i18n: "fees:dues",
  defaultSort: "dueDate",
  fields: {
    studentId: field.ref("student").required().filter().writeOnce(),
    studentName: field.readOnly(z.string()).column("name").summary(),
    studentNameNative: field.readOnly(z.string().nullable()),
    admissionNo: field.readOnly(z.string()).column(),
    classroomId: field.readOnly(z.number().nullable()),
    classroomLabel: field.readOnly(z.string().nullable()).column(),
    feeMasterId: field.readOnly(z.number().nullable()),
    head: field.choice(FeeHead).required().filter().column(),
    name: field.text(80).required().search().column(),
    dueDate: field.date().required().filter("range").sort().column("date"),
    amount: field.money().required().column("money"),
    concession: field.readOnly(z.number()).column("money"),
    fine: field.readOnly(z.number()),
    finePending: field.readOnly(z.number()),
    paid: field.readOnly(z.number()).column("money"),
    balance: field.readOnly(z.number()).column("money"),
    pledge: field.readOnly(z.boolean()),
    state: field.readOnly(DueState).column("status"),
    batchId: field.readOnly(z.number().nullable()),
    invoiceNumber: field.readOnly(z.string().nullable()),
    createdAt: field.createdAt,
  },
  filters: { state: "exact", batchId: "exact", classroomId: "exact", feeMasterId: "exact" },
});
export type FeeRow = z.infer<typeof feeResource.row>;

const DashboardQuery = z.object({
  batchId: RowId.optional(),
  courseId: RowId.optional(),
  from: DateOnly.optional(),
  to: DateOnly.optional(),
});
const Outstanding = z.object({ id: z.number(), name: z.string(), due: z.number(), paid: z.number(), balance: z.number(), students: z.number() });

/** The fee dashboard: every figure from the ledger. Collection rate = paid / net due, for items due by today (waived and pledge items left out). */
export const feesDashboard = defineAction({
  method: "GET",
  path: "/admin/api/fees/dashboard",
  module: "fees",
  permission: ["fees", "view"],
  family: "staff",
  summary: "Collection by batch and course, recent payments, overdue, the collection rate, top outstanding batches and courses",
  query: DashboardQuery,
  reply: z.object({
    message: z.string(),
    data: z.object({
      currency: z.string(),
      batchWise: z.array(Outstanding),
      courseWise: z.array(Outstanding),
      recentPayments: z.array(
        z.object({
          id: z.number(),
          studentId: z.number(),
          studentName: z.string(),
          amount: z.number(),
          mode: z.string(),
          paidOn: DateOnly,
          receiptNumber: z.string().nullable(),
        }),
      ),
      overdue: z.object({ amount: z.number(), students: z.number(), dues: z.number() }),
      /** `rate` is paid / due as a fraction from 0 to 1 (4 decimals), null when nothing fell due. */
      collectionRate: z.object({ due: z.number(), paid: z.number(), rate: z.number().nullable() }),
      monthly: z.array(z.object({ month: z.string(), collected: z.number(), due: z.number() })),
      topOutstandingBatches: z.array(Outstanding),
      topOutstandingCourses: z.array(Outstanding),
    }),
  }),
});

/** A child and the guardian to call, as the defaulters list and the counter show them. */
const FamilyToCall = z.object({
  studentId: z.number(),
  studentName: z.string(),
  studentNameNative: z.string().nullable(),
  admissionNo: z.string(),
  classroomLabel: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianMobile: z.string().nullable(),
});

/** Students with a balance past due and grace: whom the office calls or messages. */
export const feeDefaulters = defineAction({
  method: "GET",
  path: "/admin/api/fees/defaulters",
  module: "fees",
  permission: ["fees", "view"],
  family: "staff",
  summary: "Students with overdue balances, oldest first, with a guardian to call",
  query: z.object({
    batchId: RowId.optional(),
    courseId: RowId.optional(),
    classroomId: RowId.optional(),
    minDays: z.coerce.number().int().min(0).max(3650).default(0),
    q: z.string().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(25),
  }),
  reply: z.object({
    message: z.string(),
    rows: z.array(
      FamilyToCall.extend({
        overdue: z.number(),
        oldestDueDate: DateOnly,
        daysOverdue: z.number(),
        remindersSent: z.number(),
      }),
    ),
    count: z.number(),
  }),
});

export const FEE_LEDGER_KINDS = ["charge", "concession", "fine", "fineWaiver", "payment", "advance", "reversal", "refund", "cancel"] as const;
export const FeeLedgerKind = z.enum(FEE_LEDGER_KINDS);
/** A line of the fee ledger: positive adds to what the student owes, negative takes from it. */
export const FeeLedgerLine = z.object({
  id: z.number(),
  studentId: z.number(),
  feeId: z.number().nullable(),
  feeName: z.string().nullable(),
  transactionId: z.number().nullable(),
  receiptNumber: z.string().nullable(),
  kind: FeeLedgerKind,
  amount: z.number(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  createdAt: Instant,
});

/** The ledger of a student, or of one due: every movement with who made it, newest first. */
export const feeLogs = defineAction({
  method: "PUT",
  path: "/admin/api/fees/logs",
  module: "fees",
  permission: ["fees", "view"],
  summary: "The fee ledger of a student or a due, newest first (reads only; the spec sends it as PUT)",
  body: z.object({
    studentId: RowId.optional(),
    feeId: RowId.optional(),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  reply: z.object({ message: z.string(), rows: z.array(FeeLedgerLine), count: z.number() }),
  changesData: false,
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});

/**
 * Reminds each parent with a balance past its due date: once per due date and level, at most
 * three escalating texts, the child named, with a link to pay. Sending again the same day reaches
 * nobody twice.
 */
export const notifyFeesDue = defineAction({
  method: "POST",
  path: "/admin/api/fees/notifydue",
  module: "fees",
  permission: ["fees", "edit"],
  family: "staff",
  summary: "Remind parents of overdue balances: once per due date and level, up to three escalating texts",
  body: z.object({ batchId: RowId.optional(), classroomId: RowId.optional(), studentIds: z.array(RowId).max(5000).optional() }),
  reply: z.object({ message: z.string(), reminded: z.number(), skipped: z.number(), noGuardian: z.number() }),
});

/** Waives the fine of one due (from now on, too), with a reason on the ledger. */
export const waiveFeeFine = defineAction({
  method: "PUT",
  path: "/admin/api/fees/waive-fine",
  module: "fees",
  permission: ["fees", "refund"],
  summary: "Waive a due's late fine with a reason; it stops accruing",
  body: z.object({ feeId: RowId, reason: z.string().trim().min(3).max(300) }),
  reply: z.object({ message: z.string(), waived: z.number() }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** A fee receipt of one due for one student: every payment against it. */
export const feeReceiptPdf = defineAction({
  method: "POST",
  path: "/admin/api/fees/receipt",
  module: "fees",
  permission: ["fees", "view"],
  summary: "A due's receipt for a student as a PDF, fee-receipt-{feeId}-{studentId}.pdf",
  body: z.object({ feeId: RowId, studentId: RowId }),
  reply: fileReply(FILE_TYPES.pdf, "fee-receipt-{feeId}-{studentId}.pdf"),
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});

/** A payment as the fee card and the counter show it. */
export const FeePaymentSummary = z.object({
  id: z.number(),
  kind: z.enum(["payment", "refund"]),
  amount: z.number(),
  mode: z.string(),
  paidOn: DateOnly,
  status: z.enum(["received", "confirmed", "reversed"]),
  receiptId: z.number().nullable(),
  receiptNumber: z.string().nullable(),
  reference: z.string().nullable(),
});

export const StudentFeeSummary = DueFigures.extend({ advance: z.number(), overdue: z.number(), nextDueDate: DateOnly.nullable() });
export type StudentFeeSummary = z.infer<typeof StudentFeeSummary>;

/**
 * A student's fee card: dues with their figures, payments, receipts, concessions, and the totals.
 * Staff with fees.view reach any student; a parent only their own child (404 for another).
 */
export const studentFeeCard = defineAction({
  method: "GET",
  path: "/admin/api/fees/student/:id",
  module: "fees",
  family: "scoped",
  summary: "A student's fee card: dues, payments, receipts, concessions and totals from the ledger",
  params: IdParams,
  reply: z.object({
    message: z.string(),
    data: z.object({
      student: z.object({
        id: z.number(),
        name: z.string(),
        nameNative: z.string().nullable(),
        admissionNo: z.string(),
        classroomLabel: z.string().nullable(),
        guardianName: z.string().nullable(),
        guardianMobile: z.string().nullable(),
      }),
      currency: z.string(),
      totals: StudentFeeSummary,
      dues: z.array(feeResource.row),
      payments: z.array(FeePaymentSummary),
      concessions: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string(), value: z.number(), fundSource: z.string(), reason: z.string() })),
    }),
  }),
  errors: [404],
});

/** The counter's search: a child by name, admission number or a guardian's mobile, with what is due. */
export const feeCounterSearch = defineAction({
  method: "GET",
  path: "/admin/api/fees/counter",
  module: "fees",
  permission: ["fees", "collect"],
  family: "staff",
  summary: "Find a child at the fee counter by name, admission number or guardian's mobile, with the balance due",
  query: z.object({ q: z.string().trim().min(1).max(100) }),
  reply: z.object({
    message: z.string(),
    rows: z.array(
      FamilyToCall.extend({
        balance: z.number(),
        overdue: z.number(),
      }),
    ),
  }),
});
