import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { adminOfNewTenant, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { type Api, examSchool, sheet } from "./exams.fixture.js";

const app = await testApp();

type Card = {
  studentName: string;
  percent: number | null;
  grade: string | null;
  passed: boolean | null;
  classRank: number | null;
  overallRank: number | null;
  totalMarks: number;
  totalMax: number;
  remarks: string | null;
  subjects: { subjectName: string; percent: number | null; passed: boolean | null }[];
};

async function scale(api: Api) {
  for (const [name, minPercent, maxPercent] of [
    ["A+", 90, 100],
    ["A", 80, 89],
    ["B", 60, 79],
    ["C", 40, 59],
    ["E", 0, 39],
  ] as const)
    await ok(api.post("/admin/api/grade", { name, minPercent, maxPercent }));
}

/**
 * Marks of the Half-yearly (Maths of 100, pass 35; Urdu of 50, pass 18), and by hand:
 * Aisha 80 + 40 = 120/150 = 80.00% (A), Bilal 70 + 50 = 120/150 = 80.00% (A), Hamza 95 + 10 = 105/150 = 70.00%
 * but fails Urdu (10 < 18), Zaid (5-B) 60 + AB = 60/150 = 40.00%, fails Urdu (absent).
 * Ranked (passedAll): Aisha and Bilal share 1, nobody else ranked; with the "all" rule: 1, 1, 3 (Hamza), 4 (Zaid) overall.
 */
async function markHalfYearly(s: Awaited<ReturnType<typeof examSchool>>) {
  const { api } = s;
  await ok(
    api.post(
      "/admin/api/result/multiresults",
      sheet(s.paper(s.maths.id, s.room5a.id).id, [
        [s.aisha.id, 80],
        [s.bilal.id, 70],
        [s.hamza.id, 95],
      ]),
    ),
  );
  await ok(
    api.post(
      "/admin/api/result/multiresults",
      sheet(s.paper(s.urdu.id, s.room5a.id).id, [
        [s.aisha.id, 40],
        [s.bilal.id, 50],
        [s.hamza.id, 10],
      ]),
    ),
  );
  await ok(api.post("/admin/api/result/multiresults", sheet(s.paper(s.maths.id, s.room5b.id).id, [[s.zaid.id, 60]])));
  await ok(api.post("/admin/api/result/multiresults", sheet(s.paper(s.urdu.id, s.room5b.id).id, [[s.zaid.id, "AB"]])));
}

async function newSet(s: Awaited<ReturnType<typeof examSchool>>, body: Record<string, unknown> = {}) {
  return (
    await ok<{ data: { id: number; name: string; published: boolean; components: { examMasterName: string }[] } }>(
      s.api.post("/admin/api/examset", { name: "Half-yearly report", batchId: s.thisYear.id, components: [{ examMasterId: s.master.id }], ...body }),
    )
  ).data;
}

describe("exam sets", () => {
  it("ranks the report cards with ties, the rank rule and grades, worked out by hand", async () => {
    const s = await examSchool(app);
    await scale(s.api);
    await markHalfYearly(s);
    const set = await newSet(s);
    expect(set.components.map((c) => c.examMasterName)).toEqual(["Half-yearly"]);
    const { rows } = await ok<{ rows: Card[]; count: number }>(s.api.get(`/admin/api/examset/${set.id}/results`));
    expect(rows.map((c) => [c.studentName, c.totalMarks, c.totalMax, c.percent, c.grade, c.passed, c.classRank, c.overallRank])).toEqual([
      ["Aisha", 120, 150, 80, "A", true, 1, 1],
      ["Bilal", 120, 150, 80, "A", true, 1, 1],
      ["Hamza", 105, 150, 70, "B", false, null, null],
      ["Zaid", 60, 150, 40, "C", false, null, null],
    ]);
    expect(rows[3]!.subjects.map((x) => [x.percent, x.passed])).toEqual([
      [60, true],
      [0, false],
    ]);
    await ok(s.api.put("/admin/api/examset", { id: set.id, rankRule: "all" }));
    const all = await ok<{ rows: Card[] }>(s.api.get(`/admin/api/examset/${set.id}/results?classroomId=${s.room5b.id}`));
    // Only 5-B's card, ranked over the whole set: Zaid is fourth overall and first in his class.
    expect(all.rows.map((c) => [c.studentName, c.classRank, c.overallRank])).toEqual([["Zaid", 1, 4]]);
  });

  it("refuses weights not adding to 100, a term of another batch or school, and a term twice", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const unit = (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/exammaster", {
          name: "Unit test",
          batchId: s.thisYear.id,
          classroomIds: [s.room5a.id],
          subjects: [{ subjectId: s.maths.id, maxMarks: 25, passMarks: 9 }],
        }),
      )
    ).data;
    const weighted = (weights: number[]) =>
      api.post("/admin/api/examset", {
        name: `Annual ${weights.join("-")}`,
        batchId: s.thisYear.id,
        combine: "weighted",
        components: [
          { examMasterId: unit.id, weight: weights[0] },
          { examMasterId: s.master.id, weight: weights[1] },
        ],
      });
    const bad = await weighted([30, 60]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields).toContain("components");
    const good = await ok<{ data: { id: number; components: { weight: number }[] } }>(weighted([40, 60]));
    expect(good.data.components.map((c) => c.weight)).toEqual([40, 60]);
    // Turning a total set weighted without weights is refused on edit too.
    const total = await newSet(s);
    expect((await api.put("/admin/api/examset", { id: total.id, combine: "weighted" })).json()).toMatchObject({
      code: "exam_set.weights",
      params: { field: "components" },
    });
    const otherBatch = await api.post("/admin/api/examset", { name: "Wrong", batchId: s.nextYear.id, components: [{ examMasterId: s.master.id }] });
    expect(otherBatch.json()).toMatchObject({ code: "exam_set.other_batch", params: { field: "components" } });
    expect(
      (
        await api.post("/admin/api/examset", {
          name: "Twice",
          batchId: s.thisYear.id,
          components: [{ examMasterId: s.master.id }, { examMasterId: s.master.id }],
        })
      ).statusCode,
    ).toBe(400);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/examset/${total.id}/results`)).statusCode).toBe(404);
    expect((await other.api.post("/admin/api/examset/publish", { id: total.id })).statusCode).toBe(404);
  });

  it("analyses a set: pass rate, averages against the school's, subjects, grades and classrooms", async () => {
    const s = await examSchool(app);
    await scale(s.api);
    await markHalfYearly(s);
    const set = await newSet(s);
    const a = (
      await ok<{ data: Record<string, unknown> & { subjects: Record<string, unknown>[] } }>(
        s.api.get(`/admin/api/examset/${set.id}/analysis?classroomId=${s.room5a.id}`),
      )
    ).data;
    // 5-A: 80, 80, 70 -> average 76.67, two of three passed (66.67%); the set: (80 + 80 + 70 + 40) / 4 = 67.5.
    expect(a).toMatchObject({ students: 3, marked: 3, passRate: 66.67, average: 76.67, schoolAverage: 67.5 });
    // Maths in 5-A: 80, 70, 95 -> 81.67; the set with Zaid's 60: 76.25. Urdu in 5-A: 80%, 100%, 20% -> 66.67, all passed but Hamza.
    expect(a.subjects).toEqual([
      { subjectId: s.maths.id, subjectName: s.maths.name, average: 81.67, passRate: 100, schoolAverage: 76.25 },
      { subjectId: s.urdu.id, subjectName: s.urdu.name, average: 66.67, passRate: 66.67, schoolAverage: 50 },
    ]);
    expect(a.distribution).toEqual([
      { grade: "A+", count: 0 },
      { grade: "A", count: 2 },
      { grade: "B", count: 1 },
      { grade: "C", count: 0 },
      { grade: "E", count: 0 },
    ]);
    expect(a.classrooms).toEqual([
      { classroomId: s.room5a.id, classroomLabel: "Class 5-A", average: 76.67, passRate: 66.67 },
      { classroomId: s.room5b.id, classroomLabel: "Class 5-B", average: 40, passRate: 0 },
    ]);
  });

  it("keeps remarks one by one and in bulk (all or none), and saves one student's marks answering the card", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const set = await newSet(s);
    await ok(api.post("/admin/api/examset/update-remarks", { examsetId: set.id, studentId: s.aisha.id, remarks: "Excellent work" }));
    const strangerBulk = await api.put("/admin/api/examset/update-bulk-remarks", {
      examsetId: set.id,
      data: [
        { studentId: s.bilal.id, remarks: "Improving" },
        { studentId: 999_999, remarks: "Nobody" },
      ],
    });
    expect(strangerBulk.json()).toMatchObject({ code: "exam_set.not_a_student", params: { field: "data" } });
    await ok(
      api.put("/admin/api/examset/update-bulk-remarks", {
        examsetId: set.id,
        data: [
          { studentId: s.bilal.id, remarks: "Improving" },
          { studentId: s.aisha.id, remarks: null },
        ],
      }),
    );
    const remarks = await ok<{ rows: { name: string; remarks: string | null; classroomLabel: string }[]; count: number }>(
      api.get(`/admin/api/examset/remarks/${set.id}`),
    );
    expect(remarks.rows.map((r) => [r.name, r.classroomLabel, r.remarks])).toEqual([
      ["Aisha", "Class 5-A", null],
      ["Bilal", "Class 5-A", "Improving"],
      ["Hamza", "Class 5-A", null],
      ["Zaid", "Class 5-B", null],
    ]);
    const card = await ok<{ data: Card }>(
      api.post("/admin/api/examset/single-student-result", {
        examsetId: set.id,
        studentId: s.bilal.id,
        results: [
          { examId: s.paper(s.maths.id, s.room5a.id).id, marks: 64 },
          { examId: s.paper(s.urdu.id, s.room5a.id).id, marks: null, status: "exempt" },
        ],
      }),
    );
    // 64 of 100, Urdu out of the totals.
    expect(card.data).toMatchObject({ studentName: "Bilal", totalMarks: 64, totalMax: 100, percent: 64, remarks: "Improving", passed: true });
    const wrongPaper = await api.post("/admin/api/examset/single-student-result", {
      examsetId: set.id,
      studentId: s.bilal.id,
      results: [{ examId: s.paper(s.maths.id, s.room5b.id).id, marks: 64 }],
    });
    expect(wrongPaper.json()).toMatchObject({ code: "result.sheet_invalid", params: { field: "results" } });
    const over = await api.post("/admin/api/examset/single-student-result", {
      examsetId: set.id,
      studentId: s.bilal.id,
      results: [{ examId: s.paper(s.urdu.id, s.room5a.id).id, marks: 51 }],
    });
    expect(over.json().params.problems[0]).toMatchObject({ field: "marks" });
  });

  it("uploads a term's marks from a sheet: every bad cell reported and nothing saved, then all of it", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const set = await newSet(s);
    const upload = (fileName: string, data: Buffer) =>
      api.post("/admin/api/examset/upload-results", { examsetId: set.id, fileName, data: data.toString("base64") });
    const bad = [
      `Admission No,Name,${s.maths.name},${s.urdu.name}`,
      `${s.aisha.admissionNo},Aisha,77,AB`,
      `${s.bilal.admissionNo},Bilal,101,x`,
      `NOBODY,Who,50,20`,
      `${s.zaid.admissionNo},Zaid,EX,`,
    ].join("\n");
    const refused = await upload("marks.csv", Buffer.from(bad));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("result.upload_invalid");
    expect(refused.json().params.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [3, s.maths.name],
      [3, s.urdu.name],
      [4, "Admission No"],
    ]);
    expect(await rowsOf(app, "results", s.tenant.id)).toHaveLength(0);
    // The same marks, right, as an Excel sheet naming the subjects by code; the blank leaves Zaid's Urdu alone.
    const book = new ExcelJS.Workbook();
    const sheetOf = book.addWorksheet("Marks");
    sheetOf.addRow(["Admission number", s.maths.name, s.urdu.name]);
    sheetOf.addRow([s.aisha.admissionNo, 77, "AB"]);
    sheetOf.addRow([s.bilal.admissionNo, 99.5, 45]);
    sheetOf.addRow([s.zaid.admissionNo, "EX", null]);
    const done = await ok<{ saved: number }>(upload("marks.xlsx", Buffer.from(await book.xlsx.writeBuffer())));
    expect(done.saved).toBe(5);
    const card = await ok<{ rows: Card[] }>(api.get(`/admin/api/examset/${set.id}/results`));
    expect(card.rows.find((c) => c.studentName === "Bilal")).toMatchObject({ totalMarks: 144.5, totalMax: 150, percent: 96.33 });
    expect(card.rows.find((c) => c.studentName === "Aisha")).toMatchObject({ totalMarks: 77, passed: false });
    const twoTerms = await api.post("/admin/api/examset/upload-results", {
      examsetId: set.id,
      examMasterId: 999_999,
      fileName: "m.csv",
      data: Buffer.from(bad).toString("base64"),
    });
    expect(twoTerms.json()).toMatchObject({ code: "result.upload_term", params: { field: "examMasterId" } });
  });
});

describe("report card figures from elsewhere", () => {
  it("shows the days present of days marked in the term, from the year's first day to its exams' last, from the day registers", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const codes = (await ok<{ rows: { id: number; meaning: string }[] }>(api.get("/admin/api/attendance-code?limit=20"))).rows;
    const code = (meaning: string) => codes.find((c) => c.meaning === meaning)!.id;
    // Tuesday 1 September, before the Half-yearly's papers (20-30 September) but in its term; Monday
    // 21 and Tuesday 22 September during the papers; 1 October is after the term.
    for (const [date, meaning] of [
      ["2026-09-01", "present"],
      ["2026-09-21", "present"],
      ["2026-09-22", "absent"],
      ["2026-10-01", "absent"],
    ] as const)
      await ok(api.put("/admin/api/attendance", { classroomId: s.room5a.id, date, marks: [{ studentId: s.aisha.id, codeId: code(meaning) }] }));
    const set = await newSet(s);
    const { rows } = await ok<{ rows: (Card & { attendance: { present: number; total: number } | null })[] }>(
      api.get(`/admin/api/examset/${set.id}/results?classroomId=${s.room5a.id}`),
    );
    expect(rows.map((c) => [c.studentName, c.attendance])).toEqual([
      ["Aisha", { present: 2, total: 3 }],
      ["Bilal", null],
      ["Hamza", null],
    ]);
  });
});
