import { z } from "zod";
import { StudentBrief } from "../academics/student.js";
import { defineAction } from "../action.js";

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
  /** Active classrooms. */
  classrooms: z.number(),
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
  summary: "The school at a glance: active students and classrooms, pending admissions, today's birthdays and how far setup has come",
  reply: z.object({ message: z.string(), data: DashboardSummary }),
});
