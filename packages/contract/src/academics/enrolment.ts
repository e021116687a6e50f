import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource, ListQuery, listReply } from "../resource.js";
import { DateOnly, IdList, RowId } from "../values.js";
import { ENROLMENT_READERS } from "./enrolment-readers.js";
import { StudentBrief } from "./student.js";

/**
 * active: studying now. transferred: moved to another classroom (a new enrolment follows).
 * promoted / retained: ended at year end (a new one follows in the next classroom).
 * removed: taken out of the class. left: left the school. completed: finished the course.
 */
export const EnrolmentStatus = z.enum(["active", "transferred", "promoted", "retained", "removed", "left", "completed"]);

/** A student in a classroom for a batch; transfers and promotions end it and start another. */
export const enrolmentResource = defineResource({
  path: "enrollment",
  module: "academics",
  // A classroom counts its enrolments and a student's page lists them.
  refreshes: ["classRoom", "student"],
  invalidates: ENROLMENT_READERS,
  i18n: "academics:enrolments",
  fields: {
    /** Set on create only: a PUT cannot move an enrolment to another student. */
    studentId: field.ref("student").required().filter().writeOnce(),
    admissionNo: field.readOnly(z.string()).column(),
    studentName: field.readOnly(z.string()).column(),
    studentNameNative: field.readOnly(z.string().nullable()),
    /** A PUT corrects the classroom in place (no history); transfer keeps it. */
    classroomId: field.ref("classRoom", "label").required().filter(),
    classroomLabel: field.readOnly(z.string()).column(),
    batchId: field.readOnly(z.number()).filter(),
    batchName: field.readOnly(z.string()).column(),
    courseId: field.readOnly(z.number()).filter(),
    courseName: field.readOnly(z.string()),
    rollNo: field.int(1, 100_000).sort().column("number"),
    /** Today in the school's time zone when left out. */
    startedOn: field.date().filter("range").sort().column("date"),
    status: field.readOnly(EnrolmentStatus).filter().column("status"),
    endedOn: field.readOnly(z.string().nullable()),
    endReason: field.readOnly(z.string().nullable()),
    /** The enrolment this one continues (a transfer or a promotion). */
    previousId: field.readOnly(z.number().nullable()),
    /** The unguessable token of the public verification link. */
    recordToken: field.readOnly(z.string()),
  },
  defaultSort: "-startedOn",
});
export type EnrolmentRow = z.infer<typeof enrolmentResource.row>;

/** GET enrollment/record/:id: the enrolment with what its public link needs. */
export const EnrolmentRecord = enrolmentResource.row.extend({
  photo: z.string().nullable(),
  school: z.string(),
  /** The public API call that verifies the record. */
  verifyPath: z.string(),
  /** The web page a parent or another school opens to see it (the link the school shares). */
  verifyPage: z.string(),
});
export type EnrolmentRecord = z.infer<typeof EnrolmentRecord>;
export const enrolmentRecord = defineAction({
  method: "GET",
  path: "/admin/api/enrollment/record/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "One enrolment with the student's photo and its public verification path",
  params: IdParams,
  reply: z.object({ message: z.string(), data: EnrolmentRecord }),
  errors: [404],
});

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
export const verifyEnrolmentRecord = defineAction({
  method: "GET",
  path: "/admin/open/enrollment/record/:record/:code",
  module: "academics",
  access: "open",
  summary: "Public verification of an enrolment by its unguessable token: name, school, class, batch, dates and status only",
  params: z.object({ record: z.string().max(200), code: z.string().max(60) }),
  reply: z.object({ message: z.string(), data: EnrolmentPublicRecord }),
  errors: [404, 429],
});

export const courseEnrolments = defineAction({
  method: "GET",
  path: "/admin/api/course/:id/enrollments",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "The enrolments of a course (any status unless filtered), newest first",
  params: IdParams,
  query: ListQuery.extend({ status: EnrolmentStatus.optional(), batchId: RowId.optional(), classroomId: RowId.optional() }),
  reply: listReply(enrolmentResource.row),
  errors: [404],
});

/** A student actively enrolled in a course, with the classroom they are in. */
export const CourseStudent = StudentBrief.extend({
  enrollmentId: z.number(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  rollNo: z.number().nullable(),
});
export const courseStudents = defineAction({
  method: "GET",
  path: "/api/courses/:id/students",
  module: "academics",
  permission: ["students", "view"],
  family: "scoped",
  summary: "The students actively enrolled in a course, by classroom and roll number",
  params: IdParams,
  query: z.object({ batchId: RowId.optional() }),
  reply: z.object({ message: z.string(), rows: z.array(CourseStudent), count: z.number() }),
  errors: [404],
});

/** What changes when a student moves: the enrolments, the rosters and classroom counts, the students' pages. */
const ENROLMENT_LISTS = ["enrollment", "classRoom", "student"] as const;

/** POST enrollment/transfer: ends the enrolment (transferred) and starts one in the new classroom. */
export const EnrolmentTransfer = z.object({
  id: RowId,
  toClassroomId: RowId,
  date: DateOnly.optional(),
  reason: z.string().trim().max(500).nullish(),
});
export const transferEnrolment = defineAction({
  method: "POST",
  path: "/admin/api/enrollment/transfer",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Transfer a student to another classroom: the enrolment ends as transferred and a new one starts (history kept)",
  body: EnrolmentTransfer,
  reply: z.object({ message: z.string(), data: enrolmentResource.row }),
  errors: [404, 409],
  refreshes: ENROLMENT_LISTS,
  invalidates: ENROLMENT_READERS,
});

/** POST enrollment/remove-from-class. */
export const EnrolmentRemove = z.object({ ids: IdList(), date: DateOnly.optional(), reason: z.string().trim().max(500).nullish() });
export const removeFromClass = defineAction({
  method: "POST",
  path: "/admin/api/enrollment/remove-from-class",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Remove students from their class: each enrolment ends as removed (kept as history)",
  body: EnrolmentRemove,
  reply: z.object({ message: z.string(), removed: z.number() }),
  errors: [404],
  refreshes: ENROLMENT_LISTS,
  invalidates: ENROLMENT_READERS,
});

/** PUT enrollment/updateclass: moves enrolments to another classroom in place, in one transaction. */
export const EnrolmentUpdateClass = z.object({ ids: IdList(), classroomId: RowId });
export const updateEnrolmentClass = defineAction({
  method: "PUT",
  path: "/admin/api/enrollment/updateclass",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Move active enrolments to another classroom in place (a correction, no history), all or none",
  body: EnrolmentUpdateClass,
  reply: z.object({ message: z.string(), updated: z.number() }),
  errors: [404, 409],
  refreshes: ENROLMENT_LISTS,
  invalidates: ENROLMENT_READERS,
});

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
export const promoteClassroom = defineAction({
  method: "POST",
  path: "/admin/api/enrollment/promote",
  module: "academics",
  permission: ["academics", "promote"],
  summary:
    "Year-end promotion of a classroom: students move to toClassroomId; stayBack go to stayBackClassroomId (or keep their enrolment); leave are marked left. One transaction; history kept.",
  body: EnrolmentPromote,
  reply: PromoteReply,
  errors: [404, 409],
  refreshes: ENROLMENT_LISTS,
  invalidates: ENROLMENT_READERS,
});

/**
 * POST enrollment/bulk: enrols many students in one classroom at once, in one transaction.
 * Students already active in this classroom are left as they are (calling twice does not enrol
 * twice); one active in another classroom of the same batch is refused (409), as are inactive ones.
 */
export const EnrolmentBulk = z.object({
  classroomId: RowId,
  studentIds: IdList(2000),
  /** Today in the school's time zone when left out. */
  startedOn: DateOnly.optional(),
});
export const bulkEnrol = defineAction({
  method: "POST",
  path: "/admin/api/enrollment/bulk",
  module: "academics",
  permission: ["academics", "add"],
  summary: "Enrol many students in one classroom (all or none); those already in it are skipped, so a repeat adds nobody",
  body: EnrolmentBulk,
  reply: z.object({ message: z.string(), enrolled: z.number(), alreadyIn: z.number() }),
  errors: [404, 409],
  refreshes: ENROLMENT_LISTS,
  invalidates: ENROLMENT_READERS,
});
