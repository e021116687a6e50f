import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

describe("classrooms", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  async function staffUser(api: Awaited<ReturnType<typeof newSchool>>["api"], builtin: "staff" | "parent") {
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(api.get("/admin/api/role?limit=50"));
    const roleId = roles.rows.find((r) => r.builtin === builtin)!.id;
    return (await ok<{ data: { id: number } }>(api.post("/admin/api/user", { name: `${builtin} user`, mobile: uniqueMobile(), roleIds: [roleId] }))).data;
  }

  it("names a classroom by class and division, with its subjects, teachers and students", async () => {
    const s = await newSchool(app);
    const teacher = await staffUser(s.api, "staff");
    const room = await ok<{ data: Record<string, unknown> & { id: number } }>(
      s.api.post("/admin/api/classRoom", {
        batchId: s.thisYear.id,
        courseClassId: s.class5.id,
        name: "C",
        classTeacherId: teacher.id,
        subjects: [{ subjectId: s.subject.id, teacherId: teacher.id }],
      }),
    );
    expect(room.data).toMatchObject({ label: "Class 5-C", batchName: "2026-27", courseName: "Madrasa", classTeacherName: "staff user", studentCount: 0 });
    const subjects = await ok<{ rows: Record<string, unknown>[] }>(s.api.get(`/admin/api/classRoom/subjects/${room.data.id}`));
    expect(subjects.rows).toMatchObject([{ subjectId: s.subject.id, subjectName: "Fiqh", teacherId: teacher.id, teacherName: "staff user" }]);

    const pupil = await addStudent(s.api, { name: "Ruqayya" });
    await enrol(s.api, pupil.id, room.data.id, { rollNo: 4 });
    const students = await ok<{ rows: Record<string, unknown>[]; count: number }>(s.api.get(`/admin/api/classRoom/students/${room.data.id}`));
    expect(students.rows).toMatchObject([{ id: pupil.id, name: "Ruqayya", rollNo: 4 }]);
    const list = await ok<{ rows: { id: number; studentCount: number }[] }>(
      s.api.get(`/admin/api/classRoom?batchId=${s.thisYear.id}&courseClassId=${s.class5.id}`),
    );
    expect(list.rows.find((r) => r.id === room.data.id)?.studentCount).toBe(1);

    // A PUT with subjects replaces them; one without leaves them.
    await ok(s.api.put("/admin/api/classRoom", { id: room.data.id, room: "Hall 2" }));
    expect((await ok<{ rows: unknown[] }>(s.api.get(`/admin/api/classRoom/subjects/${room.data.id}`))).rows).toHaveLength(1);
    await ok(s.api.put("/admin/api/classRoom", { id: room.data.id, subjects: [] }));
    expect((await ok<{ rows: unknown[] }>(s.api.get(`/admin/api/classRoom/subjects/${room.data.id}`))).rows).toHaveLength(0);
  });

  it("refuses a parent as teacher, a repeated division, bad ids and another school's rows", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const parent = await staffUser(s.api, "parent");
    const asTeacher = await s.api.post("/admin/api/classRoom", { batchId: s.thisYear.id, courseClassId: s.class5.id, name: "D", classTeacherId: parent.id });
    expect(asTeacher.statusCode).toBe(400);
    expect(asTeacher.json()).toMatchObject({ code: "teacher.not_staff", params: { field: "classTeacherId" } });
    expect((await s.api.post("/admin/api/classRoom", { batchId: s.thisYear.id, courseClassId: s.class5.id, name: "a" })).statusCode).toBe(409);
    expect((await s.api.post("/admin/api/classRoom", { batchId: s.thisYear.id, name: "E" })).statusCode).toBe(400);
    expect((await other.api.get(`/admin/api/classRoom/subjects/${s.room5a.id}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/classRoom/subjects/-1")).statusCode).toBe(400);
    expect((await other.api.get(`/admin/api/classRoom/students/${s.room5a.id}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/classRoom/students/not-a-number")).statusCode).toBe(400);
    const otherCourse = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/course", { name: "Hifz", kind: "hifz" }))).data;
    const hifzOnly = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/subject", { name: "Muraja'a", courseId: otherCourse.id }))).data;
    const wrongCourse = await s.api.put("/admin/api/classRoom", { id: s.room5a.id, subjects: [{ subjectId: hifzOnly.id }] });
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().code).toBe("subject.other_course");
  });

  it("reads one classroom by id, as its list row shows it, and only in its own school", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    await enrol(s.api, (await addStudent(s.api)).id, s.room5a.id);
    const one = await ok<{ data: { id: number; studentCount: number } }>(s.api.get(`/admin/api/classRoom/${s.room5a.id}`));
    expect(one.data).toMatchObject({ id: s.room5a.id, label: "Class 5-A", batchName: "2026-27", courseName: "Madrasa", studentCount: 1, status: "active" });
    const list = await ok<{ rows: { id: number }[] }>(s.api.get(`/admin/api/classRoom?batchId=${s.thisYear.id}`));
    expect(list.rows.find((r) => r.id === s.room5a.id)).toEqual(one.data);
    // With and without a trailing slash, as every path.
    expect((await s.api.get(`/admin/api/classRoom/${s.room5b.id}/`)).statusCode).toBe(200);

    const foreign = await other.api.get(`/admin/api/classRoom/${s.room5a.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toMatch(/Class 5|Madrasa/);
    expect((await s.api.get("/admin/api/classRoom/2147483000")).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/classRoom/0")).statusCode).toBe(400);
    expect((await s.api.get("/admin/api/classRoom/abc")).statusCode).toBe(400);
  });

  it("refuses to delete a classroom with enrolments, and deletes an empty one", async () => {
    const s = await newSchool(app);
    await enrol(s.api, (await addStudent(s.api)).id, s.room5a.id);
    const res = await s.api.delete(`/admin/api/classRoom/${s.room5a.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "classroom.has_enrolments", params: { enrolments: 1 } });
    expect((await s.api.delete(`/admin/api/classRoom/${s.room5b.id}`)).statusCode).toBe(200);
  });
});
