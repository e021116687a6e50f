import { hafizLogs, hifzDashboardData, hifzLogDays, hifzLogResource, saveSitting, sessionLogs } from "@taleem/contract";
import { and, asc, count, countDistinct, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentFeedback } from "./feedback.service.js";
import { sampleHafiz } from "./hafiz.routes.js";
import { requireHafiz } from "./hafiz.service.js";
import { hafiz } from "./hafiz.table.js";
import { tellParentsOfLessons } from "./hifz-alerts.service.js";
import { lastCompletedRanges, nextLesson, rangeLabel } from "./hifz-progress.js";
import { checkLogRefs, hafizNames, logFacts, measureRange, presentLogs, saveSittingLogs } from "./logs.service.js";
import { hifzFeedback, hifzLogs } from "./logs.table.js";
import { layoutPageStarts } from "./quran.service.js";
import { activeRecitationTypes, allRecitationTypes } from "./recitation.service.js";
import { recitationGroups } from "./recitation.table.js";
import { presentSessions, requireSession } from "./sessions.service.js";
import { hifzSessionStudents, hifzSessions } from "./sessions.table.js";

async function sampleLog(scope: TenantScope) {
  const [type] = await activeRecitationTypes(scope);
  return { hafizId: (await sampleHafiz(scope)).id, recitationTypeId: type!.id };
}

/**
 * Logs: one at a time through the resource, a whole sitting at once from the teacher's phone, and
 * read back by sitting, by hafiz, by day, and as the school's figures.
 */
export function registerLogs(app: FastifyInstance) {
  serveResource(app, hifzLogResource, hifzLogs, {
    present: (ctx, rows) => presentLogs(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await checkLogRefs(ctx.scope, input);
      return { ...input, metrics: input.metrics ?? {}, ...measureRange(input.startAyah, input.endAyah), recordedBy: ctx.principal.userId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      await checkLogRefs(ctx.scope, input);
      const startAyah = input.startAyah ?? existing.startAyah;
      const endAyah = input.endAyah ?? existing.endAyah;
      if (endAyah < startAyah) throw badRequest("hifz.range_order", "The range ends before it starts.", { field: "endAyah" });
      return { ...input, metrics: input.metrics ?? undefined, ...measureRange(startAyah, endAyah) };
    },
    sample: async (scope) => ({ ...(await sampleLog(scope)), date: "2026-03-02", startAyah: 6222, endAyah: 6225, status: "completed" as const }),
  });

  serveAction(
    app,
    saveSitting,
    async (ctx, { body }) => {
      const { session, logs, mistakes, firstTime } = await saveSittingLogs(ctx.scope, body, ctx.principal.userId);
      await ctx.audit({ action: "update", entity: "hifz_sessions", entityId: session.id, details: { logs, mistakes } });
      await tellParentsOfLessons(app.services, ctx, session.date, firstTime);
      return { message: `${logs} log(s) and ${mistakes} mistake(s) saved`, logs, mistakes };
    },
    {
      sample: async (scope) => {
        const { hafizId, recitationTypeId } = await sampleLog(scope);
        const session = await scope.insert(hifzSessions, { date: "2026-03-02" });
        return {
          body: {
            sessionId: session.id,
            hafiz: [
              {
                hafizId,
                attendance: "present" as const,
                logs: [{ recitationTypeId, startAyah: 1, endAyah: 7, status: "completed" as const, metrics: {}, mistakes: [] }],
              },
            ],
          },
        };
      },
    },
  );

  serveAction(
    app,
    sessionLogs,
    async (ctx, { params }) => {
      const { scope } = ctx;
      const session = await requireSession(scope, params.id);
      const seats = await scope.db
        .select({ hafizId: hifzSessionStudents.hafizId, attendance: hifzSessionStudents.attendance, row: hafiz })
        .from(hifzSessionStudents)
        .innerJoin(hafiz, and(eq(hafiz.tenantId, hifzSessionStudents.tenantId), eq(hafiz.id, hifzSessionStudents.hafizId)))
        .where(scope.where(hifzSessionStudents, eq(hifzSessionStudents.sessionId, session.id)));
      const [names, types, rows] = await Promise.all([
        hafizNames(
          scope,
          seats.map((s) => s.hafizId),
        ),
        allRecitationTypes(scope),
        scope.db
          .select()
          .from(hifzLogs)
          .where(scope.where(hifzLogs, eq(hifzLogs.sessionId, session.id)))
          .orderBy(asc(hifzLogs.hafizId), asc(hifzLogs.recitationTypeId)),
      ]);
      const seated = [];
      const pageStarts = new Map<string, readonly number[]>();
      for (const s of seats) {
        // Where each stream carries on, from what was completed before this sitting.
        const before = (await logFacts(scope, s.hafizId)).filter((l) => l.date < session.date);
        const { direction, dailyTarget, targetUnit, layoutName } = s.row;
        const last = lastCompletedRanges(before, types, direction);
        if (!pageStarts.has(layoutName)) pageStarts.set(layoutName, await layoutPageStarts(scope, layoutName));
        const plan = { direction, dailyTarget, targetUnit, pageStarts: pageStarts.get(layoutName)! };
        seated.push({
          hafizId: s.hafizId,
          studentId: s.row.studentId,
          name: names.get(s.hafizId) ?? "",
          layoutName,
          direction,
          attendance: s.attendance,
          next: types.map((type) => ({
            recitationTypeId: type.id,
            ...nextLesson(last.find((r) => r.recitationTypeId === type.id)?.nextAyah ?? null, plan, type.builtinKey === "sabaq"),
          })),
        });
      }
      const [presented] = await presentSessions(scope, [session]);
      const open = rows.length
        ? await scope.db
            .select()
            .from(hifzFeedback)
            .where(
              scope.where(
                hifzFeedback,
                inArray(
                  hifzFeedback.logId,
                  rows.map((r) => r.id),
                ),
                eq(hifzFeedback.isResolved, false),
              ),
            )
            .orderBy(asc(hifzFeedback.ayahNumber))
        : [];
      return {
        message: "Sitting fetched successfully",
        session: presented!,
        hafiz: seated.sort((a, b) => a.name.localeCompare(b.name)),
        rows: await presentLogs(scope, rows),
        mistakes: await presentFeedback(scope, open),
      };
    },
    { sample: async (scope) => ({ params: { id: (await scope.insert(hifzSessions, { date: "2026-03-02" })).id } }) },
  );

  serveAction(
    app,
    hafizLogs,
    async (ctx, { params, query }) => {
      const one = await requireHafiz(ctx, params.id);
      const where = ctx.scope.where(
        hifzLogs,
        eq(hifzLogs.hafizId, one.id),
        query.recitationTypeId ? eq(hifzLogs.recitationTypeId, query.recitationTypeId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        ctx.scope.db
          .select()
          .from(hifzLogs)
          .where(where)
          .orderBy(desc(hifzLogs.date), desc(hifzLogs.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        ctx.scope.db.select({ n: count() }).from(hifzLogs).where(where),
      ]);
      return { message: "Hifz logs fetched successfully", rows: await presentLogs(ctx.scope, rows), count: total?.n ?? 0 };
    },
    { sample: async (scope) => ({ params: { id: (await sampleHafiz(scope)).id } }) },
  );

  serveAction(app, hifzLogDays, async (ctx, { query }) => {
    const { scope } = ctx;
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
    const logs = page.length
      ? await scope.db
          .select()
          .from(hifzLogs)
          .where(
            and(
              where,
              inArray(
                hifzLogs.hafizId,
                page.map((p) => p.hafizId),
              ),
              inArray(
                hifzLogs.date,
                page.map((p) => p.date),
              ),
            ),
          )
      : [];
    const [names, types] = await Promise.all([
      hafizNames(
        scope,
        page.map((p) => p.hafizId),
      ),
      allRecitationTypes(scope),
    ]);
    const typeOrder = (id: number) => types.findIndex((t) => t.id === id);
    return {
      message: "Hifz logs fetched successfully",
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
  });

  serveAction(app, hifzDashboardData, async (ctx, { query }) => {
    const { scope } = ctx;
    const date = query.date ?? (await schoolToday(scope));
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
      message: "Hifz dashboard fetched successfully",
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
  });
}
