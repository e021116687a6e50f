import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, RowId, Status } from "../values.js";

/**
 * Prayer (salaah) logs: the school's prayer types (the five daily prayers, Jumuah and its own),
 * options each with a fixed meaning, and one log per student per prayer per day.
 */

/** What an option means, whatever the school calls it: counts and colours follow the meaning. */
export const SALAAH_MEANINGS = ["congregation", "alone", "late", "missed", "excused"] as const;
export const SalaahMeaning = z.enum(SALAAH_MEANINGS);
export type SalaahMeaning = z.infer<typeof SalaahMeaning>;

/** The prayer types every school starts with (kept as `builtinKey`; set inactive, never deleted). */
export const SALAAH_TYPE_KEYS = ["fajr", "zuhr", "asr", "maghrib", "isha", "jumuah"] as const;

export const salaahTypeResource = defineResource({
  path: "salaah-type",
  module: "attendance",
  i18n: "salaah:types",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    order: field.int(0, 99).default(0).sort().column("number"),
    time: field.time().column(),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "order",
});

export const salaahOptionResource = defineResource({
  path: "salaah-option",
  module: "attendance",
  i18n: "salaah:options",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    meaning: field.choice(SalaahMeaning).required().filter().column("status"),
    order: field.int(0, 99).default(0).sort().column("number"),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "order",
});

export const salaahLogResource = defineResource({
  path: "salaah-log",
  module: "attendance",
  i18n: "salaah:logs",
  fields: {
    studentId: field.ref("student").required().filter().column(),
    salaahTypeId: field.ref("salaah-type").required().filter().column(),
    optionId: field.ref("salaah-option").required().filter().column(),
    date: field.date().required().past().filter("range").sort().column("date"),
    note: field.text(200),
  },
  defaultSort: "-date",
});

/** A prayer type as the grid and the grouped reply show it. */
export const SalaahTypeBrief = z.object({
  id: RowId,
  name: z.string(),
  nameNative: z.string().nullable(),
  /** A standard prayer's key (the app names it in the reader's language while the school has not renamed it). */
  builtinKey: z.string().nullable(),
  order: z.number(),
  time: z.string().nullable(),
});
export const SalaahOptionBrief = z.object({
  id: RowId,
  name: z.string(),
  nameNative: z.string().nullable(),
  /** A standard option's key, as for the prayers. */
  builtinKey: z.string().nullable(),
  meaning: SalaahMeaning,
  order: z.number(),
});

/** One student's marks: the student's row (the engine keeps a parent's own children only). */
const StudentMarks = z.object({
  id: RowId,
  admissionNo: z.string(),
  name: z.string(),
  nameNative: z.string().nullable(),
  logs: z.array(z.object({ date: z.string(), salaahTypeId: RowId, optionId: RowId, meaning: SalaahMeaning })),
});

/** A classroom's day, or one student's days, with the school's active types and options. */
const GroupedReply = z.object({
  message: z.string(),
  count: z.number().int(),
  salaahTypes: z.array(SalaahTypeBrief),
  options: z.array(SalaahOptionBrief),
  students: z.array(StudentMarks),
});
export type SalaahGrouped = z.infer<typeof GroupedReply>;

/** The longest range one call reads (two months). */
export const SALAAH_MAX_RANGE_DAYS = 62;

/** GET salaah-log/students: the classroom's children with their marks of one day (the grid). */
export const salaahClassDay = defineAction({
  method: "GET",
  path: "/admin/api/salaah-log/students",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "A classroom's students with their prayer marks of one day (the salaah grid)",
  query: z.object({ classroomId: RowId, date: DateOnly }),
  reply: GroupedReply,
  errors: [404],
});

/** GET salaah-log/salaah-attendance/students: the grouped reply `{count, salaahTypes, students}` for a range. */
export const salaahGrouped = defineAction({
  method: "GET",
  path: "/admin/api/salaah-log/salaah-attendance/students",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "Prayer logs for a date range, grouped by student: {count, salaahTypes, students}",
  description: "Give classroomId (its students now) or studentId. At most 62 days.",
  query: z.object({ classroomId: RowId.optional(), studentId: RowId.optional(), from: DateOnly, to: DateOnly }),
  reply: GroupedReply,
  errors: [404],
});

/** POST bulkupdate: a whole class for one prayer of one day, one transaction, one upsert. */
export const salaahBulkUpdate = defineAction({
  method: "POST",
  path: "/admin/api/salaah-log/salaah-attendance/bulkupdate",
  module: "attendance",
  permission: ["attendance", "add"],
  summary: "Mark one prayer of one day for a whole classroom in one call",
  description:
    "One multi-row upsert keyed by school, student, date and prayer: sending the same marks again changes nothing (changed: 0). " +
    "A date in the future, a student not in the classroom, or a type or option of no such row is refused. " +
    "An entry may carry its own salaahTypeId and date (the body's are the default).",
  body: z.object({
    classroomId: RowId,
    date: DateOnly,
    salaahTypeId: RowId,
    /** An entry may name its own prayer and day (marks kept offline for several prayers, sent at once). */
    entries: z
      .array(z.object({ studentId: RowId, optionId: RowId, salaahTypeId: RowId.optional(), date: DateOnly.optional() }))
      .min(1)
      .max(5000)
      .refine((e) => new Set(e.map((x) => `${x.studentId}/${x.salaahTypeId ?? ""}/${x.date ?? ""}`)).size === e.length, "A student is listed twice"),
  }),
  reply: z.object({ message: z.string(), saved: z.number().int(), changed: z.number().int() }),
  errors: [404],
  refreshes: ["salaah-log"],
});

/** GET user/api/home/salaah: a parent's child's prayers for a week (or any range up to 62 days). */
export const childSalaah = defineAction({
  method: "GET",
  path: "/user/api/home/salaah",
  module: "attendance",
  family: "scoped",
  summary: "A child's prayer logs for a date range (a parent: their own children only)",
  query: z.object({ student: RowId, from: DateOnly, to: DateOnly }),
  reply: GroupedReply,
  errors: [403, 404],
});
