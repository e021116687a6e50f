import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { SURAHS } from "../quran/quran-index.js";
import { defineResource } from "../resource.js";
import { DateOnly, RowId } from "../values.js";

/**
 * A hafiz: a student in the memorisation programme, with their teacher, halqa, the mushaf layout
 * they keep for years, the direction they memorise in (many start from Juz Amma and go backwards
 * surah by surah), a daily target and the days in which they revise everything (the manzil cycle).
 */

export const HIFZ_DIRECTIONS = ["forward", "backward"] as const;
export const HifzDirection = z.enum(HIFZ_DIRECTIONS);
export type HifzDirection = z.infer<typeof HifzDirection>;

/** Where a hafiz with nothing recited yet starts: Al-Fatiha going forward, An-Nas going backward (Juz Amma first). */
export const firstLessonAyah = (direction: HifzDirection) => (direction === "forward" ? 1 : SURAHS[113]!.firstAyah);

export const TARGET_UNITS = ["lines", "pages", "ayahs"] as const;
export const TargetUnit = z.enum(TARGET_UNITS);

export const DEFAULT_LAYOUT_NAME = "madani-604";

/** quran: the whole Quran; juz_range: fromJuz to toJuz. */
export const HafizTarget = z.enum(["quran", "juz_range"]);
export const HAFIZ_STATUSES = ["active", "paused", "completed", "left"] as const;
export const HafizStatus = z.enum(HAFIZ_STATUSES);

const juzRangeGiven = (b: { target?: string; fromJuz?: number | null; toJuz?: number | null }) => b.target !== "juz_range" || (!!b.fromJuz && !!b.toJuz);
const JUZ_RANGE = { message: "A juz range needs fromJuz and toJuz", path: ["fromJuz"] };

export const hafizResource = defineResource({
  path: "hafiz",
  module: "hifz",
  i18n: "hifz:hafiz",
  fields: {
    studentId: field.ref("student").required().filter().writeOnce(),
    studentName: field.readOnly(z.string()).column("name").summary(),
    admissionNo: field.readOnly(z.string()).column(),
    teacherId: field.ref("user").filter(),
    teacherName: field.readOnly(z.string().nullable()).column("name"),
    recitationGroupId: field.ref("recitation-group").filter(),
    recitationGroupName: field.readOnly(z.string().nullable()).column(),
    layoutName: field.text(60).default(DEFAULT_LAYOUT_NAME),
    direction: field.choice(HifzDirection).default("backward").filter(),
    targetUnit: field.choice(TargetUnit).default("lines"),
    dailyTarget: field.int(1, 200).default(5),
    /** Days in which every memorised juz is revised once. */
    manzilCycleDays: field.int(1, 365).default(30),
    target: field.choice(HafizTarget).default("quran"),
    fromJuz: field.int(1, 30),
    toJuz: field.int(1, 30),
    courseId: field.ref("course").filter(),
    startedOn: field.date().sort().column("date"),
    status: field.choice(HafizStatus).default("active").filter().column("status"),
  },
  defaultSort: "-createdAt",
  refine: (create) => create.refine(juzRangeGiven, JUZ_RANGE),
});
export type HafizRow = z.infer<typeof hafizResource.row>;

/** Several hafiz changed alike: a new teacher, halqa, layout or status for a whole class. */
export const bulkUpdateHafiz = defineAction({
  method: "PUT",
  path: "/admin/api/hafiz/bulkupdate",
  module: "hifz",
  permission: ["hifz", "edit"],
  summary: "Give several hafiz students the same teacher, group, layout, target or status",
  body: z.object({
    ids: z.array(RowId).min(1).max(500),
    changes: hafizResource.update.omit({ id: true }).refine((c) => Object.keys(c).length > 0, { message: "Say what to change" }),
  }),
  reply: z.object({ message: z.string(), count: z.number().int() }),
  errors: [404],
  refreshes: ["hafiz"],
});

/** POST course/:id/create-hafiz-records: one record per actively enrolled student, idempotently. */
export const CreateHafizRecords = z
  .object({
    startedOn: DateOnly.optional(),
    teacherId: RowId.optional(),
    recitationGroupId: RowId.optional(),
    target: HafizTarget.default("quran"),
    fromJuz: z.number().int().min(1).max(30).optional(),
    toJuz: z.number().int().min(1).max(30).optional(),
  })
  .refine(juzRangeGiven, JUZ_RANGE);

export const createHafizRecords = defineAction({
  method: "POST",
  path: "/admin/api/course/:id/create-hafiz-records",
  module: "hifz",
  permission: ["hifz", "add"],
  summary: "Make a memorisation (hafiz) record for every student actively enrolled in the course; students who have one are skipped",
  params: IdParams,
  body: CreateHafizRecords,
  reply: z.object({ message: z.string(), created: z.number(), existing: z.number() }),
  errors: [404],
  refreshes: ["hafiz"],
});
