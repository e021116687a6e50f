import { type CombineRule, type GradeBand, gradePercent, isRanked, type RankRule, type ReportCard, type ResultStatus } from "@taleem/contract";

/**
 * Report cards worked out from loaded rows, without the database: the service loads, this
 * computes, so the arithmetic (combining terms, grades, the rank rule, ties) is tested by hand.
 */

export interface CardTerm {
  examMasterId: number;
  name: string;
  /** Per cent of the subject's figure in a weighted set; null in a total. */
  weight: number | null;
}

export interface CardPaper {
  examId: number;
  examMasterId: number;
  classroomId: number;
  subjectId: number;
  maxMarks: number;
  passMarks: number;
}

export interface CardResult {
  examId: number;
  studentId: number;
  marks: number | null;
  status: ResultStatus;
}

export interface CardStudent {
  studentId: number;
  name: string;
  nameNative: string | null;
  admissionNo: string;
  classroomId: number;
  classroomLabel: string;
  rollNo: number | null;
  batchId: number;
  courseId: number;
}

export interface ScaleBand extends GradeBand {
  courseId: number | null;
  batchId: number | null;
}

export interface CardsInput {
  source: ReportCard["source"];
  terms: CardTerm[];
  combine: CombineRule;
  rankRule: RankRule;
  published: boolean;
  /** Subjects in the order printed (the first term's order, then later terms' new ones). */
  subjects: { subjectId: number; subjectName: string }[];
  papers: CardPaper[];
  results: CardResult[];
  students: CardStudent[];
  bands: ScaleBand[];
  remarks: Map<number, string>;
  attendance: Map<number, { present: number; total: number }> | null;
}

export interface CardFailure {
  studentId: number;
  name: string;
  message: string;
}

const EPSILON = 1e-9;
/** Two places, half up: what a card prints and ranks compare. */
export const twoPlaces = (n: number) => Math.round((n + EPSILON) * 100) / 100;

/**
 * The scale for a student: the bands of their batch and course together, else their batch's,
 * else their course's, else the school's (neither).
 */
export function scaleFor(bands: ScaleBand[], batchId: number, courseId: number): ReportCard["scale"] {
  const choices: [ReportCard["scale"]["source"], (b: ScaleBand) => boolean][] = [
    ["batch-course", (b) => b.batchId === batchId && b.courseId === courseId],
    ["batch", (b) => b.batchId === batchId && b.courseId === null],
    ["course", (b) => b.batchId === null && b.courseId === courseId],
    ["school", (b) => b.batchId === null && b.courseId === null],
  ];
  for (const [source, fits] of choices) {
    const found = bands.filter(fits);
    if (found.length)
      return {
        source,
        bands: found
          .sort((a, b) => b.minPercent - a.minPercent)
          .map((b) => ({ name: b.name, minPercent: b.minPercent, maxPercent: b.maxPercent, description: b.description })),
      };
  }
  return { source: "school", bands: [] };
}

/** The band a percentage falls in once rounded to a whole number (gradePercent), or null. */
export function gradeOf(percent: number | null, bands: GradeBand[]): string | null {
  if (percent === null) return null;
  const p = gradePercent(percent);
  return bands.find((b) => p >= b.minPercent && p <= b.maxPercent)?.name ?? null;
}

interface Counted {
  termIndex: number;
  marks: number;
  max: number;
  pass: number;
  absent: boolean;
}

/**
 * The combined percentage of papers sat or absent (exempt and unmarked left out): "total" adds
 * marks over maxima; "weighted" weighs each term's percentage, over the weights of the terms present.
 * Pass is the same combination of the pass marks. Null when nothing counts.
 */
export function combine(counted: Counted[], rule: CombineRule, terms: CardTerm[]): { percent: number; passPercent: number } | null {
  if (!counted.length) return null;
  if (rule === "total") {
    const max = counted.reduce((s, c) => s + c.max, 0);
    if (!max) return null;
    return { percent: (counted.reduce((s, c) => s + c.marks, 0) / max) * 100, passPercent: (counted.reduce((s, c) => s + c.pass, 0) / max) * 100 };
  }
  // One figure per term (a term may hold several papers when the overall is worked out).
  const byTerm = new Map<number, { marks: number; max: number; pass: number }>();
  for (const c of counted) {
    const t = byTerm.get(c.termIndex) ?? { marks: 0, max: 0, pass: 0 };
    t.marks += c.marks;
    t.max += c.max;
    t.pass += c.pass;
    byTerm.set(c.termIndex, t);
  }
  let weights = 0;
  let percent = 0;
  let passPercent = 0;
  for (const [index, t] of byTerm) {
    const w = terms[index]?.weight ?? 0;
    if (!t.max || !w) continue;
    weights += w;
    percent += (t.marks / t.max) * 100 * w;
    passPercent += (t.pass / t.max) * 100 * w;
  }
  if (!weights) return null;
  return { percent: percent / weights, passPercent: passPercent / weights };
}

/** One student's card before ranks; throws on data that cannot make a card. */
function cardOf(input: CardsInput, student: CardStudent, byTermSubject: Map<string, CardPaper[]>, mine: Map<number, CardResult>): ReportCard {
  const scale = scaleFor(input.bands, student.batchId, student.courseId);
  const allCounted: Counted[] = [];
  const subjects: ReportCard["subjects"] = [];
  for (const subject of input.subjects) {
    const papers: ReportCard["subjects"][number]["papers"] = [];
    const counted: Counted[] = [];
    let absent = false;
    let any = false;
    input.terms.forEach((term, termIndex) => {
      const candidates = byTermSubject.get(`${term.examMasterId}:${subject.subjectId}`) ?? [];
      // The paper the student has a result in (a transfer mid-year), else their classroom's.
      const paper = candidates.find((p) => mine.has(p.examId)) ?? candidates.find((p) => p.classroomId === student.classroomId);
      if (!paper) {
        papers.push({ examMasterId: term.examMasterId, examId: null, marks: null, status: null, maxMarks: 0, passMarks: 0 });
        return;
      }
      any = true;
      const r = mine.get(paper.examId);
      if (r?.status === "present") {
        if (r.marks === null) throw new Error(`The ${subject.subjectName} paper of ${term.name} is marked present without marks`);
        if (r.marks > paper.maxMarks) throw new Error(`The ${subject.subjectName} paper of ${term.name} has ${r.marks} marks of ${paper.maxMarks}`);
      }
      papers.push({
        examMasterId: term.examMasterId,
        examId: paper.examId,
        marks: r?.status === "present" ? r.marks : null,
        status: r?.status ?? null,
        maxMarks: paper.maxMarks,
        passMarks: paper.passMarks,
      });
      if (r && r.status !== "exempt") {
        const c = { termIndex, marks: r.status === "present" ? (r.marks ?? 0) : 0, max: paper.maxMarks, pass: paper.passMarks, absent: r.status === "absent" };
        counted.push(c);
        allCounted.push(c);
        absent ||= c.absent;
      }
    });
    // A subject none of the student's classrooms sits is not on their card.
    if (!any) continue;
    const figure = combine(counted, input.combine, input.terms);
    const percent = figure ? twoPlaces(figure.percent) : null;
    subjects.push({
      subjectId: subject.subjectId,
      subjectName: subject.subjectName,
      papers,
      percent,
      grade: gradeOf(percent, scale.bands),
      passed: figure ? !absent && figure.percent + EPSILON >= figure.passPercent : null,
    });
  }
  const overall = combine(allCounted, input.combine, input.terms);
  const percent = overall ? twoPlaces(overall.percent) : null;
  const verdicts = subjects.map((s) => s.passed).filter((p): p is boolean => p !== null);
  return {
    source: input.source,
    terms: input.terms.map((t) => ({ examMasterId: t.examMasterId, name: t.name, weight: t.weight })),
    published: input.published,
    studentId: student.studentId,
    studentName: student.name,
    studentNameNative: student.nameNative,
    admissionNo: student.admissionNo,
    classroomId: student.classroomId,
    classroomLabel: student.classroomLabel,
    rollNo: student.rollNo,
    subjects,
    totalMarks: allCounted.reduce((s, c) => s + c.marks, 0),
    totalMax: allCounted.reduce((s, c) => s + c.max, 0),
    percent,
    grade: gradeOf(percent, scale.bands),
    passed: verdicts.length ? verdicts.every(Boolean) : null,
    classRank: null,
    overallRank: null,
    rankRule: input.rankRule,
    attendance: input.attendance ? (input.attendance.get(student.studentId) ?? null) : null,
    remarks: input.remarks.get(student.studentId) ?? null,
    scale,
  };
}

/**
 * Standard competition ranking (1, 2, 2, 4) on a figure, highest first: equal figures share the
 * rank and the next rank skips. Returns id -> rank for the ranked ids only.
 */
export function competitionRanks<T>(items: { id: T; value: number }[]): Map<T, number> {
  const sorted = [...items].sort((a, b) => b.value - a.value);
  const ranks = new Map<T, number>();
  sorted.forEach((item, i) => {
    const prev = sorted[i - 1];
    ranks.set(item.id, prev && prev.value === item.value ? (ranks.get(prev.id) as number) : i + 1);
  });
  return ranks;
}

/** Sets classRank and overallRank on the cards (in place), by the percentage shown. */
export function rankCards(cards: ReportCard[]): void {
  const ranked = cards.filter(isRanked);
  const overall = competitionRanks(ranked.map((c) => ({ id: c.studentId, value: c.percent as number })));
  const byRoom = new Map<number, ReportCard[]>();
  for (const c of ranked) byRoom.set(c.classroomId, [...(byRoom.get(c.classroomId) ?? []), c]);
  const inRoom = new Map<number, number>();
  for (const room of byRoom.values())
    for (const [id, rank] of competitionRanks(room.map((c) => ({ id: c.studentId, value: c.percent as number })))) inRoom.set(id, rank);
  for (const c of cards) {
    c.classRank = inRoom.get(c.studentId) ?? null;
    c.overallRank = overall.get(c.studentId) ?? null;
  }
}

/** Cards in print order: classroom label, roll number, name. */
export const cardOrder = (a: ReportCard, b: ReportCard) =>
  a.classroomLabel.localeCompare(b.classroomLabel, undefined, { numeric: true }) ||
  (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) ||
  a.studentName.localeCompare(b.studentName);

/**
 * Every student's card, ranked over all of them; a student whose data cannot make a card is
 * listed in `failed` instead, and the others are made and ranked without them.
 */
export function buildCards(input: CardsInput): { cards: ReportCard[]; failed: CardFailure[] } {
  const byExam = new Map(input.papers.map((p) => [p.examId, p]));
  const byTermSubject = new Map<string, CardPaper[]>();
  for (const p of input.papers) {
    const key = `${p.examMasterId}:${p.subjectId}`;
    byTermSubject.set(key, [...(byTermSubject.get(key) ?? []), p]);
  }
  const resultsOf = new Map<number, Map<number, CardResult>>();
  for (const r of input.results) {
    if (!byExam.has(r.examId)) continue;
    const m = resultsOf.get(r.studentId) ?? new Map<number, CardResult>();
    m.set(r.examId, r);
    resultsOf.set(r.studentId, m);
  }
  const cards: ReportCard[] = [];
  const failed: CardFailure[] = [];
  for (const student of input.students) {
    try {
      cards.push(cardOf(input, student, byTermSubject, resultsOf.get(student.studentId) ?? new Map()));
    } catch (e) {
      failed.push({ studentId: student.studentId, name: student.name, message: e instanceof Error ? e.message : String(e) });
    }
  }
  rankCards(cards);
  cards.sort(cardOrder);
  return { cards, failed };
}
