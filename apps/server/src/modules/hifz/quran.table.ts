import type { QuranWord } from "@taleem/contract";
import { customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * The Quran's 6,236 ayahs (Hafs), reference data every school reads and none changes: written by
 * migration 0013 (scripts/build-quran-data.mjs), the Uthmani text exactly as quran-json gives it
 * (CC BY-SA 4.0, see THIRD-PARTY.md), with where each ayah falls: juz, hizb, quarter, manzil and
 * page of the Madani mushaf.
 */
export const quranAyahs = pgTable(
  "quran_ayahs",
  {
    /** The global number, 1 to 6,236. */
    number: integer().primaryKey(),
    surah: integer().notNull(),
    ayah: integer().notNull(),
    juz: integer().notNull(),
    hizb: integer().notNull(),
    rub: integer().notNull(),
    manzil: integer().notNull(),
    /** Its page in the Madani 604-page mushaf. */
    page: integer().notNull(),
    text: text().notNull(),
  },
  (t) => [uniqueIndex("quran_ayahs_surah_ayah_key").on(t.surah, t.ayah), index("quran_ayahs_page_idx").on(t.page, t.number)],
);

/**
 * A printed mushaf the app can draw: its pages and its font. `ayah-pages` layouts know which
 * ayahs each page holds (the built-in Madani one, from the page boundaries) and flow the text;
 * line-accurate layouts (15-line Madani, IndoPak 13, 15 or 16 lines) are imported by the people who
 * run the service (`npm run cli -- layout import`), with their lines, font and licence.
 */
export const quranLayouts = pgTable("quran_layouts", {
  name: text().primaryKey(),
  title: text().notNull(),
  kind: text({ enum: ["ayah-pages", "lines"] }).notNull(),
  pageCount: integer().notNull(),
  linesPerPage: integer(),
  /** The CSS font family the browser registers for this layout's text. */
  fontFamily: text().notNull(),
  /** The built-in layout's font file (in @fontsource/amiri-quran), served at /layouts/{name}/font. */
  fontFile: text().notNull(),
  /** An imported layout's font, kept with it (woff2). */
  fontData: bytea(),
  /** An imported layout's pages: the first global ayah that begins on each (the built-in one's are the contract's). */
  pageStarts: jsonb().$type<number[]>(),
  licence: text().notNull(),
  attribution: text().notNull(),
});

/** The lines of an imported layout's pages, each with its words as that mushaf prints them. */
export const quranLayoutLines = pgTable(
  "quran_layout_lines",
  {
    layoutName: text().notNull(),
    page: integer().notNull(),
    line: integer().notNull(),
    type: text({ enum: ["ayah", "surah_name", "basmallah"] }).notNull(),
    surah: integer(),
    words: jsonb().$type<QuranWord[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.layoutName, t.page, t.line] }),
    foreignKey({ name: "quran_layout_lines_layout_fk", columns: [t.layoutName], foreignColumns: [quranLayouts.name] }).onDelete("cascade"),
  ],
);
