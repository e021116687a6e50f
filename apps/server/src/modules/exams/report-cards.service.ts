import type { ReportCard, ResultStatus } from "@taleem/contract";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { notFound } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, requireBatch, subjectNames } from "../academics/academics.service.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { classroomIdsOfStudent, enrolmentsDuring } from "../academics/enrolments.service.js";
import { percentages } from "../attendance/attendance-percentages.service.js";
import { studentsByIds } from "../students/students.service.js";
import {
  type ExamMasterRecord,
  examMasterClassrooms,
  examMasterSubjects,
  examMasters,
  examRemarks,
  examSetComponents,
  examSets,
  exams,
  grades,
  results,
} from "./exams.table.js";
import { buildCards, type CardFailure, type CardStudent, type CardsInput, type CardTerm, competitionRanks } from "./report-card.js";

export interface CardsOptions {
  classroomIds?: number[];
  studentIds?: number[];
  /**
   * Build only the cards of `studentIds`: their marks, percentages, grades and results, without
   * the ranks and attendance that need the whole class (the parent home's card of one child).
   */
  alone?: boolean;
}

/** The papers, classrooms and subjects of some terms, in the order the terms are given. */
async function loadTerms(scope: TenantScope, masters: ExamMasterRecord[]) {
  const ids = masters.map((m) => m.id);
  const [rooms, subjectRows, papers] = await Promise.all([
    scope.db
      .select({ examMasterId: examMasterClassrooms.examMasterId, classroomId: examMasterClassrooms.classroomId })
      .from(examMasterClassrooms)
      .where(scope.where(examMasterClassrooms, inArray(examMasterClassrooms.examMasterId, ids))),
    scope.db
      .select()
      .from(examMasterSubjects)
      .where(scope.where(examMasterSubjects, inArray(examMasterSubjects.examMasterId, ids)))
      .orderBy(asc(examMasterSubjects.position), asc(examMasterSubjects.id)),
    scope.db
      .select()
      .from(exams)
      .where(scope.where(exams, inArray(exams.examMasterId, ids))),
  ]);
  // Subjects in the first term's order, then any a later term adds.
  const order: number[] = [];
  for (const id of ids) for (const s of subjectRows.filter((r) => r.examMasterId === id)) if (!order.includes(s.subjectId)) order.push(s.subjectId);
  for (const p of papers) if (!order.includes(p.subjectId)) order.push(p.subjectId);
  const names = await subjectNames(scope, order);
  return {
    classroomIds: [...new Set([...rooms.map((r) => r.classroomId), ...papers.map((p) => p.classroomId)])],
    subjects: order.map((subjectId) => ({ subjectId, subjectName: names.get(subjectId) ?? "" })),
    papers: papers.map((p) => ({
      examId: p.id,
      examMasterId: p.examMasterId,
      classroomId: p.classroomId,
      subjectId: p.subjectId,
      maxMarks: p.maxMarks,
      passMarks: p.passMarks,
    })),
  };
}

const earliest = (dates: (string | null)[]) => (dates.some((d) => d === null) ? null : ([...(dates as string[])].sort()[0] ?? null));
const latest = (dates: (string | null)[]) => (dates.some((d) => d === null) ? null : ([...(dates as string[])].sort().at(-1) ?? null));

/**
 * The students of the classrooms during the terms: active, or moved on after the first term began.
 * A student with two enrolments among them (moved class mid-year) is on the card of the active one,
 * else of the one that ended last.
 */
export async function studentsOf(scope: TenantScope, classroomIds: number[], since: string | null, only?: number[]): Promise<CardStudent[]> {
  const all = await enrolmentsDuring(scope, classroomIds, since);
  const rows = only ? all.filter((e) => only.includes(e.studentId)) : all;
  const chosen = new Map<number, (typeof rows)[number]>();
  for (const e of rows) {
    const had = chosen.get(e.studentId);
    if (!had || (had.status !== "active" && (e.status === "active" || (e.endedOn ?? "") > (had.endedOn ?? "")))) chosen.set(e.studentId, e);
  }
  const list = [...chosen.values()];
  const [people, rooms] = await Promise.all([
    studentsByIds(
      scope,
      list.map((e) => e.studentId),
    ),
    classroomInfos(
      scope,
      list.map((e) => e.classroomId),
    ),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return list.flatMap((e) => {
    const s = byId.get(e.studentId);
    if (!s) return [];
    return [
      {
        studentId: s.id,
        name: s.name,
        nameNative: s.nameNative,
        admissionNo: s.admissionNo,
        classroomId: e.classroomId,
        classroomLabel: rooms.get(e.classroomId)?.label ?? "",
        rollNo: e.rollNo,
        batchId: e.batchId,
        courseId: e.courseId,
      },
    ];
  });
}

/**
 * Days present of days marked in the day registers over the terms, per student: from their year's
 * first day to the last day of their papers (today while that is still to come; null while no
 * paper has a date). The registers are kept every day, not only on the days of the papers.
 */
async function attendanceOf(scope: TenantScope, masters: ExamMasterRecord[], classroomIds: number[]) {
  const last = latest(masters.map((m) => m.endDate ?? m.startDate));
  if (!last || !classroomIds.length) return null;
  const years = await Promise.all([...new Set(masters.map((m) => m.batchId))].map((id) => requireBatch(scope, id)));
  const from = earliest(years.map((y) => y.startDate));
  const today = await schoolToday(scope);
  const to = last < today ? last : today;
  if (!from || from > to) return null;
  const out = new Map<number, { present: number; total: number }>();
  for (const classroomId of classroomIds) {
    const figures = await percentages(scope, { from, to, classroomId });
    for (const s of figures.students) {
      const had = out.get(s.studentId) ?? { present: 0, total: 0 };
      out.set(s.studentId, { present: had.present + s.present, total: had.total + s.marked });
    }
  }
  return out;
}

async function bandsOf(scope: TenantScope) {
  return scope.db
    .select({
      name: grades.name,
      minPercent: grades.minPercent,
      maxPercent: grades.maxPercent,
      description: grades.description,
      courseId: grades.courseId,
      batchId: grades.batchId,
    })
    .from(grades)
    .where(scope.where(grades, eq(grades.status, "active")));
}

/** The results of some papers (of some students only, when given). */
async function resultsOf(scope: TenantScope, examIds: number[], only?: number[]) {
  if (!examIds.length) return [];
  return scope.db
    .select({ examId: results.examId, studentId: results.studentId, marks: results.marks, status: results.status })
    .from(results)
    .where(scope.where(results, inArray(results.examId, examIds), only ? inArray(results.studentId, only) : undefined));
}

/** Cards of the terms for every student of their classrooms, ranked over all, then narrowed. */
async function cardsOf(
  scope: TenantScope,
  masters: ExamMasterRecord[],
  base: Pick<CardsInput, "source" | "terms" | "combine" | "rankRule" | "published">,
  remarks: Map<number, string>,
  opts: CardsOptions,
) {
  const loaded = await loadTerms(scope, masters);
  const only = opts.alone ? (opts.studentIds ?? []) : undefined;
  const [students, resultRows, bands, attendance] = await Promise.all([
    studentsOf(scope, loaded.classroomIds, earliest(masters.map((m) => m.startDate)), only),
    resultsOf(
      scope,
      loaded.papers.map((p) => p.examId),
      only,
    ),
    bandsOf(scope),
    only ? null : attendanceOf(scope, masters, loaded.classroomIds),
  ]);
  const built = buildCards({ ...base, subjects: loaded.subjects, papers: loaded.papers, results: resultRows, students, bands, remarks, attendance });
  const keep = (x: { studentId: number; classroomId?: number }) =>
    (!opts.classroomIds || (x.classroomId !== undefined && opts.classroomIds.includes(x.classroomId))) &&
    (!opts.studentIds || opts.studentIds.includes(x.studentId));
  const roomOf = new Map(students.map((s) => [s.studentId, s.classroomId]));
  return {
    cards: built.cards.filter(keep),
    failed: built.failed.filter((f) => keep({ studentId: f.studentId, classroomId: roomOf.get(f.studentId) })),
  };
}

/**
 * An exam set's report cards: every student of the set's classrooms, ranked over the whole set
 * (the options only narrow what is returned). `publishedOnly` answers no cards for a set not
 * published. A student whose data cannot make a card is in `failed`.
 */
export async function examSetCards(
  scope: TenantScope,
  examSetId: number,
  opts: CardsOptions & { publishedOnly?: boolean } = {},
): Promise<{ set: { id: number; name: string; batchName: string }; cards: ReportCard[]; failed: CardFailure[] }> {
  const set = await scope.find(examSets, examSetId, "Exam set");
  const batchName = (await batchNames(scope, [set.batchId])).get(set.batchId) ?? "";
  const head = { id: set.id, name: set.name, batchName };
  if (opts.publishedOnly && !set.publishedAt) return { set: head, cards: [], failed: [] };
  const components = await scope.db
    .select()
    .from(examSetComponents)
    .where(scope.where(examSetComponents, eq(examSetComponents.examSetId, set.id)))
    .orderBy(asc(examSetComponents.position), asc(examSetComponents.id));
  const masterRows = components.length
    ? await scope.db
        .select()
        .from(examMasters)
        .where(
          scope.where(
            examMasters,
            inArray(
              examMasters.id,
              components.map((c) => c.examMasterId),
            ),
          ),
        )
    : [];
  const masters = components.flatMap((c) => masterRows.filter((m) => m.id === c.examMasterId));
  const terms: CardTerm[] = components.flatMap((c) => {
    const m = masterRows.find((x) => x.id === c.examMasterId);
    return m ? [{ examMasterId: m.id, name: m.name, weight: set.combine === "weighted" ? c.weight : null }] : [];
  });
  const remarkRows = await scope.db
    .select({ studentId: examRemarks.studentId, remarks: examRemarks.remarks })
    .from(examRemarks)
    .where(scope.where(examRemarks, eq(examRemarks.examSetId, set.id)));
  const { cards, failed } = await cardsOf(
    scope,
    masters,
    { source: { kind: "examset", id: set.id, name: set.name }, terms, combine: set.combine, rankRule: set.rankRule, published: !!set.publishedAt },
    new Map(remarkRows.map((r) => [r.studentId, r.remarks])),
    opts,
  );
  return { set: head, cards, failed };
}

/** A term's examination as a one-term set: marks added up, only those who passed every subject ranked. */
export async function examMasterCards(
  scope: TenantScope,
  examMasterId: number,
  opts: CardsOptions = {},
): Promise<{
  master: { id: number; name: string; batchName: string; startDate: string | null; endDate: string | null };
  cards: ReportCard[];
  failed: CardFailure[];
}> {
  const master = await scope.find(examMasters, examMasterId, "Examination");
  const batchName = (await batchNames(scope, [master.batchId])).get(master.batchId) ?? "";
  const { cards, failed } = await cardsOf(
    scope,
    [master],
    {
      source: { kind: "exammaster", id: master.id, name: master.name },
      terms: [{ examMasterId: master.id, name: master.name, weight: null }],
      combine: "total",
      rankRule: "passedAll",
      published: false,
    },
    new Map(),
    opts,
  );
  return { master: { id: master.id, name: master.name, batchName, startDate: master.startDate, endDate: master.endDate }, cards, failed };
}

/**
 * One paper's rank list: every student of its classroom during the term, ranked on marks
 * (standard competition ranking) among those who sat it; absent, exempt and unmarked unranked.
 */
export async function examRanking(scope: TenantScope, examId: number) {
  const exam = await scope.find(exams, examId, "Exam");
  const master = await scope.find(examMasters, exam.examMasterId, "Examination");
  const [rooms, subjects, students, marks] = await Promise.all([
    classroomInfos(scope, [exam.classroomId]),
    subjectNames(scope, [exam.subjectId]),
    studentsOf(scope, [exam.classroomId], master.startDate),
    resultsOf(scope, [exam.id]),
  ]);
  const byStudent = new Map(marks.map((r) => [r.studentId, r]));
  // Someone with a result here who has since left the list's classroom is still on the list.
  const missing = marks.filter((r) => !students.some((s) => s.studentId === r.studentId)).map((r) => r.studentId);
  const others = (await studentsByIds(scope, missing)).map((s) => ({
    studentId: s.id,
    name: s.name,
    nameNative: s.nameNative,
    admissionNo: s.admissionNo,
    rollNo: null,
  }));
  const people = [...students, ...others];
  const ranks = competitionRanks(
    people.flatMap((s) => {
      const r = byStudent.get(s.studentId);
      return r?.status === "present" && r.marks !== null ? [{ id: s.studentId, value: r.marks }] : [];
    }),
  );
  const rows = people.map((s) => {
    const r = byStudent.get(s.studentId);
    const status: ResultStatus | null = r?.status ?? null;
    return {
      rank: ranks.get(s.studentId) ?? null,
      studentId: s.studentId,
      name: s.name,
      nameNative: s.nameNative,
      admissionNo: s.admissionNo,
      rollNo: s.rollNo,
      marks: status === "present" ? (r?.marks ?? null) : null,
      status,
      passed: status === "present" ? (r?.marks ?? 0) >= exam.passMarks : status === "absent" ? false : null,
    };
  });
  rows.sort(
    (a, b) =>
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name),
  );
  const room = rooms.get(exam.classroomId);
  if (!room) throw notFound("Classroom");
  return {
    exam: {
      id: exam.id,
      subjectName: subjects.get(exam.subjectId) ?? "",
      classroomLabel: room.label,
      examMasterName: master.name,
      date: exam.date,
      maxMarks: exam.maxMarks,
      passMarks: exam.passMarks,
    },
    rows,
  };
}

/**
 * A student's newest published result: their card of the most recently published exam set they
 * sit (a set of the examinations of a classroom they have been in), never an unpublished one,
 * built alone (no ranks or attendance: the whole class is not read). Looks at the three newest
 * such sets; null when none has a card for them.
 */
export async function latestPublishedCard(scope: TenantScope, studentId: number): Promise<ReportCard | null> {
  const rooms = await classroomIdsOfStudent(scope, studentId);
  if (!rooms.length) return null;
  const mastersOfRooms = scope.db
    .select({ id: examMasterClassrooms.examMasterId })
    .from(examMasterClassrooms)
    .where(scope.where(examMasterClassrooms, inArray(examMasterClassrooms.classroomId, rooms)));
  const mastersOfPapers = scope.db
    .select({ id: exams.examMasterId })
    .from(exams)
    .where(scope.where(exams, inArray(exams.classroomId, rooms)));
  const sets = await scope.db
    .selectDistinct({ id: examSets.id, publishedAt: examSets.publishedAt })
    .from(examSets)
    .innerJoin(examSetComponents, sql`${examSetComponents.tenantId} = ${examSets.tenantId} and ${examSetComponents.examSetId} = ${examSets.id}`)
    .where(
      scope.where(
        examSets,
        sql`${examSets.publishedAt} is not null`,
        or(inArray(examSetComponents.examMasterId, mastersOfRooms), inArray(examSetComponents.examMasterId, mastersOfPapers)),
      ),
    )
    .orderBy(sql`${examSets.publishedAt} desc, ${examSets.id} desc`)
    .limit(3);
  for (const set of sets) {
    const { cards } = await examSetCards(scope, set.id, { studentIds: [studentId], publishedOnly: true, alone: true });
    if (cards[0]) return { ...cards[0], classRank: null, overallRank: null };
  }
  return null;
}
