import type { HifzDirection, HifzProgress, LayoutMode, LogStatus } from "@taleem/contract";
import { firstLessonAyah, JUZ_STARTS, juzOf, juzRange, MADANI_PAGE_STARTS, madaniPageOf, pageIn, SURAHS, surahAyahOf, TOTAL_AYAHS } from "@taleem/contract";

/**
 * The working behind a hafiz's progress, as pure functions of their logs and mistakes, so each
 * figure can be checked by hand (hifz-progress.test.ts works a small history through).
 *
 * - Memorised: the ayahs of every completed log, whatever its type, merged.
 * - Pace: ayahs of completed sabaq (merged within the week) and their pages, by week from Monday.
 * - Sabaq streak: the days with a log, newest first, counted while each had a completed sabaq.
 * - A juz was last revised whole on the day the latest completed logs, walked back, first cover
 *   all of it that is memorised; overdue when that is longer ago than the manzil cycle.
 * - Heat: each mistake weighs its metric's weight, halved every 30 days and multiplied by 0.7 for
 *   each completed recitation holding the ayah after the day of the mistake.
 */

export interface LogFact {
  date: string;
  recitationTypeId: number;
  startAyah: number;
  endAyah: number;
  status: LogStatus;
  grade: number | null;
}

export interface MistakeFact {
  ayah: number;
  date: string;
  metricId: number;
  weight: number;
  isResolved: boolean;
}

export interface TypeFact {
  id: number;
  name: string;
  nameNative?: string | null;
  builtinKey: string | null;
}

export type Interval = [number, number];

export const HEAT_HALF_LIFE_DAYS = 30;
export const HEAT_FADE_PER_RECITATION = 0.7;
const DAY = 86_400_000;

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY);
const dayOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Monday of the week holding `day`. */
export function weekStart(day: string): string {
  const n = dayNumber(day);
  const weekday = (new Date(n * DAY).getUTCDay() + 6) % 7;
  return dayOf(n - weekday);
}

/** Intervals sorted and joined where they overlap or touch. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const size = (merged: Interval[]) => merged.reduce((n, [s, e]) => n + e - s + 1, 0);

function overlap(merged: Interval[], first: number, last: number): number {
  let n = 0;
  for (const [s, e] of merged) n += Math.max(0, Math.min(e, last) - Math.max(s, first) + 1);
  return n;
}

/** Pages of the Madani layout a range covers: each page's share of its ayahs, summed. */
export function pagesOf(startAyah: number, endAyah: number): number {
  let pages = 0;
  for (let page = madaniPageOf(startAyah); page <= madaniPageOf(endAyah); page++) {
    const first = MADANI_PAGE_STARTS[page - 1]!;
    const last = (MADANI_PAGE_STARTS[page] ?? TOTAL_AYAHS + 1) - 1;
    pages += (Math.min(last, endAyah) - Math.max(first, startAyah) + 1) / (last - first + 1);
  }
  return round(pages, 2);
}

/** surah:ayah–surah:ayah (one ayah: surah:ayah). */
export function rangeLabel(startAyah: number, endAyah: number): string {
  const a = surahAyahOf(startAyah);
  const b = surahAyahOf(endAyah);
  return startAyah === endAyah ? `${a.surah}:${a.ayah}` : `${a.surah}:${a.ayah}–${b.surah}:${b.ayah}`;
}

/** Where a hafiz carries on after `end`: the next ayah, or (backwards) the surah before once a surah is done. */
export function nextAyah(end: number, direction: HifzDirection): number | null {
  const { surah, ayah } = surahAyahOf(end);
  const lastOfSurah = ayah === SURAHS[surah - 1]!.ayahCount;
  if (direction === "backward" && lastOfSurah) return surah === 1 ? null : SURAHS[surah - 2]!.firstAyah;
  return end === TOTAL_AYAHS ? null : end + 1;
}

/** What a stream's next recitation is measured by: the hafiz's direction and daily target, and the pages of their mushaf. */
export interface LessonPlan {
  direction: HifzDirection;
  dailyTarget: number;
  targetUnit: string;
  /** The first ayah beginning on each page of the hafiz's layout. */
  pageStarts: readonly number[];
}

/**
 * The range a stream's next recitation starts as: from where it carries on (the first lesson when
 * nothing was completed, or the Quran was), the daily target for the sabaq when it is counted in
 * ayahs or pages, else to the end of the page. Going backwards it stops at the surah's end: the
 * lesson after is the surah before.
 */
export function nextLesson(carriesOn: number | null, plan: LessonPlan, sabaq: boolean): { startAyah: number; endAyah: number } {
  const start = carriesOn ?? firstLessonAyah(plan.direction);
  const endOfPage = (page: number) => (plan.pageStarts[page] ?? TOTAL_AYAHS + 1) - 1;
  const page = pageIn(plan.pageStarts, start);
  let end = endOfPage(page);
  if (sabaq && plan.targetUnit === "ayahs") end = start + plan.dailyTarget - 1;
  else if (sabaq && plan.targetUnit === "pages") end = endOfPage(page + plan.dailyTarget - 1);
  const { surah } = surahAyahOf(start);
  const last = plan.direction === "backward" ? SURAHS[surah - 1]!.firstAyah + SURAHS[surah - 1]!.ayahCount - 1 : TOTAL_AYAHS;
  return { startAyah: start, endAyah: Math.max(start, Math.min(end, last)) };
}

const completed = (logs: LogFact[]) => logs.filter((l) => l.status === "completed");

export function memorisedRanges(logs: LogFact[]): Interval[] {
  return merge(completed(logs).map((l) => [l.startAyah, l.endAyah]));
}

export function pace(logs: LogFact[], sabaqTypeId: number | undefined, today: string, weeks = 4) {
  const thisWeek = dayNumber(weekStart(today));
  return Array.from({ length: weeks }, (_, i) => {
    const start = dayOf(thisWeek - 7 * (weeks - 1 - i));
    const end = dayOf(dayNumber(start) + 6);
    const sabaq = completed(logs).filter((l) => l.recitationTypeId === sabaqTypeId && l.date >= start && l.date <= end);
    const ranges = merge(sabaq.map((l) => [l.startAyah, l.endAyah]));
    return {
      weekStart: start,
      ayahs: size(ranges),
      pages: round(
        ranges.reduce((p, [s, e]) => p + pagesOf(s, e), 0),
        2,
      ),
    };
  });
}

export function sabaqStreak(logs: LogFact[], sabaqTypeId: number | undefined): number {
  const days = [...new Set(logs.map((l) => l.date))].sort().reverse();
  let streak = 0;
  for (const day of days) {
    if (!logs.some((l) => l.date === day && l.recitationTypeId === sabaqTypeId && l.status === "completed")) break;
    streak++;
  }
  return streak;
}

export function juzRevision(logs: LogFact[], memorised: Interval[], today: string, cycleDays: number) {
  const newestFirst = completed(logs).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return JUZ_STARTS.map((_, i) => {
    const juz = i + 1;
    const { first, last } = juzRange(juz);
    const held = overlap(memorised, first, last);
    let lastRevisedOn: string | null = null;
    if (held > 0) {
      const covered: Interval[] = [];
      for (const log of newestFirst) {
        if (log.endAyah < first || log.startAyah > last) continue;
        covered.push([Math.max(first, log.startAyah), Math.min(last, log.endAyah)]);
        if (overlap(merge(covered), first, last) >= held) {
          lastRevisedOn = log.date;
          break;
        }
      }
    }
    const daysSince = lastRevisedOn ? daysBetween(lastRevisedOn, today) : null;
    const whole = held === last - first + 1;
    return {
      juz,
      memorised: round(held / (last - first + 1), 4),
      lastRevisedOn,
      daysSince,
      overdue: whole && (daysSince === null || daysSince > cycleDays),
    };
  });
}

export function lastCompletedRanges(logs: LogFact[], types: TypeFact[], direction: HifzDirection) {
  return types.flatMap((type) => {
    const done = completed(logs).filter((l) => l.recitationTypeId === type.id);
    if (!done.length) return [];
    const date = done.reduce((d, l) => (l.date > d ? l.date : d), done[0]!.date);
    const ranges = merge(done.filter((l) => l.date === date).map((l) => [l.startAyah, l.endAyah]));
    const end = ranges[ranges.length - 1]![1];
    return [
      {
        recitationTypeId: type.id,
        name: type.name,
        nameNative: type.nameNative ?? null,
        builtinKey: type.builtinKey,
        date,
        ranges: ranges.map(([s, e]) => ({ startAyah: s, endAyah: e, range: rangeLabel(s, e), pages: pagesOf(s, e) })),
        nextAyah: nextAyah(end, direction),
      },
    ];
  });
}

/** The first index of a sorted list whose value is above (or, with `orEqual`, at least) `value`. */
function firstAbove<T>(sorted: readonly T[], value: T, orEqual = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > value || (orEqual && sorted[mid] === value)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Each ayah's heat: its mistakes' weights, faded by time and by correct recitations since. */
export function heat(mistakes: MistakeFact[], logs: LogFact[], today: string): Map<number, { weight: number; mistakes: number }> {
  // The days each mistaken ayah was recited whole and right, sorted: a mistake then counts those after it.
  const ayahs = [...new Set(mistakes.map((m) => m.ayah))].sort((a, b) => a - b);
  const recitedOn = new Map<number, string[]>(ayahs.map((a) => [a, []]));
  for (const l of completed(logs))
    for (let i = firstAbove(ayahs, l.startAyah, true); i < ayahs.length && ayahs[i]! <= l.endAyah; i++) recitedOn.get(ayahs[i]!)!.push(l.date);
  for (const days of recitedOn.values()) days.sort();
  const out = new Map<number, { weight: number; mistakes: number }>();
  for (const m of mistakes) {
    const days = recitedOn.get(m.ayah)!;
    const since = days.length - firstAbove(days, m.date);
    const w = m.weight * 0.5 ** (Math.max(0, daysBetween(m.date, today)) / HEAT_HALF_LIFE_DAYS) * HEAT_FADE_PER_RECITATION ** since;
    const cell = out.get(m.ayah) ?? { weight: 0, mistakes: 0 };
    cell.weight += w;
    cell.mistakes++;
    out.set(m.ayah, cell);
  }
  for (const cell of out.values()) cell.weight = round(cell.weight, 3);
  return out;
}

export function heatGroups(cells: Map<number, { weight: number; mistakes: number }>, mode: LayoutMode) {
  const keyOf = mode === "juz" ? juzOf : mode === "page" ? madaniPageOf : (a: number) => surahAyahOf(a).surah;
  const groups = new Map<number, { key: number; weight: number; ayahs: { ayah: number; weight: number; mistakes: number }[] }>();
  for (const [ayah, cell] of [...cells.entries()].sort((a, b) => a[0] - b[0])) {
    const key = keyOf(ayah);
    const group = groups.get(key) ?? { key, weight: 0, ayahs: [] };
    group.weight = round(group.weight + cell.weight, 3);
    group.ayahs.push({ ayah, ...cell });
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function weakestAyahs(cells: Map<number, { weight: number; mistakes: number }>, n = 10) {
  return [...cells.entries()]
    .map(([ayah, c]) => ({ ayah, ...c }))
    .sort((a, b) => b.weight - a.weight || a.ayah - b.ayah)
    .slice(0, n);
}

export function gradeTrend(logs: LogFact[], today: string, weeks = 8) {
  const thisWeek = dayNumber(weekStart(today));
  return Array.from({ length: weeks }, (_, i) => {
    const start = dayOf(thisWeek - 7 * (weeks - 1 - i));
    const end = dayOf(dayNumber(start) + 6);
    const graded = logs.filter((l) => l.date >= start && l.date <= end && l.grade !== null);
    const inWeek = logs.filter((l) => l.date >= start && l.date <= end).length;
    return { weekStart: start, average: graded.length ? round(graded.reduce((s, l) => s + l.grade!, 0) / graded.length, 2) : null, logs: inWeek };
  });
}

/** Progress as `hafiz/{id}/progress` and the dashboard give it. */
export function progressOf(
  logs: LogFact[],
  types: TypeFact[],
  plan: { direction: HifzDirection; manzilCycleDays: number },
  today: string,
): Omit<HifzProgress, "hafiz" | "totalLogs"> {
  const memorised = memorisedRanges(logs);
  const sabaq = types.find((t) => t.builtinKey === "sabaq")?.id;
  const revision = juzRevision(logs, memorised, today, plan.manzilCycleDays);
  return {
    memorised: {
      ayahs: size(memorised),
      share: round(size(memorised) / TOTAL_AYAHS, 4),
      pages: round(
        memorised.reduce((p, [s, e]) => p + pagesOf(s, e), 0),
        2,
      ),
      juzComplete: revision.filter((j) => j.memorised === 1).length,
    },
    pace: pace(logs, sabaq, today),
    sabaqStreak: sabaqStreak(logs, sabaq),
    juzRevision: revision,
    lastCompletedRanges: lastCompletedRanges(logs, types, plan.direction),
  };
}
