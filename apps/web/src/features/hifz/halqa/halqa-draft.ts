import {
  type ActionParsed,
  type ActionReply,
  firstLessonAyah,
  globalAyah,
  type LogStatus,
  type RecitationMetricRow,
  type RecitationTypeRow,
  type SittingAttendance,
  SURAHS,
  type saveSitting,
  type sessionLogs,
  surahAyahOf,
} from "@taleem/contract";

/**
 * What the teacher fills in at a sitting, per hafiz and recitation type, before it becomes the
 * one body of PUT /admin/api/hifzlog/sitting. Ranges are kept as surah:ayah (what the pickers
 * show) and become global ayah numbers only in the body.
 */

export type SittingReply = ActionReply<typeof sessionLogs>;
export type SittingBody = ActionParsed<typeof saveSitting>["body"];
export type SeatedHafiz = SittingReply["hafiz"][number];

export interface AyahRef {
  surah: number;
  ayah: number;
}

export interface PinnedMistake {
  /** Global ayah number. */
  ayah: number;
  metricId: number;
}

export interface LogDraft {
  /** Recited at this sitting: only these are sent. */
  on: boolean;
  start: AyahRef;
  end: AyahRef;
  status: LogStatus;
  grade: number | null;
  /** By metric id: a count, a score out of 10, or 1/0. */
  metrics: Record<string, number>;
  mistakes: PinnedMistake[];
}

export interface HafizDraft {
  attendance: SittingAttendance;
  logs: Record<number, LogDraft>;
}

/** By hafiz id. */
export type SittingDraft = Record<number, HafizDraft>;

/** A saved mistake as the feedback list returns it. */
export interface SavedMistake {
  logId: number | null;
  ayahNumber: number;
  metricId: number;
}

export const isAway = (a: SittingAttendance) => a === "absent" || a === "excused";

export const toGlobal = (r: AyahRef) => globalAyah(r.surah, r.ayah);
export const toRef = (global: number): AyahRef => surahAyahOf(global);
export const refText = (r: AyahRef) => `${r.surah}:${r.ayah}`;

/** An ayah the surah has: the ayah held between 1 and the surah's count. */
export function clampRef(r: AyahRef): AyahRef {
  const surah = Math.min(Math.max(1, Math.trunc(r.surah) || 1), SURAHS.length);
  const count = SURAHS[surah - 1]!.ayahCount;
  return { surah, ayah: Math.min(Math.max(1, Math.trunc(r.ayah) || 1), count) };
}

/** A stream not yet recited at this sitting: the range the server says comes next (a type it did not know starts the first lesson). */
function freshLog(h: SeatedHafiz, typeId: number): LogDraft {
  const next = h.next.find((n) => n.recitationTypeId === typeId);
  const first = firstLessonAyah(h.direction === "forward" ? "forward" : "backward");
  return { on: false, start: toRef(next?.startAyah ?? first), end: toRef(next?.endAyah ?? first), status: "completed", grade: null, metrics: {}, mistakes: [] };
}

/**
 * The sitting as it opens: a body still waiting on this phone wins (it is newer than the server's
 * copy), then the logs already saved with their mistakes, then where each stream carries on.
 */
export function startingDraft(reply: SittingReply, types: RecitationTypeRow[], saved: SavedMistake[], waiting?: SittingBody | null): SittingDraft {
  const draft: SittingDraft = {};
  for (const h of reply.hafiz) {
    const sent = waiting?.hafiz.find((w) => w.hafizId === h.hafizId);
    const logs: Record<number, LogDraft> = {};
    for (const type of types) {
      const fresh = freshLog(h, type.id);
      const pending = sent?.logs?.find((l) => l.recitationTypeId === type.id);
      const row = reply.rows.find((r) => r.hafizId === h.hafizId && r.recitationTypeId === type.id);
      if (sent) {
        logs[type.id] = pending
          ? {
              on: true,
              start: toRef(pending.startAyah),
              end: toRef(pending.endAyah),
              status: pending.status ?? "completed",
              grade: pending.grade ?? null,
              metrics: { ...(pending.metrics ?? {}) },
              mistakes: (pending.mistakes ?? []).map((m) => ({ ayah: m.ayah, metricId: m.metricId })),
            }
          : fresh;
      } else if (row) {
        logs[type.id] = {
          on: true,
          start: toRef(row.startAyah),
          end: toRef(row.endAyah),
          status: row.status,
          grade: row.grade,
          metrics: { ...row.metrics },
          mistakes: saved.filter((m) => m.logId === row.id).map((m) => ({ ayah: m.ayahNumber, metricId: m.metricId })),
        };
      } else logs[type.id] = fresh;
    }
    draft[h.hafizId] = { attendance: sent?.attendance ?? h.attendance, logs };
  }
  return draft;
}

/** The one body of the sitting: every seated hafiz, the streams recited by those who came. */
export function sittingBody(sessionId: number, seated: SeatedHafiz[], types: RecitationTypeRow[], draft: SittingDraft): SittingBody {
  return {
    sessionId,
    hafiz: seated.map((h) => {
      const d = draft[h.hafizId]!;
      return {
        hafizId: h.hafizId,
        attendance: d.attendance,
        logs: isAway(d.attendance)
          ? []
          : types
              .filter((t) => d.logs[t.id]?.on)
              .map((t) => {
                const l = d.logs[t.id]!;
                return {
                  recitationTypeId: t.id,
                  startAyah: toGlobal(l.start),
                  endAyah: toGlobal(l.end),
                  status: l.status,
                  ...(l.grade ? { grade: l.grade } : {}),
                  metrics: Object.fromEntries(Object.entries(l.metrics).filter(([, v]) => v > 0)),
                  mistakes: l.mistakes.map((m) => ({ ayah: m.ayah, metricId: m.metricId })),
                };
              }),
      };
    }),
  };
}

/** A problem on one field of one stream: `${hafizId}.${typeId}.${field}` -> the text's key. */
export type Problems = Record<string, string>;
export const problemKey = (hafizId: number, typeId: number, field: string) => `${hafizId}.${typeId}.${field}`;

/** What the server would refuse, found before sending: a range ending before it starts, a mistake outside its range. */
export function draftProblems(draft: SittingDraft): Problems {
  const out: Problems = {};
  for (const [hafizId, h] of Object.entries(draft)) {
    if (isAway(h.attendance)) continue;
    for (const [typeId, l] of Object.entries(h.logs)) {
      if (!l.on) continue;
      const start = toGlobal(l.start);
      const end = toGlobal(l.end);
      if (end < start) out[problemKey(Number(hafizId), Number(typeId), "endAyah")] = "hifz:halqa.problems.rangeOrder";
      else if (l.mistakes.some((m) => m.ayah < start || m.ayah > end))
        out[problemKey(Number(hafizId), Number(typeId), "mistakes")] = "hifz:halqa.problems.mistakeOutside";
    }
  }
  return out;
}

/**
 * Where a refused body's field ("hafiz.0.logs.1.endAyah") is on the screen: the hafiz and stream
 * it names, and the field ("endAyah", "mistakes", "metrics"); null for the body as a whole.
 */
export function fieldOfIssue(body: SittingBody, field: string): { hafizId: number; typeId?: number; field: string } | null {
  const m = /^hafiz\.(\d+)(?:\.logs\.(\d+))?(?:\.(\w+))?/.exec(field);
  if (!m) return null;
  const h = body.hafiz[Number(m[1])];
  if (!h) return null;
  const log = m[2] === undefined ? undefined : h.logs?.[Number(m[2])];
  return { hafizId: h.hafizId, typeId: log?.recitationTypeId, field: m[3] ?? "attendance" };
}

/** Pinning a mistake counts it on its metric too (a count metric); removing one takes it off. */
export function withMistake(log: LogDraft, mistake: PinnedMistake, metrics: RecitationMetricRow[]): LogDraft {
  const counted = metrics.some((m) => m.id === mistake.metricId && m.kind === "count");
  const key = String(mistake.metricId);
  return {
    ...log,
    mistakes: [...log.mistakes, mistake],
    metrics: counted ? { ...log.metrics, [key]: Math.min(100, (log.metrics[key] ?? 0) + 1) } : log.metrics,
  };
}

export function withoutMistake(log: LogDraft, index: number, metrics: RecitationMetricRow[]): LogDraft {
  const gone = log.mistakes[index];
  if (!gone) return log;
  const counted = metrics.some((m) => m.id === gone.metricId && m.kind === "count");
  const key = String(gone.metricId);
  return {
    ...log,
    mistakes: log.mistakes.filter((_, i) => i !== index),
    metrics: counted ? { ...log.metrics, [key]: Math.max(0, (log.metrics[key] ?? 0) - 1) } : log.metrics,
  };
}
