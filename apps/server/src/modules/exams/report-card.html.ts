import { cardRuleParts, inDigits, type RankRule, type ReportCard } from "@taleem/contract";
import { embeddedFontCss, FONT_STACK } from "../../platform/files/fonts.js";
import { escapeHtml as h } from "../../platform/files/html.js";

import { type DocText, docHtml, docText } from "./exam-documents.texts.js";

const RTL = new Set(["ar", "ur"]);

/** The school as every printed page heads it: name, address, contact and logo (a data URL: Chromium prints offline). */
export interface PrintSchool {
  name: string;
  address: string | null;
  contact: string;
  logo: string | null;
}

/** What all of one document's pages share: the reader's language, the school, the day it was printed. */
export interface PrintDoc {
  language: string;
  /** The digits the school writes the language in (a numbering system: "latn", "arabext"...). */
  digits: string;
  school: PrintSchool;
  /** "Printed on ..." already in the reader's language. */
  printed: string;
}

/** A number as printed: whole, or to at most two places (its digits are the page's, `figure`). */
export const num = (n: number) => String(Math.round(n * 100) / 100);
/** A code or a number (or "a / b") kept left to right inside right-to-left text, as it is. */
export const ltr = (text: string) => `<bdi class="n" dir="ltr">${h(text)}</bdi>`;
/**
 * A figure (marks, a percentage, a rank) kept left to right: `pageHtml` writes its digits in those
 * the school writes the page's language in, where a code (`ltr`) keeps its own.
 */
export const figure = (text: string) => `<bdi class="n f" dir="ltr">${h(text)}</bdi>`;
const FIGURE = /<bdi class="n f" dir="ltr">([^<]*)<\/bdi>/g;
/** The figures of `html` in `digits`; entities (&#39;) are left whole. */
const inPageDigits = (html: string, digits: string) =>
  digits === "latn"
    ? html
    : html.replace(FIGURE, (whole, text: string) =>
        whole.replace(
          text,
          text.replace(/&#?\w+;|[0-9]+/g, (m) => (m.startsWith("&") ? m : inDigits(m, digits))),
        ),
      );
/** A card's rule as the screen states it (the contract's words), its example kept left to right. */
export const ruleHtml = (rule: RankRule | "totals", language: string) =>
  cardRuleParts(rule, language)
    .map((part) => (typeof part === "string" ? h(part) : figure(part.example)))
    .join("");
/** Text in a person's own script: the browser finds its direction. */
export const auto = (text: string) => `<bdi dir="auto">${h(text)}</bdi>`;

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { margin: 0; color: #1b1f24; font-size: 10pt; }
.n { unicode-bidi: isolate; direction: ltr; }
header.school { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid #1f6f5c; padding-bottom: 6px; margin-bottom: 8px; }
header.school img { width: 52px; height: 52px; object-fit: contain; }
header.school h1 { font-size: 15pt; margin: 0; color: #1f6f5c; }
header.school div { font-size: 8.5pt; color: #444; }
h2 { font-size: 13pt; margin: 0 0 2px; }
.sub { color: #5a6b66; font-size: 9pt; margin-bottom: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #b9cbc5; padding: 2px 5px; text-align: start; vertical-align: middle; }
thead th { background: #e8f1ee; font-weight: 700; }
td.c, th.c { text-align: center; }
tfoot td { font-weight: 700; background: #f4f8f6; }
.rule { font-size: 8.5pt; color: #444; margin: 4px 0; }
.legend { font-size: 8pt; color: #5a6b66; margin-top: 2px; }
footer { margin-top: 8px; font-size: 7.5pt; color: #777; }
.card { break-after: page; }
.card:last-of-type { break-after: auto; }
.who { margin: 6px 0 8px; }
.who th { width: 18%; background: #f4f8f6; font-weight: 400; color: #3c4a46; }
.who .name { font-size: 12pt; font-weight: 700; }
.who .native { font-size: 12pt; }
.summary { margin-top: 8px; }
.summary th { background: #f4f8f6; font-weight: 400; color: #3c4a46; width: 22%; }
.summary td { font-weight: 700; }
.box { margin-top: 8px; break-inside: avoid; }
.box h3 { font-size: 10.5pt; margin: 0 0 3px; color: #1f6f5c; }
.remarks { border: 1px solid #b9cbc5; min-height: 16mm; padding: 4px 6px; white-space: pre-wrap; }
.scale td, .scale th { font-size: 8.5pt; padding: 1px 4px; }
.signatures { display: flex; justify-content: space-between; gap: 24px; margin-top: 26px; break-inside: avoid; }
.signatures div { flex: 1; border-top: 1px solid #444; padding-top: 3px; font-size: 9pt; color: #444; text-align: center; }
.empty { margin-top: 30px; font-size: 12pt; color: #5a6b66; }
`;

/** One HTML page holding `body`: fonts for every script embedded, right to left for Arabic and Urdu. */
export function pageHtml(doc: PrintDoc, title: string, body: string, extraCss = ""): string {
  const nastaliq = doc.language === "ur";
  return `<!doctype html>
<html lang="${h(doc.language)}" dir="${RTL.has(doc.language) ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>${h(title)}</title>
<style>
${embeddedFontCss()}
body { font-family: ${nastaliq ? FONT_STACK.nastaliq : FONT_STACK.naskh}; line-height: ${nastaliq ? "1.75" : "1.35"}; }
${CSS}
${extraCss}
</style></head>
<body>
${inPageDigits(body, doc.digits)}
</body></html>`;
}

export function schoolHeader(s: PrintSchool): string {
  return `<header class="school">${s.logo ? `<img src="${h(s.logo)}" alt="">` : ""}<div><h1>${auto(s.name)}</h1>${s.address ? `<div>${auto(s.address)}</div>` : ""}${
    s.contact ? `<div>${ltr(s.contact)}</div>` : ""
  }</div></header>`;
}

type Paper = ReportCard["subjects"][number]["papers"][number];

/** A paper's cell: marks out of the maximum, AB for absent, EX for exempt, a dash when not marked. */
function paperCell(p: Paper | undefined): string {
  if (!p) return `<td class="c">–</td>`;
  if (p.status === "absent") return `<td class="c">${ltr("AB")}</td>`;
  if (p.status === "exempt") return `<td class="c">${ltr("EX")}</td>`;
  if (p.marks === null) return `<td class="c">${figure(`– / ${num(p.maxMarks)}`)}</td>`;
  return `<td class="c">${figure(`${num(p.marks)} / ${num(p.maxMarks)}`)}</td>`;
}

/** A term's marks and maximum over the subjects sat: exempt papers are left out, absent count as nothing. */
function termTotal(card: ReportCard, examMasterId: number): string {
  let marks = 0;
  let max = 0;
  let any = false;
  for (const s of card.subjects) {
    const p = s.papers.find((x) => x.examMasterId === examMasterId);
    if (!p || p.status === "exempt") continue;
    if (p.status === "absent" || p.marks !== null) any = true;
    max += p.maxMarks;
    marks += p.status === "absent" ? 0 : (p.marks ?? 0);
  }
  return any ? figure(`${num(marks)} / ${num(max)}`) : "–";
}

const percentText = (p: number | null) => (p === null ? "–" : figure(`${num(p)}%`));

/** One student's report card: a section that starts a new sheet. */
export function reportCardSection(doc: PrintDoc, card: ReportCard, subtitle: string): string {
  const t = (key: DocText, params?: Record<string, string | number>) => docHtml(doc.language, key, ltr, params);
  const terms = card.terms;
  const termHeads = terms
    .map(
      (term) => `<th class="c">${auto(term.name)}${term.weight !== null ? `<div class="legend">${t("weight", { weight: `${term.weight}%` })}</div>` : ""}</th>`,
    )
    .join("");
  const rows = card.subjects
    .map((s) => {
      const cells = terms.map((term) => paperCell(s.papers.find((p) => p.examMasterId === term.examMasterId))).join("");
      return `<tr><td>${auto(s.subjectName)}</td>${cells}<td class="c">${percentText(s.percent)}</td><td class="c">${s.grade ? auto(s.grade) : "–"}</td></tr>`;
    })
    .join("");
  const totals = terms.map((term) => `<td class="c">${termTotal(card, term.examMasterId)}</td>`).join("");
  const rank = (r: number | null) => (r === null ? t("notRanked") : figure(String(r)));
  const result = card.passed === null ? "–" : card.passed ? t("passed") : t("notPassed");
  const a = card.attendance;
  const summary: [string, string][] = [
    [t("total"), figure(`${num(card.totalMarks)} / ${num(card.totalMax)}`)],
    [t("percentage"), percentText(card.percent)],
    [t("grade"), card.grade ? auto(card.grade) : "–"],
    [t("result"), result],
    [t("classRank"), rank(card.classRank)],
    [t("overallRank"), rank(card.overallRank)],
    ...(a
      ? [
          [
            t("attendance"),
            t("attendanceDays", {
              present: inDigits(String(a.present), doc.digits),
              total: inDigits(String(a.total), doc.digits),
              percent: inDigits(`${a.total ? num((a.present / a.total) * 100) : 0}%`, doc.digits),
            }),
          ] as [string, string],
        ]
      : []),
  ];
  const summaryRows: string[] = [];
  for (let i = 0; i < summary.length; i += 2) {
    const [l1, v1] = summary[i]!;
    const second = summary[i + 1];
    summaryRows.push(`<tr><th>${l1}</th><td>${v1}</td>${second ? `<th>${second[0]}</th><td>${second[1]}</td>` : "<th></th><td></td>"}</tr>`);
  }
  const bands = card.scale.bands
    .map(
      (b) => `<td class="c"><b>${auto(b.name)}</b><br>${figure(`${b.minPercent}–${b.maxPercent}%`)}${b.description ? `<br>${auto(b.description)}` : ""}</td>`,
    )
    .join("");
  return `<section class="card">
${schoolHeader(doc.school)}
<h2>${t("reportCard")}</h2>
<div class="sub">${auto(subtitle)}</div>
<table class="who">
<tr><th>${t("name")}</th><td colspan="3"><span class="name">${auto(card.studentName)}</span>${card.studentNameNative ? ` &nbsp; <span class="native">${auto(card.studentNameNative)}</span>` : ""}</td></tr>
<tr><th>${t("admissionNo")}</th><td>${ltr(card.admissionNo)}</td><th>${t("rollNo")}</th><td>${card.rollNo === null ? "–" : figure(String(card.rollNo))}</td></tr>
<tr><th>${t("class")}</th><td colspan="3">${auto(card.classroomLabel)}</td></tr>
</table>
<table class="marks">
<thead><tr><th>${t("subject")}</th>${termHeads}<th class="c">${t("percentage")}</th><th class="c">${t("grade")}</th></tr>
<tr><th></th>${terms.map(() => `<th class="c legend">${t("marks")} / ${t("maximum")}</th>`).join("")}<th></th><th></th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td>${t("total")}</td>${totals}<td class="c">${percentText(card.percent)}</td><td class="c">${card.grade ? auto(card.grade) : "–"}</td></tr></tfoot>
</table>
<div class="legend">${ruleHtml("totals", doc.language)}</div>
<table class="summary">${summaryRows.join("")}</table>
<p class="rule">${ruleHtml(card.rankRule, doc.language)}</p>
<div class="box"><h3>${t("remarks")}</h3><div class="remarks">${card.remarks ? auto(card.remarks) : ""}</div></div>
${
  bands
    ? `<div class="box"><h3>${t("scale")}</h3><table class="scale"><tr>${bands}</tr></table><p class="rule">${t("gradingRule")}</p></div>`
    : `<p class="rule">${t("gradingRule")}</p>`
}
<div class="signatures"><div>${t("classTeacher")}</div><div>${t("principal")}</div><div>${t("parent")}</div></div>
<footer>${h(doc.printed)}</footer>
</section>`;
}

/** Report cards as one HTML page, each card starting a new sheet. */
export function reportCardsHtml(doc: PrintDoc, sections: string[], title: string): string {
  const body = sections.length
    ? sections.join("\n")
    : `<section class="card">${schoolHeader(doc.school)}<h2>${h(title)}</h2><p class="empty">${h(docText(doc.language, "noStudents"))}</p></section>`;
  return pageHtml(doc, title, body);
}
