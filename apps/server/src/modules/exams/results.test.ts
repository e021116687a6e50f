import { describe, expect, it } from "vitest";
import { adminOfNewTenant, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, ok } from "../academics/school.fixture.js";
import { examSchool, sheet } from "./exams.fixture.js";
import { examMasterCards, examRanking } from "./report-cards.service.js";

const app = await testApp();

describe("results", () => {
  it("saves one result, refusing marks above the maximum, a student not in the class and absent with marks", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const urduA = s.paper(s.urdu.id, s.room5a.id);
    const saved = await ok<{ data: Record<string, unknown> }>(api.post("/admin/api/result", { examId: urduA.id, studentId: s.aisha.id, marks: 42.5 }));
    expect(saved.data).toMatchObject({ marks: 42.5, maxMarks: 50, status: "present", studentName: "Aisha", admissionNo: s.aisha.admissionNo });
    expect(saved.data.examLabel).toBe(`${s.urdu.name}, Class 5-A, Half-yearly`);
    const over = await api.post("/admin/api/result", { examId: urduA.id, studentId: s.bilal.id, marks: 50.5 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: "result.bad_marks", params: { field: "marks" } });
    // Zaid is in 5-B.
    const stranger = await api.post("/admin/api/result", { examId: urduA.id, studentId: s.zaid.id, marks: 20 });
    expect(stranger.json()).toMatchObject({ code: "result.not_in_class", params: { field: "studentId" } });
    const absentWithMarks = await api.post("/admin/api/result", { examId: urduA.id, studentId: s.bilal.id, marks: 20, status: "absent" });
    expect(absentWithMarks.statusCode).toBe(400);
    expect(absentWithMarks.json().params.fields).toContain("marks");
    // Twice for one student: the database says no, naming the field.
    const again = await api.post("/admin/api/result", { examId: urduA.id, studentId: s.aisha.id, marks: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "result.exists", params: { field: "studentId" } });
    // Marking the student absent clears the marks; marks above the maximum are refused on edit too.
    const id = saved.data.id as number;
    expect((await ok<{ data: Record<string, unknown> }>(api.put("/admin/api/result", { id, status: "absent" }))).data).toMatchObject({
      status: "absent",
      marks: null,
    });
    expect((await api.put("/admin/api/result", { id, status: "present" })).json()).toMatchObject({ params: { field: "marks" } });
    expect((await api.put("/admin/api/result", { id, status: "present", marks: 51 })).json()).toMatchObject({ code: "result.bad_marks" });
    const other = await adminOfNewTenant(app);
    expect((await other.api.post("/admin/api/result", { examId: urduA.id, studentId: s.aisha.id, marks: 1 })).statusCode).toBe(404);
  });

  it("saves a classroom's sheet in one call: the same sheet twice leaves one result per student", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const mathsA = s.paper(s.maths.id, s.room5a.id);
    const body = sheet(mathsA.id, [
      [s.aisha.id, 88],
      [s.bilal.id, "AB"],
      [s.hamza.id, "EX"],
    ]);
    const first = await ok<{ saved: number; rows: { studentName: string; marks: number | null; status: string }[] }>(
      api.post("/admin/api/result/multiresults", body),
    );
    expect(first.saved).toBe(3);
    expect(first.rows.map((r) => [r.studentName, r.marks, r.status]).sort()).toEqual([
      ["Aisha", 88, "present"],
      ["Bilal", null, "absent"],
      ["Hamza", null, "exempt"],
    ]);
    await ok(
      api.post("/admin/api/result/multiresults", { ...body, results: [{ studentId: s.aisha.id, marks: 90, remarks: "Well done" }, ...body.results.slice(1)] }),
    );
    await ok(api.post("/admin/api/result/multiresults", { ...body, results: [{ studentId: s.aisha.id, marks: 91 }] }));
    const rows = (await rowsOf(app, "results", s.tenant.id)).filter((r) => r.exam_id === mathsA.id);
    expect(rows).toHaveLength(3);
    // Remarks left out of a later sheet stay.
    const aisha = rows.find((r) => r.student_id === s.aisha.id);
    expect([Number(aisha?.marks), aisha?.remarks]).toEqual([91, "Well done"]);
  });

  it("refuses the whole sheet, listing every bad row, when any row is bad", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const mathsA = s.paper(s.maths.id, s.room5a.id);
    const bad = await api.post(
      "/admin/api/result/multiresults",
      sheet(mathsA.id, [
        [s.aisha.id, 70],
        [s.bilal.id, 101],
        [s.zaid.id, 50],
        [s.aisha.id, 71],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "result.sheet_invalid", params: { field: "results" } });
    expect(bad.json().params.problems.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
      [1, "marks"],
      [2, "studentId"],
      [3, "studentId"],
    ]);
    expect((await rowsOf(app, "results", s.tenant.id)).filter((r) => r.exam_id === mathsA.id)).toHaveLength(0);
    const other = await adminOfNewTenant(app);
    expect((await other.api.post("/admin/api/result/multiresults", sheet(mathsA.id, [[s.aisha.id, 1]]))).statusCode).toBe(404);
  });

  it("lists only the paper's own classroom in its grid, and takes marks of a student enrolled after the term began", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const late = await addStudent(api, { name: "Late" });
    await enrol(api, late.id, s.room5b.id, { rollNo: 9 });
    // A student enrolled in 5-B has no paper in 5-A's grid.
    const grid = await ok<{ data: { students: { name: string }[] } }>(api.get(`/admin/api/exam/result/students/${s.paper(s.maths.id, s.room5a.id).id}`));
    expect(grid.data.students.map((x) => x.name)).not.toContain("Late");
    await ok(api.post("/admin/api/result/multiresults", sheet(s.paper(s.maths.id, s.room5b.id).id, [[late.id, 33]])));
  });

  it("ranks one paper by marks (1, 2, 2, 4) and a term as a one-term set, for the documents", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const extra = await addStudent(api, { name: "Dawud" });
    await enrol(api, extra.id, s.room5a.id, { rollNo: 4, startedOn: "2026-06-01" });
    const mathsA = s.paper(s.maths.id, s.room5a.id);
    // Marks 70, 90, 70, absent -> 90 first, the two 70s share second; the absent Dawud is unranked and failed.
    await ok(
      api.post(
        "/admin/api/result/multiresults",
        sheet(mathsA.id, [
          [s.aisha.id, 70],
          [s.bilal.id, 90],
          [s.hamza.id, 70],
          [extra.id, "AB"],
        ]),
      ),
    );
    const scope = new TenantScope(app.services.db, s.tenant.id);
    const ranking = await examRanking(scope, mathsA.id);
    expect(ranking.exam).toMatchObject({ subjectName: s.maths.name, classroomLabel: "Class 5-A", examMasterName: "Half-yearly", maxMarks: 100, passMarks: 35 });
    expect(ranking.rows.map((r) => [r.name, r.rank, r.marks, r.status, r.passed])).toEqual([
      ["Bilal", 1, 90, "present", true],
      ["Aisha", 2, 70, "present", true],
      ["Hamza", 2, 70, "present", true],
      ["Dawud", null, null, "absent", false],
    ]);
    // The term's cards: Urdu not marked yet, so Maths alone counts; two of 5-A asked for, ranked over all (Aisha shares 2 with Hamza).
    const term = await examMasterCards(scope, s.master.id, { classroomIds: [s.room5a.id], studentIds: [s.bilal.id, s.hamza.id] });
    expect(term.master).toMatchObject({ name: "Half-yearly", batchName: "2026-27", startDate: "2026-09-20", endDate: "2026-09-30" });
    expect(term.cards.map((c) => [c.studentName, c.percent, c.overallRank, c.source.kind])).toEqual([
      ["Bilal", 90, 1, "exammaster"],
      ["Hamza", 70, 2, "exammaster"],
    ]);
    expect(term.failed).toEqual([]);
  });
});
