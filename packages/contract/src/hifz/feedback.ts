import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { SURAHS } from "../quran/quran-index.js";
import { defineResource, listReply } from "../resource.js";
import { Instant, RowId } from "../values.js";

/**
 * Feedback: a mistake pinned to an ayah (surah:ayah, and optionally its word) with its metric and
 * a note, open until the teacher resolves it. Stored by ayah, never by place on a page, so every
 * layout draws it.
 */

const ayahWithinSurah = (b: { surah?: number; ayah?: number }) =>
  b.surah === undefined || b.ayah === undefined || b.ayah <= (SURAHS[b.surah - 1]?.ayahCount ?? 0);
const AYAH_WITHIN = { message: "This surah has fewer ayahs", path: ["ayah"] };

export const hifzFeedbackResource = defineResource({
  path: "hifzfeedback",
  module: "hifz",
  i18n: "hifz:feedback",
  fields: {
    hafizId: field.ref("hafiz", "studentName").required().filter(),
    hafizName: field.readOnly(z.string()).column("name").summary(),
    surah: field.int(1, SURAHS.length).required().filter(),
    ayah: field.int(1, 286).required(),
    word: field.int(1, 200),
    /** surah:ayah, or surah:ayah:word. */
    reference: field.readOnly(z.string()).column(),
    /** The ayah's global number (1 to 6,236). */
    ayahNumber: field.readOnly(z.number().int()),
    metricId: field.ref("recitationmetric").required().filter(),
    metricName: field.readOnly(z.string()).column(),
    logId: field.readOnly(z.number().nullable()),
    note: field.longText(500),
    date: field.date().filter("range").sort().column("date"),
    isResolved: field.readOnly(z.boolean()).column("status"),
    resolvedAt: field.readOnly(Instant.nullable()),
  },
  filters: { isResolved: "boolean" },
  defaultSort: "-date",
  refine: (create) => create.refine(ayahWithinSurah, AYAH_WITHIN),
});
export type HifzFeedbackRow = z.infer<typeof hifzFeedbackResource.row>;

export const hafizFeedback = defineAction({
  method: "GET",
  path: "/admin/api/hifzfeedback/hafiz/:hafizId",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A hafiz's mistakes, open ones only unless includeResolved",
  params: z.object({ hafizId: IdParams.shape.id }),
  query: z.object({ includeResolved: z.enum(["true", "false"]).optional() }),
  reply: listReply(hifzFeedbackResource.row),
  errors: [404],
});

export const feedbackStats = defineAction({
  method: "GET",
  path: "/admin/api/hifzfeedback/hafiz/:id/stats",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "A hafiz's mistakes counted: open and resolved, by metric and by juz",
  params: IdParams,
  reply: z.object({
    message: z.string(),
    open: z.number().int(),
    resolved: z.number().int(),
    byMetric: z.array(z.object({ metricId: z.number(), name: z.string(), open: z.number().int(), resolved: z.number().int() })),
    byJuz: z.array(z.object({ juz: z.number().int(), open: z.number().int(), resolved: z.number().int() })),
  }),
  errors: [404],
});

/** Resolving a resolved mistake changes nothing. */
export const resolveFeedback = defineAction({
  method: "PUT",
  path: "/admin/api/hifzfeedback/:id/resolve",
  module: "hifz",
  permission: ["hifz", "edit"],
  summary: "Mark a mistake as put right",
  params: IdParams,
  reply: z.object({ message: z.string(), data: hifzFeedbackResource.row }),
  errors: [404],
  refreshes: ["hifzfeedback"],
});

/** Several mistakes put right at once (a page heard cleanly); one another school's, or none, changes nothing. */
export const resolveFeedbackMany = defineAction({
  method: "PUT",
  path: "/admin/api/hifzfeedback/resolve",
  module: "hifz",
  permission: ["hifz", "edit"],
  summary: "Mark several mistakes as put right; ones already resolved stay as they were",
  body: z.object({ ids: z.array(RowId).min(1).max(500) }),
  reply: z.object({ message: z.string(), count: z.number().int() }),
  errors: [404],
  refreshes: ["hifzfeedback"],
});
