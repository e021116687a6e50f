import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

describe("batches", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("makes the first batch active and switches the active one in one call", async () => {
    const s = await newSchool(app);
    expect(s.thisYear.active).toBe(true);
    const switched = await ok<{ data: { id: number; active: boolean } }>(s.api.put("/admin/api/batch/make-active-batch", { id: s.nextYear.id }));
    expect(switched.data).toMatchObject({ id: s.nextYear.id, active: true });
    const active = await ok<{ rows: { id: number }[] }>(s.api.get("/admin/api/batch?active=true"));
    expect(active.rows.map((r) => r.id)).toEqual([s.nextYear.id]);
  });

  it("refuses bad dates, a bad id, another school's batch, and deleting a batch with classrooms", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const backwards = await s.api.post("/admin/api/batch", { name: "Wrong", startDate: "2027-06-01", endDate: "2027-01-01" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe("batch.dates");
    expect((await s.api.post("/admin/api/batch", { name: "No end", startDate: "2027-06-01" })).statusCode).toBe(400);
    expect((await s.api.put("/admin/api/batch/make-active-batch", {})).statusCode).toBe(400);
    expect((await s.api.put("/admin/api/batch/make-active-batch", { id: "abc" })).statusCode).toBe(400);
    expect((await other.api.put("/admin/api/batch/make-active-batch", { id: s.thisYear.id })).statusCode).toBe(404);
    const del = await s.api.delete(`/admin/api/batch/${s.thisYear.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: "batch.has_classrooms", params: { classrooms: 2 } });
    expect((await s.api.post("/admin/api/batch", { name: "2026-27", startDate: "2026-06-01", endDate: "2027-03-31" })).statusCode).toBe(409);
  });
});

describe("courses, classes, subjects and sessions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("keeps classes in order, refuses deleting a class or course in use", async () => {
    const s = await newSchool(app);
    const classes = await ok<{ rows: { name: string; courseName: string }[] }>(s.api.get(`/admin/api/course/class?courseId=${s.course.id}`));
    expect(classes.rows.map((c) => c.name)).toEqual(["Class 5", "Class 6"]);
    expect(classes.rows[0]!.courseName).toBe("Madrasa");
    expect((await s.api.delete(`/admin/api/course/class/${s.class5.id}`)).statusCode).toBe(409);
    const course = await s.api.delete(`/admin/api/course/${s.course.id}`);
    expect(course.statusCode).toBe(409);
    expect(course.json().code).toBe("course.in_use");
    const spare = await ok<{ data: { id: number } }>(s.api.post("/admin/api/course/class", { courseId: s.course.id, name: "Class 7", order: 7 }));
    expect((await s.api.delete(`/admin/api/course/class/${spare.data.id}`)).statusCode).toBe(200);
    expect((await s.api.post("/admin/api/course/class", { courseId: s.course.id, name: "class 5" })).statusCode).toBe(409);
    expect((await s.api.post("/admin/api/course/class", { name: "Class 9" })).statusCode).toBe(400);
  });

  it("accepts only allowed sheet links", async () => {
    const { api } = await adminOfNewTenant(app);
    const bad = await api.post("/admin/api/course", { name: "Hifz", kind: "hifz", sheetUrl: "https://evil.example.com/sheet.csv" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("import.url_not_allowed");
    const lookalike = await api.post("/admin/api/course", { name: "Hifz", kind: "hifz", sheetUrl: "https://docs.google.com.evil.com/x" });
    expect(lookalike.statusCode).toBe(400);
    const good = await api.post("/admin/api/course", { name: "Hifz", kind: "hifz", sheetUrl: "https://docs.google.com/spreadsheets/d/abc123/edit#gid=0" });
    expect(good.statusCode).toBe(200);
  });

  it("keeps subjects and sessions tidy", async () => {
    const s = await newSchool(app);
    expect((await s.api.post("/admin/api/subject", { name: "fiqh" })).statusCode).toBe(409);
    const courseSubject = await ok<{ data: { courseId: number } }>(s.api.post("/admin/api/subject", { name: "Fiqh", courseId: s.course.id }));
    expect(courseSubject.data.courseId).toBe(s.course.id);
    const session = await ok<{ data: Record<string, unknown> }>(s.api.post("/admin/api/session", { name: "Morning", startTime: "07:30", endTime: "12:00" }));
    expect(session.data).toMatchObject({ startTime: "07:30", endTime: "12:00", status: "active" });
    expect((await s.api.post("/admin/api/session", { name: "Evening", startTime: "18:00", endTime: "17:00" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/session", { name: "Night", startTime: "25:00", endTime: "26:00" })).statusCode).toBe(400);
  });

  it("uploads content, lists it in order and deletes one item", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const up = await ok<{ rows: { id: number; order: number; title: string }[] }>(
      s.api.post(`/admin/api/course/${s.course.id}/upload-content`, {
        content: [
          { title: "Syllabus", kind: "document", url: "/uploads/syllabus.pdf" },
          { title: "Adab of the student", kind: "text", text: "Respect the teacher." },
        ],
      }),
    );
    expect(up.rows.map((r) => r.order)).toEqual([1, 2]);
    const more = await ok<{ rows: { order: number }[] }>(
      s.api.post(`/admin/api/course/${s.course.id}/upload-content`, { content: [{ title: "Tajweed video", kind: "video", url: "https://example.org/v" }] }),
    );
    expect(more.rows[0]!.order).toBe(3);
    expect((await s.api.post(`/admin/api/course/${s.course.id}/upload-content`, { content: [{ title: "No link", kind: "link" }] })).statusCode).toBe(400);
    expect((await s.api.post(`/admin/api/course/${s.course.id}/upload-content`, {})).statusCode).toBe(400);
    expect((await other.api.post(`/admin/api/course/${s.course.id}/upload-content`, { content: [{ title: "T", kind: "text", text: "x" }] })).statusCode).toBe(
      404,
    );
    expect((await other.api.delete(`/admin/api/course/content/${up.rows[0]!.id}`)).statusCode).toBe(404);
    await ok(s.api.delete(`/admin/api/course/content/${up.rows[0]!.id}`));
    const left = await ok<{ rows: { title: string }[] }>(s.api.get(`/admin/api/course/${s.course.id}/content`));
    expect(left.rows.map((r) => r.title)).toEqual(["Adab of the student", "Tajweed video"]);
    expect((await s.api.delete(`/admin/api/course/content/${up.rows[0]!.id}`)).statusCode).toBe(404);
  });

  it("creates one hafiz record per enrolled student, idempotently", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    for (const name of ["Hamza", "Maryam"]) await enrol(s.api, (await addStudent(s.api, { name })).id, s.room5a.id);
    await addStudent(s.api, { name: "Not enrolled" });
    const first = await ok(s.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, { target: "juz_range", fromJuz: 30, toJuz: 26 }));
    expect(first).toMatchObject({ created: 2, existing: 0 });
    const again = await ok(s.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, {}));
    expect(again).toMatchObject({ created: 0, existing: 2 });
    expect((await s.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, { target: "juz_range" })).statusCode).toBe(400);
    expect((await s.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, { target: "juz_range", fromJuz: 0, toJuz: 31 })).statusCode).toBe(400);
    expect((await other.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, {})).statusCode).toBe(404);
  });

  it("lists a course's enrolments and its students", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const a = await addStudent(s.api, { name: "Zaid" });
    const e = await enrol(s.api, a.id, s.room5b.id, { rollNo: 7 });
    const list = await ok<{ rows: { id: number; classroomLabel: string }[]; count: number }>(
      s.api.get(`/admin/api/course/${s.course.id}/enrollments?status=active`),
    );
    expect(list.rows).toMatchObject([{ id: e.id, classroomLabel: "Class 5-B" }]);
    expect((await s.api.get(`/admin/api/course/${s.course.id}/enrollments?status=bogus`)).statusCode).toBe(400);
    expect((await other.api.get(`/admin/api/course/${s.course.id}/enrollments`)).statusCode).toBe(404);
    const students = await ok<{ rows: Record<string, unknown>[] }>(s.api.get(`/api/courses/${s.course.id}/students`));
    expect(students.rows).toMatchObject([{ id: a.id, name: "Zaid", classroomLabel: "Class 5-B", rollNo: 7, enrollmentId: e.id }]);
    expect((await other.api.get(`/api/courses/${s.course.id}/students`)).statusCode).toBe(404);
    expect((await s.api.get("/api/courses/abc/students")).statusCode).toBe(400);
  });
});
