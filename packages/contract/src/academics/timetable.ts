import { z } from "zod";
import { RowId } from "../admin/common.js";
import { Mobile } from "../admin/users.js";
import { defineResource } from "../resource.js";
import { ActiveStatus, DateOnly, IdList, TimeOfDay, updateOf } from "./common.js";

/** 1 Monday ... 7 Sunday (ISO); a form's select sends it as text, so text digits are read as the number. */
export const DayOfWeek = z.coerce.number().int().min(1).max(7);

/** A time slot of a classroom's week; it serves all the classroom's students or chosen ones. */
export const HourRow = z.object({
  id: z.number(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  dayOfWeek: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  sessionId: z.number().nullable(),
  sessionName: z.string().nullable(),
  label: z.string().nullable(),
  audience: z.enum(["all", "selected"]),
  studentIds: z.array(z.number()),
  createdAt: z.string(),
});
export type HourRow = z.infer<typeof HourRow>;
const hourFields = {
  classroomId: RowId,
  dayOfWeek: DayOfWeek,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  sessionId: RowId.nullish(),
  label: z.string().trim().max(60).nullish(),
};
export const HourCreate = z.object(hourFields);
export const HourUpdate = updateOf(hourFields);

export const hourResource = defineResource({
  path: "hour",
  module: "academics",
  i18n: "hours",
  row: HourRow,
  create: HourCreate,
  update: HourUpdate,
  filters: { classroomId: "exact", dayOfWeek: "exact", sessionId: "exact" },
  search: ["label"],
  sortable: ["dayOfWeek", "startTime"],
  defaultSort: "dayOfWeek",
  columns: [
    { key: "classroomLabel" },
    { key: "dayOfWeek", sortable: true },
    { key: "startTime", sortable: true },
    { key: "endTime" },
    { key: "sessionName" },
    { key: "label" },
    { key: "audience" },
  ],
  fields: [
    { key: "classroomId", kind: "select", ref: { resource: "classRoom", label: "label" }, required: true },
    { key: "dayOfWeek", kind: "select", options: ["1", "2", "3", "4", "5", "6", "7"], required: true },
    { key: "startTime", kind: "text", required: true },
    { key: "endTime", kind: "text", required: true },
    { key: "sessionId", kind: "select", ref: { resource: "session", label: "name" } },
    { key: "label", kind: "text" },
  ],
});

/** POST hour/update-students: the students a slot serves (a tuition hour); empty means the whole classroom. */
export const HourUpdateStudents = z.object({ id: RowId, studentIds: z.array(RowId).max(2000) });

/** The subject and teacher of one slot. */
export const TimetableRow = z.object({
  id: z.number(),
  hourId: z.number(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  dayOfWeek: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  teacherId: z.number().nullable(),
  teacherName: z.string().nullable(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type TimetableRow = z.infer<typeof TimetableRow>;
const timetableFields = {
  hourId: RowId,
  subjectId: RowId,
  teacherId: RowId.nullish(),
  status: ActiveStatus,
};
export const TimetableCreate = z.object({ ...timetableFields, status: ActiveStatus.default("active") });
export const TimetableUpdate = updateOf(timetableFields);

export const timetableResource = defineResource({
  path: "timetable",
  module: "academics",
  i18n: "timetables",
  row: TimetableRow,
  create: TimetableCreate,
  update: TimetableUpdate,
  filters: { classroomId: "exact", subjectId: "exact", teacherId: "exact", status: "exact" },
  search: [],
  sortable: ["createdAt"],
  defaultSort: "createdAt",
  columns: [
    { key: "classroomLabel" },
    { key: "dayOfWeek" },
    { key: "startTime" },
    { key: "subjectName" },
    { key: "teacherName" },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "hourId", kind: "select", ref: { resource: "hour", label: "startTime" }, required: true },
    { key: "subjectId", kind: "select", ref: { resource: "subject", label: "name" }, required: true },
    { key: "teacherId", kind: "select", ref: { resource: "user", label: "name" } },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

export const PeriodStatus = z.enum(["submitted", "approved", "rejected"]);
/** One taught lesson: a date, a slot, a subject, a teacher and the topic. */
export const PeriodRow = z.object({
  id: z.number(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  hourId: z.number().nullable(),
  date: z.string(),
  startTime: z.string().nullable(),
  subjectId: z.number(),
  subjectName: z.string(),
  teacherId: z.number().nullable(),
  teacherName: z.string().nullable(),
  topic: z.string(),
  notes: z.string().nullable(),
  status: PeriodStatus,
  /** app: entered by a signed-in user; open_form: the public form. */
  source: z.enum(["app", "open_form"]),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PeriodRow = z.infer<typeof PeriodRow>;
const periodFields = {
  classroomId: RowId,
  hourId: RowId.nullish(),
  date: DateOnly,
  subjectId: RowId,
  teacherId: RowId.nullish(),
  topic: z.string().trim().min(1).max(300),
  notes: z.string().trim().max(2000).nullish(),
};
export const PeriodCreate = z.object(periodFields);
export const PeriodUpdate = updateOf(periodFields);

export const periodResource = defineResource({
  path: "period",
  module: "academics",
  i18n: "periods",
  row: PeriodRow,
  create: PeriodCreate,
  update: PeriodUpdate,
  filters: { classroomId: "exact", subjectId: "exact", teacherId: "exact", status: "exact", dateFrom: "from", dateTo: "to" },
  search: ["topic"],
  sortable: ["date", "createdAt"],
  defaultSort: "-date",
  columns: [
    { key: "date", kind: "date", sortable: true },
    { key: "classroomLabel" },
    { key: "subjectName" },
    { key: "teacherName" },
    { key: "topic" },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "classroomId", kind: "select", ref: { resource: "classRoom", label: "label" }, required: true },
    { key: "hourId", kind: "select", ref: { resource: "hour", label: "startTime" } },
    { key: "date", kind: "date", required: true },
    { key: "subjectId", kind: "select", ref: { resource: "subject", label: "name" }, required: true },
    { key: "teacherId", kind: "select", ref: { resource: "user", label: "name" } },
    { key: "topic", kind: "text", required: true },
    { key: "notes", kind: "textarea" },
  ],
});

/** POST period/approve: approves (or rejects) submitted periods. */
export const PeriodApprove = z.object({ ids: IdList(500), status: z.enum(["approved", "rejected"]).default("approved") });
/** GET period/filter/by-date. */
export const PeriodByDateQuery = z.object({ date: DateOnly, classroomId: RowId.optional() });
/** GET period/all: every period of a range (no paging), for calendars. */
export const PeriodAllQuery = z.object({ classroomId: RowId.optional(), from: DateOnly.optional(), to: DateOnly.optional(), status: PeriodStatus.optional() });

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
