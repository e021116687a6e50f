import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, IdList, Instant, Mobile, RowId, Status, TimeOfDay } from "../values.js";
import { StudentBrief } from "./student.js";

/** 1 Monday ... 7 Sunday (ISO); a form's select sends it as text, so text digits are read as the number. */
export const DayOfWeek = z.coerce.number().int().min(1).max(7);

/** A time slot of a classroom's week; it serves all the classroom's students or chosen ones. */
export const hourResource = defineResource({
  path: "hour",
  module: "academics",
  // An hour carries its timetable entry, and its registers list its students.
  refreshes: ["timetable"],
  invalidates: ["attendance"],
  i18n: "timetable:hours",
  fields: {
    classroomId: field.ref("classRoom", "label").required().filter(),
    classroomLabel: field.readOnly(z.string()).column(),
    dayOfWeek: field
      .shaped(DayOfWeek, z.number())
      .required()
      .filter()
      .sort()
      .column()
      .form({ kind: "select", options: ["1", "2", "3", "4", "5", "6", "7"] }),
    startTime: field.time().required().sort().column(),
    endTime: field.time().required().column(),
    /** A sitting of the day (the table's sittingId). */
    sessionId: field.ref("session").filter(),
    sessionName: field.readOnly(z.string().nullable()).column(),
    label: field.text(60).search().column(),
    audience: field.readOnly(z.enum(["all", "selected"])).column(),
    studentIds: field.readOnly(z.array(z.number())),
  },
  defaultSort: "dayOfWeek",
});
export type HourRow = z.infer<typeof hourResource.row>;

/** POST hour/update-students: the students a slot serves (a tuition hour); empty means the whole classroom. */
export const HourUpdateStudents = z.object({ id: RowId, studentIds: z.array(RowId).max(2000) });
export const updateHourStudents = defineAction({
  method: "POST",
  path: "/admin/api/hour/update-students",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Set the students an hour serves (a tuition hour); an empty list means the whole classroom",
  body: HourUpdateStudents,
  reply: z.object({ message: z.string(), data: hourResource.row }),
  errors: [404],
  refreshes: ["hour"],
  // An hour's registers list its students.
  invalidates: ["academics", "attendance"],
});

/** One hour of a week added in bulk, with the subject taught in it (and its teacher) when known. */
export const WeekHour = z
  .object({
    dayOfWeek: DayOfWeek,
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    sessionId: RowId.nullish(),
    label: z.string().trim().max(60).nullish(),
    /** Makes the hour's timetable entry; without it the hour waits for one. */
    subjectId: RowId.nullish(),
    teacherId: RowId.nullish(),
  })
  .refine((h) => !h.teacherId || h.subjectId, { message: "Choose the subject this teacher teaches in the hour", path: ["subjectId"] });
export type WeekHour = z.infer<typeof WeekHour>;
/**
 * POST hour/bulk: a classroom's week in one call (the office types the whole timetable at the
 * start of a year). All or none: an hour that overlaps another of the list or of the classroom
 * refuses the whole list, naming it.
 */
export const HourBulk = z.object({ classroomId: RowId, hours: z.array(WeekHour).min(1).max(200) });
export const addWeekHours = defineAction({
  method: "POST",
  path: "/admin/api/hour/bulk",
  module: "academics",
  permission: ["academics", "add"],
  summary: "Add many hours to a classroom's week, each with its subject and teacher when given, in one transaction (all or none)",
  body: HourBulk,
  reply: z.object({ message: z.string(), hours: z.number(), entries: z.number(), hourIds: z.array(z.number()) }),
  errors: [404, 409],
  refreshes: ["hour", "timetable"],
  // An hour's registers list its students.
  invalidates: ["academics", "attendance"],
});

export const downloadTimetable = defineAction({
  method: "GET",
  path: "/admin/api/hour/download/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "The printable weekly timetable of the hour's classroom (PDF, timetable-{id}.pdf)",
  params: IdParams,
  reply: fileReply(FILE_TYPES.pdf, "timetable-{id}.pdf"),
  errors: [404, 503],
});

/** The subject and teacher of one slot. */
export const timetableResource = defineResource({
  path: "timetable",
  module: "academics",
  // The timetable grid is its hours and their entries together.
  refreshes: ["hour"],
  invalidates: ["attendance"],
  i18n: "timetable:grid",
  fields: {
    hourId: field.ref("hour", "startTime").required(),
    classroomId: field.readOnly(z.number()).filter(),
    classroomLabel: field.readOnly(z.string()).column(),
    dayOfWeek: field.readOnly(z.number()).column(),
    startTime: field.readOnly(z.string()).column(),
    endTime: field.readOnly(z.string()),
    subjectId: field.ref("subject").required().filter(),
    subjectName: field.readOnly(z.string()).column(),
    teacherId: field.ref("user").filter(),
    teacherName: field.readOnly(z.string().nullable()).column(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "createdAt",
});
export type TimetableRow = z.infer<typeof timetableResource.row>;

export const fetchStudentsFromClass = defineAction({
  method: "PUT",
  path: "/admin/api/timetable/fetch-students-from-class/:id",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Fill the entry's hour with the classroom's current students (a starting list to trim for a tuition hour)",
  params: IdParams,
  body: z.object({ id: RowId.optional() }).optional(),
  reply: z.object({ message: z.string(), hourId: z.number(), rows: z.array(StudentBrief), count: z.number() }),
  errors: [404],
  refreshes: ["hour"],
  // An hour's registers list its students.
  invalidates: ["academics", "attendance"],
});

export const PeriodStatus = z.enum(["submitted", "approved", "rejected"]);
/** One taught lesson: a date, a slot, a subject, a teacher and the topic. */
export const periodResource = defineResource({
  path: "period",
  module: "academics",
  i18n: "timetable:periods",
  fields: {
    classroomId: field.ref("classRoom", "label").required().filter(),
    hourId: field.ref("hour", "startTime"),
    date: field.date().required().filter("range").sort().column("date"),
    classroomLabel: field.readOnly(z.string()).column(),
    startTime: field.readOnly(z.string().nullable()),
    subjectId: field.ref("subject").required().filter(),
    subjectName: field.readOnly(z.string()).column(),
    teacherId: field.ref("user").filter(),
    teacherName: field.readOnly(z.string().nullable()).column(),
    topic: field.text(300).required().search().column(),
    notes: field.longText(2000),
    status: field.readOnly(PeriodStatus).filter().column("status"),
    /** app: entered by a signed-in user; open_form: the public form. */
    source: field.readOnly(z.enum(["app", "open_form"])),
    approvedAt: field.readOnly(Instant.nullable()),
  },
  defaultSort: "-date",
});
export type PeriodRow = z.infer<typeof periodResource.row>;

const periodList = z.object({ message: z.string(), rows: z.array(periodResource.row), count: z.number() });

/** GET period/all: every period of a range (no paging), for calendars. */
export const PeriodAllQuery = z.object({ classroomId: RowId.optional(), from: DateOnly.optional(), to: DateOnly.optional(), status: PeriodStatus.optional() });
export const allPeriods = defineAction({
  method: "GET",
  path: "/admin/api/period/all",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "Every period of a range (no paging; at most 2,000), by date",
  query: PeriodAllQuery,
  reply: periodList,
});

/** GET period/filter/by-date. */
export const PeriodByDateQuery = z.object({ date: DateOnly, classroomId: RowId.optional() });
export const periodsByDate = defineAction({
  method: "GET",
  path: "/admin/api/period/filter/by-date",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "The periods of one date (YYYY-MM-DD)",
  query: PeriodByDateQuery,
  reply: periodList,
});

/** POST period/approve: approves (or rejects) submitted periods. */
export const PeriodApprove = z.object({ ids: IdList(500), status: z.enum(["approved", "rejected"]).default("approved") });
export const approvePeriods = defineAction({
  method: "POST",
  path: "/admin/api/period/approve",
  module: "academics",
  permission: ["academics", "approve"],
  summary: "Approve (or reject) submitted periods",
  body: PeriodApprove,
  reply: z.object({ message: z.string(), updated: z.number() }),
  errors: [404],
  refreshes: ["period"],
});

export const getPeriod = defineAction({
  method: "GET",
  path: "/admin/api/period/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "One period",
  params: IdParams,
  reply: z.object({ message: z.string(), data: periodResource.row }),
  errors: [404],
});

/**
 * POST admin/open/period/:code: a teacher without an account reports a lesson. They are known by
 * their mobile number, which must be a staff user's of that school; the school approves it.
 */
export const OpenPeriodSubmit = z.object({
  mobile: Mobile,
  hourId: RowId,
  date: DateOnly,
  subjectId: RowId.optional(),
  topic: z.string().trim().min(1).max(300),
  notes: z.string().trim().max(2000).nullish(),
});
export const submitOpenPeriod = defineAction({
  method: "POST",
  path: "/admin/open/period/:code",
  module: "academics",
  access: "open",
  summary: "A teacher reports a lesson through the school's public form (known by their staff mobile number; approved by the school)",
  description:
    "A number that is not an active teacher's of the school and an hour that is not in its timetable get one and the same refusal, " +
    "400 period.not_recognised with params.fields [mobile, hourId], so the form does not tell a stranger who teaches there.",
  params: z.object({ code: z.string().trim().min(1).max(60) }),
  body: OpenPeriodSubmit,
  reply: z.object({ message: z.string(), id: z.number() }),
  errors: [404, 429],
});
