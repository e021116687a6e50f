import { cardRuleParts, type ResultStatus } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import {
  buildCards,
  type CardPaper,
  type CardResult,
  type CardStudent,
  type CardsInput,
  competitionRanks,
  gradeOf,
  type ScaleBand,
  scaleFor,
} from "./report-card.js";

const band = (name: string, minPercent: number, maxPercent: number, extra: Partial<ScaleBand> = {}): ScaleBand => ({
  name,
  minPercent,
  maxPercent,
  description: null,
  courseId: null,
  batchId: null,
  ...extra,
});
const SCHOOL = [band("A+", 90, 100), band("A", 80, 89), band("B", 60, 79), band("C", 40, 59), band("E", 0, 39)];

const student = (studentId: number, classroomId = 1, rollNo: number | null = studentId): CardStudent => ({
  studentId,
  name: `Student ${studentId}`,
  nameNative: null,
  admissionNo: `A${studentId}`,
  classroomId,
  classroomLabel: `Class 5-${classroomId === 1 ? "A" : "B"}`,
  rollNo,
  batchId: 7,
  courseId: 3,
});
const paper = (examId: number, subjectId: number, examMasterId = 1, classroomId = 1, maxMarks = 100, passMarks = 35): CardPaper => ({
  examId,
  examMasterId,
  classroomId,
  subjectId,
  maxMarks,
  passMarks,
});
const mark = (examId: number, studentId: number, marks: number | null, status: ResultStatus = "present"): CardResult => ({ examId, studentId, marks, status });

function input(over: Partial<CardsInput>): CardsInput {
  return {
    source: { kind: "examset", id: 1, name: "Annual" },
    terms: [{ examMasterId: 1, name: "Half-yearly", weight: null }],
    combine: "total",
    rankRule: "all",
    published: true,
    subjects: [
      { subjectId: 10, subjectName: "Maths" },
      { subjectId: 11, subjectName: "Urdu" },
    ],
    papers: [paper(100, 10), paper(101, 11)],
    results: [],
    students: [],
    bands: SCHOOL,
    remarks: new Map(),
    attendance: null,
    ...over,
  };
}

describe("report cards worked out by hand", () => {
  it("ties share a rank and the next rank skips (1, 2, 2, 4)", () => {
    // One subject of 100. Marks 90, 80, 80, 70: 90 is first, the two 80s share second, 70 is fourth (not third).
    const { cards } = buildCards(
      input({
        subjects: [{ subjectId: 10, subjectName: "Maths" }],
        papers: [paper(100, 10)],
        students: [student(1), student(2), student(3), student(4)],
        results: [mark(100, 1, 90), mark(100, 2, 80), mark(100, 3, 80), mark(100, 4, 70)],
      }),
    );
    expect(cards.map((c) => [c.studentId, c.percent, c.classRank, c.overallRank])).toEqual([
      [1, 90, 1, 1],
      [2, 80, 2, 2],
      [3, 80, 2, 2],
      [4, 70, 4, 4],
    ]);
    expect(
      competitionRanks([
        { id: "a", value: 5 },
        { id: "b", value: 5 },
        { id: "c", value: 5 },
        { id: "d", value: 1 },
      ]),
    ).toEqual(
      new Map([
        ["a", 1],
        ["b", 1],
        ["c", 1],
        ["d", 4],
      ]),
    );
  });

  it("an absent paper counts as nothing and fails the subject; an exempt one is left out of the totals", () => {
    // Student 1: Maths 70/100, Urdu absent -> total 70 of 200 = 35.00%, Urdu 0% failed (absent), not passed.
    // Student 2: Maths 60/100, Urdu exempt -> total 60 of 100 = 60.00% (Urdu out entirely), grade B, passed.
    const { cards } = buildCards(
      input({
        students: [student(1), student(2)],
        results: [mark(100, 1, 70), mark(101, 1, null, "absent"), mark(100, 2, 60), mark(101, 2, null, "exempt")],
      }),
    );
    const [one, two] = cards;
    expect(one).toMatchObject({ totalMarks: 70, totalMax: 200, percent: 35, passed: false, grade: "E" });
    expect(one?.subjects[1]).toMatchObject({ subjectName: "Urdu", percent: 0, passed: false, grade: "E" });
    expect(one?.subjects[1]?.papers[0]).toMatchObject({ status: "absent", marks: null, maxMarks: 100 });
    expect(two).toMatchObject({ totalMarks: 60, totalMax: 100, percent: 60, passed: true, grade: "B" });
    expect(two?.subjects[1]).toMatchObject({ percent: null, passed: null, grade: null });
    // Rule "all": 60 ranks above 35.
    expect([two?.classRank, one?.classRank]).toEqual([1, 2]);
  });

  it("a student absent from every paper has a total of nothing and is not ranked, as the rule every card states says", () => {
    // Student 1 sat both papers (50 and 40 of 100); student 2 was absent from both: 0 of 200, failed, not ranked.
    const { cards } = buildCards(
      input({
        students: [student(1), student(2)],
        results: [mark(100, 1, 50), mark(101, 1, 40), mark(100, 2, null, "absent"), mark(101, 2, null, "absent")],
      }),
    );
    const [sat, absent] = cards;
    expect(sat).toMatchObject({ percent: 45, classRank: 1, overallRank: 1 });
    expect(absent).toMatchObject({ totalMarks: 0, totalMax: 200, percent: 0, passed: false, classRank: null, overallRank: null });
    expect(cardRuleParts("all", "en").join("")).toContain("a student absent from every paper is not ranked");
    expect(cardRuleParts("totals", "en").join("")).toBe("AB: absent, counted as 0 marks in the total · EX: exempt, left out of the total");
  });

  it("a weighted 20/30/50 set weighs each term's percentage, over the weights of the terms present", () => {
    // Terms: unit test (weight 20, paper of 50, pass 20), half-yearly (30, of 100, pass 35), annual (50, of 100, pass 35).
    // Student 1: 40/50 = 80%, 60/100 = 60%, 70/100 = 70% -> 80*.2 + 60*.3 + 70*.5 = 16 + 18 + 35 = 69.00.
    //   Pass line: 40%*.2 + 35%*.3 + 35%*.5 = 8 + 10.5 + 17.5 = 36 -> 69 passes.
    // Student 2 sat no half-yearly paper (no result): (80*20 + 70*50) / (20 + 50) = 5100 / 70 = 72.857... -> 72.86.
    // Student 3: 10/50 = 20%, 30/100, 30/100 -> 4 + 9 + 15 = 28 < 36: failed, though each term's
    //   percentage was worked out and combined the same way.
    const terms = [
      { examMasterId: 1, name: "Unit", weight: 20 },
      { examMasterId: 2, name: "Half-yearly", weight: 30 },
      { examMasterId: 3, name: "Annual", weight: 50 },
    ];
    const { cards } = buildCards(
      input({
        terms,
        combine: "weighted",
        subjects: [{ subjectId: 10, subjectName: "Maths" }],
        papers: [paper(100, 10, 1, 1, 50, 20), paper(200, 10, 2), paper(300, 10, 3)],
        students: [student(1), student(2), student(3)],
        results: [
          mark(100, 1, 40),
          mark(200, 1, 60),
          mark(300, 1, 70),
          mark(100, 2, 40),
          mark(300, 2, 70),
          mark(100, 3, 10),
          mark(200, 3, 30),
          mark(300, 3, 30),
        ],
      }),
    );
    expect(cards[0]?.subjects[0]).toMatchObject({ percent: 69, passed: true, grade: "B" });
    expect(cards[0]?.percent).toBe(69);
    expect(cards[0]?.subjects[0]?.papers.map((p) => p.marks)).toEqual([40, 60, 70]);
    expect(cards[1]?.percent).toBe(72.86);
    expect(cards[1]?.subjects[0]?.papers[1]).toMatchObject({ examId: 200, marks: null, status: null });
    expect(cards[2]).toMatchObject({ percent: 28, passed: false });
    expect(cards[0]?.terms.map((t) => t.weight)).toEqual([20, 30, 50]);
  });

  it("the percentage is rounded half up to a whole number before its band is found", () => {
    // 179 of 200 = 89.5% -> 90 -> A+ (90-100). 178.5 of 200 = 89.25% -> 89 -> A.
    const { cards } = buildCards(
      input({
        subjects: [{ subjectId: 10, subjectName: "Maths" }],
        papers: [paper(100, 10, 1, 1, 200, 70)],
        students: [student(1), student(2)],
        results: [mark(100, 1, 179), mark(100, 2, 178.5)],
      }),
    );
    expect(cards.map((c) => [c.percent, c.grade])).toEqual([
      [89.5, "A+"],
      [89.25, "A"],
    ]);
    expect(gradeOf(39.5, SCHOOL)).toBe("C");
    expect(gradeOf(39.49, SCHOOL)).toBe("E");
  });

  it("the passedAll rule leaves a student who failed a subject unranked, per classroom and overall", () => {
    // Two subjects of 100, pass 35. Classroom 1: student 1 has 100 + 30 = 130/200 = 65% but failed Urdu (30 < 35);
    // student 2 has 60 + 60 = 60%; classroom 2: student 3 has 50 + 50 = 50%.
    // passedAll: student 1 unranked; overall 2 is first, 3 second; in their classrooms both first.
    const base = input({
      rankRule: "passedAll",
      papers: [paper(100, 10), paper(101, 11), paper(110, 10, 1, 2), paper(111, 11, 1, 2)],
      students: [student(1), student(2), student(3, 2)],
      results: [mark(100, 1, 100), mark(101, 1, 30), mark(100, 2, 60), mark(101, 2, 60), mark(110, 3, 50), mark(111, 3, 50)],
    });
    const ranks = (cards: ReturnType<typeof buildCards>["cards"]) => cards.map((c) => [c.studentId, c.passed, c.classRank, c.overallRank]);
    expect(ranks(buildCards(base).cards)).toEqual([
      [1, false, null, null],
      [2, true, 1, 1],
      [3, true, 1, 2],
    ]);
    // Rule "all": 65% tops the list.
    expect(ranks(buildCards({ ...base, rankRule: "all" }).cards)).toEqual([
      [1, false, 1, 1],
      [2, true, 2, 2],
      [3, true, 1, 3],
    ]);
  });

  it("the scale is the batch's and course's, else the batch's, else the course's, else the school's", () => {
    const bands = [band("S", 0, 100), band("C", 0, 100, { courseId: 3 }), band("B", 0, 100, { batchId: 7 }), band("BC", 0, 100, { batchId: 7, courseId: 3 })];
    expect(scaleFor(bands, 7, 3)).toMatchObject({ source: "batch-course", bands: [{ name: "BC" }] });
    expect(scaleFor(bands, 7, 4)).toMatchObject({ source: "batch", bands: [{ name: "B" }] });
    expect(scaleFor(bands, 8, 3)).toMatchObject({ source: "course", bands: [{ name: "C" }] });
    expect(scaleFor(bands, 8, 4)).toMatchObject({ source: "school", bands: [{ name: "S" }] });
  });

  it("a student whose marks cannot make a card fails alone; the rest are made and ranked without them", () => {
    // Student 2's 120 of a 100-mark paper is broken data: their card fails, students 1 and 3 rank 1 and 2.
    const { cards, failed } = buildCards(
      input({
        subjects: [{ subjectId: 10, subjectName: "Maths" }],
        papers: [paper(100, 10)],
        students: [student(1), student(2), student(3)],
        results: [mark(100, 1, 50), mark(100, 2, 120), mark(100, 3, 40)],
      }),
    );
    expect(failed).toEqual([{ studentId: 2, name: "Student 2", message: expect.stringContaining("120") }]);
    expect(cards.map((c) => [c.studentId, c.overallRank])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });

  it("cards come in classroom, roll number, then name order; unmarked students have no percentage and no rank", () => {
    const { cards } = buildCards(
      input({
        subjects: [{ subjectId: 10, subjectName: "Maths" }],
        papers: [paper(100, 10), paper(110, 10, 1, 2)],
        students: [student(5, 2, 1), student(4, 1, null), student(3, 1, 2)],
        results: [mark(100, 3, 50)],
      }),
    );
    expect(cards.map((c) => c.studentId)).toEqual([3, 4, 5]);
    expect(cards[1]).toMatchObject({ percent: null, passed: null, classRank: null, totalMax: 0 });
  });
});
