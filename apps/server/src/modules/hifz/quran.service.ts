import { JUZ_STARTS, MADANI_PAGE_STARTS, pageIn, type QuranLayout, type QuranPage, SURAHS } from "@taleem/contract";
import { and, asc, between, eq, getTableColumns, inArray } from "drizzle-orm";
import { AppError } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { quranAyahs, quranLayoutLines, quranLayouts } from "./quran.table.js";

/** The layout every hafiz starts with. */
export const DEFAULT_LAYOUT = "madani-604";

// A layout's row without its font (read only by the font's own route).
const { fontData: _font, ...layoutColumns } = getTableColumns(quranLayouts);
type LayoutRecord = Omit<typeof quranLayouts.$inferSelect, "fontData">;

const present = (l: LayoutRecord): QuranLayout => ({
  layoutName: l.name,
  title: l.title,
  kind: l.kind,
  pageCount: l.pageCount,
  linesPerPage: l.linesPerPage,
  fontFamily: l.fontFamily,
  fontUrl: `/admin/api/layouts/${l.name}/font`,
});

export async function layouts(scope: TenantScope): Promise<QuranLayout[]> {
  return (await scope.db.select(layoutColumns).from(quranLayouts).orderBy(asc(quranLayouts.name))).map(present);
}

/** A layout by name, or 404 naming `layoutName`. */
export async function requireLayout(scope: TenantScope, name: string): Promise<LayoutRecord> {
  const [row] = await scope.db.select(layoutColumns).from(quranLayouts).where(eq(quranLayouts.name, name));
  if (!row) throw new AppError(404, "quran.layout_not_found", `There is no layout named ${name}.`, { field: "layoutName", layoutName: name });
  return row;
}

/** Where each page begins: the built-in layout's are the Madani mushaf's; an imported one carries its own. */
const pageStartsOf = (layout: LayoutRecord): readonly number[] => layout.pageStarts ?? MADANI_PAGE_STARTS;

/** Where each page of a layout begins, by the layout's name (the Madani pages for one that is gone). */
export async function layoutPageStarts(scope: TenantScope, name: string): Promise<readonly number[]> {
  const [row] = await scope.db.select({ pageStarts: quranLayouts.pageStarts }).from(quranLayouts).where(eq(quranLayouts.name, name));
  return row?.pageStarts ?? MADANI_PAGE_STARTS;
}

export async function layoutMetadata(scope: TenantScope, name: string) {
  const layout = await requireLayout(scope, name);
  const starts = pageStartsOf(layout);
  return {
    layout: present(layout),
    licence: layout.licence,
    attribution: layout.attribution,
    surahPages: [0, ...SURAHS.map((s) => pageIn(starts, s.firstAyah))],
    juzPages: [0, ...JUZ_STARTS.map((first) => pageIn(starts, first))],
    pageStarts: [...starts],
  };
}

/** Pages `first` to `last` of a layout with their ayahs; a page past the layout's end is a 404. */
export async function layoutPages(scope: TenantScope, name: string, first: number, last: number): Promise<QuranPage[]> {
  const layout = await requireLayout(scope, name);
  if (last > layout.pageCount) {
    throw new AppError(404, "quran.page_not_found", `${layout.title} has ${layout.pageCount} pages.`, {
      field: "pageNumber",
      pageNumber: last,
      pageCount: layout.pageCount,
    });
  }
  if (layout.kind === "lines") return linePages(scope, layout, first, last);
  const rows = await scope.db
    .select({ number: quranAyahs.number, surah: quranAyahs.surah, ayah: quranAyahs.ayah, juz: quranAyahs.juz, text: quranAyahs.text, page: quranAyahs.page })
    .from(quranAyahs)
    .where(between(quranAyahs.page, first, last))
    .orderBy(asc(quranAyahs.number));
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    layoutName: name,
    pageNumber: first + i,
    ayahs: rows.filter((r) => r.page === first + i).map(({ page: _page, ...a }) => a),
  }));
}

/** Pages of an imported layout: its lines as printed, and the ayahs their words belong to. */
async function linePages(scope: TenantScope, layout: LayoutRecord, first: number, last: number): Promise<QuranPage[]> {
  const lines = await scope.db
    .select()
    .from(quranLayoutLines)
    .where(and(eq(quranLayoutLines.layoutName, layout.name), between(quranLayoutLines.page, first, last)))
    .orderBy(asc(quranLayoutLines.page), asc(quranLayoutLines.line));
  const numbers = [...new Set(lines.flatMap((l) => l.words.map((w) => w.ayah)))];
  const ayahs = numbers.length
    ? await scope.db
        .select({ number: quranAyahs.number, surah: quranAyahs.surah, ayah: quranAyahs.ayah, juz: quranAyahs.juz, text: quranAyahs.text })
        .from(quranAyahs)
        .where(inArray(quranAyahs.number, numbers))
        .orderBy(asc(quranAyahs.number))
    : [];
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const here = lines.filter((l) => l.page === first + i);
    const held = new Set(here.flatMap((l) => l.words.map((w) => w.ayah)));
    return {
      layoutName: layout.name,
      pageNumber: first + i,
      ayahs: ayahs.filter((a) => held.has(a.number)),
      lines: here.map(({ line, type, surah, words }) => ({ line, type, surah, words })),
    };
  });
}

/** An imported layout's font, or null for the built-in one (its file ships with the app). */
export async function importedFont(scope: TenantScope, name: string): Promise<Buffer | null> {
  const [row] = await scope.db.select({ font: quranLayouts.fontData }).from(quranLayouts).where(eq(quranLayouts.name, name));
  return row?.font ?? null;
}
