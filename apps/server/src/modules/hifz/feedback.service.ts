import type { HifzFeedbackRow } from "@taleem/contract";
import { globalAyah, juzOf, SURAHS, surahAyahOf } from "@taleem/contract";
import { and, between, eq, inArray, type SQL } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { hafizNames } from "./logs.service.js";
import { type HifzFeedbackRecord, hifzFeedback } from "./logs.table.js";
import { allRecitationMetrics } from "./recitation.service.js";

export async function presentFeedback(scope: TenantScope, rows: HifzFeedbackRecord[]): Promise<HifzFeedbackRow[]> {
  const [names, metrics] = await Promise.all([
    hafizNames(
      scope,
      rows.map((r) => r.hafizId),
    ),
    allRecitationMetrics(scope),
  ]);
  return rows.map((r) => {
    const { surah, ayah } = surahAyahOf(r.ayahNumber);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      surah,
      ayah,
      reference: r.word ? `${surah}:${ayah}:${r.word}` : `${surah}:${ayah}`,
      hafizName: names.get(r.hafizId) ?? "",
      metricName: metrics.find((m) => m.id === r.metricId)?.name ?? "",
    };
  });
}

/** The global ayah of surah:ayah from a body (400 naming the field for one the surah lacks). */
export function ayahNumberOf(surah: number, ayah: number): number {
  try {
    return globalAyah(surah, ayah);
  } catch {
    throw badRequest("hifz.no_such_ayah", `Surah ${surah} has ${SURAHS[surah - 1]?.ayahCount ?? 0} ayahs.`, { field: "ayah" });
  }
}

/** The ayahs of one surah, as a condition on a mistake. */
export function inSurah(surah: number): SQL {
  const s = SURAHS[surah - 1];
  if (!s) throw badRequest("validation", "There is no such surah.", { field: "surah" });
  return between(hifzFeedback.ayahNumber, s.firstAyah, s.firstAyah + s.ayahCount - 1);
}

export async function checkMetric(scope: TenantScope, metricId: number | undefined) {
  if (metricId !== undefined && !(await allRecitationMetrics(scope)).some((m) => m.id === metricId))
    throw badRequest("hifz.unknown_metric", "There is no such metric.", { field: "metricId" });
}

/** A hafiz's mistakes counted, open and resolved, by metric and by juz. */
export async function feedbackCounts(scope: TenantScope, hafizId: number) {
  const rows = await scope.db
    .select({ metricId: hifzFeedback.metricId, ayahNumber: hifzFeedback.ayahNumber, isResolved: hifzFeedback.isResolved })
    .from(hifzFeedback)
    .where(scope.where(hifzFeedback, and(eq(hifzFeedback.hafizId, hafizId))));
  const metrics = await allRecitationMetrics(scope);
  const tally = <K>(key: (r: (typeof rows)[number]) => K) => {
    const out = new Map<K, { open: number; resolved: number }>();
    for (const r of rows) {
      const cell = out.get(key(r)) ?? { open: 0, resolved: 0 };
      if (r.isResolved) cell.resolved++;
      else cell.open++;
      out.set(key(r), cell);
    }
    return out;
  };
  return {
    open: rows.filter((r) => !r.isResolved).length,
    resolved: rows.filter((r) => r.isResolved).length,
    byMetric: [...tally((r) => r.metricId).entries()].map(([metricId, c]) => ({ metricId, name: metrics.find((m) => m.id === metricId)?.name ?? "", ...c })),
    byJuz: [...tally((r) => juzOf(r.ayahNumber)).entries()].sort((a, b) => a[0] - b[0]).map(([juz, c]) => ({ juz, ...c })),
  };
}

export const feedbackOfHafiz = (scope: TenantScope, hafizId: number, includeResolved: boolean, ...more: (SQL | undefined)[]) =>
  scope.where(hifzFeedback, eq(hifzFeedback.hafizId, hafizId), includeResolved ? undefined : eq(hifzFeedback.isResolved, false), ...more);

/**
 * Marks the school's mistakes `ids` resolved by `userId`, all or none: an id that is not one of
 * the school's answers 404 and nothing changes. Those resolved already keep their time and their
 * teacher. The ids resolved now.
 */
export async function resolveMistakes(scope: TenantScope, ids: number[], userId: number): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = await scope.db
    .select({ id: hifzFeedback.id, isResolved: hifzFeedback.isResolved })
    .from(hifzFeedback)
    .where(scope.where(hifzFeedback, inArray(hifzFeedback.id, wanted)));
  if (found.length !== wanted.length) throw notFound("Feedback");
  const open = found.filter((m) => !m.isResolved).map((m) => m.id);
  if (!open.length) return [];
  const now = new Date();
  await scope.db
    .update(hifzFeedback)
    .set({ isResolved: true, resolvedAt: now, resolvedBy: userId, updatedAt: now })
    .where(scope.where(hifzFeedback, inArray(hifzFeedback.id, open)));
  return open;
}
