import { z } from "zod";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { DateOnly, IdList, updateOf } from "./common.js";

/**
 * active: studying now. transferred: moved to another classroom (a new enrolment follows).
 * promoted / retained: ended at year end (a new one follows in the next classroom).
 * removed: taken out of the class. left: left the school. completed: finished the course.
 */
export const EnrolmentStatus = z.enum(["active", "transferred", "promoted", "retained", "removed", "left", "completed"]);

export const EnrolmentRow = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  studentNameNative: z.string().nullable(),
  admissionNo: z.string(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  batchId: z.number(),
  batchName: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  rollNo: z.number().nullable(),
  status: EnrolmentStatus,
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  endReason: z.string().nullable(),
  /** The enrolment this one continues (a transfer or a promotion). */
  previousId: z.number().nullable(),
  /** The unguessable token of the public verification link. */
  recordToken: z.string(),
  createdAt: z.string(),
});
export type EnrolmentRow = z.infer<typeof EnrolmentRow>;

export const EnrolmentCreate = z.object({
  studentId: RowId,
  classroomId: RowId,
  rollNo: z.number().int().min(1).max(100_000).nullish(),
  startedOn: DateOnly.optional(),
});
export const EnrolmentUpdate = updateOf({
  /** Corrects the classroom in place (no history); use transfer to keep it. */
  classroomId: RowId,
  rollNo: z.number().int().min(1).max(100_000).nullable(),
  startedOn: DateOnly,
});

export const enrolmentResource = defineResource({
  path: "enrollment",
  module: "academics",
  i18n: "enrolments",
  row: EnrolmentRow,
  create: EnrolmentCreate,
  update: EnrolmentUpdate,
  filters: { status: "exact", classroomId: "exact", batchId: "exact", courseId: "exact", studentId: "exact", startedOnFrom: "from", startedOnTo: "to" },
  search: [],
  sortable: ["startedOn", "rollNo", "createdAt"],
  defaultSort: "-startedOn",
  columns: [
    { key: "admissionNo" },
    { key: "studentName" },
    { key: "classroomLabel" },
    { key: "batchName" },
    { key: "rollNo", kind: "number", sortable: true },
    { key: "startedOn", kind: "date", sortable: true },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "studentId", kind: "select", ref: { resource: "student", label: "name" }, required: true },
    { key: "classroomId", kind: "select", ref: { resource: "classRoom", label: "label" }, required: true },
    { key: "rollNo", kind: "number" },
    { key: "startedOn", kind: "date" },
  ],
});

/** POST enrollment/transfer: ends the enrolment (transferred) and starts one in the new classroom. */
export const EnrolmentTransfer = z.object({
  id: RowId,
  toClassroomId: RowId,
  date: DateOnly.optional(),
  reason: z.string().trim().max(500).nullish(),
});
/** POST enrollment/remove-from-class. */
export const EnrolmentRemove = z.object({ ids: IdList(), date: DateOnly.optional(), reason: z.string().trim().max(500).nullish() });
/** PUT enrollment/updateclass: moves enrolments to another classroom in place, in one transaction. */
export const EnrolmentUpdateClass = z.object({ ids: IdList(), classroomId: RowId });
/**
 * POST enrollment/promote: year-end promotion of one classroom. Everyone active in it moves to
 * `toClassroomId`, except `stayBack` (to `stayBackClassroomId`, or kept where they are when it is
 * not given) and `leave` (marked left), in one transaction.
 */
export const EnrolmentPromote = z
  .object({
    fromClassroomId: RowId,
    toClassroomId: RowId,
    stayBack: z.array(RowId).max(5000).default([]),
    stayBackClassroomId: RowId.nullish(),
    leave: z.array(RowId).max(5000).default([]),
    date: DateOnly.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.fromClassroomId === b.toClassroomId) ctx.addIssue({ code: "custom", path: ["toClassroomId"], message: "Promote to a different classroom" });
    const both = b.stayBack.filter((id) => b.leave.includes(id));
    if (both.length) ctx.addIssue({ code: "custom", path: ["leave"], message: `Students ${both.join(", ")} cannot both stay back and leave` });
  });
export const PromoteReply = z.object({ message: z.string(), promoted: z.number(), retained: z.number(), kept: z.number(), left: z.number() });

/** What the public verification of an enrolment shows, and nothing more. */
/**
 * What anyone holding an enrolment's verification link sees. No photo: a child's picture does not
 * belong at an open address, and uploads are served to signed-in users only.
 */
export const EnrolmentPublicRecord = z.object({
  name: z.string(),
  school: z.string(),
  class: z.string(),
  batch: z.string(),
  status: EnrolmentStatus,
  startedOn: z.string(),
  endedOn: z.string().nullable(),
});
export type EnrolmentPublicRecord = z.infer<typeof EnrolmentPublicRecord>;
