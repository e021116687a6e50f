import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Status } from "../values.js";

/**
 * A school's attendance codes ("P", "A", "L", "ML", ...), each mapped to a fixed meaning: counts,
 * percentages, alerts and the spec's PRESENT/ABSENT follow the meaning, never the school's letters.
 */
export const ATTENDANCE_MEANINGS = ["present", "absent", "late", "excused", "on_leave", "half_day"] as const;
export const AttendanceMeaning = z.enum(ATTENDANCE_MEANINGS);
export type AttendanceMeaning = z.infer<typeof AttendanceMeaning>;

/** What the spec's client reads (home data, period attendance): present or not in class. */
export const AttendanceStatus = z.enum(["PRESENT", "ABSENT"]);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

/** A late or half-day child was in class; excused and on leave were not (percentages decide apart). */
export const statusOf = (meaning: AttendanceMeaning): AttendanceStatus =>
  meaning === "absent" || meaning === "excused" || meaning === "on_leave" ? "ABSENT" : "PRESENT";

/** The codes a tap cycles through on the register; the rest are a long press away. */
export const COMMON_MEANINGS: readonly AttendanceMeaning[] = ["present", "absent", "late"];

export const attendanceCodeResource = defineResource({
  path: "attendance-code",
  module: "attendance",
  i18n: "attendance:codes",
  fields: {
    code: field.text(8).required().search().sort().column().summary(),
    name: field.text(60).required().search().column(),
    meaning: field.choice(AttendanceMeaning).required().filter().column("status"),
    isDefault: field.bool().default(false).column(),
    order: field.int(0, 99).default(0).sort().column("number"),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "order",
});

/** How a school counts attendance. */
export const AttendanceRules = z.object({
  /** How many days back a teacher may still change a register; later changes need the admin. */
  editDays: z.number().int().min(0).max(365),
  /** Whether an excused absence counts as present in percentages. */
  excusedCountsPresent: z.boolean(),
  /** The least percentage a student must reach; below it (or unable to reach it) is flagged. */
  minimumPercent: z.number().int().min(0).max(100),
  /** How a day follows from periods: the first period, or present in at least `minPeriods`. */
  dayFromPeriods: z.enum(["first_period", "min_periods"]),
  minPeriods: z.number().int().min(1).max(20),
  /** Whether parents are told when their child is marked absent. */
  absenceAlerts: z.boolean(),
});
export type AttendanceRules = z.infer<typeof AttendanceRules>;

export const DEFAULT_ATTENDANCE_RULES: AttendanceRules = {
  editDays: 3,
  excusedCountsPresent: false,
  minimumPercent: 75,
  dayFromPeriods: "first_period",
  minPeriods: 1,
  absenceAlerts: true,
};

export const getAttendanceRules = defineAction({
  method: "GET",
  path: "/admin/api/attendance/rules",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "How the school counts attendance",
  reply: z.object({ message: z.string(), data: AttendanceRules }),
});

export const updateAttendanceRules = defineAction({
  method: "PUT",
  path: "/admin/api/attendance/rules",
  module: "attendance",
  permission: ["settings", "edit"],
  summary: "Change how the school counts attendance",
  body: AttendanceRules.partial(),
  reply: z.object({ message: z.string(), data: AttendanceRules }),
  // Hall checks mark with the attendance codes.
  invalidates: ["attendance", "halls"],
});
