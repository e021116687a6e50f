import type { ReportCard } from "@taleem/contract";
import { type PrintDoc, reportCardSection, reportCardsHtml } from "./report-card.html.js";
import type { CardFailure } from "./report-card.js";

/** What prints HTML to PDF: the process's shared Chromium (PdfRenderer) or a test's stand-in. */
export interface HtmlPrinter {
  render(html: string): Promise<Buffer>;
}

/**
 * How cards go to Chromium: `chunk` cards to a page.pdf call, `concurrency` calls at once in the
 * one shared browser. Measured in bench/exams.bench.ts: each call costs about half a second before
 * the first card (a new browser context, a page, the print itself) and then some 25 ms a card, so
 * a card a call is some twenty times slower than 50 a call; two calls at once keep both cores busy.
 */
export const PRINT_CHUNK = 50;
export const PRINT_CONCURRENCY = 2;

export interface PrintOptions {
  chunk?: number;
  concurrency?: number;
  /** Cards finished so far (printed or failed), as they finish. */
  onProgress?: (done: number) => void;
  /**
   * true (a job): a chunk Chromium cannot print is printed again in halves down to single cards,
   * and a card that still fails is listed in `failed` while the others print. false (a request): it throws.
   */
  isolate?: boolean;
}

/** Runs `work` over `items` with at most `limit` at once, keeping their order in the answer. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Report cards as one PDF: each card's page is made on its own (a card whose data cannot be laid
 * out fails alone), then printed in chunks on a few Chromium pages at once and joined in order.
 */
export async function printReportCards(
  printer: HtmlPrinter,
  doc: PrintDoc,
  title: string,
  subtitle: string,
  cards: ReportCard[],
  opts: PrintOptions = {},
): Promise<{ file: Buffer; printed: number; failed: CardFailure[] }> {
  const chunk = opts.chunk ?? PRINT_CHUNK;
  const failed: CardFailure[] = [];
  const fail = (card: ReportCard, err: unknown) => failed.push({ studentId: card.studentId, name: card.studentName, message: message(err) });
  let done = 0;
  const advance = (n: number) => {
    done += n;
    opts.onProgress?.(done);
  };

  const sections: { card: ReportCard; html: string }[] = [];
  for (const card of cards) {
    try {
      sections.push({ card, html: reportCardSection(doc, card, subtitle) });
    } catch (err) {
      if (!opts.isolate) throw err;
      fail(card, err);
      advance(1);
    }
  }
  if (!sections.length) return { file: await printer.render(reportCardsHtml(doc, [], title)), printed: 0, failed };

  let unprinted = 0;
  // A chunk Chromium cannot print is split in halves until the card it cannot print is alone.
  const print = async (part: typeof sections): Promise<Buffer[]> => {
    try {
      const file = await printer.render(
        reportCardsHtml(
          doc,
          part.map((s) => s.html),
          title,
        ),
      );
      advance(part.length);
      return [file];
    } catch (err) {
      if (!opts.isolate) throw err;
      if (part.length === 1) {
        fail(part[0]!.card, err);
        unprinted++;
        advance(1);
        return [];
      }
      const half = Math.ceil(part.length / 2);
      return [...(await print(part.slice(0, half))), ...(await print(part.slice(half)))];
    }
  };
  const chunks = Array.from({ length: Math.ceil(sections.length / chunk) }, (_, i) => sections.slice(i * chunk, (i + 1) * chunk));
  const parts = await pool(chunks, opts.concurrency ?? PRINT_CONCURRENCY, print);
  const files = parts.flat();
  if (!files.length) return { file: await printer.render(reportCardsHtml(doc, [], title)), printed: 0, failed };
  return { file: files.length === 1 ? files[0]! : concatPdfs(files), printed: sections.length - unprinted, failed };
}

interface PdfObject {
  num: number;
  /** The object's dictionary (or value), where references are renumbered. */
  head: string;
  /** "stream ... endstream" copied byte for byte, or empty. */
  stream: Buffer;
}

interface ParsedPdf {
  objects: PdfObject[];
  size: number;
  pagesRoot: number;
  catalog: number;
  info: number | undefined;
  pageCount: number;
}

/**
 * Reads the objects of a PDF written by Chromium (Skia): a classic cross-reference table, no
 * object streams, direct stream lengths. Anything else is refused rather than joined wrongly.
 */
export function parsePdf(buf: Buffer): ParsedPdf {
  const text = buf.toString("latin1");
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) throw new Error("not a PDF: no startxref");
  const xrefAt = Number(start[1]);
  if (!text.startsWith("xref", xrefAt)) throw new Error("PDF has no classic cross-reference table");
  const trailerAt = text.indexOf("trailer", xrefAt);
  const table = text
    .slice(xrefAt + 4, trailerAt)
    .trim()
    .split(/\r?\n/);
  const offsets = new Map<number, number>();
  let numAt = 0;
  for (const line of table) {
    const sub = /^(\d+) (\d+)$/.exec(line.trim());
    if (sub) {
      numAt = Number(sub[1]);
      continue;
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
    if (!entry) throw new Error(`bad cross-reference line: ${line}`);
    if (entry[3] === "n") offsets.set(numAt, Number(entry[1]));
    numAt++;
  }
  const trailer = text.slice(trailerAt, xrefAt > trailerAt ? xrefAt : undefined);
  const root = /\/Root (\d+) 0 R/.exec(trailer);
  const size = /\/Size (\d+)/.exec(trailer);
  if (!root || !size) throw new Error("PDF trailer lacks /Root or /Size");
  const info = /\/Info (\d+) 0 R/.exec(trailer);

  const sorted = [...offsets.entries()].sort((a, b) => a[1] - b[1]);
  const objects: PdfObject[] = sorted.map(([num, at], i) => {
    const end = i + 1 < sorted.length ? sorted[i + 1]![1] : xrefAt;
    const whole = text.slice(at, end);
    const header = /^(\d+) 0 obj\s*/.exec(whole);
    if (!header || Number(header[1]) !== num) throw new Error(`object ${num} is not where the table says`);
    const bodyAt = header[0].length;
    const streamAt = whole.search(/stream\r?\n/);
    if (streamAt === -1) {
      const endAt = whole.lastIndexOf("endobj");
      return { num, head: whole.slice(bodyAt, endAt).trim(), stream: Buffer.alloc(0) };
    }
    const head = whole.slice(bodyAt, streamAt);
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(head);
    if (!length) throw new Error(`object ${num}: stream without a direct /Length`);
    const dataAt = streamAt + (whole[streamAt + 6] === "\r" ? 8 : 7);
    const streamEnd = dataAt + Number(length[1]);
    const tail = whole.slice(streamEnd);
    const endstream = tail.indexOf("endstream");
    if (endstream === -1) throw new Error(`object ${num}: stream not ended`);
    return { num, head: head.trim(), stream: buf.subarray(at + streamAt, at + streamEnd + endstream + "endstream".length) };
  });
  const catalog = objects.find((o) => o.num === Number(root[1]));
  const pages = catalog && /\/Pages (\d+) 0 R/.exec(catalog.head);
  if (!pages) throw new Error("PDF catalog lacks /Pages");
  const pagesObj = objects.find((o) => o.num === Number(pages[1]));
  const count = pagesObj && /\/Count (\d+)/.exec(pagesObj.head);
  if (!count) throw new Error("PDF page tree lacks /Count");
  return {
    objects,
    size: Number(size[1]),
    pagesRoot: Number(pages[1]),
    catalog: Number(root[1]),
    info: info ? Number(info[1]) : undefined,
    pageCount: Number(count[1]),
  };
}

/** How many pages a PDF has, by its page tree. */
export const pdfPageCount = (buf: Buffer) => parsePdf(buf).pageCount;

/**
 * Joins Chromium PDFs into one, in order: every object is renumbered past the ones before it, and
 * each file's page tree hangs under one new root (each keeps its own fonts, so no font is shared
 * wrongly). Their catalogs and document info are left out; the joined file has its own.
 */
export function concatPdfs(files: Buffer[]): Buffer {
  const docs = files.map(parsePdf);
  const out: Buffer[] = [];
  let length = 0;
  const write = (b: Buffer | string) => {
    const buf = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    out.push(buf);
    length += buf.length;
  };
  const offsets = new Map<number, number>();
  write("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n");

  let base = 0;
  const kids: number[] = [];
  let total = 0;
  const bases = docs.map((d) => {
    const b = base;
    base += d.size;
    return b;
  });
  const rootNum = base + 1;
  const catalogNum = base + 2;
  docs.forEach((d, i) => {
    const shift = bases[i]!;
    const renumber = (s: string) => s.replace(/(\d+) (\d+) R\b/g, (_m, n: string, g: string) => `${Number(n) + shift} ${g} R`);
    kids.push(d.pagesRoot + shift);
    total += d.pageCount;
    for (const o of d.objects) {
      if (o.num === d.catalog || o.num === d.info) continue;
      let head = renumber(o.head);
      if (o.num === d.pagesRoot) head = head.replace(/^<</, `<</Parent ${rootNum} 0 R\n`);
      offsets.set(o.num + shift, length);
      write(`${o.num + shift} 0 obj\n${head}`);
      if (o.stream.length) {
        write(" ");
        write(o.stream);
      }
      write("\nendobj\n");
    }
  });
  offsets.set(rootNum, length);
  write(`${rootNum} 0 obj\n<</Type /Pages\n/Kids [${kids.map((k) => `${k} 0 R`).join(" ")}]\n/Count ${total}>>\nendobj\n`);
  offsets.set(catalogNum, length);
  write(`${catalogNum} 0 obj\n<</Type /Catalog\n/Pages ${rootNum} 0 R>>\nendobj\n`);

  const xrefAt = length;
  const size = catalogNum + 1;
  const lines = ["xref", `0 ${size}`, "0000000000 65535 f "];
  for (let n = 1; n < size; n++) {
    const at = offsets.get(n);
    lines.push(at === undefined ? "0000000000 65535 f " : `${String(at).padStart(10, "0")} 00000 n `);
  }
  write(`${lines.join("\n")}\ntrailer\n<</Size ${size}\n/Root ${catalogNum} 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(out, length);
}
