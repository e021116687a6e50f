import type { ActionParsed, HifzLogRow, saveSitting } from "@taleem/contract";
import { and, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { studentsByIds } from "../students/students.service.js";
import { hafiz } from "./hafiz.table.js";
import { pagesOf, rangeLabel } from "./hifz-progress.js";
import { type HifzLogRecord, hifzFeedback, hifzLogs } from "./logs.table.js";
import { allRecitationMetrics, allRecitationTypes } from "./recitation.service.js";
import { hifzSessionStudents, hifzSessions } from "./sessions.table.js";

/** hafiz id -> the student's name. */
export async function hafizNames(scope: TenantScope, hafizIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(hafizIds)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select({ id: hafiz.id, studentId: hafiz.studentId })
    .from(hafiz)
    .where(scope.where(hafiz, inArray(hafiz.id, unique)));
  const kids = new Map(
    (
      await studentsByIds(
        scope,
        rows.map((r) => r.studentId),
      )
    ).map((k) => [k.id, k.name]),
  );
  return new Map(rows.map((r) => [r.id, kids.get(r.studentId) ?? ""]));
}

export async function presentLogs(scope: TenantScope, rows: HifzLogRecord[]): Promise<HifzLogRow[]> {
  const [names, types] = await Promise.all([
    hafizNames(
      scope,
      rows.map((r) => r.hafizId),
    ),
    allRecitationTypes(scope),
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    hafizName: names.get(r.hafizId) ?? "",
    recitationTypeName: types.find((t) => t.id === r.recitationTypeId)?.name ?? "",
    range: rangeLabel(r.startAyah, r.endAyah),
  }));
}

/** Pages (and lines, on a line layout) of a range on the hafiz's mushaf; the built-in layout has no lines. */
export const measureRange = (startAyah: number, endAyah: number) => ({ pages: pagesOf(startAyah, endAyah), lines: null });

/** The hafiz, type and sitting a log names, each of this school (400 naming the field otherwise). */
export async function checkLogRefs(scope: TenantScope, b: { hafizId?: number; recitationTypeId?: number; sessionId?: number | null }) {
  if (b.hafizId !== undefined && !(await scope.findOptional(hafiz, b.hafizId)))
    throw badRequest("hifz.unknown_hafiz", "There is no such hafiz student.", { field: "hafizId" });
  if (b.recitationTypeId !== undefined && !(await allRecitationTypes(scope)).some((t) => t.id === b.recitationTypeId))
    throw badRequest("hifz.unknown_type", "There is no such recitation type.", { field: "recitationTypeId" });
  if (b.sessionId && !(await scope.findOptional(hifzSessions, b.sessionId)))
    throw badRequest("hifz.unknown_session", "There is no such sitting.", { field: "sessionId" });
}

type Sitting = ActionParsed<typeof saveSitting>["body"];

/** Each hafiz once, each type once per hafiz, the school's types and metrics, mistakes inside their range (400 naming the place). */
function checkSitting(body: Sitting, types: { id: number }[], metrics: { id: number }[]) {
  for (const [i, h] of body.hafiz.entries()) {
    if (body.hafiz.findIndex((x) => x.hafizId === h.hafizId) !== i)
      throw badRequest("hifz.hafiz_twice", "Each hafiz once in a sitting.", { field: `hafiz.${i}.hafizId` });
    for (const [j, l] of h.logs.entries()) {
      const at = `hafiz.${i}.logs.${j}`;
      if (h.logs.findIndex((x) => x.recitationTypeId === l.recitationTypeId) !== j)
        throw badRequest("hifz.type_twice", "One log of each recitation type per hafiz and sitting.", { field: `${at}.recitationTypeId` });
      if (!types.some((t) => t.id === l.recitationTypeId))
        throw badRequest("hifz.unknown_type", "There is no such recitation type.", { field: `${at}.recitationTypeId` });
      for (const key of Object.keys(l.metrics))
        if (!metrics.some((m) => String(m.id) === key)) throw badRequest("hifz.unknown_metric", "There is no such metric.", { field: `${at}.metrics.${key}` });
      for (const [k, m] of l.mistakes.entries()) {
        if (!metrics.some((x) => x.id === m.metricId))
          throw badRequest("hifz.unknown_metric", "There is no such metric.", { field: `${at}.mistakes.${k}.metricId` });
        if (m.ayah < l.startAyah || m.ayah > l.endAyah)
          throw badRequest("hifz.mistake_outside", "A mistake must be on an ayah of the range recited.", { field: `${at}.mistakes.${k}.ayah` });
      }
    }
  }
}

/**
 * A sitting's logs and mistakes, all in the request's transaction: each hafiz seated with their
 * attendance; per hafiz and type one log (the one sent before is replaced); the mistakes sent with
 * a log replace the open ones it had. Sending the same sitting twice leaves the same rows.
 */
export async function saveSittingLogs(scope: TenantScope, body: Sitting, userId: number) {
  const session = await scope.find(hifzSessions, body.sessionId, "Sitting");
  const hafizIds = [...new Set(body.hafiz.map((h) => h.hafizId))];
  const found = await scope.db
    .select({ id: hafiz.id })
    .from(hafiz)
    .where(scope.where(hafiz, inArray(hafiz.id, hafizIds)));
  if (found.length !== hafizIds.length) throw notFound("Hafiz");
  const [types, metrics] = await Promise.all([allRecitationTypes(scope), allRecitationMetrics(scope)]);
  checkSitting(body, types, metrics);

  // Set-based, a statement per step, however many children the halqa has.
  await scope.db
    .insert(hifzSessionStudents)
    .values(body.hafiz.map((h) => ({ tenantId: scope.tenantId, sessionId: session.id, hafizId: h.hafizId, attendance: h.attendance })))
    .onConflictDoUpdate({
      target: [hifzSessionStudents.tenantId, hifzSessionStudents.sessionId, hifzSessionStudents.hafizId],
      set: { attendance: sql`excluded.attendance`, updatedAt: new Date() },
    });
  const sent = body.hafiz.flatMap((h) => h.logs.map((l) => ({ hafizId: h.hafizId, ...l })));
  const saved = sent.length
    ? await scope.db
        .insert(hifzLogs)
        .values(
          sent.map((l) => ({
            tenantId: scope.tenantId,
            hafizId: l.hafizId,
            sessionId: session.id,
            recitationTypeId: l.recitationTypeId,
            date: session.date,
            startAyah: l.startAyah,
            endAyah: l.endAyah,
            ...measureRange(l.startAyah, l.endAyah),
            status: l.status,
            grade: l.grade ?? null,
            metrics: l.metrics,
            notes: l.notes ?? null,
            recordedBy: userId,
          })),
        )
        .onConflictDoUpdate({
          target: [hifzLogs.tenantId, hifzLogs.sessionId, hifzLogs.hafizId, hifzLogs.recitationTypeId],
          targetWhere: sql`${hifzLogs.sessionId} is not null`,
          // What was sent replaces what was there (columns by their names in the database).
          set: {
            updatedAt: new Date(),
            ...Object.fromEntries(
              ["date", "start_ayah", "end_ayah", "pages", "lines", "status", "grade", "metrics", "notes", "recorded_by"].map((column) => [
                column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
                sql.raw(`excluded.${column}`),
              ]),
            ),
          },
        })
        .returning({
          id: hifzLogs.id,
          hafizId: hifzLogs.hafizId,
          recitationTypeId: hifzLogs.recitationTypeId,
          // A row the upsert made rather than changed (PostgreSQL's own mark of a fresh row version).
          made: sql<boolean>`(xmax = 0)`,
        })
    : [];
  const logIdOf = (hafizId: number, typeId: number) => saved.find((s) => s.hafizId === hafizId && s.recitationTypeId === typeId)!.id;
  const keptIds = saved.map((s) => s.id);
  // A type not sent this time (the child marked absent, say) keeps no log from before; the mistakes
  // sent with a log replace the open ones it had.
  await scope.db
    .delete(hifzLogs)
    .where(
      scope.where(
        hifzLogs,
        eq(hifzLogs.sessionId, session.id),
        inArray(hifzLogs.hafizId, hafizIds),
        keptIds.length ? notInArray(hifzLogs.id, keptIds) : undefined,
      ),
    );
  if (keptIds.length)
    await scope.db.delete(hifzFeedback).where(scope.where(hifzFeedback, inArray(hifzFeedback.logId, keptIds), eq(hifzFeedback.isResolved, false)));
  const pinned = sent.flatMap((l) =>
    l.mistakes.map((m) => ({
      hafizId: l.hafizId,
      logId: logIdOf(l.hafizId, l.recitationTypeId),
      ayahNumber: m.ayah,
      word: m.word ?? null,
      metricId: m.metricId,
      note: m.note ?? null,
      date: session.date,
    })),
  );
  if (pinned.length) await scope.insertMany(hifzFeedback, pinned);
  // What a parent hears of: each child's logs recorded for the first time (a sitting sent again tells nobody twice).
  const firstTime = body.hafiz
    .filter((h) => saved.some((s) => s.hafizId === h.hafizId && s.made))
    .map((h) => ({
      hafizId: h.hafizId,
      logs: h.logs.map((l) => ({ type: types.find((t) => t.id === l.recitationTypeId)!.name, range: rangeLabel(l.startAyah, l.endAyah), status: l.status })),
      mistakes: h.logs.reduce((n, l) => n + l.mistakes.length, 0),
    }));
  return { session, logs: saved.length, mistakes: pinned.length, firstTime };
}

const logFactColumns = {
  hafizId: hifzLogs.hafizId,
  date: hifzLogs.date,
  recitationTypeId: hifzLogs.recitationTypeId,
  startAyah: hifzLogs.startAyah,
  endAyah: hifzLogs.endAyah,
  status: hifzLogs.status,
  grade: hifzLogs.grade,
};

/** Every log of a hafiz, as the progress working reads them. */
export async function logFacts(scope: TenantScope, hafizId: number) {
  return scope.db
    .select(logFactColumns)
    .from(hifzLogs)
    .where(scope.where(hifzLogs, eq(hifzLogs.hafizId, hafizId)));
}

/** The logs of several hafiz before a date, in one statement, by hafiz id. */
export async function logFactsBefore(scope: TenantScope, hafizIds: number[], before: string) {
  const byHafiz = new Map<number, Awaited<ReturnType<typeof logFacts>>>(hafizIds.map((id) => [id, []]));
  if (!hafizIds.length) return byHafiz;
  const rows = await scope.db
    .select(logFactColumns)
    .from(hifzLogs)
    .where(scope.where(hifzLogs, inArray(hifzLogs.hafizId, hafizIds), lt(hifzLogs.date, before)));
  for (const row of rows) byHafiz.get(row.hafizId)?.push(row);
  return byHafiz;
}

/**
 * A student's latest memorisation lesson: of the newest day's logs of their hafiz record, the one
 * of the first recitation type in the school's order (the sabaq before the sabqi and the manzil),
 * with its type's name, and how many of their mistakes are still open; null when they are not a
 * hafiz or have no log.
 */
export async function latestLessonOfStudent(scope: TenantScope, studentId: number) {
  const latest = await scope.db
    .select({
      log: hifzLogs,
      openMistakes:
        sql<number>`(select count(*) from ${hifzFeedback} f where f.tenant_id = ${hafiz.tenantId} and f.hafiz_id = ${hafiz.id} and not f.is_resolved)`.mapWith(
          Number,
        ),
    })
    .from(hifzLogs)
    .innerJoin(hafiz, and(eq(hafiz.tenantId, hifzLogs.tenantId), eq(hafiz.id, hifzLogs.hafizId)))
    .where(scope.where(hifzLogs, eq(hafiz.studentId, studentId)))
    .orderBy(sql`${hifzLogs.date} desc, ${hifzLogs.id} desc`)
    // A day holds a log per type (three or four); a dozen reach past the newest day.
    .limit(12);
  const [newest] = latest;
  if (!newest) return null;
  const types = await allRecitationTypes(scope);
  const rank = (typeId: number) => {
    const i = types.findIndex((t) => t.id === typeId);
    return i < 0 ? types.length : i;
  };
  const { log } = latest
    .filter((l) => l.log.date === newest.log.date)
    .sort((a, b) => rank(a.log.recitationTypeId) - rank(b.log.recitationTypeId) || a.log.id - b.log.id)[0]!;
  const type = types.find((t) => t.id === log.recitationTypeId);
  return {
    logId: log.id,
    date: log.date,
    recitationTypeName: type?.name ?? "",
    recitationTypeKey: type?.builtinKey ?? null,
    range: rangeLabel(log.startAyah, log.endAyah),
    pages: log.pages,
    status: log.status,
    grade: log.grade,
    openMistakes: newest.openMistakes,
  };
}
