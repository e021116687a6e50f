import { z } from "zod";
import { defineAction } from "../action.js";
import { type AttendanceMeaning, AttendanceMeaning as Meaning } from "../attendance/attendance-codes.js";
import { AttendanceCodeBrief, RegisterLine } from "../attendance/registers.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, Instant, RowId } from "../values.js";
import { HallKind } from "./halls.js";

/** When the roll is called: after lights out, in the evening study hour, or at another time (then `time` says when). */
export const HallCheckSlot = z.enum(["night", "study_hour", "other"]);
export type HallCheckSlot = z.infer<typeof HallCheckSlot>;

/** The school's attendance codes a roll call takes: in the hall, missing, late, excused, or away on leave. */
export const HALL_MEANINGS: readonly AttendanceMeaning[] = ["present", "absent", "late", "excused", "on_leave"];
/** The codes one tap cycles through on the hall register. */
export const HALL_TAP_MEANINGS: readonly AttendanceMeaning[] = ["present", "absent", "on_leave"];

/** One student's mark, by one of the school's attendance codes (the same codes as the class register). */
export const HallMarkInput = z.object({ studentId: RowId, codeId: RowId, note: z.string().trim().max(200).nullish() });
export const HallMark = z.object({
  studentId: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  codeId: z.number(),
  code: z.string(),
  meaning: Meaning,
  note: z.string().nullable(),
});
export type HallMark = z.infer<typeof HallMark>;

/**
 * A roll call of one hall at one time of a day, every student's mark in the one row: one check per
 * hall, date and slot, so the same register sent again replaces its marks.
 */
export const hallCheckResource = defineResource({
  path: "hallcheck",
  module: "halls",
  i18n: "halls:check",
  fields: {
    hallId: field.ref("hall").required().writeOnce().filter(),
    hallName: field.readOnly(z.string()).column("name").summary(),
    date: field.date().past().required().filter("range").sort().column("date"),
    slot: field.choice(HallCheckSlot).required().filter().column("status"),
    time: field.time().column(),
    /** Every student's mark; none given (the office's form) marks the whole hall with the school's default code. */
    marks: field
      .shaped(
        z
          .array(HallMarkInput)
          .max(5000)
          .refine((m) => new Set(m.map((x) => x.studentId)).size === m.length, "A student is listed twice"),
        z.array(HallMark),
      )
      .default([]),
    present: field.readOnly(z.number().int()).column("number"),
    absent: field.readOnly(z.number().int()).column("number"),
    /** Who was not in the hall (absent, or late and not yet in): the office's list. */
    absentees: field.readOnly(z.array(HallMark)).column("tags"),
    takenBy: field.readOnly(z.number().nullable()),
    takenByName: field.readOnly(z.string().nullable()).column(),
    notes: field.longText(500),
  },
  defaultSort: "-date",
  // Served by a filter hook: only the checks that found someone missing.
  filters: { withAbsentees: "exact" },
});
export type HallCheckRow = z.infer<typeof hallCheckResource.row>;

export const HallRegisterReply = z.object({
  message: z.string(),
  hall: z.object({ id: RowId, name: z.string(), kind: HallKind }),
  date: z.string(),
  slot: HallCheckSlot,
  codes: z.array(AttendanceCodeBrief),
  /** The check already taken for this hall, date and slot: saving again replaces it. */
  check: z.object({ id: RowId, time: z.string().nullable(), notes: z.string().nullable(), takenByName: z.string().nullable(), at: Instant }).nullable(),
  lines: z.array(RegisterLine),
});
export type HallRegisterReply = z.infer<typeof HallRegisterReply>;

export const getHallRegister = defineAction({
  method: "GET",
  path: "/admin/api/hallcheck/register",
  module: "halls",
  permission: ["halls", "view"],
  family: "scoped",
  summary: "A hall's roll to mark: its students, the codes, and the check already taken for the date and slot",
  query: z.object({ hallId: RowId, date: DateOnly, slot: HallCheckSlot }),
  reply: HallRegisterReply,
  errors: [404],
});
