import { inflateSync } from "node:zlib";
import type { FeeHead } from "@taleem/contract";
import type { TestApp } from "../../../test/harness.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool } from "../academics/school.fixture.js";
import { parsePdf } from "../exams/exam-documents.print.js";
import { takePayment } from "./fee-collection.service.js";
import { feeLedger, fees } from "./fees.table.js";
import { DUES_ONLY } from "./payment-intent.js";

/** A piece of text a PDF draws, where its line starts (points from the page's left edge). */
export interface PdfRun {
  x: number;
  y: number;
  text: string;
}

/**
 * The bytes of a stream object, inflated when it is compressed. Its length is the one the object
 * declares: compressed data may itself end in a newline byte, so trimming newlines before
 * `endstream` cut a stream short now and then (only the one end-of-line the format adds goes).
 */
function streamBytes(head: string, stream: Buffer): Buffer {
  const text = stream.toString("latin1");
  const start = text.indexOf("\n", text.indexOf("stream")) + 1;
  const declared = /\/Length\s+(\d+)(?![\d\s]*R)/.exec(head);
  let end = text.lastIndexOf("endstream");
  if (text[end - 1] === "\n") end--;
  if (text[end - 1] === "\r") end--;
  const data = stream.subarray(start, declared ? start + Number(declared[1]) : end);
  return head.includes("/FlateDecode") ? inflateSync(data) : data;
}

const utf16 = (hex: string) => {
  let out = "";
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** A font's ToUnicode map: glyph id (hex) to text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(Number.parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const from = Number.parseInt(m[1]!, 16);
      const to = Number.parseInt(m[2]!, 16);
      if (m[3]!.startsWith("[")) {
        const items = [...m[3]!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => utf16(x[1]!));
        for (let g = from; g <= to; g++) map.set(g, items[g - from] ?? "");
      } else {
        const base = m[3]!.slice(1, -1);
        const prefix = utf16(base.slice(0, -4));
        const last = Number.parseInt(base.slice(-4), 16);
        for (let g = from; g <= to; g++) map.set(g, prefix + String.fromCharCode(last + g - from));
      }
    }
  }
  return map;
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The text a Chromium (Skia) PDF draws, one run per text object (BT ... ET, a line of one font),
 * glyph ids read back through the font's ToUnicode map, with where the run starts on the page
 * (points from the left and from the top). Skia writes the glyphs of right-to-left text in
 * visual order, so an Arabic run reads reversed (see `logical`).
 */
export function pdfRuns(pdf: Buffer): PdfRun[] {
  const { objects } = parsePdf(pdf);
  const byNum = new Map(objects.map((o) => [o.num, o]));
  const maps = new Map<number, Map<number, string>>();
  const fontOf = new Map<string, number>();
  for (const o of objects) {
    for (const dict of o.head.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const ref of dict[1]!.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) fontOf.set(ref[1]!, Number(ref[2]));
    }
    const cmapRef = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(o.head);
    const cmap = cmapRef ? byNum.get(Number(cmapRef[1])) : undefined;
    if (cmap) maps.set(o.num, toUnicode(streamBytes(cmap.head, cmap.stream).toString("latin1")));
  }
  const runs: PdfRun[] = [];
  for (const page of objects.filter((o) => /\/Type\s*\/Page\b/.test(o.head))) {
    const height = Number(/\/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)/.exec(page.head)?.[1] ?? 842);
    const refs = /\/Contents\s+(?:(\d+)\s+0\s+R|\[([^\]]*)\])/.exec(page.head);
    const nums = refs?.[1] ? [Number(refs[1])] : [...(refs?.[2] ?? "").matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));
    for (const num of nums) {
      const obj = byNum.get(num);
      if (!obj) continue;
      const ops = streamBytes(obj.head, obj.stream).toString("latin1");
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      const saved: Matrix[] = [];
      let map: Map<number, string> | undefined;
      let run: PdfRun | undefined;
      let line: Matrix = [1, 0, 0, 1, 0, 0];
      let placed = false;
      const operands: string[] = [];
      for (const [token] of ops.matchAll(/\[[^\]]*\]|<[0-9A-Fa-f]*>|\/[^\s/[\]<>()]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z*'"]+/g)) {
        if (/^[A-Za-z*'"]+$/.test(token)) {
          const n = operands.map(Number);
          if (token === "q") saved.push(ctm);
          else if (token === "Q") ctm = saved.pop() ?? ctm;
          else if (token === "cm") ctm = times(n.slice(-6) as Matrix, ctm);
          else if (token === "BT") {
            run = { x: 0, y: 0, text: "" };
            line = [1, 0, 0, 1, 0, 0];
            placed = false;
          } else if (token === "ET" && run) {
            runs.push(run);
            run = undefined;
          } else if (token === "Tf") map = maps.get(fontOf.get(operands.at(-2)?.slice(1) ?? "") ?? -1);
          else if (token === "Tm") line = n.slice(-6) as Matrix;
          else if (token === "Td") line = times([1, 0, 0, 1, n.at(-2) ?? 0, n.at(-1) ?? 0], line);
          else if ((token === "Tj" || token === "TJ") && run) {
            // A run starts where its first glyph is drawn.
            if (!placed) {
              const at = times(line, ctm);
              run.x = Math.round(at[4]);
              run.y = Math.round(height - at[5]);
              placed = true;
            }
            for (const hex of (operands.at(-1) ?? "").matchAll(/<([0-9A-Fa-f]*)>/g))
              for (let i = 0; i + 4 <= hex[1]!.length; i += 4) run.text += map?.get(Number.parseInt(hex[1]!.slice(i, i + 4), 16)) ?? "";
          }
          operands.length = 0;
        } else operands.push(token);
      }
    }
  }
  return runs;
}

/** All of a PDF's text, its runs joined by spaces and white space made single. */
export const pdfText = (pdf: Buffer) =>
  pdfRuns(pdf)
    .map((r) => r.text)
    .join(" ")
    .replace(/\s+/g, " ");

/**
 * Right-to-left text as a PDF's run holds it, made comparable: Arabic presentation forms back to
 * letters (NFKC), white space and the marks a font may leave unmapped removed, and reversed
 * (Skia writes such runs in visual order).
 */
export const logical = (run: string) => [...run.normalize("NFKC").replace(/[\s\u064B-\u065F\u0670\u0654]/g, "")].reverse().join("");
/** The same text as it is written, made comparable in the same way (not reversed). */
export const written = (text: string) => text.normalize("NFKC").replace(/[\s\u064B-\u065F\u0670\u0654]/g, "");

const SKELETON: [RegExp, string][] = [
  [/[بتثنيىیئٮںپ]/g, "B"],
  [/[جحخچ]/g, "H"],
  [/[دذ]/g, "D"],
  [/[رزژ]/g, "R"],
  [/[سش]/g, "S"],
  [/[صض]/g, "C"],
  [/[طظ]/g, "T"],
  [/[عغ]/g, "E"],
  [/[فقٯڡ]/g, "F"],
  [/[كک]/g, "K"],
  [/ل/g, "L"],
  [/م/g, "M"],
  [/[هةەۀہھ]/g, "h"],
  [/[وؤ]/g, "W"],
  [/[اأإآٱ]/g, "A"],
];

/**
 * Arabic letters by their shape without dots: Noto Naskh draws the dots as glyphs of their own,
 * which a PDF's ToUnicode map cannot name, so a letter reads back as its dotless twin (or not at all).
 */
export function skeleton(text: string): string {
  let out = text.normalize("NFKC");
  for (const [letters, shape] of SKELETON) out = out.replace(letters, shape);
  return out.replace(/[^BHDRSCTEFKLMhWA]/g, "");
}

/**
 * The lines of a PDF's right-to-left page as read: runs on one baseline joined from the right,
 * each in logical order.
 */
export function rtlLines(pdf: Buffer): string[] {
  // A mark drawn first (a vowel sign above a letter) moves a run's start by a few points: runs
  // within 6 points of a line's baseline belong to it.
  const lines: { y: number; runs: PdfRun[] }[] = [];
  for (const r of [...pdfRuns(pdf)].sort((a, b) => a.y - b.y)) {
    const line = lines.find((l) => Math.abs(l.y - r.y) <= 6);
    if (line) line.runs.push(r);
    else lines.push({ y: r.y, runs: [r] });
  }
  return lines.map(({ runs }) =>
    [...runs]
      .sort((a, b) => b.x - a.x)
      .map((r) => logical(r.text))
      .join(""),
  );
}

/**
 * How much of `expected` (Arabic-script words) a right-to-left PDF carries on one line, 0 to 1:
 * the line's dotless letters must come in the words' order (a subsequence of them), and the
 * share is how many of the words' letters they cover. Lines whose letters are out of order count 0.
 */
export function arabicCoverage(pdf: Buffer, expected: string): number {
  const want = skeleton(expected);
  let best = 0;
  for (const line of rtlLines(pdf)) {
    const got = skeleton(line);
    if (!got.length) continue;
    let i = 0;
    for (const c of want) if (i < got.length && got[i] === c) i++;
    if (i === got.length) best = Math.max(best, got.length / want.length);
  }
  return best;
}

/** A due of a student, charged on the ledger as generating payments would. */
export async function addDue(scope: TenantScope, studentId: number, head: FeeHead, name: string, dueDate: string, amount: number) {
  const due = await scope.insert(fees, { studentId, head, name, dueDate, amount });
  await scope.insert(feeLedger, { studentId, feeId: due.id, kind: "charge", amount });
  return due;
}

/**
 * A school with two children in Class 5-A, each with dues (tuition, transport, exam), and a
 * cheque from the first child's family of 1,23,456.50 that pays the tuition in full and part of
 * the transport, leaving 6,543.50 due: the receipt every test prints. `guardianOf` gives the
 * user linked to the first child as a guardian.
 */
export async function seedReceipts(app: TestApp, guardianOf?: (school: Awaited<ReturnType<typeof newSchool>>) => Promise<number>) {
  const school = await newSchool(app);
  const guardianUserId = guardianOf ? await guardianOf(school) : undefined;
  const scope = new TenantScope(app.services.db, school.tenant.id);
  const ayesha = await addStudent(school.api, {
    name: "Ayesha Siddiqui",
    nameNative: "عائشہ صدیقی",
    ...(guardianUserId ? { guardians: [{ userId: guardianUserId, relation: "mother" }] } : {}),
  });
  const omar = await addStudent(school.api, { name: "Omar Farooq", nameNative: "عمر فاروق" });
  await enrol(school.api, ayesha.id, school.room5a.id);
  await enrol(school.api, omar.id, school.room5a.id);
  const tuition = await addDue(scope, ayesha.id, "tuition", "Tuition, term 1", "2026-06-10", 10000000);
  const transport = await addDue(scope, ayesha.id, "transport", "School bus, term 1", "2026-06-15", 2500000);
  await addDue(scope, ayesha.id, "exam", "Examination fee", "2026-07-01", 500000);
  const omarDue = await addDue(scope, omar.id, "tuition", "Tuition, term 1", "2026-06-10", 4000000);
  const paid = await takePayment(scope, {
    studentId: ayesha.id,
    amount: 12345650,
    mode: "cheque",
    reference: "CHQ-004512",
    paidOn: "2026-07-20",
    status: "received",
    by: school.tenant.admin.id,
    intent: DUES_ONLY,
  });
  const omarPaid = await takePayment(scope, {
    studentId: omar.id,
    amount: 4000000,
    mode: "cash",
    paidOn: "2026-07-21",
    status: "confirmed",
    by: school.tenant.admin.id,
    intent: DUES_ONLY,
  });
  return { school, scope, ayesha, omar, tuition, transport, omarDue, paid, omarPaid };
}
