import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf } from "../../../test/people.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { parentOf, type School, schoolDate, staffOf } from "../attendance/registers.fixture.js";

interface Lesson {
  id: number;
  order: number;
  title: string;
}
interface Progress {
  classroomId: number;
  week: number;
  subjects: {
    subjectName: string;
    planned: number;
    completed: number;
    percent: number;
    expected: number | null;
    behind: number | null;
    lessons: { title: string; status: string; percent: number; logs: { date: string; teacherName: string; progress: string }[] }[];
  }[];
}

/** A syllabus of `n` lessons for Class 5 Fiqh, lesson i planned for week i. */
async function syllabus(s: School, n = 4) {
  const out: Lesson[] = [];
  for (let i = 1; i <= n; i++) {
    out.push(
      (
        await ok<{ data: Lesson }>(
          s.api.post("/admin/api/lesson", { courseClassId: s.class5.id, subjectId: s.subject.id, title: `Lesson ${i}`, plannedWeek: i }),
        )
      ).data,
    );
  }
  return out;
}

const orderOf = async (s: School) =>
  (await ok<{ rows: Lesson[] }>(s.api.get(`/admin/api/lesson?courseClassId=${s.class5.id}&subjectId=${s.subject.id}`))).rows.map(
    (r) => `${r.order}:${r.title}`,
  );

describe("lessons", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("keeps a syllabus in order: new lessons go last, a taken number is refused, a move shifts the lessons between", async () => {
    const s = await newSchool(app);
    const [l1, , , l4] = await syllabus(s);
    expect(await orderOf(s)).toEqual(["1:Lesson 1", "2:Lesson 2", "3:Lesson 3", "4:Lesson 4"]);
    const taken = await s.api.post("/admin/api/lesson", { courseClassId: s.class5.id, subjectId: s.subject.id, title: "Again", order: 2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "lesson.order_taken", params: { field: "order" } });
    // The same number in another class is its own syllabus.
    await ok(s.api.post("/admin/api/lesson", { courseClassId: s.class6.id, subjectId: s.subject.id, title: "Class 6 first", order: 1 }));

    await ok(s.api.put("/admin/api/lesson", { id: l4!.id, order: 1 }));
    expect(await orderOf(s)).toEqual(["1:Lesson 4", "2:Lesson 1", "3:Lesson 2", "4:Lesson 3"]);
    await ok(s.api.put("/admin/api/lesson", { id: l4!.id, order: 3 }));
    expect(await orderOf(s)).toEqual(["1:Lesson 1", "2:Lesson 2", "3:Lesson 4", "4:Lesson 3"]);
    // A free number (past the end) is simply taken.
    const moved = await ok<{ data: Lesson & { className: string; subjectName: string } }>(s.api.put("/admin/api/lesson", { id: l1!.id, order: 9 }));
    expect(moved.data).toMatchObject({ order: 9, className: "Class 5", subjectName: "Fiqh" });
    expect(await orderOf(s)).toEqual(["2:Lesson 2", "3:Lesson 4", "4:Lesson 3", "9:Lesson 1"]);
  });

  it("refuses a lesson without title, with a bad number, of another school's class or subject, and a subject of another course", async () => {
    const s = await newSchool(app);
    const other = await newSchool(app);
    const body = { courseClassId: s.class5.id, subjectId: s.subject.id, title: "Wudu" };
    expect((await s.api.post("/admin/api/lesson", { ...body, title: "" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/lesson", { ...body, order: 0 })).json().params).toMatchObject({ fields: ["order"] });
    expect((await s.api.post("/admin/api/lesson", { ...body, courseClassId: other.class5.id })).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/lesson", { ...body, subjectId: other.subject.id })).statusCode).toBe(404);
    const course = await ok<{ data: { id: number } }>(s.api.post("/admin/api/course", { name: "Hifz", kind: "hifz" }));
    const own = await ok<{ data: { id: number } }>(s.api.post("/admin/api/subject", { name: "Tajweed", courseId: course.data.id }));
    expect((await s.api.post("/admin/api/lesson", { ...body, subjectId: own.data.id })).json()).toMatchObject({ code: "subject.other_course" });
    const [l1] = await syllabus(other, 1);
    expect((await s.api.put("/admin/api/lesson", { id: l1!.id, title: "Mine now" })).statusCode).toBe(404);
    expect((await s.api.delete(`/admin/api/lesson/${l1!.id}`)).statusCode).toBe(404);
  });

  it("logs a day's teaching once per lesson, classroom and day, by the caller unless told, and refuses another class's lesson", async () => {
    const s = await newSchool(app);
    const [l1, l2] = await syllabus(s);
    const roles = await rolesOf(s.api);
    await ok(s.api.put("/admin/api/role/permission", { id: roles.staff, permissions: { lessons: ["view", "add"], academics: ["view"] } }));
    const teacher = await staffOf(app, s);
    const first = await ok<{ data: { id: number; teacherName: string; date: string; percent: number | null } }>(
      teacher.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "started", percent: 40 }),
    );
    expect(first.data).toMatchObject({ teacherName: "Teacher", date: schoolDate(), percent: 40 });
    const again = await ok<{ data: { id: number; progress: string; percent: number; note: string } }>(
      teacher.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "completed", note: "Revised with questions" }),
    );
    expect(again.data).toMatchObject({ id: first.data.id, progress: "completed", percent: 100, note: "Revised with questions" });
    // Another division logs the same lesson on its own.
    const b = await ok<{ data: { id: number } }>(s.api.post("/admin/api/lesson/log", { classroomId: s.room5b.id, lessonId: l1!.id, progress: "started" }));
    expect(b.data.id).not.toBe(first.data.id);
    await ok(
      s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l2!.id, progress: "continued", date: schoolDate(-1), teacherId: teacher.id }),
    );

    const wrongClass = await s.api.post("/admin/api/lesson/log", { classroomId: s.room6a.id, lessonId: l1!.id, progress: "started" });
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json()).toMatchObject({ code: "lesson.other_class", params: { field: "lessonId" } });
    const future = await s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "started", date: schoolDate(2) });
    expect(future.json()).toMatchObject({ code: "lesson.future_day" });
    expect((await s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "halfway" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "started", percent: 140 })).statusCode).toBe(400);
    const parent = await parentOf(app, s, (await addStudent(s.api)).id);
    expect(
      (await s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: l1!.id, progress: "started", teacherId: parent.id })).json(),
    ).toMatchObject({ code: "teacher.not_staff" });
    const other = await newSchool(app);
    const [theirs] = await syllabus(other, 1);
    expect((await s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: theirs!.id, progress: "started" })).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/lesson/log", { classroomId: other.room5a.id, lessonId: l1!.id, progress: "started" })).statusCode).toBe(404);
    // A taught lesson keeps its history.
    expect((await s.api.delete(`/admin/api/lesson/${l1!.id}`)).statusCode).toBe(409);
  });

  it("shows a classroom's progress against the plan to the office, its teachers and its own families only", async () => {
    const s = await newSchool(app);
    const lessons = await syllabus(s, 4);
    const child = await addStudent(s.api, { name: "Maryam" });
    await enrol(s.api, child.id, s.room5a.id, { startedOn: "2026-06-01" });
    const stranger = await addStudent(s.api, { name: "Other child" });
    await enrol(s.api, stranger.id, s.room5b.id, { startedOn: "2026-06-01" });
    await ok(s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: lessons[0]!.id, progress: "started", date: schoolDate(-2) }));
    await ok(s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: lessons[0]!.id, progress: "completed", date: schoolDate(-1) }));
    await ok(s.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: lessons[1]!.id, progress: "started", percent: 30 }));

    const office = await ok<Progress>(s.api.get(`/admin/api/lesson/logs?classroomId=${s.room5a.id}`));
    const fiqh = office.subjects[0]!;
    expect(fiqh).toMatchObject({ subjectName: "Fiqh", planned: 4, completed: 1, percent: 25 });
    expect(fiqh.lessons.map((l) => [l.title, l.status, l.percent])).toEqual([
      ["Lesson 1", "completed", 100],
      ["Lesson 2", "started", 30],
      ["Lesson 3", "not_started", 0],
      ["Lesson 4", "not_started", 0],
    ]);
    expect(fiqh.lessons[0]!.logs.map((l) => l.progress)).toEqual(["started", "completed"]);
    // The batch began on 1 June 2026: every lesson's week has come, so the class is three behind.
    expect(fiqh.expected).toBe(Math.min(4, office.week));
    expect(fiqh.behind).toBe(fiqh.expected! - 1);
    // 5-B has logged nothing of the same syllabus.
    expect((await ok<Progress>(s.api.get(`/admin/api/lesson/logs?classroomId=${s.room5b.id}`))).subjects[0]!.completed).toBe(0);

    const parent = await parentOf(app, s, child.id);
    const mine = await ok<Progress>(parent.api.get(`/admin/api/lesson/logs?studentId=${child.id}`));
    expect(mine.classroomId).toBe(s.room5a.id);
    expect(mine.subjects[0]!.completed).toBe(1);
    expect((await parent.api.get(`/admin/api/lesson/logs?studentId=${stranger.id}`)).statusCode).toBe(404);
    expect((await parent.api.get(`/admin/api/lesson/logs?classroomId=${s.room5b.id}`)).json()).toMatchObject({ code: "lesson.child_needed" });
    expect((await parent.api.post("/admin/api/lesson/log", { classroomId: s.room5a.id, lessonId: lessons[2]!.id, progress: "started" })).statusCode).toBe(403);

    // A teacher (the built-in Staff role) follows the class too.
    const teacher = await staffOf(app, s);
    expect((await ok<Progress>(teacher.api.get(`/admin/api/lesson/logs?classroomId=${s.room5a.id}`))).subjects[0]!.completed).toBe(1);
    expect((await s.api.get("/admin/api/lesson/logs")).statusCode).toBe(400);
    const other = await newSchool(app);
    expect((await s.api.get(`/admin/api/lesson/logs?classroomId=${other.room5a.id}`)).statusCode).toBe(404);
    expect((await s.api.get(`/admin/api/lesson/logs?studentId=${(await addStudent(other.api)).id}`)).statusCode).toBe(404);
  });
});
