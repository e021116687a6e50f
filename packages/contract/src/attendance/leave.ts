import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import { FileUpload } from "../admissions/common.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Instant, RowId, Status } from "../values.js";

/**
 * Leave: the school's leave types (sick, family, travel and its own, with a yearly allowance where
 * it sets one) and applications, by a parent for a child or by staff for themselves, decided by
 * the office. An approved leave marks the register as on leave for its days.
 */

export const LEAVE_STATUSES = ["pending", "approved", "rejected"] as const;
export const LeaveStatus = z.enum(LEAVE_STATUSES);
export type LeaveStatus = z.infer<typeof LeaveStatus>;

/** The leave types every school starts with (kept as `builtinKey`). */
export const LEAVE_TYPE_KEYS = ["sick", "family", "travel"] as const;

export const leaveTypeResource = defineResource({
  path: "leavetypes",
  module: "attendance",
  i18n: "leave:types",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    /** Days a year one student or staff member may take of this type; empty: no limit. */
    yearlyAllowance: field.int(1, 366).column("number"),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});

export type LeaveTypeRow = z.infer<typeof leaveTypeResource.row>;

/** Longest leave one application asks for. */
export const LEAVE_MAX_DAYS = 90;

export const leaveApplicationResource = defineResource({
  path: "leaveapplications",
  module: "attendance",
  i18n: "leave:applications",
  fields: {
    /** The child on leave; empty: the staff member named by `userId`. */
    studentId: field.ref("student").filter(),
    studentName: field.readOnly(z.string().nullable()),
    /** The staff member on leave (when no student is named). */
    userId: field.ref("user").filter(),
    personName: field.readOnly(z.string()).column("name").summary(),
    leaveTypeId: field.ref("leavetypes").required().filter(),
    leaveTypeName: field.readOnly(z.string()).column(),
    /** The type's name in its own script, and a standard type's key: a screen names the type as the apply form does. */
    leaveTypeNameNative: field.readOnly(z.string().nullable()),
    leaveTypeKey: field.readOnly(z.string().nullable()),
    fromDate: field.date().required().filter("range").sort().column("date"),
    toDate: field.date().required().column("date"),
    days: field.readOnly(z.number()).column("number"),
    reason: field.longText(1000).required(),
    /** Where the uploaded file (a doctor's note) is read back. */
    attachment: field.readOnly(z.string().nullable()),
    status: field.readOnly(LeaveStatus).filter().column("status"),
    appliedBy: field.readOnly(z.number()),
    decidedBy: field.readOnly(z.number().nullable()),
    decidedAt: field.readOnly(Instant.nullable()),
    decisionNote: field.readOnly(z.string().nullable()),
  },
  defaultSort: "-fromDate",
  refine: (create) =>
    create
      .refine((b) => b.fromDate <= b.toDate, { message: "The leave ends before it starts", path: ["toDate"] })
      .refine((b) => b.studentId || b.userId, {
        message: "Choose the student, or the staff member",
        path: ["studentId"],
      }),
});
export type LeaveApplicationRow = z.infer<typeof leaveApplicationResource.row>;

const OneApplication = z.object({ message: z.string(), data: leaveApplicationResource.row });

export const getLeaveApplication = defineAction({
  method: "GET",
  path: "/admin/api/leaveapplications/:id",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "One leave application",
  params: IdParams,
  reply: OneApplication,
  errors: [404],
});

/** PUT process/{id}: approve (with a comment). Approving an approved application changes nothing. */
export const approveLeave = defineAction({
  method: "PUT",
  path: "/admin/api/leaveapplications/process/:id",
  module: "attendance",
  permission: ["attendance", "edit"],
  summary: "Approve a leave application; the applicant is told",
  params: IdParams,
  body: z.object({ comment: z.string().trim().max(500).optional() }),
  reply: OneApplication,
  errors: [404, 409],
  refreshes: ["leaveapplications"],
});

/** PUT {id}/reject: refuse with a reason. Rejecting a rejected application changes nothing. */
export const rejectLeave = defineAction({
  method: "PUT",
  path: "/admin/api/leaveapplications/:id/reject",
  module: "attendance",
  permission: ["attendance", "edit"],
  summary: "Reject a leave application with a reason; the applicant is told",
  params: IdParams,
  body: z.object({ reason: z.string().trim().min(1).max(500) }),
  reply: OneApplication,
  errors: [404, 409],
  refreshes: ["leaveapplications"],
});

const LeaveTypeOne = z.object({ message: z.string(), data: leaveTypeResource.row });

export const getLeaveType = defineAction({
  method: "GET",
  path: "/admin/api/leavetypes/:id",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "One leave type",
  params: IdParams,
  reply: LeaveTypeOne,
  errors: [404],
});

export const updateLeaveType = defineAction({
  method: "PUT",
  path: "/admin/api/leavetypes/:id",
  module: "attendance",
  permission: ["attendance", "edit"],
  summary: "Update a leave type",
  params: IdParams,
  body: leaveTypeResource.update.omit({ id: true }),
  reply: LeaveTypeOne,
  errors: [404, 409],
  refreshes: ["leavetypes"],
});

/** The active leave types, as the apply form lists them. */
const LeaveTypeBrief = z.object({
  id: RowId,
  name: z.string(),
  nameNative: z.string().nullable(),
  /** A standard leave type's key (the app names it in the reader's language while the school has not renamed it). */
  builtinKey: z.string().nullable(),
  yearlyAllowance: z.number().nullable(),
});

/** GET user/api/home/leave: the caller's applications (their own, and their children's), and the types to apply for. */
export const myLeave = defineAction({
  method: "GET",
  path: "/user/api/home/leave",
  module: "attendance",
  family: "scoped",
  summary: "The signed-in person's leave applications (for themselves and their children) and the types to apply for",
  query: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1), limit: z.coerce.number().int().min(1).max(100).default(25) }),
  reply: z.object({ message: z.string(), rows: z.array(leaveApplicationResource.row), count: z.number().int(), types: z.array(LeaveTypeBrief) }),
});

/** POST user/api/home/leave: a parent applies for their own child; staff for themselves (no studentId). */
export const applyForLeave = defineAction({
  method: "POST",
  path: "/user/api/home/leave",
  module: "attendance",
  summary: "Apply for leave: a parent for their own child, staff for themselves",
  description: "attachment: {name, data} with data a data URL or base64 of a JPEG, PNG, WebP or PDF of at most 5 MB (a doctor's note).",
  body: z
    .object({
      studentId: RowId.optional(),
      leaveTypeId: RowId,
      fromDate: DateOnly,
      toDate: DateOnly,
      reason: z.string().trim().min(1).max(1000),
      attachment: FileUpload.optional(),
    })
    .refine((b) => b.fromDate <= b.toDate, { message: "The leave ends before it starts", path: ["toDate"] }),
  reply: OneApplication,
  errors: [404],
  refreshes: ["leaveapplications"],
});
