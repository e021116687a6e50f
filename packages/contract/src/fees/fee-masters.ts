import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Money, RowId } from "../values.js";
import { FEE_LISTS, FeeFrequency, FeeHead, FineRule, InstalmentDates } from "./fee-terms.js";

/** A line of a fee structure: a head, its amount per instalment, and each instalment's due date. */
export const FeeMasterLineInput = z.object({
  id: RowId.optional(),
  head: FeeHead,
  name: z.string().trim().min(1).max(80),
  amount: Money.min(1),
  frequency: FeeFrequency,
  dueDates: InstalmentDates,
});
/** A line as replies carry it (the reply does not re-validate what the server stored). */
export const FeeMasterLine = z.object({
  id: z.number(),
  head: FeeHead,
  name: z.string(),
  amount: z.number(),
  frequency: FeeFrequency,
  dueDates: z.array(z.string()),
  total: z.number(),
});
export type FeeMasterLine = z.infer<typeof FeeMasterLine>;

/**
 * A fee structure (fee master): heads combined for a batch, narrowed to a course, a class or a
 * category of students (a student group: hostel boarders, staff children). A pledge structure
 * takes voluntary contributions that never accrue fines.
 */
export const feeMasterResource = defineResource({
  path: "feesmaster",
  module: "fees",
  i18n: "fees:masters",
  fields: {
    name: field.text(120).required().search().sort().column().summary(),
    batchId: field.ref("batch").required().filter(),
    batchName: field.readOnly(z.string()).column(),
    courseId: field.ref("course").filter(),
    courseName: field.readOnly(z.string().nullable()).column(),
    courseClassId: field.ref("course/class"),
    courseClassName: field.readOnly(z.string().nullable()),
    groupId: field.ref("student-group").filter(),
    groupName: field.readOnly(z.string().nullable()),
    pledge: field.bool().default(false).filter("boolean"),
    fineRule: field.shaped(FineRule, FineRule).form({ kind: "rows" }),
    lines: field.shaped(z.array(FeeMasterLineInput).min(1).max(30), z.array(FeeMasterLine)).required().form({ kind: "rows" }),
    total: field.readOnly(z.number()).column("money"),
    students: field.readOnly(z.number()).column("number"),
    generated: field.readOnly(z.number()),
    status: field
      .choice(z.enum(["active", "inactive"]))
      .default("active")
      .filter()
      .column("status"),
  },
});
export type FeeMasterRow = z.infer<typeof feeMasterResource.row>;

/** One student's dues a generation would make (or made). */
export const GeneratedDue = z.object({
  studentId: z.number(),
  studentName: z.string(),
  admissionNo: z.string(),
  head: FeeHead,
  name: z.string(),
  dueDate: DateOnly,
  amount: z.number(),
  concession: z.number(),
});

/**
 * Turns a fee master into each matching student's dues with their concessions. Idempotent: a
 * student's instalment already made is not made again, so running it twice doubles nothing.
 * `preview` makes nothing and answers what would be made.
 */
export const generateFeePayments = defineAction({
  method: "POST",
  path: "/admin/api/feesmaster/generate-payments",
  module: "fees",
  permission: ["fees", "add"],
  summary: "Make each student's dues from a fee master (twice makes nothing more); preview shows them first",
  body: z.object({ feeMasterId: RowId, preview: z.boolean().default(false), studentIds: z.array(RowId).max(5000).optional() }),
  reply: z.object({
    message: z.string(),
    students: z.number(),
    created: z.number(),
    existing: z.number(),
    total: z.number(),
    concession: z.number(),
    sample: z.array(GeneratedDue),
  }),
  errors: [404, 409],
  refreshes: FEE_LISTS,
});

/** A due the master changed could not touch, and why. */
export const LeftAlone = z.object({
  feeId: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  name: z.string(),
  reason: z.enum(["paid", "partlyPaid", "fineCharged"]),
});

/**
 * Carries a master's changed amounts and dates to the dues nobody has paid against; dues with a
 * payment keep what was paid for and are listed as left alone.
 */
export const updateFeePayments = defineAction({
  method: "PUT",
  path: "/admin/api/feesmaster/update-payments",
  module: "fees",
  permission: ["fees", "edit"],
  summary: "Apply a fee master's changes to unpaid dues only, and say which dues were left alone",
  body: z.object({ feeMasterId: RowId }),
  reply: z.object({ message: z.string(), updated: z.number(), created: z.number(), cancelled: z.number(), leftAlone: z.array(LeftAlone) }),
  errors: [404],
  refreshes: FEE_LISTS,
});
