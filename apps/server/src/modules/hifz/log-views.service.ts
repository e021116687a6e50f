import type { ActionParsed, hafizLogs, hifzLogDays } from "@taleem/contract";
import { and, asc, count, countDistinct, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { hafiz } from "./hafiz.table.js";
import { rangeLabel } from "./hifz-progress.js";
import { hafizNames, presentLogs } from "./logs.service.js";
import { hifzFeedback, hifzLogs } from "./logs.table.js";
import { allRecitationTypes } from "./recitation.service.js";
import { recitationGroups } from "./recitation.table.js";

/** One page of a hafiz's logs, newest first, with the count of all of them. */
export async function hafizLogPage(scope: TenantScope, hafizId: number, query: ActionParsed<typeof hafizLogs>["query"]) {
  const where = scope.where(
    hifzLogs,
    eq(hifzLogs.hafizId, hafizId),
    query.recitationTypeId ? eq(hifzLogs.recitationTypeId, query.recitationTypeId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(hifzLogs)
      .where(where)
      .orderBy(desc(hifzLogs.date), desc(hifzLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    scope.db.select({ n: count() }).from(hifzLogs).where(where),
  ]);
  return { rows: await presentLogs(scope, rows), count: total?.n ?? 0 };
}

/** The logs by day and hafiz: one row per hafiz and day, with that day's streams in the school's order. */
export async function logDays(scope: TenantScope, query: ActionParsed<typeof hifzLogDays>["query"]) {
  const where = scope.where(
    hifzLogs,
    query.hafizId ? eq(hifzLogs.hafizId, query.hafizId) : undefined,
    query.dateFrom ? gte(hifzLogs.date, query.dateFrom) : undefined,
    query.dateTo ? lte(hifzLogs.date, query.dateTo) : undefined,
    query.recitationGroupId
      ? inArray(
          hifzLogs.hafizId,
          scope.db
            .select({ id: hafiz.id })
            .from(hafiz)
            .where(scope.where(hafiz, eq(hafiz.recitationGroupId, query.recitationGroupId))),
        )
      : undefined,
  );
  const days = scope.db.selectDistinct({ date: hifzLogs.date, hafizId: hifzLogs.hafizId }).from(hifzLogs).where(where).as("days");
  const [page, [total]] = await Promise.all([
    scope.db
      .select()
      .from(days)
      .orderBy(desc(days.date), asc(days.hafizId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    scope.db.select({ n: count() }).from(days),
  ]);
  const hafizIds = page.map((p) => p.hafizId);
  const [logs, names, types] = await Promise.all([
    page.length
      ? scope.db
          .select()
          .from(hifzLogs)
          .where(
            and(
              where,
              inArray(hifzLogs.hafizId, hafizIds),
              inArray(
                hifzLogs.date,
                page.map((p) => p.date),
              ),
            ),
          )
      : [],
    hafizNames(scope, hafizIds),
    allRecitationTypes(scope),
  ]);
  const typeOrder = (id: number) => types.findIndex((t) => t.id === id);
  return {
    count: total?.n ?? 0,
    rows: page.map((p) => ({
      date: p.date,
      hafizId: p.hafizId,
      hafizName: names.get(p.hafizId) ?? "",
      streams: logs
        .filter((l) => l.hafizId === p.hafizId && l.date === p.date)
        .sort((a, b) => typeOrder(a.recitationTypeId) - typeOrder(b.recitationTypeId))
        .map((l) => ({
          recitationTypeId: l.recitationTypeId,
          recitationTypeName: types.find((t) => t.id === l.recitationTypeId)?.name ?? "",
          range: rangeLabel(l.startAyah, l.endAyah),
          pages: l.pages,
          status: l.status,
          grade: l.grade,
        })),
    })),
  };
}

/** The school's hifz figures on a day: logs, hafiz logged, open mistakes, and each halqa's members logged. */
export async function hifzDashboard(scope: TenantScope, date: string) {
  const [[totals], [onDate], [active], [open], groups, logged] = await Promise.all([
    scope.db.select({ n: count() }).from(hifzLogs).where(scope.where(hifzLogs)),
    scope.db
      .select({ logs: count(), hafiz: countDistinct(hifzLogs.hafizId) })
      .from(hifzLogs)
      .where(scope.where(hifzLogs, eq(hifzLogs.date, date))),
    scope.db
      .select({ n: count() })
      .from(hafiz)
      .where(scope.where(hafiz, eq(hafiz.status, "active"))),
    scope.db
      .select({ n: count() })
      .from(hifzFeedback)
      .where(scope.where(hifzFeedback, eq(hifzFeedback.isResolved, false))),
    scope.db
      .select({ id: recitationGroups.id, name: recitationGroups.name })
      .from(recitationGroups)
      .where(scope.where(recitationGroups, eq(recitationGroups.status, "active")))
      .orderBy(asc(recitationGroups.name)),
    scope.db
      .select({
        groupId: hafiz.recitationGroupId,
        members: count(),
        logged:
          sql<number>`count(*) filter (where exists (select 1 from ${hifzLogs} where ${hifzLogs.tenantId} = ${hafiz.tenantId} and ${hifzLogs.hafizId} = ${hafiz.id} and ${hifzLogs.date} = ${date}))`.mapWith(
            Number,
          ),
      })
      .from(hafiz)
      .where(scope.where(hafiz, eq(hafiz.status, "active")))
      .groupBy(hafiz.recitationGroupId),
  ]);
  return {
    date,
    totalHifzLogs: totals?.n ?? 0,
    activeHafiz: active?.n ?? 0,
    logsOnDate: onDate?.logs ?? 0,
    hafizLoggedOnDate: onDate?.hafiz ?? 0,
    openMistakes: open?.n ?? 0,
    groups: groups.map((g) => {
      const figures = logged.find((l) => l.groupId === g.id);
      return { ...g, members: figures?.members ?? 0, loggedOnDate: figures?.logged ?? 0 };
    }),
  };
}
