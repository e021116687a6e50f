import type { HifzDashboard, HifzProgress, LayoutMode } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentHafiz } from "./hafiz.service.js";
import type { HafizRecord } from "./hafiz.table.js";
import { gradeTrend, heat, heatGroups, progressOf, weakestAyahs } from "./hifz-progress.js";
import { logFacts } from "./logs.service.js";
import { hifzFeedback } from "./logs.table.js";
import { allRecitationMetrics, allRecitationTypes } from "./recitation.service.js";

/** A hafiz's progress from their logs (two queries and the school's types). */
export async function hafizProgress(scope: TenantScope, one: HafizRecord): Promise<HifzProgress> {
  const [logs, types, [hafizRow], today] = await Promise.all([
    logFacts(scope, one.id),
    allRecitationTypes(scope),
    presentHafiz(scope, [one]),
    schoolToday(scope),
  ]);
  return { hafiz: hafizRow!, ...progressOf(logs, types, one, today), totalLogs: logs.length };
}

/** The dashboard: progress, and from the mistakes the open ones by kind, the heat map and the weakest ayahs. */
export async function hifzDashboardOf(scope: TenantScope, one: HafizRecord, layoutMode: LayoutMode): Promise<Omit<HifzDashboard, "message">> {
  const [logs, types, metrics, mistakes, [hafizRow], today] = await Promise.all([
    logFacts(scope, one.id),
    allRecitationTypes(scope),
    allRecitationMetrics(scope),
    scope.db
      .select({ ayah: hifzFeedback.ayahNumber, date: hifzFeedback.date, metricId: hifzFeedback.metricId, isResolved: hifzFeedback.isResolved })
      .from(hifzFeedback)
      .where(scope.where(hifzFeedback, and(eq(hifzFeedback.hafizId, one.id)))),
    presentHafiz(scope, [one]),
    schoolToday(scope),
  ]);
  const weightOf = new Map(metrics.map((m) => [m.id, m.weight]));
  const cells = heat(
    mistakes.map((m) => ({ ...m, weight: weightOf.get(m.metricId) ?? 1 })),
    logs,
    today,
  );
  const open = new Map<number, number>();
  for (const m of mistakes) if (!m.isResolved) open.set(m.metricId, (open.get(m.metricId) ?? 0) + 1);
  return {
    layoutMode,
    hafiz: hafizRow!,
    ...progressOf(logs, types, one, today),
    totalLogs: logs.length,
    openMistakes: [...open.entries()].map(([metricId, count]) => {
      const metric = metrics.find((m) => m.id === metricId);
      return { metricId, name: metric?.name ?? "", nameNative: metric?.nameNative ?? null, count };
    }),
    weakestAyahs: weakestAyahs(cells),
    gradeTrend: gradeTrend(logs, today),
    heatMapData: heatGroups(cells, layoutMode),
  };
}
