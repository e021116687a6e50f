import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import { listReply } from "../resource.js";
import { RowId } from "../values.js";
import { hifzFeedbackResource } from "./feedback.js";
import { hafizResource } from "./hafiz.js";
import { hifzLogResource } from "./logs.js";

/**
 * Progress: what a hafiz has memorised, how fast, how recently each juz was revised whole, where
 * the mistakes are (the heat map) and where each stream carries on. The working is in
 * `apps/server/src/modules/hifz/hifz-progress.ts`.
 */

export const LAYOUT_MODES = ["surah", "page", "juz"] as const;
export const LayoutMode = z.enum(LAYOUT_MODES);
export type LayoutMode = z.infer<typeof LayoutMode>;

const AyahQuery = z.object({
  hafizId: RowId,
  surah: z.coerce.number().int().min(1).max(114),
  ayah: z.coerce.number().int().min(1).max(286),
});

export const feedbacksOnAyah = defineAction({
  method: "GET",
  path: "/admin/api/hifzprogress/feedbacks/ayah",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A hafiz's mistakes on one ayah (open ones, or resolved with isResolved=true)",
  query: AyahQuery.extend({ isResolved: z.enum(["true", "false"]).optional() }),
  reply: listReply(hifzFeedbackResource.row),
  errors: [404],
});

export const submissionsOnAyah = defineAction({
  method: "GET",
  path: "/admin/api/hifzprogress/submissions/ayah",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "The logs whose range holds one ayah, newest first",
  query: AyahQuery,
  reply: listReply(hifzLogResource.row),
  errors: [404],
});

const Range = z.object({ startAyah: z.number().int(), endAyah: z.number().int(), range: z.string(), pages: z.number() });

/** Each recitation type's latest completed ranges, merged: where the next one starts. */
export const LastCompleted = z.object({
  recitationTypeId: z.number(),
  name: z.string(),
  /** The school's name for it in the script it is read in (سبق), when it gave one. */
  nameNative: z.string().nullable(),
  builtinKey: z.string().nullable(),
  date: z.string(),
  ranges: z.array(Range),
  /** The ayah the next recitation of this type starts at, in the hafiz's direction; null when the Quran is done. */
  nextAyah: z.number().int().nullable(),
});

export const JuzRevision = z.object({
  juz: z.number().int(),
  /** Share of the juz memorised, 0 to 1. */
  memorised: z.number(),
  /** The day the juz was last recited whole (the latest completed logs that together cover it). */
  lastRevisedOn: z.string().nullable(),
  daysSince: z.number().int().nullable(),
  /** Memorised whole and not revised within the hafiz's manzil cycle. */
  overdue: z.boolean(),
});

/** An ayah's weight: mistakes weighted by their metric, faded by correct recitations since and by time. */
export const HeatAyah = z.object({ ayah: z.number().int(), weight: z.number(), mistakes: z.number().int() });

export const HifzProgress = z.object({
  hafiz: hafizResource.row,
  memorised: z.object({ ayahs: z.number().int(), share: z.number(), pages: z.number(), juzComplete: z.number().int() }),
  /** Ayahs and pages of completed sabaq, week by week, the last four weeks (oldest first). */
  pace: z.array(z.object({ weekStart: z.string(), ayahs: z.number().int(), pages: z.number() })),
  /** Days with a log, counted back from the latest, that each had a completed sabaq. */
  sabaqStreak: z.number().int(),
  juzRevision: z.array(JuzRevision),
  lastCompletedRanges: z.array(LastCompleted),
  totalLogs: z.number().int(),
});
export type HifzProgress = z.infer<typeof HifzProgress>;

export const hafizProgress = defineAction({
  method: "GET",
  path: "/admin/api/hafiz/:id/progress",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A hafiz's progress: memorised, pace, streak, revision of each juz, where each stream carries on",
  params: IdParams,
  reply: z.object({ message: z.string() }).extend(HifzProgress.shape),
  errors: [404],
});

const DashboardQuery = z.object({ studentId: RowId, layoutMode: LayoutMode.default("surah") });
const DashboardReply = z
  .object({ message: z.string(), layoutMode: LayoutMode })
  .extend(HifzProgress.shape)
  .extend({
    openMistakes: z.array(
      z.object({ metricId: z.number(), name: z.string(), nameNative: z.string().nullable(), builtinKey: z.string().nullable(), count: z.number().int() }),
    ),
    weakestAyahs: z.array(HeatAyah),
    /** Average grade week by week, the last eight weeks (oldest first); null for a week with no grade. */
    gradeTrend: z.array(z.object({ weekStart: z.string(), average: z.number().nullable(), logs: z.number().int() })),
    /** The heat map grouped by the layout mode: by surah, by page of the hafiz's layout, or by juz. */
    heatMapData: z.array(z.object({ key: z.number().int(), weight: z.number(), ayahs: z.array(HeatAyah) })),
  });
export type HifzDashboard = z.infer<typeof DashboardReply>;

export const hifzDashboard = defineAction({
  method: "GET",
  path: "/admin/api/hifzprogress/hifz-dashboard",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A student's memorisation dashboard: progress, open mistakes, weakest ayahs, grade trend and the heat map",
  query: DashboardQuery,
  reply: DashboardReply,
  errors: [404],
});

/** The same dashboard for a parent, of their own child only, read only. */
export const childHifz = defineAction({
  method: "GET",
  path: "/user/api/home/hifz",
  module: "hifz",
  family: "scoped",
  summary: "A child's memorisation dashboard (a parent reaches their own children)",
  query: DashboardQuery,
  reply: DashboardReply,
  errors: [404],
});
