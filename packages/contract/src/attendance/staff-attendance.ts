import { z } from "zod";
import { defineAction } from "../action.js";
import { DateOnly, Instant, RowId } from "../values.js";
import { AttendanceStatus } from "./attendance-codes.js";

/** Staff mark themselves in and out; the office sees who is in today. */

export const StaffDay = z.object({ userId: RowId, name: z.string(), date: z.string(), inAt: Instant, outAt: Instant.nullable() });
export type StaffDay = z.infer<typeof StaffDay>;

export const StaffPunch = z.object({
  action: z.enum(["in", "out"]),
  /** Another staff member, marked by the office (needs attendance edit); left out: the caller. */
  userId: RowId.optional(),
});

const PunchReply = z.object({ message: z.string(), data: StaffDay });

export const staffPunch = defineAction({
  method: "POST",
  path: "/admin/api/attendance",
  module: "attendance",
  summary: "Staff attendance: mark in or out (oneself, or another with attendance edit)",
  body: StaffPunch,
  reply: PunchReply,
  errors: [403, 404, 409],
  refreshes: ["attendance"],
});

export const homeStaffPunch = defineAction({
  method: "POST",
  path: "/user/api/home/attendance",
  module: "attendance",
  summary: "Staff or Muawin in the parent area: mark oneself in or out",
  body: StaffPunch.pick({ action: true }),
  reply: PunchReply,
  errors: [403, 409],
});

export const todaysAttendance = defineAction({
  method: "GET",
  path: "/admin/api/attendance/todays-attendance",
  module: "attendance",
  family: "scoped",
  summary: "Today's staff attendance: the caller's own, and who is in (for attendance viewers)",
  reply: z.object({
    message: z.string(),
    date: z.string(),
    me: StaffDay.nullable(),
    status: AttendanceStatus.nullable(),
    staff: z.array(StaffDay),
    inCount: z.number().int(),
  }),
});

/** A parent's child's attendance for a range (the parent area's week and month). */
export const childAttendance = defineAction({
  method: "GET",
  path: "/user/api/home/attendance",
  module: "attendance",
  family: "scoped",
  summary: "A child's day attendance for a range (a parent reaches their own children)",
  query: z.object({ studentId: RowId, from: DateOnly, to: DateOnly }),
  reply: z.object({
    message: z.string(),
    studentId: RowId,
    attendances: z.array(z.object({ date: z.string(), status: AttendanceStatus, meaning: z.string(), code: z.string() })),
    presentCount: z.number().int(),
    absentCount: z.number().int(),
    totalCount: z.number().int(),
    present: z.number().int(),
    absent: z.number().int(),
  }),
  errors: [404],
});
