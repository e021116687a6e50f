import { FEE_FREQUENCIES, FEE_HEADS, type FeeHead, type FineRule, PAYMENT_MODES } from "@taleem/contract";
import { isNull, sql } from "drizzle-orm";
import { bigint, boolean, date, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { batches, courseClasses, courses } from "../academics/academics.table.js";
import { studentGroups, students } from "../students/students.table.js";

/** Money in the school currency's minor units; bigint, so a school's totals never overflow. */
const money = () => bigint({ mode: "number" });

/** A fee structure for a batch, narrowed to a course, a class or a category (a student group). */
export const feeMasters = tenantTable(
  "fee_masters",
  {
    name: text().notNull(),
    batchId: integer().notNull(),
    courseId: integer(),
    courseClassId: integer(),
    groupId: integer(),
    /** Voluntary contributions: never fined, left out of the collection rate. */
    pledge: boolean().notNull().default(false),
    fineRule: jsonb().$type<FineRule>(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("fee_masters_name_key", {
        code: "fee_master.name_taken",
        message: "This batch already has a fee structure with this name.",
        field: "name",
      }),
    ).on(t.tenantId, t.batchId, sql`lower(${t.name})`),
    textSortIndex("fee_masters_name_idx", t.tenantId, t.name, t.id),
    searchIndex("fee_masters_search_idx", t.name),
    index("fee_masters_batch_idx").on(t.tenantId, t.batchId),
    index("fee_masters_course_idx").on(t.tenantId, t.courseId),
    index("fee_masters_course_class_idx").on(t.tenantId, t.courseClassId),
    index("fee_masters_group_idx").on(t.tenantId, t.groupId),
    foreignKey({ name: "fee_masters_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "fee_masters_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "fee_masters_course_class_fk", columns: [t.tenantId, t.courseClassId], foreignColumns: [courseClasses.tenantId, courseClasses.id] }),
    foreignKey({ name: "fee_masters_group_fk", columns: [t.tenantId, t.groupId], foreignColumns: [studentGroups.tenantId, studentGroups.id] }),
  ],
);
export type FeeMasterRecord = typeof feeMasters.$inferSelect;
declareReference(feeMasters, feeMasters.batchId, batches, "fee structures");
declareReference(feeMasters, feeMasters.courseId, courses, "fee structures");
declareReference(feeMasters, feeMasters.courseClassId, courseClasses, "fee structures");
declareReference(feeMasters, feeMasters.groupId, studentGroups, "fee structures");

/** A line of a structure: a head, the amount of each instalment, and the instalments' due dates. */
export const feeMasterLines = tenantTable(
  "fee_master_lines",
  {
    feeMasterId: integer().notNull(),
    head: text({ enum: FEE_HEADS }).notNull(),
    name: text().notNull(),
    amount: money().notNull(),
    frequency: text({ enum: FEE_FREQUENCIES }).notNull(),
    dueDates: date({ mode: "string" }).array().notNull(),
    order: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("fee_master_lines_master_idx").on(t.tenantId, t.feeMasterId, t.order),
    foreignKey({ name: "fee_master_lines_master_fk", columns: [t.tenantId, t.feeMasterId], foreignColumns: [feeMasters.tenantId, feeMasters.id] }).onDelete(
      "cascade",
    ),
  ],
);
export type FeeMasterLineRecord = typeof feeMasterLines.$inferSelect;

/** A concession for a batch, a group (category) or one student; see the contract for stacking. */
export const feeConcessions = tenantTable(
  "fee_concessions",
  {
    name: text().notNull(),
    level: text({ enum: ["batch", "group", "student"] }).notNull(),
    batchId: integer(),
    groupId: integer(),
    studentId: integer(),
    kind: text({ enum: ["percent", "fixed", "waiver"] }).notNull(),
    /** Basis points for a percent, minor units for a fixed amount, 0 for a waiver. */
    value: money().notNull().default(0),
    /** The heads it applies to; null for every head. */
    heads: text().array().$type<FeeHead[]>(),
    priority: integer().notNull().default(0),
    reason: text().notNull(),
    fundSource: text({ enum: ["school", "zakat", "sponsor", "sibling", "staffChild", "scholarship"] })
      .notNull()
      .default("school"),
    validFrom: date({ mode: "string" }).notNull(),
    validTo: date({ mode: "string" }).notNull(),
    status: statusColumn(),
  },
  (t) => [
    searchIndex("fee_concessions_search_idx", t.name),
    index("fee_concessions_batch_idx").on(t.tenantId, t.batchId),
    index("fee_concessions_group_idx").on(t.tenantId, t.groupId),
    index("fee_concessions_student_idx").on(t.tenantId, t.studentId),
    foreignKey({ name: "fee_concessions_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "fee_concessions_group_fk", columns: [t.tenantId, t.groupId], foreignColumns: [studentGroups.tenantId, studentGroups.id] }),
    foreignKey({ name: "fee_concessions_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
export type FeeConcessionRecord = typeof feeConcessions.$inferSelect;
declareReference(feeConcessions, feeConcessions.batchId, batches, "concessions");
declareReference(feeConcessions, feeConcessions.groupId, studentGroups, "concessions");

/**
 * A student's due: one instalment of a master's line (unique, so generating twice makes nothing
 * more), or one the office added. Its figures are the ledger's; the row keeps what was charged.
 */
export const fees = tenantTable(
  "fees",
  {
    studentId: integer().notNull(),
    batchId: integer(),
    feeMasterId: integer(),
    feeMasterLineId: integer(),
    /** Which instalment of the line (0-based); null for a due the office added. */
    instalment: integer(),
    head: text({ enum: FEE_HEADS }).notNull(),
    name: text().notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    /** The charge before concessions, as made; the ledger's charge entries hold the same. */
    amount: money().notNull(),
    pledge: boolean().notNull().default(false),
    /** The master's fine rule when the due was made. */
    fineRule: jsonb().$type<FineRule>(),
    fineWaivedAt: timestamp({ withTimezone: true }),
    fineWaivedReason: text(),
    status: text({ enum: ["open", "cancelled"] })
      .notNull()
      .default("open"),
  },
  (t) => [
    uniqueIndex("fees_instalment_key").on(t.tenantId, t.studentId, t.feeMasterLineId, t.instalment).where(sql`${t.feeMasterLineId} is not null`),
    index("fees_student_due_idx").on(t.tenantId, t.studentId, t.dueDate),
    index("fees_due_idx").on(t.tenantId, t.dueDate, t.id),
    index("fees_master_idx").on(t.tenantId, t.feeMasterId),
    index("fees_batch_idx").on(t.tenantId, t.batchId, t.dueDate),
    searchIndex("fees_search_idx", t.name),
    foreignKey({ name: "fees_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "fees_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
    foreignKey({ name: "fees_master_fk", columns: [t.tenantId, t.feeMasterId], foreignColumns: [feeMasters.tenantId, feeMasters.id] }),
    // No "set null": it would null tenant_id too. Removing a line clears its dues' line id first.
    foreignKey({ name: "fees_master_line_fk", columns: [t.tenantId, t.feeMasterLineId], foreignColumns: [feeMasterLines.tenantId, feeMasterLines.id] }),
  ],
);
export type FeeRecord = typeof fees.$inferSelect;
declareReference(fees, fees.studentId, students, "fees");
declareReference(fees, fees.feeMasterId, feeMasters, "dues");

/**
 * Money in or out: a payment or a refund. Received (cash, cheque, bank recorded by staff) until
 * the office confirms; reversed with a reason, never deleted.
 */
export const feeTransactions = tenantTable(
  "fee_transactions",
  {
    studentId: integer().notNull(),
    kind: text({ enum: ["payment", "refund"] }).notNull(),
    amount: money().notNull(),
    mode: text({ enum: PAYMENT_MODES }).notNull(),
    reference: text(),
    paidOn: date({ mode: "string" }).notNull(),
    note: text(),
    status: text({ enum: ["received", "confirmed", "reversed"] }).notNull(),
    collectedBy: integer(),
    confirmedBy: integer(),
    confirmedAt: timestamp({ withTimezone: true }),
    reversedBy: integer(),
    reversedAt: timestamp({ withTimezone: true }),
    reversalReason: text(),
    /** The same key twice answers the first transaction. */
    idempotencyKey: text(),
    invoiceNumber: text(),
    /** An online payment's provider and its payment id: recorded once. */
    provider: text(),
    providerPaymentId: text(),
  },
  (t) => [
    uniqueIndex("fee_transactions_idempotency_key").on(t.tenantId, t.idempotencyKey),
    uniqueIndex("fee_transactions_invoice_key").on(t.tenantId, t.invoiceNumber),
    uniqueIndex("fee_transactions_provider_payment_key").on(t.tenantId, t.provider, t.providerPaymentId),
    index("fee_transactions_student_idx").on(t.tenantId, t.studentId, t.paidOn),
    index("fee_transactions_paid_on_idx").on(t.tenantId, t.paidOn, t.id),
    index("fee_transactions_status_idx").on(t.tenantId, t.status),
    searchIndex("fee_transactions_search_idx", t.reference),
    foreignKey({ name: "fee_transactions_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "fee_transactions_collected_by_fk", columns: [t.tenantId, t.collectedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
export type FeeTransactionRecord = typeof feeTransactions.$inferSelect;
declareReference(feeTransactions, feeTransactions.studentId, students, "payments");

/** A receipt of a transaction, numbered in the financial year's series; cancelled with its transaction, never reused. */
export const feeReceipts = tenantTable(
  "fee_receipts",
  {
    number: text().notNull(),
    financialYear: text().notNull(),
    transactionId: integer().notNull(),
    studentId: integer().notNull(),
    kind: text({ enum: ["payment", "refund"] }).notNull(),
    amount: money().notNull(),
    status: text({ enum: ["issued", "cancelled"] })
      .notNull()
      .default("issued"),
    cancelledReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fee_receipts_number_key").on(t.tenantId, t.number),
    uniqueIndex("fee_receipts_transaction_key").on(t.tenantId, t.transactionId),
    index("fee_receipts_student_idx").on(t.tenantId, t.studentId),
    searchIndex("fee_receipts_search_idx", t.number),
    foreignKey({ name: "fee_receipts_transaction_fk", columns: [t.tenantId, t.transactionId], foreignColumns: [feeTransactions.tenantId, feeTransactions.id] }),
    foreignKey({ name: "fee_receipts_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
export type FeeReceiptRecord = typeof feeReceipts.$inferSelect;

/**
 * The ledger, the one source of truth: a positive amount adds to what a student owes (a charge,
 * a fine, a refund paid out, a reversal of a payment), a negative one takes from it (a
 * concession, a payment, a waiver). A student's balance, a due's balance, every screen's and
 * PDF's figure is a sum of these rows. Rows are only ever added.
 */
export const feeLedger = tenantTable(
  "fee_ledger",
  {
    studentId: integer().notNull(),
    /** Null for money not tied to a due: an advance, a refund of one. */
    feeId: integer(),
    transactionId: integer(),
    concessionId: integer(),
    /** A payment (or its reversal) that paid the due's fine rather than the due itself. */
    forFine: boolean().notNull().default(false),
    kind: text({ enum: ["charge", "concession", "fine", "fineWaiver", "payment", "advance", "reversal", "refund", "cancel"] }).notNull(),
    amount: money().notNull(),
    note: text(),
    createdBy: integer(),
  },
  (t) => [
    index("fee_ledger_student_idx").on(t.tenantId, t.studentId, t.feeId),
    index("fee_ledger_fee_idx").on(t.tenantId, t.feeId),
    index("fee_ledger_transaction_idx").on(t.tenantId, t.transactionId),
    foreignKey({ name: "fee_ledger_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: "fee_ledger_fee_fk", columns: [t.tenantId, t.feeId], foreignColumns: [fees.tenantId, fees.id] }),
    foreignKey({ name: "fee_ledger_transaction_fk", columns: [t.tenantId, t.transactionId], foreignColumns: [feeTransactions.tenantId, feeTransactions.id] }),
    foreignKey({ name: "fee_ledger_concession_fk", columns: [t.tenantId, t.concessionId], foreignColumns: [feeConcessions.tenantId, feeConcessions.id] }),
  ],
);
export type FeeLedgerRecord = typeof feeLedger.$inferSelect;
declareReference(feeLedger, feeLedger.concessionId, feeConcessions, "ledger entries");

/**
 * The last number taken per series (receipt or invoice) and financial year. Taken with an update
 * inside the transaction that issues it: consecutive, never reused, and it survives a wipe.
 */
export const feeNumberSeries = tenantTable(
  "fee_number_series",
  {
    series: text({ enum: ["receipt", "invoice"] }).notNull(),
    financialYear: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("fee_number_series_key").on(t.tenantId, t.series, t.financialYear)],
  "keep",
);

/** A reminder sent to a student's family for a due date at a level (1 to 3): each once. */
export const feeReminders = tenantTable(
  "fee_reminders",
  {
    studentId: integer().notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    level: integer().notNull(),
    amount: money().notNull(),
  },
  (t) => [
    uniqueIndex("fee_reminders_key").on(t.tenantId, t.studentId, t.dueDate, t.level),
    foreignKey({ name: "fee_reminders_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);

/**
 * An order opened with a payment provider: a parent paying dues, or the school recharging its
 * messaging wallet. `paid` only after the signature is checked or the provider confirms.
 */
export const paymentOrders = tenantTable(
  "payment_orders",
  {
    purpose: text({ enum: ["fees", "recharge", "plan"] }).notNull(),
    studentId: integer(),
    feeIds: integer().array(),
    channel: text(),
    amount: money().notNull(),
    currency: text().notNull(),
    provider: text().notNull(),
    providerOrderId: text().notNull(),
    providerPaymentId: text(),
    status: text({ enum: ["created", "paid", "failed"] })
      .notNull()
      .default("created"),
    paidAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    transactionId: integer(),
    createdBy: integer(),
  },
  (t) => [
    uniqueIndex("payment_orders_provider_order_key").on(t.tenantId, t.provider, t.providerOrderId),
    index("payment_orders_purpose_idx").on(t.tenantId, t.purpose, t.createdAt),
    foreignKey({ name: "payment_orders_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({
      name: "payment_orders_transaction_fk",
      columns: [t.tenantId, t.transactionId],
      foreignColumns: [feeTransactions.tenantId, feeTransactions.id],
    }),
  ],
  // A wipe takes the families' fee orders with the students; the school's own recharges stay.
  (tx, tenantId) => tx.execute(sql`delete from payment_orders where tenant_id = ${tenantId} and purpose = 'fees'`),
);
export type PaymentOrderRecord = typeof paymentOrders.$inferSelect;

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(feeMasters, family.school);
declareFamilyLink(feeMasterLines, family.school);
declareFamilyLink(
  feeConcessions,
  family.anyOf(family.student(feeConcessions.studentId), family.when("a rule for no one child", isNull(feeConcessions.studentId), family.school)),
);
declareFamilyLink(fees, family.student(fees.studentId));
declareFamilyLink(feeTransactions, family.student(feeTransactions.studentId));
declareFamilyLink(feeReceipts, family.student(feeReceipts.studentId));
declareFamilyLink(feeLedger, family.student(feeLedger.studentId));
declareFamilyLink(feeNumberSeries, family.school);
declareFamilyLink(feeReminders, family.student(feeReminders.studentId));
declareFamilyLink(paymentOrders, family.anyOf(family.student(paymentOrders.studentId), family.user(paymentOrders.createdBy)));
