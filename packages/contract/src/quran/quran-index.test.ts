import { describe, expect, it } from "vitest";
import { AyahRef, globalAyah, HIZB_STARTS, juzOf, juzRange, MADANI_PAGES, madaniPageOf, manzilOf, SURAHS, surahAyahOf, TOTAL_AYAHS } from "./quran-index.js";

describe("the Quran's structure", () => {
  it("has 114 surahs whose ayahs add up to 6,236, in order", () => {
    expect(SURAHS).toHaveLength(114);
    expect(SURAHS.reduce((n, s) => n + s.ayahCount, 0)).toBe(TOTAL_AYAHS);
    expect(SURAHS[1]).toMatchObject({ number: 2, nameArabic: "البَقَرَة", ayahCount: 286, firstAyah: 8 });
    for (let i = 1; i < SURAHS.length; i++) expect(SURAHS[i]!.firstAyah).toBe(SURAHS[i - 1]!.firstAyah + SURAHS[i - 1]!.ayahCount);
  });

  it("numbers ayahs from Al-Fatihah 1 to An-Nas 6 and back", () => {
    expect(globalAyah(1, 1)).toBe(1);
    expect(globalAyah(2, 255)).toBe(262);
    expect(globalAyah(114, 6)).toBe(6236);
    expect(surahAyahOf(262)).toEqual({ surah: 2, ayah: 255 });
    expect(surahAyahOf(6236)).toEqual({ surah: 114, ayah: 6 });
    expect(() => globalAyah(1, 8)).toThrow(RangeError);
    expect(() => surahAyahOf(6237)).toThrow(RangeError);
  });

  it("knows where juz, hizb, manzil and the 604 Madani pages begin", () => {
    expect(juzOf(globalAyah(2, 141))).toBe(1);
    expect(juzOf(globalAyah(2, 142))).toBe(2);
    expect(juzOf(globalAyah(78, 1))).toBe(30);
    expect(juzRange(30)).toEqual({ first: 5673, last: 6236 });
    expect(HIZB_STARTS).toHaveLength(60);
    expect(manzilOf(globalAyah(5, 1))).toBe(2);
    expect(MADANI_PAGES).toBe(604);
    expect(madaniPageOf(1)).toBe(1);
    expect(madaniPageOf(globalAyah(2, 1))).toBe(2);
    expect(madaniPageOf(6236)).toBe(604);
    expect(madaniPageOf(globalAyah(112, 1))).toBe(604);
  });

  it("refuses an ayah the surah does not have", () => {
    expect(AyahRef.safeParse({ surah: 108, ayah: 3 }).success).toBe(true);
    expect(AyahRef.safeParse({ surah: 108, ayah: 4 }).error?.issues[0]?.path).toEqual(["ayah"]);
  });
});
