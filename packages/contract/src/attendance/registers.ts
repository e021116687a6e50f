import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply, IdParams } from "../action.js";
import { DateOnly, Instant, RowId } from "../values.js";
import { AttendanceMeaning, AttendanceRules, AttendanceStatus } from "./attendance-codes.js";

/**
 * Registers: a classroom marked for a day (hourId null) or for one timetable hour, in one call
 * that is one multi-row upsert keyed by school, student, date and hour.
 */

/** The longest range one call reads (a term's month view needs 31; a report two months). */
export const ATTENDANCE_MAX_RANGE_DAYS = 62;
/** Percentages read totals, not marks: a whole school year at once (who cannot reach the minimum this term). */
export const PERCENTAGE_MAX_RANGE_DAYS = 366;

export const AttendanceCodeBrief = z.object({ id: RowId, code: z.string(), name: z.string(), meaning: AttendanceMeaning, isDefault: z.boolean() });
export type AttendanceCodeBrief = z.infer<typeof AttendanceCodeBrief>;

/** One mark as lists and the spec's client read it (`status` PRESENT or ABSENT). */
export const AttendanceMark = z.object({
  id: RowId,
  studentId: RowId,
  classroomId: RowId,
  date: z.string(),
  hourId: RowId.nullable(),
  codeId: RowId,
  code: z.string(),
  meaning: AttendanceMeaning,
  status: AttendanceStatus,
  note: z.string().nullable(),
  markedBy: RowId.nullable(),
  updatedAt: Instant,
});
export type AttendanceMark = z.infer<typeof AttendanceMark>;

export const listAttendance = defineAction({
  method: "GET",
  path: "/admin/api/attendance",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "Attendance marks, filtered by classroom, student, hour and date range",
  query: z.object({
    classroomId: RowId.optional(),
    studentId: RowId.optional(),
    hourId: RowId.optional(),
    date: DateOnly.optional(),
    from: DateOnly.optional(),
    to: DateOnly.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
  reply: z.object({ rows: z.array(AttendanceMark), count: z.number().int(), message: z.string() }),
});

/** One child's line on the register to mark. */
export const RegisterLine = z.object({
  studentId: RowId,
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  rollNo: z.number().int().nullable(),
  mark: z.object({ codeId: RowId, meaning: AttendanceMeaning, note: z.string().nullable(), updatedAt: Instant }).nullable(),
  /** An approved leave covers the day: the register opens on leave for this child. */
  onLeave: z.boolean(),
});
export type RegisterLine = z.infer<typeof RegisterLine>;

export const RegisterReply = z.object({
  message: z.string(),
  classroom: z.object({ id: RowId, label: z.string() }),
  date: z.string(),
  hourId: RowId.nullable(),
  codes: z.array(AttendanceCodeBrief),
  /** Whether this caller may still change it (false: too old for a teacher, or not a working day). */
  editable: z.boolean(),
  lockedReason: z.string().nullable(),
  taken: z.object({ byName: z.string(), at: Instant }).nullable(),
  lines: z.array(RegisterLine),
});
export type RegisterReply = z.infer<typeof RegisterReply>;

export const getRegister = defineAction({
  method: "GET",
  path: "/admin/api/attendance/register",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "A classroom's register of one day or one timetable hour, to mark",
  query: z.object({ classroomId: RowId, date: DateOnly, hourId: RowId.optional() }),
  reply: RegisterReply,
  errors: [404],
});

export const MarkInput = z.object({
  studentId: RowId,
  codeId: RowId,
  note: z.string().trim().max(200).nullish(),
  /** The mark's `updatedAt` on the register the saver loaded (null or left out: it showed none). */
  seen: Instant.nullable().optional(),
  /**
   * The mark's code on the register the saver loaded (null: none). A mark someone else changed
   * since is kept when `codeId` equals this (the saver left it as it was) and refuses the save
   * (409 attendance.register_changed) when the saver changed it too. Left out: any change since
   * `seen` by someone else refuses the save.
   */
  seenCodeId: RowId.nullable().optional(),
});
export type MarkInput = z.infer<typeof MarkInput>;

export const SaveRegister = z.object({
  classroomId: RowId,
  date: DateOnly,
  hourId: RowId.nullish(),
  /** The device's id for this save: the same id sent again is answered without saving twice. */
  clientBatchId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Give 8 to 64 letters, digits, - or _")
    .optional(),
  marks: z
    .array(MarkInput)
    .min(1)
    .max(500)
    .refine((m) => new Set(m.map((x) => x.studentId)).size === m.length, "A student is listed twice"),
});
export type SaveRegister = z.infer<typeof SaveRegister>;

export const AttendanceTotals = z.object({
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  on_leave: z.number().int(),
  half_day: z.number().int(),
});
export type AttendanceTotals = z.infer<typeof AttendanceTotals>;

const MarkBrief = z.object({ codeId: RowId, code: z.string(), meaning: AttendanceMeaning });

/** A child's mark that someone else changed after the saver loaded the register, which the save changes too. */
export const MarkConflict = z.object({
  studentId: RowId,
  name: z.string(),
  date: z.string(),
  /** The mark on the server: what it is, who made it and when (`at`, to send back as `seen`). */
  theirs: MarkBrief.extend({ byName: z.string(), at: Instant }),
  /** The mark the refused save carried. */
  mine: MarkBrief,
});
export type MarkConflict = z.infer<typeof MarkConflict>;

/** The params of a 409 attendance.register_changed: nothing was saved; the saver chooses and sends again. */
export const RegisterChanged = z.object({ field: z.literal("marks"), count: z.number().int(), conflicts: z.array(MarkConflict) });
export type RegisterChanged = z.infer<typeof RegisterChanged>;

export const SaveRegisterReply = z.object({
  message: z.string(),
  /** Marks in the register after the call. */
  saved: z.number().int(),
  /** Rows written or changed by this call (0 when the same register is sent again). */
  changed: z.number().int(),
  /** True when this clientBatchId was saved before: nothing was written again. */
  duplicate: z.boolean(),
  totals: AttendanceTotals,
  /** Parents told of an absence by this call. */
  notified: z.number().int(),
});
export type SaveRegisterReply = z.infer<typeof SaveRegisterReply>;

export const saveRegister = defineAction({
  method: "PUT",
  path: "/admin/api/attendance",
  module: "attendance",
  permission: ["attendance", "add"],
  summary: "Save a classroom's register (a day or an hour) in one call",
  description:
    "One transaction, one multi-row upsert keyed by school, student, date and hour: the same register twice changes nothing, two teachers at once never " +
    "double a row. Saved by the class teacher, the hour's teacher (an hour's register), a teacher of a class without a class teacher (its day register), or a " +
    "role that may manage attendance; anyone else is refused (403 attendance.not_your_register). A save that changes a mark someone else changed after the " +
    "saver loaded it (see `seen` and `seenCodeId`) saves nothing and answers 409 attendance.register_changed with those marks (who, when, which child, " +
    "both codes); a mark the saver left as it was keeps the other person's change. Also refused: a date in the future, outside the classroom's batch, on a " +
    "day the school does not work, a student not in the classroom (404 for another school's), a register older than the school's editing window unless " +
    "the caller may delete marks (then audited). Absent children's parents are told once per child per day.",
  body: SaveRegister,
  reply: SaveRegisterReply,
  errors: [404, 409],
  refreshes: ["attendance"],
});

export const deleteAttendanceMark = defineAction({
  method: "DELETE",
  path: "/admin/api/attendance/:id",
  module: "attendance",
  permission: ["attendance", "delete"],
  summary: "Remove one attendance mark",
  params: IdParams,
  reply: z.object({ message: z.string() }),
  errors: [404],
  refreshes: ["attendance"],
});

/** One period (timetable hour) of a student's day, with the mark if there is one. */
const PeriodMark = z.object({
  hourId: RowId,
  startTime: z.string(),
  endTime: z.string(),
  label: z.string().nullable(),
  status: AttendanceStatus.nullable(),
  meaning: AttendanceMeaning.nullable(),
  code: z.string().nullable(),
});

export const studentDayAttendance = defineAction({
  method: "GET",
  path: "/admin/api/period/attendance-student",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "One student's attendance of one day, by period",
  query: z.object({ studentId: RowId, date: DateOnly }),
  reply: z.object({
    message: z.string(),
    studentId: RowId,
    date: z.string(),
    day: z.object({ status: AttendanceStatus, meaning: AttendanceMeaning, code: z.string() }).nullable(),
    attendances: z.array(PeriodMark),
    /** Present for the day but absent from a period: the "not in class" list. */
    notInClass: z.boolean(),
  }),
  errors: [404],
});

/** Today's state of every classroom, for the office. */
export const registersOfDay = defineAction({
  method: "GET",
  path: "/admin/api/attendance/registers",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "Every classroom's day register of a date: taken or not, by whom, with counts",
  query: z.object({ date: DateOnly.optional() }),
  reply: z.object({
    message: z.string(),
    date: z.string(),
    workingDay: z.boolean(),
    rows: z.array(
      z.object({
        classroomId: RowId,
        label: z.string(),
        students: z.number().int(),
        taken: z.boolean(),
        byName: z.string().nullable(),
        at: Instant.nullable(),
        present: z.number().int(),
        absent: z.number().int(),
      }),
    ),
  }),
});

export const missingRegisters = defineAction({
  method: "GET",
  path: "/admin/api/attendance/missing",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "Day registers not taken on the school's working days of a range",
  query: z.object({ from: DateOnly, to: DateOnly }),
  reply: z.object({ message: z.string(), count: z.number().int(), rows: z.array(z.object({ classroomId: RowId, label: z.string(), date: z.string() })) }),
});

const Percent = z.number().nullable();
export const attendancePercentages = defineAction({
  method: "GET",
  path: "/admin/api/attendance/percentages",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "Attendance percentages per student, class and school for a range, with flagged students",
  query: z.object({ from: DateOnly, to: DateOnly, classroomId: RowId.optional() }),
  reply: z.object({
    message: z.string(),
    rules: AttendanceRules,
    school: z.object({ percent: Percent, marked: z.number().int() }),
    classes: z.array(z.object({ classroomId: RowId, label: z.string(), percent: Percent, marked: z.number().int() })),
    students: z.array(
      z.object({
        studentId: RowId,
        name: z.string(),
        classroomId: RowId,
        present: z.number().int(),
        marked: z.number().int(),
        percent: Percent,
        /** Below the school's minimum now. */
        flagged: z.boolean(),
        /** Cannot reach the minimum by the end of the batch even if present every remaining working day. */
        cannotReach: z.boolean(),
      }),
    ),
  }),
  errors: [404],
});

export const MonthlySheetQuery = z.object({ classroomId: RowId, month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM") });

export const MonthlySheet = z.object({
  message: z.string(),
  classroom: z.object({ id: RowId, label: z.string() }),
  month: z.string(),
  days: z.array(z.object({ date: z.string(), working: z.boolean(), present: z.number().int(), marked: z.number().int() })),
  students: z.array(
    z.object({
      studentId: RowId,
      name: z.string(),
      admissionNo: z.string(),
      rollNo: z.number().int().nullable(),
      /** The code of each day of the month, "" where none. */
      codes: z.array(z.string()),
      present: z.number().int(),
      absent: z.number().int(),
      marked: z.number().int(),
      percent: Percent,
    }),
  ),
});
export type MonthlySheet = z.infer<typeof MonthlySheet>;

export const monthlySheet = defineAction({
  method: "GET",
  path: "/admin/api/attendance/monthly-sheet",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "A classroom's month: children by days, with totals and percentages",
  query: MonthlySheetQuery,
  reply: MonthlySheet,
  errors: [404],
});

export const monthlySheetExport = defineAction({
  method: "GET",
  path: "/admin/api/attendance/monthly-sheet/export",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "staff",
  summary: "The monthly sheet as a spreadsheet (attendance-<class>-<YYYY-MM>.xlsx)",
  query: MonthlySheetQuery,
  reply: fileReply(FILE_TYPES.xlsx, "attendance-{class}-{YYYY-MM}.xlsx"),
  errors: [404],
});

/** Many day registers of one classroom in one call: an office catching up a term's paper registers. */
export const saveRegisters = defineAction({
  method: "PUT",
  path: "/admin/api/attendance/bulk",
  module: "attendance",
  permission: ["attendance", "delete"],
  summary: "Save a classroom's day registers of many days in one call (a term's paper registers)",
  description:
    "One transaction; one multi-row upsert for all the days. Each day is checked as a single register is (who may save it, not in the future, inside the " +
    "batch, a working day, every child in the classroom on that day, no mark someone else made that this call would change unseen: 409). Parents are not " +
    "alerted: these are days gone. The same call twice changes nothing.",
  body: z.object({
    classroomId: RowId,
    days: z
      .array(
        z.object({
          date: DateOnly,
          marks: z
            .array(MarkInput.pick({ studentId: true, codeId: true, seen: true, seenCodeId: true }))
            .min(1)
            .max(500),
        }),
      )
      .min(1)
      .max(ATTENDANCE_MAX_RANGE_DAYS * 2)
      .refine((d) => new Set(d.map((x) => x.date)).size === d.length, "A day is listed twice"),
  }),
  reply: z.object({ message: z.string(), days: z.number().int(), changed: z.number().int() }),
  errors: [404, 409],
  refreshes: ["attendance"],
});
