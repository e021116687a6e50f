import { z } from "zod";
import { StudentBrief } from "../academics/student.js";
import { defineAction } from "../action.js";
import { DateOnly, RowId } from "../values.js";

/** A student whose birthday is today, with the age they turn. */
export const BirthdayStudent = StudentBrief.extend({ dateOfBirth: z.string(), turns: z.number() });
export type BirthdayStudent = z.infer<typeof BirthdayStudent>;

/**
 * How far a new school has come in setting itself up: how many of each thing it has made, in
 * the order the screens need them (a year, a course and its classes, classrooms, students,
 * enrolments, timetable hours).
 */
export const SetupProgress = z.object({
  batches: z.number(),
  courses: z.number(),
  courseClasses: z.number(),
  classrooms: z.number(),
  students: z.number(),
  enrolments: z.number(),
  hours: z.number(),
});
export type SetupProgress = z.infer<typeof SetupProgress>;
export const SETUP_STEPS = [
  "batches",
  "courses",
  "courseClasses",
  "classrooms",
  "students",
  "enrolments",
  "hours",
] as const satisfies readonly (keyof SetupProgress)[];

export const DashboardSummary = z.object({
  /** Today in the school's time zone, YYYY-MM-DD: the day the birthdays are for. */
  today: z.string(),
  /** Active students. */
  students: z.number(),
  /** The active academic year's active classrooms (0 while no year is active). */
  classrooms: z.number(),
  /** That year (the classrooms list opens on it); null while no year is active. */
  yearId: z.number().nullable(),
  /** Applications waiting for a decision. */
  pendingAdmissions: z.number(),
  /** Active students born on today's day and month (29 February's on 28 February in other years), by name, at most 100. */
  birthdays: z.array(BirthdayStudent),
  setup: SetupProgress,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** GET dashboard/summary: the school at a glance, in one call. */
export const dashboardSummary = defineAction({
  method: "GET",
  path: "/admin/api/dashboard/summary",
  module: "dashboard",
  permission: ["students", "view"],
  family: "scoped",
  summary: "The school at a glance: active students and classrooms, pending admissions, today's birthdays and how far setup has come",
  reply: z.object({ message: z.string(), data: DashboardSummary }),
  // Its figures come from every module.
  reads: "everything",
});

/**
 * The admin dashboard's filters: a batch and a course narrow every student figure to the students
 * actively enrolled in them; from..to (default: the first of this month to today, at most 93 days)
 * is the range of the trends and the month's figures.
 */
export const SchoolDashboardQuery = z.object({
  batch: RowId.optional(),
  course: RowId.optional(),
  from: DateOnly.optional(),
  to: DateOnly.optional(),
});
export type SchoolDashboardQuery = z.infer<typeof SchoolDashboardQuery>;
export const DASHBOARD_MAX_DAYS = 93;

const Count = z.number().int();

/** A day of the attendance trend: marks of the day registers, and the whole-number percentage present. */
export const AttendanceTrendDay = z.object({ date: z.string(), present: Count, absent: Count, marked: Count, percent: z.number().int().nullable() });

/**
 * The school at a glance for the office. Each block is null when the caller's role cannot view the
 * module it comes from (attendance, hifz, exams, fees, admissions, students).
 */
export const SchoolDashboard = z.object({
  today: z.string(),
  from: z.string(),
  to: z.string(),
  batchId: z.number().nullable(),
  courseId: z.number().nullable(),
  students: z
    .object({
      total: Count,
      byStatus: z.array(z.object({ status: z.string(), count: Count })),
      byClass: z.array(z.object({ classroomId: z.number(), label: z.string(), count: Count })),
    })
    .nullable(),
  attendance: z
    .object({
      /** Active students expected today (enrolled in a classroom of the active batch, after the filters). */
      expected: Count,
      present: Count,
      absent: Count,
      notMarked: Count,
      /** Day registers of today's classrooms not taken (null on a day off). */
      registersNotTaken: Count.nullable(),
      registers: Count,
      workingDay: z.boolean(),
      trend: z.array(AttendanceTrendDay),
    })
    .nullable(),
  prayers: z
    .object({
      /** Students with at least one prayer logged today, and the logs of today: prayed (on time, alone, late) or not. */
      studentsLogged: Count,
      logs: Count,
      prayed: Count,
      missed: Count,
    })
    .nullable(),
  hifz: z
    .object({
      /** Active huffaz (after the filters). */
      students: Count,
      /** Pages of new lessons (sabaq) completed over from..to (this month by default). */
      pages: z.number(),
      /** Huffaz whose new lessons over the range fall short of their daily target times its working days (to no later than today). */
      behindTarget: Count,
    })
    .nullable(),
  exams: z
    .object({
      inProgress: z.array(z.object({ id: z.number(), name: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable() })),
      setsPublished: Count,
      setsUnpublished: Count,
    })
    .nullable(),
  fees: z
    .object({
      currency: z.string(),
      /** What there was to collect (minor units): the money that came in from..to (to no later than today) plus what is still owed of the dues that fell due by then, pledges left out. */
      due: z.number(),
      /** The money that came in from..to, by the day it was paid: counter and online, less reversals (the fee ledger's). */
      paid: z.number(),
      rate: z.number().int().nullable(),
      /** Balances past their due date and grace, today, whenever they fell due. */
      overdue: z.number(),
      overdueStudents: Count,
    })
    .nullable(),
  admissions: z.object({ pending: Count }).nullable(),
  staff: z.object({ in: Count, stillIn: Count }).nullable(),
});
export type SchoolDashboard = z.infer<typeof SchoolDashboard>;

/** GET dashboard: the office's figures with filters; a module the role cannot view is null. */
export const schoolDashboard = defineAction({
  method: "GET",
  path: "/admin/api/dashboard",
  module: "dashboard",
  permission: ["students", "view"],
  family: "staff",
  summary: "The school at a glance with filters (batch, course, date range): students, attendance, prayers, hifz, exams, fees, admissions, staff",
  query: SchoolDashboardQuery,
  reply: z.object({ message: z.string(), data: SchoolDashboard }),
  // Its figures come from every module.
  reads: "everything",
});

export const StudentDashboardQuery = z.object({ student: RowId });

/** One paper's result of the student; `published` says whether parents can see it yet. */
export const StudentDashboardResult = z.object({
  examId: z.number(),
  examName: z.string(),
  subject: z.string(),
  date: z.string().nullable(),
  marks: z.number().nullable(),
  maxMarks: z.number(),
  status: z.string(),
  published: z.boolean(),
});

/** One child's year in one page for the office: the active batch (or the last twelve months without one). */
export const StudentDashboard = z.object({
  student: StudentBrief.extend({ classroomLabel: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  attendance: z
    .object({ marked: Count, present: Count, absent: Count, presentPercent: z.number().int().nullable(), absentPercent: z.number().int().nullable() })
    .nullable(),
  prayers: z.object({ logs: Count, prayed: Count, missed: Count, percent: z.number().int().nullable() }).nullable(),
  hifz: z
    .object({
      enrolled: z.boolean(),
      memorisedPages: z.number(),
      pagesThisMonth: z.number(),
      /** The last new lesson's range ("Al-Baqarah 1-5"), null before the first. */
      position: z.string().nullable(),
      behindTarget: z.boolean().nullable(),
    })
    .nullable(),
  results: z.array(StudentDashboardResult).nullable(),
  fees: z.object({ currency: z.string(), due: z.number(), paid: z.number(), balance: z.number(), overdue: z.number() }).nullable(),
  tasks: z.object({ set: Count, done: Count }).nullable(),
});
export type StudentDashboard = z.infer<typeof StudentDashboard>;

/** GET dashboard/student: one child's year for the office. Another school's student answers 404. */
export const studentDashboard = defineAction({
  method: "GET",
  path: "/admin/api/dashboard/student",
  module: "dashboard",
  permission: ["students", "view"],
  family: "staff",
  summary: "One student's year in one page: attendance, prayers, hifz, results (published or not), fees, tasks",
  query: StudentDashboardQuery,
  reply: z.object({ message: z.string(), data: StudentDashboard }),
  errors: [404],
  // Its figures come from every module.
  reads: "everything",
});
