import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { globalAyah } from "@taleem/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { importLayout, type LayoutFile, layoutProblems } from "./layout-import.js";

const require = createRequire(import.meta.url);

/** A word of an ayah as a line lists it (the text is the sample's own, as an imported mushaf prints it). */
const words = (surah: number, ayah: number, texts: string[]) =>
  texts.map((text, i) => ({ ayah: globalAyah(surah, ayah), word: i + 1, text, ...(i === texts.length - 1 ? { end: true } : {}) }));

/** A two-page sample: Al-Falaq on the first page, An-Nas on the second, each opened by its name and the basmalah. */
const sample = (name: string): LayoutFile => ({
  name,
  title: "Sample of two pages",
  linesPerPage: 15,
  licence: "CC0 (a test's own sample)",
  attribution: "Written for Taleem's tests",
  pages: [
    {
      page: 1,
      lines: [
        { line: 1, type: "surah_name", surah: 113, words: [] },
        { line: 2, type: "basmallah", surah: 113, words: [] },
        { line: 3, type: "ayah", surah: null, words: [...words(113, 1, ["قُلْ", "أَعُوذُ", "بِرَبِّ", "الْفَلَقِ"]), ...words(113, 2, ["مِن", "شَرِّ", "مَا", "خَلَقَ"])] },
        { line: 4, type: "ayah", surah: null, words: [...words(113, 3, ["وَمِن", "شَرِّ", "غَاسِقٍ", "إِذَا", "وَقَبَ"])] },
        { line: 5, type: "ayah", surah: null, words: [...words(113, 4, ["وَمِن", "شَرِّ", "النَّفَّاثَاتِ", "فِي", "الْعُقَدِ"])] },
        { line: 6, type: "ayah", surah: null, words: [...words(113, 5, ["وَمِن", "شَرِّ", "حَاسِدٍ", "إِذَا", "حَسَدَ"])] },
      ],
    },
    {
      page: 2,
      lines: [
        { line: 1, type: "surah_name", surah: 114, words: [] },
        { line: 2, type: "basmallah", surah: 114, words: [] },
        ...[1, 2, 3, 4, 5, 6].map((ayah, i) => ({ line: 3 + i, type: "ayah" as const, surah: null, words: words(114, ayah, ["كَلِمَةٌ", `${ayah}`]) })),
      ],
    },
  ],
});

describe("importing a line-by-line layout", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof adminOfNewTenant>>;
  let font: Buffer;
  beforeAll(async () => {
    app = await testApp();
    admin = await adminOfNewTenant(app);
    font = await readFile(require.resolve("@fontsource/amiri-quran/files/amiri-quran-arabic-400-normal.woff2"));
  });

  it("reports every problem of a file at once", async () => {
    const file = sample("madani-604");
    file.pages[1]!.page = 3;
    file.pages[0]!.lines[3]!.line = 9;
    file.pages[0]!.lines[2]!.type = "surah_name";
    file.pages[0]!.lines[2]!.surah = null;
    expect(layoutProblems(file, { partial: false })).toEqual([
      "madani-604 is the built-in layout; give the import another name.",
      "page 1, line 3: a surah_name line names no surah.",
      "page 1: line 9 where line 4 was expected.",
      "pages[1]: page 3 where page 2 was expected (pages run 1, 2, 3, ... in order).",
      "6225 of the 6236 ayahs are on no page (import a sample with --partial).",
    ]);
    const backwards = sample("backwards");
    backwards.pages.reverse().forEach((p, i) => {
      p.page = i + 1;
    });
    expect(layoutProblems(backwards, { partial: true })).toContain(
      `page 2, line 3: ayah ${globalAyah(113, 1)} comes after ayah ${globalAyah(114, 6)} (the words must follow the Quran's order).`,
    );
  });

  it("serves an imported layout's pages line by line, its own font, and the pages its surahs begin on", async () => {
    const name = `sample-${process.pid}-${Date.now() % 100000}`;
    expect(layoutProblems(sample(name), { partial: true })).toEqual([]);
    expect(await importLayout(app.services.db, sample(name), font, { replace: false })).toEqual({ pages: 2, lines: 14, words: 35 });
    // A second import of the same name is refused unless it replaces the first.
    expect(await importLayout(app.services.db, sample(name), font, { replace: false })).toMatchObject({ refused: expect.stringContaining("--replace") });
    expect(await importLayout(app.services.db, sample(name), font, { replace: true })).toMatchObject({ pages: 2 });

    const meta = (await admin.api.get(`/admin/api/layouts/${name}/metadata`)).json();
    expect(meta.layout).toMatchObject({ kind: "lines", pageCount: 2, linesPerPage: 15, fontFamily: `taleem-${name}` });
    expect(meta.pageStarts).toEqual([globalAyah(113, 1), globalAyah(114, 1)]);
    expect([meta.surahPages[113], meta.surahPages[114]]).toEqual([1, 2]);
    const page = (await admin.api.get(`/admin/api/layouts/${name}/pages/2`)).json();
    expect(page.lines.map((l: { type: string }) => l.type)).toEqual(["surah_name", "basmallah", "ayah", "ayah", "ayah", "ayah", "ayah", "ayah"]);
    expect(page.lines[2].words[0]).toEqual({ ayah: 6231, word: 1, text: "كَلِمَةٌ" });
    expect(page.ayahs.map((a: { surah: number; ayah: number }) => `${a.surah}:${a.ayah}`)).toEqual(["114:1", "114:2", "114:3", "114:4", "114:5", "114:6"]);
    const past = await admin.api.get(`/admin/api/layouts/${name}/pages/3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ code: "quran.page_not_found", params: { pageCount: 2 } });
    const served = await admin.api.get(`/admin/api/layouts/${name}/font`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(font)).toBe(true);
  });
});
