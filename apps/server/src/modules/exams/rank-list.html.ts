import { RANK_EXAMPLE, type RankRule, type ReportCard, type ResultStatus } from "@taleem/contract";
import { escapeHtml as h } from "../../platform/files/html.js";
import { type DocText, docHtml, docText } from "./exam-documents.texts.js";
import { auto, figure, ltr, num, type PrintDoc, pageHtml, ruleHtml, schoolHeader } from "./report-card.html.js";

const CSS = `
.list { break-after: page; }
.list:last-of-type { break-after: auto; }
.list thead { display: table-header-group; }
.list tr { break-inside: avoid; }
.list td.rank { font-weight: 700; text-align: center; width: 9%; }
.list .native { color: #3c4a46; }
.list .unranked td { color: #5a6b66; }
`;

/** A paper's line, as the rank list of one exam prints it. */
export interface PaperRankRow {
  rank: number | null;
  name: string;
  nameNative: string | null;
  admissionNo: string;
  rollNo: number | null;
  marks: number | null;
  status: ResultStatus | null;
  passed: boolean | null;
}

export interface PaperRankList {
  subjectName: string;
  classroomLabel: string;
  examMasterName: string;
  /** Already in the reader's language. */
  date: string | null;
  maxMarks: number;
  passMarks: number;
  rows: PaperRankRow[];
}

const names = (name: string, nameNative: string | null) => `${auto(name)}${nameNative ? `<div class="native">${auto(nameNative)}</div>` : ""}`;
const resultOf = (language: string, passed: boolean | null) => (passed === null ? "–" : h(docText(language, passed ? "passed" : "notPassed")));
const rankCell = (rank: number | null) => `<td class="rank">${rank === null ? "–" : figure(String(rank))}</td>`;

/** One exam's rank list: rank, name, admission no, roll no, marks out of the maximum and the result, the rule stated. */
export function paperRankListHtml(doc: PrintDoc, list: PaperRankList): string {
  const t = (key: DocText) => h(docText(doc.language, key));
  const marks = (r: PaperRankRow) =>
    r.status === "absent"
      ? `${ltr("AB")} ${t("absent")}`
      : r.status === "exempt"
        ? `${ltr("EX")} ${t("exempt")}`
        : r.marks === null
          ? "–"
          : figure(`${num(r.marks)} / ${num(list.maxMarks)}`);
  const rows = list.rows
    .map(
      (r) =>
        `<tr${r.rank === null ? ` class="unranked"` : ""}>${rankCell(r.rank)}<td>${names(r.name, r.nameNative)}</td><td>${ltr(r.admissionNo)}</td><td class="c">${
          r.rollNo === null ? "–" : figure(String(r.rollNo))
        }</td><td class="c">${marks(r)}</td><td class="c">${resultOf(doc.language, r.passed)}</td></tr>`,
    )
    .join("");
  const sub = [list.subjectName, list.classroomLabel, list.examMasterName].map(auto).join(" · ");
  const figures = `${t("maximum")} ${figure(num(list.maxMarks))} · ${t("passMarks")} ${figure(num(list.passMarks))}${list.date ? ` · ${t("date")} ${h(list.date)}` : ""}`;
  const body = `<section class="list">${schoolHeader(doc.school)}<h2>${t("rankList")}</h2><div class="sub">${sub}</div><div class="sub">${figures}</div>
<p class="rule">${docHtml(doc.language, "rulePaper", ltr, { example: RANK_EXAMPLE })}</p>
<table><thead><tr><th class="c">${t("rank")}</th><th>${t("name")}</th><th>${t("admissionNo")}</th><th class="c">${t("rollNo")}</th><th class="c">${t("marks")} / ${t(
    "maximum",
  )}</th><th class="c">${t("result")}</th></tr></thead><tbody>${rows}</tbody></table>
<footer>${h(doc.printed)}</footer></section>`;
  return pageHtml(doc, docText(doc.language, "rankList"), body, CSS);
}

/** A part of an exam set's rank list: one classroom, or the whole set. */
export interface SetRankSection {
  title: string;
  /** The cards in rank order; `rankOf` says which rank (class or overall) the list shows. */
  cards: ReportCard[];
}

/** An exam set's rank list, by classroom (a section and sheet each) or overall (one list with the class shown). */
export function setRankListHtml(
  doc: PrintDoc,
  set: { name: string; batchName: string; rankRule: RankRule },
  type: "class" | "overall",
  sections: SetRankSection[],
): string {
  const t = (key: DocText) => h(docText(doc.language, key));
  const overall = type === "overall";
  const parts = sections.map((s) => {
    const rows = s.cards
      .map((c) => {
        const rank = overall ? c.overallRank : c.classRank;
        return `<tr${rank === null ? ` class="unranked"` : ""}>${rankCell(rank)}<td>${names(c.studentName, c.studentNameNative)}</td><td>${ltr(c.admissionNo)}</td>${
          overall ? `<td>${auto(c.classroomLabel)}</td>` : ""
        }<td class="c">${figure(`${num(c.totalMarks)} / ${num(c.totalMax)}`)}</td><td class="c">${c.percent === null ? "–" : figure(`${num(c.percent)}%`)}</td><td class="c">${
          c.grade ? auto(c.grade) : "–"
        }</td><td class="c">${resultOf(doc.language, c.passed)}</td></tr>`;
      })
      .join("");
    return `<section class="list">${schoolHeader(doc.school)}<h2>${t("rankList")}</h2><div class="sub">${[set.name, set.batchName, s.title]
      .filter(Boolean)
      .map(auto)
      .join(" · ")}</div>
<p class="rule">${ruleHtml(set.rankRule, doc.language)}</p>
<table><thead><tr><th class="c">${t("rank")}</th><th>${t("name")}</th><th>${t("admissionNo")}</th>${overall ? `<th>${t("class")}</th>` : ""}<th class="c">${t(
      "total",
    )}</th><th class="c">${t("percentage")}</th><th class="c">${t("grade")}</th><th class="c">${t("result")}</th></tr></thead><tbody>${rows}</tbody></table>
${s.cards.length ? "" : `<p class="empty">${t("noStudents")}</p>`}
<footer>${h(doc.printed)}</footer></section>`;
  });
  return pageHtml(doc, docText(doc.language, "rankList"), parts.join("\n"), CSS);
}
