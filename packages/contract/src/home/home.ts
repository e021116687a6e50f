import { z } from "zod";
import { defineAction } from "../action.js";
import { AttendanceMeaning, AttendanceStatus } from "../attendance/attendance-codes.js";
import { SalaahMeaning } from "../attendance/salaah.js";
import { LogStatus } from "../hifz/logs.js";
import { ChildTask } from "../tasks/task-calls.js";
import { Instant, RowId } from "../values.js";

/**
 * The parent's home: one call gathers a child's day and week from the modules that own each
 * figure (attendance, salaah, tasks, hifz, exams, fees, timetable, materials, notifications).
 * Field names follow spec 000 §3 "Home data"; `today` holds what the home's cards show.
 */

/** The child the reply is about. */
export const HomeStudent = z.object({
  id: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
});

/** A subject the child is taught: their classroom's course class subjects and timetable. */
export const HomeSubject = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
});

/** One of the child's enrolments (current and past), newest first. */
export const HomeEnrollment = z.object({
  id: z.number(),
  classroomId: z.number(),
  /** "Class 5-A". */
  className: z.string(),
  batchId: z.number(),
  batchName: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  /** The enrolment's status (active, completed, transferred, ...). */
  status: z.string(),
  startedOn: z.string(),
});
export type HomeEnrollment = z.infer<typeof HomeEnrollment>;

/** The class the child is in now (the newest active enrolment). */
export const HomeClass = HomeEnrollment.pick({
  classroomId: true,
  className: true,
  batchId: true,
  batchName: true,
  courseId: true,
  courseName: true,
}).extend({ enrollmentId: z.number() });

/** The child's mark in one register. */
export const HomeAttendanceMark = z.object({
  /** PRESENT or ABSENT, as the spec's client reads it (late and half day count present). */
  status: AttendanceStatus,
  /** What the school's code means: present, absent, late, excused, on_leave, half_day. */
  meaning: AttendanceMeaning,
  /** The school's letter for it ("P", "A", "L"). */
  code: z.string(),
});

/**
 * One register taken of the child's classroom (the day's, or one timetable hour's) and the
 * child's mark in it; `attendances` is empty when the child was not marked in it.
 */
export const HomeAttendanceEntry = z.object({
  date: z.string(),
  /** The timetable hour, or null for the day's register. */
  hourId: z.number().nullable(),
  /** The hour's start time ("08:00"), or null for the day's register. */
  startTime: z.string().nullable(),
  attendances: z.array(HomeAttendanceMark),
});
export type HomeAttendanceEntry = z.infer<typeof HomeAttendanceEntry>;

/** The child's attendance of one day: the day's register, else the first marked hour. */
export const HomeAttendanceDay = z.object({
  date: z.string(),
  /** null: no register taken for the child that day. */
  status: AttendanceStatus.nullable(),
  meaning: AttendanceMeaning.nullable(),
  code: z.string().nullable(),
});

/** One prayer logged for the child. */
export const HomePrayer = z.object({
  salaahTypeId: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  /** A standard prayer's key (the app names it in the reader's language while the school has not renamed it). */
  builtinKey: z.string().nullable(),
  /** How it was prayed: congregation, alone, late, missed, excused. */
  meaning: SalaahMeaning,
});

/** The child's prayers of one day. */
export const HomeSalaahDay = z.object({
  date: z.string(),
  /** Prayers logged prayed (congregation, alone or late) that day. */
  prayed: z.number().int(),
  /** The school's daily prayers (active prayer types other than Jumuah): usually 5. */
  of: z.number().int(),
  logs: z.array(HomePrayer),
});

/** One day of a comparison chart: the child's value and the class's average, whole per cent. */
export const ComparisonDay = z.object({
  date: z.string(),
  /** The child's value that day, 0-100; null when nothing was recorded for the child. */
  child: z.number().int().nullable(),
  /** The average over the child's classroom that day, 0-100; null when nothing was recorded. */
  classAverage: z.number().int().nullable(),
});
export type ComparisonDay = z.infer<typeof ComparisonDay>;

/** Today's attendance at a glance: `not_taken` until a register of the child's class has marked them. */
export const TodayAttendanceState = z.enum(["present", "absent", "late", "not_taken"]);
export type TodayAttendanceState = z.infer<typeof TodayAttendanceState>;

/** What the home's cards show for today (the school's date in its time zone). */
export const HomeToday = z.object({
  /** Today's date in the school's time zone (YYYY-MM-DD). */
  date: z.string(),
  attendance: z.object({
    state: TodayAttendanceState,
    /** The school's code and its meaning when marked (an excused day shows `absent` with meaning excused). */
    code: z.string().nullable(),
    meaning: AttendanceMeaning.nullable(),
  }),
  /** Today's prayers: how many of the daily prayers were logged prayed, and which were logged. */
  prayers: HomeSalaahDay,
  /** The next lesson of the child's timetable from now (today's, else the next school day's); null with no timetable. */
  nextLesson: z
    .object({
      /** The day it falls on (today or a later date). */
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      subjectId: z.number().nullable(),
      /** The subject, or the hour's label when no subject is set for it. */
      subjectName: z.string().nullable(),
      teacherName: z.string().nullable(),
    })
    .nullable(),
  /** The child's latest memorisation lesson: the newest day's sabaq (else its first recitation); null: not a hafiz, or none yet. */
  hifz: z
    .object({
      logId: z.number(),
      date: z.string(),
      /** Sabaq, sabqi, manzil: the school's name for what was recited. */
      recitationTypeName: z.string(),
      /** A standard recitation type's key, as for the prayers. */
      recitationTypeKey: z.string().nullable(),
      /** surah:ayah–surah:ayah. */
      range: z.string(),
      pages: z.number(),
      status: LogStatus,
      /** 1 (weak) to 5 (excellent); null when not graded. */
      grade: z.number().nullable(),
      /** The child's mistakes not yet resolved, over all their lessons. */
      openMistakes: z.number().int(),
    })
    .nullable(),
  /** The next fee with a balance (the oldest overdue first); null when nothing is owed. */
  feeDue: z
    .object({
      dueId: z.number(),
      /** What is still owed of it, in minor units (paise, fils, cents). */
      amount: z.number().int(),
      /** ISO 4217 code of the school's currency. */
      currency: z.string(),
      dueDate: z.string(),
      /** Past its due date and not paid. */
      overdue: z.boolean(),
      /** The fee's name ("Tuition, term 1"). */
      name: z.string(),
    })
    .nullable(),
  /** The latest published exam result (never an unpublished one); null when none is published. */
  latestResult: z
    .object({
      /** Where it comes from: an exam set, or a term examination's mark sheet. */
      kind: z.enum(["examset", "exammaster"]),
      /** The set's (or examination's) id, as /parent/results opens it. */
      id: z.number(),
      name: z.string(),
      /** Overall percentage to two places; null until a subject is marked. */
      percent: z.number().nullable(),
      grade: z.string().nullable(),
      passed: z.boolean().nullable(),
    })
    .nullable(),
  /** The newest study materials that reach the child (at most 5), newest first. */
  materials: z.array(z.object({ id: z.number(), title: z.string() })),
  /** The signed-in person's unread notifications. */
  unreadNotifications: z.number().int(),
});
export type HomeToday = z.infer<typeof HomeToday>;

export const HomeData = z.object({
  student: HomeStudent,
  subjects: z.array(HomeSubject),
  enrollments: z.array(HomeEnrollment),
  /** The class the child is in now; null when not enrolled. */
  enrolledClass: HomeClass.nullable(),
  /** Every register of the child's classroom(s) taken in the last 30 days up to today, newest first. */
  attendance: z.array(HomeAttendanceEntry),
  /** The child's attendance on each of the last 7 school days, oldest first (today last when a school day). */
  weeklyAttendance: z.array(HomeAttendanceDay),
  /** The child's prayers on each of the last 7 days, oldest first, today last. */
  weeklySalaahLogs: z.array(HomeSalaahDay),
  /** Today's tasks of the child not done yet. */
  todaysPendingTasks: z.array(ChildTask),
  /** Per day of the last 7 days: prayers prayed of the daily prayers, the child against the class average. */
  salaahComparisonData: z.array(ComparisonDay),
  /** Per day of the last 7 school days: present (late, half day) of marked, the child against the class. */
  attendanceComparisonData: z.array(ComparisonDay),
  today: HomeToday,
  /** When the figures were computed (ISO): the phone shows it with data kept offline. */
  asOf: Instant,
});
export type HomeData = z.infer<typeof HomeData>;

/** The counts and whole-number percentages the spec's client derives from `attendance`. */
export interface HomeAttendanceTotals {
  presentCount: number;
  absentCount: number;
  totalCount: number;
  presentPercent: number;
  absentPercent: number;
}

/**
 * Totals over the home's `attendance` entries: an entry counts once, by the child's first mark
 * in it; an entry without a mark of the child is not counted. `presentPercent` is rounded to a
 * whole number and `absentPercent` is the rest, so the two always add up to 100 (0 and 0 with
 * nothing marked).
 */
export function attendanceTotals(home: Pick<HomeData, "attendance">): HomeAttendanceTotals {
  let presentCount = 0;
  let absentCount = 0;
  for (const entry of home.attendance) {
    const mark = entry.attendances[0];
    if (!mark) continue;
    if (mark.status === "PRESENT") presentCount++;
    else absentCount++;
  }
  const totalCount = presentCount + absentCount;
  const presentPercent = totalCount ? Math.round((presentCount * 100) / totalCount) : 0;
  return { presentCount, absentCount, totalCount, presentPercent, absentPercent: totalCount ? 100 - presentPercent : 0 };
}

const StudentQuery = z.object({ student: RowId });

/**
 * GET user/api/home?student=: a child's home data. A person reaches only the children linked to
 * them (guardians); any other id answers 404.
 */
export const homeData = defineAction({
  method: "GET",
  path: "/user/api/home",
  module: "account",
  family: "scoped",
  summary: "A child's home: today at a glance, the week against the class, tasks, hifz, results, fees (own children only)",
  query: StudentQuery,
  reply: z.object({ message: z.string(), data: HomeData }),
  errors: [404],
  // A child's day from every module: attendance, fees, hifz, tasks, results, notices.
  reads: "everything",
});

/** One hour of a week as the home's timetable shows it. */
export const HomeHour = z.object({
  id: z.number(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  /** 1 Monday ... 7 Sunday. */
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  label: z.string().nullable(),
  sessionName: z.string().nullable(),
});

/** A subject taught in an hour, and by whom. */
export const HomeTimetableEntry = z.object({
  id: z.number(),
  hourId: z.number(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  teacherId: z.number().nullable(),
  teacherName: z.string().nullable(),
});

/**
 * GET user/api/home/timetable: with `student`, that child's classroom week (a parent: own
 * children only, else 404); without it, a teaching profile's own hours (what they teach).
 */
export const homeTimetable = defineAction({
  method: "GET",
  path: "/user/api/home/timetable",
  module: "account",
  family: "scoped",
  summary: "A child's classroom week (own children only), or without a student the caller's own teaching hours",
  query: z.object({ student: RowId.optional() }),
  reply: z.object({
    message: z.string(),
    /** The subjects of the week's hours, by day and start time. */
    timetable: z.array(HomeTimetableEntry),
    /** The week's hours (an hour may have no subject yet), by day and start time. */
    hours: z.array(HomeHour),
  }),
  errors: [404],
  reads: ["account", "academics"],
});

/**
 * GET user/api/home/get-course-subjects/{id}: a course's subjects. A parent reaches only a course
 * one of their children is enrolled in (else 404); staff any course of the school.
 */
export const homeCourseSubjects = defineAction({
  method: "GET",
  path: "/user/api/home/get-course-subjects/:id",
  module: "account",
  family: "scoped",
  summary: "A course's subjects (a parent: only a course one of their children is enrolled in)",
  params: z.object({ id: RowId }),
  reply: z.object({ message: z.string(), rows: z.array(HomeSubject), count: z.number().int() }),
  errors: [404],
  reads: ["account", "academics"],
});
