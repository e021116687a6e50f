import { LayoutName, QuranLine, TOTAL_AYAHS } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/db-types.js";
import { DEFAULT_LAYOUT } from "./quran.service.js";
import { quranLayoutLines, quranLayouts } from "./quran.table.js";

/**
 * A line-by-line mushaf as the people who run the service import it (docs/quran-layouts.md): its
 * name, title, lines per page, licence and attribution, and every page's lines with their words
 * (each word naming its ayah as a global number). A public export of pages, lines and words is
 * turned into this shape once.
 */
export const LayoutFile = z.object({
  name: LayoutName,
  title: z.string().trim().min(1).max(120),
  linesPerPage: z.number().int().min(5).max(25),
  licence: z.string().trim().min(1).max(4000),
  attribution: z.string().trim().min(1).max(1000),
  pages: z.array(z.object({ page: z.number().int().min(1), lines: z.array(QuranLine).min(1) })).min(1),
});
export type LayoutFile = z.infer<typeof LayoutFile>;

/** What is wrong with a layout file, every problem found (nothing is written while there is one). */
export function layoutProblems(file: LayoutFile, { partial }: { partial: boolean }): string[] {
  const problems: string[] = [];
  if (file.name === DEFAULT_LAYOUT) problems.push(`${DEFAULT_LAYOUT} is the built-in layout; give the import another name.`);
  const seen = new Set<number>();
  let last = 0;
  file.pages.forEach((p, i) => {
    if (p.page !== i + 1) problems.push(`pages[${i}]: page ${p.page} where page ${i + 1} was expected (pages run 1, 2, 3, ... in order).`);
    if (p.lines.length > file.linesPerPage) problems.push(`page ${p.page}: ${p.lines.length} lines, more than the layout's ${file.linesPerPage}.`);
    p.lines.forEach((l, j) => {
      if (l.line !== j + 1) problems.push(`page ${p.page}: line ${l.line} where line ${j + 1} was expected.`);
      if (l.type === "ayah" && !l.words.length) problems.push(`page ${p.page}, line ${l.line}: an ayah line with no words.`);
      if (l.type !== "ayah" && !l.surah) problems.push(`page ${p.page}, line ${l.line}: a ${l.type} line names no surah.`);
      for (const w of l.words) {
        if (w.ayah < last) problems.push(`page ${p.page}, line ${l.line}: ayah ${w.ayah} comes after ayah ${last} (the words must follow the Quran's order).`);
        last = Math.max(last, w.ayah);
        seen.add(w.ayah);
      }
    });
  });
  const missing = TOTAL_AYAHS - seen.size;
  if (!partial && missing) problems.push(`${missing} of the ${TOTAL_AYAHS} ayahs are on no page (import a sample with --partial).`);
  return problems.slice(0, 50);
}

/**
 * The first global ayah beginning on each page: a page that opens mid-ayah counts from the next
 * one, and a page wholly inside one long ayah from that ayah.
 */
export function pageStartsOf(file: LayoutFile): number[] {
  let previous = 1;
  return file.pages.map((p) => {
    const words = p.lines.flatMap((l) => l.words);
    previous = (words.find((w) => w.word === 1) ?? words[0])?.ayah ?? previous;
    return previous;
  });
}

/**
 * Writes a checked layout in one transaction: its row with the font, then its lines. `replace`
 * takes the place of a layout of the same name (its lines go with it); otherwise one is refused.
 */
export async function importLayout(db: Db, file: LayoutFile, font: Buffer, { replace }: { replace: boolean }) {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ name: quranLayouts.name }).from(quranLayouts).where(eq(quranLayouts.name, file.name));
    if (existing && !replace) return { refused: `A layout named ${file.name} exists; add --replace to take its place.` } as const;
    if (existing) await tx.delete(quranLayouts).where(eq(quranLayouts.name, file.name));
    await tx.insert(quranLayouts).values({
      name: file.name,
      title: file.title,
      kind: "lines",
      pageCount: file.pages.length,
      linesPerPage: file.linesPerPage,
      fontFamily: `taleem-${file.name}`,
      fontFile: "",
      fontData: font,
      pageStarts: pageStartsOf(file),
      licence: file.licence,
      attribution: file.attribution,
    });
    const rows = file.pages.flatMap((p) =>
      p.lines.map((l) => ({ layoutName: file.name, page: p.page, line: l.line, type: l.type, surah: l.surah, words: l.words })),
    );
    for (let i = 0; i < rows.length; i += 500) await tx.insert(quranLayoutLines).values(rows.slice(i, i + 500));
    return { pages: file.pages.length, lines: rows.length, words: rows.reduce((n, r) => n + r.words.length, 0) } as const;
  });
}
