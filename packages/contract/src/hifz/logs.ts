import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { GlobalAyah } from "../quran/quran-index.js";
import { defineResource, ListQuery, listReply } from "../resource.js";
import { DateOnly, RowId } from "../values.js";
import { hifzFeedbackResource } from "./feedback.js";
import { hifzSessionResource, SittingAttendance } from "./sessions.js";

/**
 * A log: what one hafiz recited of one recitation type at one sitting, as a range of global ayah
 * numbers (1 to 6,236; a range may cross surahs), with its pages on the hafiz's own mushaf, how it
 * went (status, grade on the school's scale, each metric's value) and the teacher's notes.
 */

export const LOG_STATUSES = ["completed", "partial", "repeat", "absent"] as const;
export const LogStatus = z.enum(LOG_STATUSES);
export type LogStatus = z.infer<typeof LogStatus>;

/** Grades 1 (weak) to 5 (excellent); each school's words for them are its texts. */
export const HifzGrade = z.number().int().min(1).max(5);

/** A metric's value by metric id: a count, a score out of 10, or 1/0 for yes/no. */
export const MetricValues = z.record(z.string().regex(/^\d{1,10}$/, "A metric's id"), z.number().int().min(0).max(100));

const rangeInOrder = (b: { startAyah?: number; endAyah?: number }) => b.startAyah === undefined || b.endAyah === undefined || b.endAyah >= b.startAyah;
const RANGE_ORDER = { message: "The range ends before it starts", path: ["endAyah"] };

export const hifzLogResource = defineResource({
  path: "hifzlog",
  module: "hifz",
  i18n: "hifz:logs",
  fields: {
    hafizId: field.ref("hafiz", "studentName").required().filter(),
    hafizName: field.readOnly(z.string()).column("name").summary(),
    sessionId: field.ref("hifzsession", "date").filter(),
    recitationTypeId: field.ref("recitationtype").required().filter(),
    recitationTypeName: field.readOnly(z.string()).column(),
    date: field.date().required().filter("range").sort().column("date"),
    startAyah: field.shaped(GlobalAyah, z.number()).required(),
    endAyah: field.shaped(GlobalAyah, z.number()).required(),
    /** surah:ayah–surah:ayah, as a teacher reads it. */
    range: field.readOnly(z.string()).column(),
    /** Pages of the hafiz's layout the range covers (a share of each page's ayahs). */
    pages: field.readOnly(z.number()).column("number"),
    /** Lines, on a layout drawn line by line; empty otherwise. */
    lines: field.readOnly(z.number().nullable()),
    status: field.choice(LogStatus).default("completed").filter().column("status"),
    grade: field.shaped(HifzGrade, z.number().nullable()),
    metrics: field.shaped(MetricValues, z.record(z.string(), z.number())),
    notes: field.longText(1000),
    recordedBy: field.readOnly(z.number().nullable()),
  },
  defaultSort: "-date",
  refine: (create) => create.refine(rangeInOrder, RANGE_ORDER),
});
export type HifzLogRow = z.infer<typeof hifzLogResource.row>;

/** A mistake heard during a recitation, pinned to an ayah and optionally a word. */
export const SittingMistake = z.object({
  ayah: GlobalAyah,
  word: z.number().int().min(1).max(200).optional(),
  metricId: RowId,
  note: z.string().trim().max(500).optional(),
});

export const SittingLog = z
  .object({
    recitationTypeId: RowId,
    startAyah: GlobalAyah,
    endAyah: GlobalAyah,
    status: LogStatus.default("completed"),
    grade: HifzGrade.optional(),
    metrics: MetricValues.default({}),
    notes: z.string().trim().max(1000).optional(),
    mistakes: z.array(SittingMistake).max(200).default([]),
  })
  .refine(rangeInOrder, RANGE_ORDER);

/**
 * A whole halqa's sitting in one call, as the teacher's phone sends it (also after being offline):
 * each hafiz's attendance, and for each recitation type one log with its mistakes. Sending the same
 * sitting again replaces what it sent before (a log per hafiz and type, the mistakes pinned with it).
 */
export const saveSitting = defineAction({
  method: "PUT",
  path: "/admin/api/hifzlog/sitting",
  module: "hifz",
  permission: ["hifz", "add"],
  summary: "Save a sitting's logs and mistakes for every hafiz at once (sending it twice changes nothing)",
  body: z.object({
    sessionId: RowId,
    hafiz: z
      .array(z.object({ hafizId: RowId, attendance: SittingAttendance.default("present"), logs: z.array(SittingLog).max(10).default([]) }))
      .min(1)
      .max(200),
  }),
  reply: z.object({ message: z.string(), logs: z.number().int(), mistakes: z.number().int() }),
  errors: [404],
  refreshes: ["hifzlog", "hifzfeedback", "hifzsession"],
});

const LogsReply = listReply(hifzLogResource.row);

export const sessionLogs = defineAction({
  method: "GET",
  path: "/admin/api/hifzlog/session/:id",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A sitting with its hafiz students, their attendance, logs and the ranges each should recite next",
  params: IdParams,
  reply: z.object({
    message: z.string(),
    session: hifzSessionResource.row,
    hafiz: z.array(
      z.object({
        hafizId: z.number(),
        studentId: z.number(),
        name: z.string(),
        layoutName: z.string(),
        direction: z.string(),
        attendance: SittingAttendance,
        /**
         * Each recitation type's next recitation, the range a teacher starts from: after the latest
         * completed one (the first lesson when there is none), to the end of the hafiz's daily
         * target (sabaq in ayahs or pages) or of the page (apps/server/src/modules/hifz/hifz-progress.ts).
         */
        next: z.array(z.object({ recitationTypeId: z.number(), startAyah: z.number(), endAyah: z.number() })),
      }),
    ),
    rows: z.array(hifzLogResource.row),
    /** The open mistakes pinned with these logs (sending the sitting again replaces them: a screen shows them to keep them). */
    mistakes: z.array(hifzFeedbackResource.row),
  }),
  errors: [404],
});

export const hafizLogs = defineAction({
  method: "GET",
  path: "/admin/api/hifzlog/hafiz/:id",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "One hafiz's logs, newest first",
  params: IdParams,
  query: ListQuery.pick({ page: true, limit: true }).extend({ recitationTypeId: RowId.optional() }),
  reply: LogsReply,
  errors: [404],
});

/** v2: the log as a teacher reads it: a row per hafiz and day with each stream's range. */
export const hifzLogDays = defineAction({
  method: "GET",
  path: "/admin/api/hifzlog/v2",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "Logs by hafiz and day, each day's streams side by side",
  query: ListQuery.pick({ page: true, limit: true }).extend({
    hafizId: RowId.optional(),
    recitationGroupId: RowId.optional(),
    dateFrom: DateOnly.optional(),
    dateTo: DateOnly.optional(),
  }),
  reply: z.object({
    message: z.string(),
    count: z.number().int(),
    rows: z.array(
      z.object({
        date: z.string(),
        hafizId: z.number(),
        hafizName: z.string(),
        streams: z.array(
          z.object({
            recitationTypeId: z.number(),
            recitationTypeName: z.string(),
            range: z.string(),
            pages: z.number(),
            status: LogStatus,
            grade: z.number().nullable(),
          }),
        ),
      }),
    ),
  }),
});

export const hifzDashboardData = defineAction({
  method: "GET",
  path: "/admin/api/hifzlog/hifz/dashboard-data",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "The school's memorisation today: logs, hafiz students, open mistakes, each halqa's progress",
  query: z.object({ date: DateOnly.optional() }),
  reply: z.object({
    message: z.string(),
    date: z.string(),
    totalHifzLogs: z.number().int(),
    activeHafiz: z.number().int(),
    logsOnDate: z.number().int(),
    hafizLoggedOnDate: z.number().int(),
    openMistakes: z.number().int(),
    groups: z.array(z.object({ id: z.number(), name: z.string(), members: z.number().int(), loggedOnDate: z.number().int() })),
  }),
});
