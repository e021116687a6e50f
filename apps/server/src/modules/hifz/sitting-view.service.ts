import { and, asc, eq, inArray } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentFeedback } from "./feedback.service.js";
import { hafiz } from "./hafiz.table.js";
import { lastCompletedRanges, nextLesson } from "./hifz-progress.js";
import { hafizNames, logFactsBefore, presentLogs } from "./logs.service.js";
import { hifzFeedback, hifzLogs } from "./logs.table.js";
import { layoutPageStarts } from "./quran.service.js";
import { allRecitationTypes } from "./recitation.service.js";
import { presentSessions, requireSession } from "./sessions.service.js";
import { hifzSessionStudents } from "./sessions.table.js";

/**
 * A sitting as the teacher's phone opens it: who is seated, where each of their streams carries
 * on from what was completed before the sitting's day, the logs already saved and the mistakes
 * still open on them.
 */
export async function sittingView(scope: TenantScope, sessionId: number) {
  const session = await requireSession(scope, sessionId);
  const seats = await scope.db
    .select({ hafizId: hifzSessionStudents.hafizId, attendance: hifzSessionStudents.attendance, row: hafiz })
    .from(hifzSessionStudents)
    .innerJoin(hafiz, and(eq(hafiz.tenantId, hifzSessionStudents.tenantId), eq(hafiz.id, hifzSessionStudents.hafizId)))
    .where(scope.where(hifzSessionStudents, eq(hifzSessionStudents.sessionId, session.id)));
  const seatedIds = seats.map((s) => s.hafizId);
  const layouts = [...new Set(seats.map((s) => s.row.layoutName))];
  const [names, types, rows, before, starts] = await Promise.all([
    hafizNames(scope, seatedIds),
    allRecitationTypes(scope),
    scope.db
      .select()
      .from(hifzLogs)
      .where(scope.where(hifzLogs, eq(hifzLogs.sessionId, session.id)))
      .orderBy(asc(hifzLogs.hafizId), asc(hifzLogs.recitationTypeId)),
    logFactsBefore(scope, seatedIds, session.date),
    Promise.all(layouts.map(async (name) => [name, await layoutPageStarts(scope, name)] as const)),
  ]);
  const pageStarts = new Map(starts);
  const seated = seats.map((s) => {
    const { direction, dailyTarget, targetUnit, layoutName } = s.row;
    const last = lastCompletedRanges(before.get(s.hafizId) ?? [], types, direction);
    const plan = { direction, dailyTarget, targetUnit, pageStarts: pageStarts.get(layoutName)! };
    return {
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
    };
  });
  const [[presented], open] = await Promise.all([
    presentSessions(scope, [session]),
    rows.length
      ? scope.db
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
      : [],
  ]);
  return {
    session: presented!,
    hafiz: seated.sort((a, b) => a.name.localeCompare(b.name)),
    rows: await presentLogs(scope, rows),
    mistakes: await presentFeedback(scope, open),
  };
}
