import { JUZ_STARTS, madaniPageOf, type QuranLayout, type QuranPage, SURAHS } from "@taleem/contract";
import { asc, between, eq } from "drizzle-orm";
import { AppError } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { quranAyahs, quranLayouts } from "./quran.table.js";

/** The layout every hafiz starts with. */
export const DEFAULT_LAYOUT = "madani-604";

type LayoutRecord = typeof quranLayouts.$inferSelect;

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
  return (await scope.db.select().from(quranLayouts).orderBy(asc(quranLayouts.name))).map(present);
}

/** A layout by name, or 404 naming `layoutName`. */
export async function requireLayout(scope: TenantScope, name: string): Promise<LayoutRecord> {
  const [row] = await scope.db.select().from(quranLayouts).where(eq(quranLayouts.name, name));
  if (!row) throw new AppError(404, "quran.layout_not_found", `There is no layout named ${name}.`, { field: "layoutName", layoutName: name });
  return row;
}

export async function layoutMetadata(scope: TenantScope, name: string) {
  const layout = await requireLayout(scope, name);
  return {
    layout: present(layout),
    licence: layout.licence,
    attribution: layout.attribution,
    // The built-in layout's pages are the Madani mushaf's; an imported one will carry its own.
    surahPages: [0, ...SURAHS.map((s) => madaniPageOf(s.firstAyah))],
    juzPages: [0, ...JUZ_STARTS.map((first) => madaniPageOf(first))],
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
