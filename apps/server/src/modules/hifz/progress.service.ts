import type { HifzDashboard, HifzProgress, LayoutMode } from "@taleem/contract";
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentHafiz } from "./hafiz.service.js";
import { type HafizRecord, hafiz } from "./hafiz.table.js";
import { gradeTrend, heat, heatGroups, pagesOf, progressOf, rangeLabel, weakestAyahs } from "./hifz-progress.js";
import { logFacts } from "./logs.service.js";
import { hifzFeedback, hifzLogs } from "./logs.table.js";
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
      return { metricId, name: metric?.name ?? "", nameNative: metric?.nameNative ?? null, builtinKey: metric?.builtinKey ?? null, count };
    }),
    weakestAyahs: weakestAyahs(cells),
    gradeTrend: gradeTrend(logs, today),
    heatMapData: heatGroups(cells, layoutMode),
  };
}

/** Lines on a page of the usual 15-line mushaf: a target in lines is measured against pages × 15. */
const LINES_PER_PAGE = 15;

/**
 * Whether a hafiz's new lessons (sabaq) over a range fall short of their daily target times the
 * working days of the range, in the target's own unit (pages; lines as pages × 15; ayahs).
 */
export function behindTarget(plan: Pick<HafizRecord, "dailyTarget" | "targetUnit">, done: { pages: number; ayahs: number }, workingDays: number): boolean {
  const actual = plan.targetUnit === "pages" ? done.pages : plan.targetUnit === "ayahs" ? done.ayahs : done.pages * LINES_PER_PAGE;
  return actual < plan.dailyTarget * workingDays;
}

/**
 * The school's memorisation over from..to for the dashboard: active huffaz (narrowed by `who`),
 * pages of new lessons completed, and how many are behind their target (behindTarget's rule, in SQL).
 */
export async function hifzSchoolFigures(
  scope: TenantScope,
  q: { from: string; to: string; workingDays: number; who?: (studentId: AnyPgColumn) => SQL | undefined },
) {
  const sabaq = (await allRecitationTypes(scope)).find((t) => t.builtinKey === "sabaq")?.id ?? 0;
  const done = scope.db
    .select({
      id: hafiz.id,
      dailyTarget: hafiz.dailyTarget,
      targetUnit: hafiz.targetUnit,
      pages: sql<number>`coalesce(sum(${hifzLogs.pages}), 0)`.as("pages"),
      ayahs: sql<number>`coalesce(sum(${hifzLogs.endAyah} - ${hifzLogs.startAyah} + 1), 0)`.as("ayahs"),
    })
    .from(hafiz)
    .leftJoin(
      hifzLogs,
      and(
        eq(hifzLogs.tenantId, hafiz.tenantId),
        eq(hifzLogs.hafizId, hafiz.id),
        eq(hifzLogs.recitationTypeId, sabaq),
        eq(hifzLogs.status, "completed"),
        gte(hifzLogs.date, q.from),
        lte(hifzLogs.date, q.to),
      ),
    )
    .where(scope.where(hafiz, eq(hafiz.status, "active"), q.who?.(hafiz.studentId)))
    .groupBy(hafiz.tenantId, hafiz.id)
    .as("done");
  const actual = sql`case ${done.targetUnit} when 'pages' then ${done.pages} when 'ayahs' then ${done.ayahs} else ${done.pages} * ${LINES_PER_PAGE} end`;
  const [row] = await scope.db
    .select({
      students: sql<number>`count(*)`.mapWith(Number),
      pages: sql<number>`coalesce(sum(${done.pages}), 0)`.mapWith(Number),
      behind: sql<number>`count(*) filter (where ${actual} < ${done.dailyTarget} * ${q.workingDays})`.mapWith(Number),
    })
    .from(done);
  return { students: row?.students ?? 0, pages: Math.round((row?.pages ?? 0) * 100) / 100, behindTarget: row?.behind ?? 0 };
}

/**
 * One student's memorisation for the office: pages memorised in all, new-lesson pages over
 * from..to, where the last new lesson ended, and whether they are behind target; null when the
 * student is not in the programme.
 */
export async function hifzOfStudent(scope: TenantScope, studentId: number, q: { from: string; to: string; workingDays: number }) {
  const [one] = await scope.db
    .select()
    .from(hafiz)
    .where(scope.where(hafiz, eq(hafiz.studentId, studentId)))
    .limit(1);
  if (!one) return null;
  const [logs, types, today] = await Promise.all([logFacts(scope, one.id), allRecitationTypes(scope), schoolToday(scope)]);
  const sabaq = types.find((t) => t.builtinKey === "sabaq")?.id;
  const lessons = logs.filter((l) => l.recitationTypeId === sabaq && l.status === "completed").sort((a, b) => a.date.localeCompare(b.date));
  const inRange = lessons.filter((l) => l.date >= q.from && l.date <= q.to);
  const done = {
    pages: Math.round(inRange.reduce((p, l) => p + pagesOf(l.startAyah, l.endAyah), 0) * 100) / 100,
    ayahs: inRange.reduce((a, l) => a + l.endAyah - l.startAyah + 1, 0),
  };
  const last = lessons.at(-1);
  return {
    memorisedPages: progressOf(logs, types, one, today).memorised.pages,
    pagesThisMonth: done.pages,
    position: last ? rangeLabel(last.startAyah, last.endAyah) : null,
    behindTarget: one.status === "active" ? behindTarget(one, done, q.workingDays) : null,
  };
}
