import { z } from "zod";
import { JUZ_START_DATA, MADANI_PAGE_START_DATA, MANZIL_START_DATA, RUB_START_DATA, SURAH_DATA } from "./quran-index.data.js";

/**
 * The Quran's structure (Hafs), without its text, for server and browser alike: memorisation
 * ranges are stored as global ayah numbers (1 to 6,236), so overlaps, merges and coverage are
 * integer work, and surah:ayah, juz, hizb, manzil and the Madani page are derived from them here.
 */

export interface SurahInfo {
  number: number;
  nameArabic: string;
  /** Transliterated, as readers in India and Pakistan know it. */
  nameEnglish: string;
  meaningEnglish: string;
  ayahCount: number;
  /** The global number of its first ayah. */
  firstAyah: number;
  revelationOrder: number;
  meccan: boolean;
}

export const TOTAL_AYAHS = 6236;
export const SURAHS: readonly SurahInfo[] = SURAH_DATA;
export const JUZ_STARTS = JUZ_START_DATA;
export const RUB_STARTS = RUB_START_DATA;
export const HIZB_STARTS: readonly number[] = RUB_START_DATA.filter((_, i) => i % 4 === 0);
export const MANZIL_STARTS = MANZIL_START_DATA;
export const MADANI_PAGE_STARTS = MADANI_PAGE_START_DATA;
export const MADANI_PAGES = MADANI_PAGE_STARTS.length;

/** The global number (1..6236) of surah:ayah; a RangeError for one that does not exist. */
export function globalAyah(surah: number, ayah: number): number {
  const s = SURAHS[surah - 1];
  if (!s || !Number.isInteger(ayah) || ayah < 1 || ayah > s.ayahCount) throw new RangeError(`There is no ayah ${surah}:${ayah}`);
  return s.firstAyah + ayah - 1;
}

/** The 1-based position of the last start at or before `global` in an ascending list of starts. */
function indexIn(starts: readonly number[], global: number): number {
  checkGlobal(global);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= global) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function checkGlobal(global: number) {
  if (!Number.isInteger(global) || global < 1 || global > TOTAL_AYAHS) throw new RangeError(`There is no ayah number ${global}`);
}

/** surah:ayah of a global ayah number. */
export function surahAyahOf(global: number): { surah: number; ayah: number } {
  const surah = indexIn(
    SURAHS.map((s) => s.firstAyah),
    global,
  );
  return { surah, ayah: global - SURAHS[surah - 1]!.firstAyah + 1 };
}

export const juzOf = (global: number) => indexIn(JUZ_STARTS, global);
export const hizbOf = (global: number) => indexIn(HIZB_STARTS, global);
export const rubOf = (global: number) => indexIn(RUB_STARTS, global);
export const manzilOf = (global: number) => indexIn(MANZIL_STARTS, global);
export const madaniPageOf = (global: number) => indexIn(MADANI_PAGE_STARTS, global);
/** The page of a layout an ayah begins on, from the first ayah of each of its pages. */
export const pageIn = (pageStarts: readonly number[], global: number) => indexIn(pageStarts, global);

/** The global ayahs a juz holds, first and last. */
export function juzRange(juz: number): { first: number; last: number } {
  if (!Number.isInteger(juz) || juz < 1 || juz > JUZ_STARTS.length) throw new RangeError(`There is no juz ${juz}`);
  return { first: JUZ_STARTS[juz - 1]!, last: (JUZ_STARTS[juz] ?? TOTAL_AYAHS + 1) - 1 };
}

/** A global ayah number in a request or reply. */
export const GlobalAyah = z.number().int().min(1, "The Quran's ayahs are numbered from 1").max(TOTAL_AYAHS, `The Quran has ${TOTAL_AYAHS} ayahs`);

/** surah:ayah in a request: the ayah must be one the surah has. */
export const AyahRef = z
  .object({ surah: z.number().int().min(1).max(SURAHS.length), ayah: z.number().int().min(1) })
  .refine((r) => r.ayah <= (SURAHS[r.surah - 1]?.ayahCount ?? 0), { message: "This surah has fewer ayahs", path: ["ayah"] });
