import { MADANI_PAGE_STARTS } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { gradeTrend, heat, heatGroups, type LogFact, type MistakeFact, nextAyah, nextLesson, pagesOf, progressOf, weakestAyahs } from "./hifz-progress.js";

/**
 * A small history worked by hand. A hafiz going backwards from An-Nas, manzil cycle 30 days,
 * today Friday 27 November 2026 (its week starts Monday 23 November).
 * Global ayahs: 112:1-4 = 6222-6225, 113:1-5 = 6226-6230, 114:1-6 = 6231-6236; all 15 are on
 * Madani page 604; juz 30 is 5673-6236 (564 ayahs); 111:1 = 6217.
 */
const SABAQ = 1;
const SABQI = 2;
const MANZIL = 3;
const types = [
  { id: SABAQ, name: "Sabaq", builtinKey: "sabaq" },
  { id: SABQI, name: "Sabqi", builtinKey: "sabqi" },
  { id: MANZIL, name: "Manzil", builtinKey: "manzil" },
];
const log = (date: string, recitationTypeId: number, startAyah: number, endAyah: number, status: LogFact["status"], grade: number | null): LogFact => ({
  date,
  recitationTypeId,
  startAyah,
  endAyah,
  status,
  grade,
});
const logs: LogFact[] = [
  log("2026-11-16", SABAQ, 6231, 6236, "completed", 4), // An-Nas
  log("2026-11-23", SABAQ, 6226, 6230, "completed", 5), // Al-Falaq
  log("2026-11-23", SABQI, 6231, 6236, "completed", 3),
  log("2026-11-24", SABAQ, 6222, 6223, "partial", 2), // Al-Ikhlas, half
  log("2026-11-25", SABAQ, 6222, 6225, "completed", null), // Al-Ikhlas
  log("2026-11-25", MANZIL, 6226, 6236, "completed", null),
];
const mistakes: MistakeFact[] = [
  { ayah: 6233, date: "2026-11-16", metricId: 10, weight: 3, isResolved: false }, // lahn jali on 114:3
  { ayah: 6233, date: "2026-11-25", metricId: 11, weight: 1, isResolved: false }, // lahn khafi on 114:3
  { ayah: 6227, date: "2026-11-23", metricId: 12, weight: 2, isResolved: true }, // prompted on 113:2
];
const TODAY = "2026-11-27";

describe("a hafiz's progress, worked by hand", () => {
  const p = progressOf(logs, types, { direction: "backward", manzilCycleDays: 30 }, TODAY);

  it("counts as memorised every completed log merged: 6222-6236, 15 ayahs, all of page 604", () => {
    expect(p.memorised).toEqual({ ayahs: 15, share: Math.round((15 / 6236) * 10_000) / 10_000, pages: 1, juzComplete: 0 });
  });

  it("gives the pace of completed sabaq week by week: 6 ayahs (6/15 of a page), then 5 + 4 = 9 (9/15)", () => {
    expect(p.pace).toEqual([
      { weekStart: "2026-11-02", ayahs: 0, pages: 0 },
      { weekStart: "2026-11-09", ayahs: 0, pages: 0 },
      { weekStart: "2026-11-16", ayahs: 6, pages: 0.4 },
      { weekStart: "2026-11-23", ayahs: 9, pages: 0.6 },
    ]);
  });

  it("counts the sabaq streak back from the latest day: 25 Nov completed, 24 Nov only partial, so 1", () => {
    expect(p.sabaqStreak).toBe(1);
  });

  it("finds juz 30 last revised whole on 25 Nov (its 15 memorised ayahs covered that day), 2 days ago, not overdue", () => {
    const juz30 = p.juzRevision[29]!;
    expect(juz30).toEqual({ juz: 30, memorised: Math.round((15 / 564) * 10_000) / 10_000, lastRevisedOn: "2026-11-25", daysSince: 2, overdue: false });
    expect(p.juzRevision.filter((j) => j.lastRevisedOn)).toHaveLength(1);
  });

  it("says where each stream carries on: after Al-Ikhlas the next sabaq is Al-Masad (111:1 = 6217)", () => {
    expect(p.lastCompletedRanges).toEqual([
      {
        recitationTypeId: SABAQ,
        name: "Sabaq",
        nameNative: null,
        builtinKey: "sabaq",
        date: "2026-11-25",
        ranges: [{ startAyah: 6222, endAyah: 6225, range: "112:1–112:4", pages: 0.27 }],
        nextAyah: 6217,
      },
      {
        recitationTypeId: SABQI,
        name: "Sabqi",
        nameNative: null,
        builtinKey: "sabqi",
        date: "2026-11-23",
        ranges: [{ startAyah: 6231, endAyah: 6236, range: "114:1–114:6", pages: 0.4 }],
        nextAyah: 6226,
      },
      {
        recitationTypeId: MANZIL,
        name: "Manzil",
        nameNative: null,
        builtinKey: "manzil",
        date: "2026-11-25",
        ranges: [{ startAyah: 6226, endAyah: 6236, range: "113:1–114:6", pages: 0.73 }],
        nextAyah: 6226,
      },
    ]);
  });

  it("weighs each mistake by its metric, halves it every 30 days and fades it 0.7 for each correct recitation since", () => {
    const cells = heat(mistakes, logs, TODAY);
    // 114:3: lahn jali 11 days ago, recited whole twice since (sabqi 23 Nov, manzil 25 Nov): 3 x 0.5^(11/30) x 0.7^2;
    // lahn khafi 2 days ago, nothing since: 1 x 0.5^(2/30).
    const a = 3 * 0.5 ** (11 / 30) * 0.7 ** 2 + 1 * 0.5 ** (2 / 30);
    // 113:2: prompted 4 days ago (resolved, still part of its history), manzil once since: 2 x 0.5^(4/30) x 0.7.
    const b = 2 * 0.5 ** (4 / 30) * 0.7;
    expect(cells.get(6233)).toEqual({ weight: Math.round(a * 1000) / 1000, mistakes: 2 });
    expect(cells.get(6227)).toEqual({ weight: Math.round(b * 1000) / 1000, mistakes: 1 });
    expect(Math.round(a * 1000) / 1000).toBe(2.095);
    expect(weakestAyahs(cells).map((c) => c.ayah)).toEqual([6233, 6227]);
    expect(heatGroups(cells, "surah").map((g) => g.key)).toEqual([113, 114]);
    expect(heatGroups(cells, "page")).toEqual([
      { key: 604, weight: Math.round((2.095 + Math.round(b * 1000) / 1000) * 1000) / 1000, ayahs: expect.any(Array) },
    ]);
    expect(heatGroups(cells, "juz").map((g) => g.key)).toEqual([30]);
  });

  it("averages the grades week by week, leaving out logs without one", () => {
    const trend = gradeTrend(logs, TODAY);
    expect(trend).toHaveLength(8);
    expect(trend[6]).toEqual({ weekStart: "2026-11-16", average: 4, logs: 1 });
    expect(trend[7]).toEqual({ weekStart: "2026-11-23", average: Math.round(((5 + 3 + 2) / 3) * 100) / 100, logs: 5 });
    expect(trend[0]!.average).toBeNull();
  });

  it("turns to the surah before once a surah is done going backwards, and to the next ayah otherwise", () => {
    expect(nextAyah(6236, "backward")).toBe(6226);
    expect(nextAyah(6232, "backward")).toBe(6233);
    expect(nextAyah(6236, "forward")).toBeNull();
    expect(nextAyah(7, "backward")).toBeNull();
    expect(pagesOf(1, 7)).toBe(1);
  });
});

/**
 * The Madani pages worked by hand: page 1 is Al-Fatiha (global 1-7), page 2 is 2:1-2:5 (8-12),
 * page 3 is 2:6-2:16 (13-23); An-Nas (6231-6236) ends page 604, Al-Falaq is 6226-6230.
 */
describe("the range a stream's next recitation starts as", () => {
  const plan = { pageStarts: MADANI_PAGE_STARTS, dailyTarget: 5, targetUnit: "lines", direction: "forward" as const };

  it("runs to the end of the page: Al-Fatiha for a forward beginner, the whole of An-Nas for a backward one", () => {
    expect(nextLesson(null, plan, true)).toEqual({ startAyah: 1, endAyah: 7 });
    expect(nextLesson(null, { ...plan, direction: "backward" }, true)).toEqual({ startAyah: 6231, endAyah: 6236 });
  });

  it("takes the sabaq's daily target in ayahs or pages: from 2:3 five ayahs end at 2:7 (14), two pages at the end of page 3 (23)", () => {
    expect(nextLesson(10, { ...plan, targetUnit: "ayahs" }, true)).toEqual({ startAyah: 10, endAyah: 14 });
    expect(nextLesson(10, { ...plan, targetUnit: "pages", dailyTarget: 2 }, true)).toEqual({ startAyah: 10, endAyah: 23 });
  });

  it("stops at the surah's end going backwards: ten ayahs from 113:1 end at 113:5 (6230), and never past 114:6 going forwards", () => {
    expect(nextLesson(6226, { ...plan, direction: "backward", targetUnit: "ayahs", dailyTarget: 10 }, true)).toEqual({ startAyah: 6226, endAyah: 6230 });
    expect(nextLesson(6234, { ...plan, targetUnit: "ayahs", dailyTarget: 10 }, true)).toEqual({ startAyah: 6234, endAyah: 6236 });
  });

  it("gives the revision streams the rest of the page whatever the sabaq's target: 2:3 is on page 2, which ends at 2:5 (12)", () => {
    expect(nextLesson(10, { ...plan, targetUnit: "ayahs" }, false)).toEqual({ startAyah: 10, endAyah: 12 });
  });
});
