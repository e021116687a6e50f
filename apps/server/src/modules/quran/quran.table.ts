import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

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
 * line-accurate layouts, imported by the people who run the service, come later.
 */
export const quranLayouts = pgTable("quran_layouts", {
  name: text().primaryKey(),
  title: text().notNull(),
  kind: text({ enum: ["ayah-pages", "lines"] }).notNull(),
  pageCount: integer().notNull(),
  linesPerPage: integer(),
  /** The CSS font family the browser registers for this layout's text. */
  fontFamily: text().notNull(),
  /** The font file served at /layouts/{name}/font. */
  fontFile: text().notNull(),
  licence: text().notNull(),
  attribution: text().notNull(),
});
