import { describe, expect, it } from "vitest";
import { adminOfNewTenant, testApp } from "../../../test/harness.js";
import { addClassroom, ok } from "../academics/school.fixture.js";
import { examSchool, sheet } from "./exams.fixture.js";

const app = await testApp();

describe("grade scale", () => {
  it("keeps the bands of one scale apart and lets a course's scale reuse the school's ranges", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const a = await ok<{ data: { id: number; courseName: string | null } }>(
      api.post("/admin/api/grade", { name: "A+", minPercent: 90, maxPercent: 100, description: "Outstanding" }),
    );
    expect(a.data.courseName).toBeNull();
    await ok(api.post("/admin/api/grade", { name: "A", minPercent: 80, maxPercent: 89 }));
    const overlap = await api.post("/admin/api/grade", { name: "B", minPercent: 70, maxPercent: 80 });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: "grade.overlap", params: { field: "maxPercent", grade: "A" } });
    const inside = await api.post("/admin/api/grade", { name: "X", minPercent: 85, maxPercent: 86 });
    expect(inside.json()).toMatchObject({ code: "grade.overlap", params: { field: "minPercent" } });
    // The course's own scale is another scale: the same range is fine there.
    const course = await ok<{ data: { courseName: string } }>(
      api.post("/admin/api/grade", { name: "A", minPercent: 80, maxPercent: 100, courseId: s.course.id }),
    );
    expect(course.data.courseName).toBe("Madrasa");
    // Moving a band onto another by an edit is refused too; the range must be the right way round.
    expect((await api.put("/admin/api/grade", { id: a.data.id, minPercent: 85 })).json()).toMatchObject({ code: "grade.overlap" });
    expect((await api.post("/admin/api/grade", { name: "Z", minPercent: 50, maxPercent: 40 })).statusCode).toBe(400);
    expect((await api.put("/admin/api/grade", { id: a.data.id, minPercent: 95 })).statusCode).toBe(200);
    const other = await adminOfNewTenant(app);
    expect((await other.api.post("/admin/api/grade", { name: "Q", minPercent: 0, maxPercent: 10, courseId: s.course.id })).statusCode).toBe(404);
  });
});

describe("exam masters and their papers", () => {
  it("makes one paper per classroom and subject, of the subjects a classroom is taught", async () => {
    const s = await examSchool(app);
    const { api } = s;
    expect(s.master.examCount).toBe(4);
    expect(s.papers.map((p) => [p.classroomLabel, p.subjectName, p.maxMarks, p.passMarks]).sort()).toEqual(
      [
        ["Class 5-A", s.maths.name, 100, 35],
        ["Class 5-A", s.urdu.name, 50, 18],
        ["Class 5-B", s.maths.name, 100, 35],
        ["Class 5-B", s.urdu.name, 50, 18],
      ].sort(),
    );
    // A classroom that lists its subjects gets papers only in those.
    const c = await addClassroom(api, s.thisYear.id, s.class5.id, "C");
    await ok(api.put("/admin/api/classRoom", { id: c.id, subjects: [{ subjectId: s.urdu.id }] }));
    const edited = await ok<{ data: { examCount: number; classroomIds: number[]; subjects: { subjectName: string }[] } }>(
      api.put("/admin/api/exammaster", { id: s.master.id, classroomIds: [s.room5a.id, s.room5b.id, c.id] }),
    );
    expect(edited.data.examCount).toBe(5);
    expect(edited.data.classroomIds).toEqual([s.room5a.id, s.room5b.id, c.id]);
    expect(edited.data.subjects.map((x) => x.subjectName)).toEqual([s.maths.name, s.urdu.name]);
    const ofC = await ok<{ rows: { subjectId: number }[] }>(api.get(`/admin/api/exam?classroomId=${c.id}`));
    expect(ofC.rows.map((r) => r.subjectId)).toEqual([s.urdu.id]);
    // The course's papers of the batch.
    const ofCourse = await ok<{ rows: unknown[]; count: number }>(api.get(`/admin/api/exam/batch/${s.thisYear.id}/course/${s.course.id}`));
    expect(ofCourse.count).toBe(5);
  });

  it("never removes a paper with marks, follows a changed maximum, and refuses deleting a term with marks", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const urduB = s.paper(s.urdu.id, s.room5b.id);
    await ok(api.post("/admin/api/result/multiresults", sheet(urduB.id, [[s.zaid.id, 40]])));
    // Dropping 5-B: its Maths paper (no marks) goes, its Urdu paper (marks) stays.
    const edited = await ok<{ data: { examCount: number } }>(api.put("/admin/api/exammaster", { id: s.master.id, classroomIds: [s.room5a.id] }));
    expect(edited.data.examCount).toBe(3);
    // Maths out of 80 now: its papers follow; Urdu cannot go below the 40 already given.
    await ok(
      api.put("/admin/api/exammaster", {
        id: s.master.id,
        subjects: [
          { subjectId: s.maths.id, maxMarks: 80, passMarks: 28 },
          { subjectId: s.urdu.id, maxMarks: 50, passMarks: 18 },
        ],
      }),
    );
    expect((await ok<{ data: { maxMarks: number } }>(api.put("/admin/api/exam", { id: s.paper(s.maths.id, s.room5a.id).id }))).data.maxMarks).toBe(80);
    const tooLow = await api.put("/admin/api/exammaster", { id: s.master.id, subjects: [{ subjectId: s.urdu.id, maxMarks: 30, passMarks: 10 }] });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json()).toMatchObject({ code: "exam_master.marks_above_max", params: { field: "subjects" } });
    // A paper's own maximum cannot fall below its marks either.
    expect((await api.put("/admin/api/exam", { id: urduB.id, maxMarks: 35 })).json()).toMatchObject({ code: "exam.marks_above_max" });
    const refused = await api.delete(`/admin/api/exammaster/${s.master.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "exam_master.has_results", params: { results: 1 } });
    // Without marks it goes, papers and all.
    const bare = await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Unit test",
        batchId: s.thisYear.id,
        classroomIds: [s.room5a.id],
        subjects: [{ subjectId: s.maths.id, maxMarks: 25, passMarks: 9 }],
      }),
    );
    await ok(api.delete(`/admin/api/exammaster/${bare.data.id}`));
  });

  it("refuses classrooms of another batch or school, a subject twice and a duplicate name", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const base = { name: "Annual", batchId: s.thisYear.id, subjects: [{ subjectId: s.maths.id, maxMarks: 100, passMarks: 35 }] };
    const otherBatch = await api.post("/admin/api/exammaster", { ...base, classroomIds: [s.room6a.id] });
    expect(otherBatch.statusCode).toBe(400);
    expect(otherBatch.json()).toMatchObject({ code: "exam_master.other_batch", params: { field: "classroomIds" } });
    const twice = await api.post("/admin/api/exammaster", {
      ...base,
      classroomIds: [s.room5a.id],
      subjects: [base.subjects[0], { subjectId: s.maths.id, maxMarks: 50, passMarks: 10 }],
    });
    expect(twice.json()).toMatchObject({ code: "exam_master.subject_twice", params: { field: "subjects" } });
    const passAbove = await api.post("/admin/api/exammaster", {
      ...base,
      classroomIds: [s.room5a.id],
      subjects: [{ subjectId: s.maths.id, maxMarks: 50, passMarks: 60 }],
    });
    expect(passAbove.statusCode).toBe(400);
    const same = await api.post("/admin/api/exammaster", { ...base, name: "half-YEARLY", classroomIds: [s.room5a.id] });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: "exam_master.name_taken", params: { field: "name" } });
    const other = await adminOfNewTenant(app);
    expect((await other.api.post("/admin/api/exammaster", { ...base, classroomIds: [s.room5a.id] })).statusCode).toBe(404);
    expect((await other.api.get(`/admin/api/exam/result/students/${s.papers[0]!.id}`)).statusCode).toBe(404);
  });

  it("lists a paper's students in roll order with what is entered so far", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const mathsA = s.paper(s.maths.id, s.room5a.id);
    await ok(api.post("/admin/api/result/multiresults", sheet(mathsA.id, [[s.bilal.id, 55.5]])));
    const grid = await ok<{ data: { exam: { markedCount: number; studentCount: number; maxMarks: number }; students: Record<string, unknown>[] } }>(
      api.get(`/admin/api/exam/result/students/${mathsA.id}`),
    );
    expect(grid.data.exam).toMatchObject({ markedCount: 1, studentCount: 3, maxMarks: 100 });
    expect(grid.data.students.map((x) => [x.name, x.rollNo, x.marks, x.status])).toEqual([
      ["Aisha", 1, null, null],
      ["Bilal", 2, 55.5, "present"],
      ["Hamza", 3, null, null],
    ]);
  });
});
