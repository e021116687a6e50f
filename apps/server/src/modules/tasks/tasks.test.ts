import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { dayText } from "../../platform/texts/dates.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { parentOf } from "../exams/exams.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];

/** A day counted from the school's today (India: UTC+5:30), as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function typeId(api: Api, key = "homework") {
  const types = await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/taskTypes?limit=50"));
  return types.rows.find((t) => t.builtinKey === key)!.id;
}

/** A school with Class 5-A of two children, the first with a parent signed in. */
async function classOfTwo(app: TestApp) {
  const s = await newSchool(app);
  const amina = await addStudent(s.api, { name: "Amina" });
  const bilal = await addStudent(s.api, { name: "Bilal" });
  for (const child of [amina, bilal]) await enrol(s.api, child.id, s.room5a.id);
  const parent = await parentOf(app, s, amina.id);
  return { ...s, amina, bilal, parent, homework: await typeId(s.api) };
}

type Children = { rows: { studentId: number; status: string | null; mark: number | null }[]; done: number; notDone: number; dates: string[] };

describe("tasks", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives every school the standard task types beside its own, and never deletes a standard one", async () => {
    const { api } = await newSchool(app);
    const list = await ok<{ rows: { id: number; name: string; builtinKey: string | null }[] }>(api.get("/admin/api/taskTypes"));
    expect(list.rows.map((t) => t.builtinKey).sort()).toEqual(["homework", "memorise", "project", "revise"]);
    const own = await ok<{ data: { id: number } }>(api.post("/admin/api/taskTypes", { name: "Recitation practice", nameNative: "تلاوة" }));
    expect((await api.post("/admin/api/taskTypes", { name: "recitation PRACTICE" })).json().code).toBe("task_type.exists");
    expect((await api.post("/admin/api/taskTypes", {})).statusCode).toBe(400);
    expect((await api.delete(`/admin/api/taskTypes/${list.rows[0]!.id}`)).json().code).toBe("task_type.builtin");
    expect((await api.delete(`/admin/api/taskTypes/${own.data.id}`)).statusCode).toBe(200);
  });

  it("sets homework to a class, tells each child's parents, and shows who has done it as the parent ticks and the teacher marks", async () => {
    const s = await classOfTwo(app);
    const made = await ok<{ data: Record<string, unknown> & { id: number } }>(
      s.api.post("/admin/api/task", { title: "Write page 12", taskTypeId: s.homework, classroomId: s.room5a.id, instructions: "صفحہ ۱۲ لکھیں", dueOn: day(1) }),
    );
    expect(made.data).toMatchObject({
      typeName: "Homework",
      targetKind: "classroom",
      targetName: s.room5a.label,
      assignedOn: day(0),
      repeat: "none",
      setByName: "Test Admin",
    });

    // Amina's mother is told, in a notification linking to her tasks screen.
    const told = await ok<{ rows: { kind: string; title: string; link: string; studentId: number }[] }>(s.parent.api.get("/user/api/home/notifications"));
    expect(told.rows).toEqual([
      expect.objectContaining({ kind: "task", title: "A new task for Amina", studentId: s.amina.id, link: `/parent/tasks?student=${s.amina.id}` }),
    ]);

    const before = await ok<Children>(s.api.get(`/admin/api/task/${made.data.id}/students`));
    expect(before.rows.map((r) => r.status)).toEqual([null, null]);
    expect(before).toMatchObject({ done: 0, notDone: 2, dates: [day(1)] });

    // The mother sees it pending today and ticks it done.
    const today = await ok<{ rows: { id: number; status: string | null }[]; pending: number }>(s.parent.api.get(`/user/api/home/tasks?student=${s.amina.id}`));
    expect(today).toMatchObject({ pending: 1, rows: [{ id: made.data.id, status: null }] });
    const ticked = await ok<{ status: string }>(s.parent.api.post("/user/api/home/tasks/done", { taskId: made.data.id, studentId: s.amina.id }));
    expect(ticked.status).toBe("done");
    expect((await ok<{ pending: number }>(s.parent.api.get(`/user/api/home/tasks?student=${s.amina.id}`))).pending).toBe(0);

    // Another family's child: 404; a mark of her own choosing: refused; the staff list: forbidden.
    expect((await s.parent.api.post("/user/api/home/tasks/done", { taskId: made.data.id, studentId: s.bilal.id })).statusCode).toBe(404);
    expect((await s.parent.api.get(`/user/api/home/tasks?student=${s.bilal.id}`)).statusCode).toBe(404);
    expect((await s.parent.api.post("/user/api/home/tasks/done", { taskId: made.data.id, studentId: s.amina.id, mark: 10 })).statusCode).toBe(400);
    expect(
      (await s.parent.api.post("/admin/api/tasklog", { taskId: made.data.id, studentId: s.amina.id, date: day(1), status: "done", mark: 10 })).statusCode,
    ).toBe(403);

    // The teacher marks Bilal not done, twice: one log, updated; Amina keeps her tick and gets a mark.
    const mark = (status: string) =>
      s.api.post("/admin/api/task/mark", {
        taskId: made.data.id,
        date: day(1),
        entries: [
          { studentId: s.bilal.id, status, note: "Forgot the book" },
          { studentId: s.amina.id, status: "done", mark: 9 },
        ],
      });
    await ok(mark("late"));
    await ok(mark("not_done"));
    const after = await ok<Children>(s.api.get(`/admin/api/task/${made.data.id}/students`));
    expect(after.rows).toEqual([
      expect.objectContaining({ studentId: s.amina.id, status: "done", mark: 9 }),
      expect.objectContaining({ studentId: s.bilal.id, status: "not_done" }),
    ]);
    expect(after).toMatchObject({ done: 1, notDone: 1 });
    expect((await ok<{ count: number }>(s.api.get(`/admin/api/tasklog?taskId=${made.data.id}`))).count).toBe(2);
    // The plain resource refuses a second log of the same day rather than doubling it.
    expect((await s.api.post("/admin/api/tasklog", { taskId: made.data.id, studentId: s.bilal.id, date: day(1), status: "done" })).json().code).toBe(
      "tasklog.exists",
    );
    // The task has history now: deleting it is refused.
    expect((await s.api.delete(`/admin/api/task/${made.data.id}`)).statusCode).toBe(409);
  });

  it("refuses a task without a title, without one target or with two, due before it is set, and another school's rows", async () => {
    const s = await classOfTwo(app);
    const other = await newSchool(app);
    const base = { title: "Learn the dua", taskTypeId: s.homework, classroomId: s.room5a.id, assignedOn: day(0), dueOn: day(2) };
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const res = await s.api.post("/admin/api/task", body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json() as { code: string; params?: Record<string, unknown>; message: string };
    };
    await refused({ ...base, title: "" });
    await refused({ ...base, title: undefined });
    await refused({ ...base, classroomId: undefined });
    await refused({ ...base, groupId: 1 });
    expect((await refused({ ...base, dueOn: day(-1) })).message).toContain("due date cannot be before");
    // Without an assigned date it is set today: a due date already past is refused all the same.
    expect((await refused({ ...base, assignedOn: undefined, dueOn: day(-3) })).code).toBe("task.schedule");
    await refused({ ...base, repeat: "daily" });
    await refused({ ...base, repeat: "weekdays", repeatUntil: day(9) });
    await refused({ ...base, repeat: "daily", repeatUntil: day(1) });
    await refused({ ...base, classroomId: other.room5a.id }, 404);
    await refused({ ...base, taskTypeId: await typeId(other.api) }, 404);
    await refused({ ...base, classroomId: undefined, studentIds: [(await addStudent(other.api)).id] }, 404);

    // The generic form sends its untouched lists empty: no students and no weekdays are no target and no repeat.
    const made = await ok<{ data: { id: number } }>(s.api.post("/admin/api/task", { ...base, studentIds: [], repeatDays: [] }));
    const change = (body: Record<string, unknown>) => s.api.put("/admin/api/task", { id: made.data.id, ...body });
    expect((await change({ classroomId: null })).json().code).toBe("task.target");
    expect((await change({ dueOn: day(-1) })).json().code).toBe("task.schedule");
    expect((await change({ classroomId: s.room5a.id, courseId: s.course.id })).json().code).toBe("task.target");
    // A new target replaces the old one.
    const moved = await ok<{ data: { targetKind: string; classroomId: number | null; courseId: number } }>(change({ courseId: s.course.id }));
    expect(moved.data).toMatchObject({ targetKind: "course", classroomId: null, courseId: s.course.id });
    expect((await other.api.put("/admin/api/task", { id: made.data.id, title: "Mine" })).statusCode).toBe(404);
    expect((await other.api.get(`/admin/api/task/${made.data.id}/students`)).statusCode).toBe(404);
    expect(
      (await other.api.post("/admin/api/task/mark", { taskId: made.data.id, date: day(2), entries: [{ studentId: s.amina.id, status: "done" }] })).statusCode,
    ).toBe(404);

    // The database holds a task to one target whatever the code above it does.
    const twoTargets = app.services.db.execute(sql`update tasks set group_id = null, classroom_id = ${s.room5a.id} where id = ${made.data.id}`);
    await expect(twoTargets).rejects.toThrow();
  });

  it("keeps a repeating task as one row whose days are computed, and logs only those days", async () => {
    const s = await classOfTwo(app);
    const revise = await typeId(s.api, "revise");
    // Mondays and Wednesdays of four weeks from the first Monday on or after today.
    const start = new Date(`${day(0)}T00:00:00Z`);
    while (start.getUTCDay() !== 1) start.setUTCDate(start.getUTCDate() + 1);
    const iso = (d: Date, plus: number) => new Date(d.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
    const weekly = await ok<{ data: { id: number; repeatDays: number[] } }>(
      s.api.post("/admin/api/task", {
        title: "Revise juz 30",
        taskTypeId: revise,
        studentIds: [s.amina.id],
        assignedOn: day(0),
        dueOn: iso(start, 0),
        repeat: "weekdays",
        repeatDays: [3, 1],
        repeatUntil: iso(start, 27),
      }),
    );
    expect(weekly.data.repeatDays).toEqual([1, 3]);
    const days = await ok<Children>(s.api.get(`/admin/api/task/${weekly.data.id}/students?date=${iso(start, 2)}`));
    expect(days.dates).toEqual([0, 2, 7, 9, 14, 16, 21, 23].map((n) => iso(start, n)));
    expect(days.rows.map((r) => r.studentId)).toEqual([s.amina.id]);
    // One row, whatever the days: nothing written ahead.
    expect(await rowsOf(app, "tasks", s.tenant.id)).toHaveLength(1);

    // A Tuesday is not one of its days; Bilal is not set it.
    const log = (date: string, studentId = s.amina.id) => s.api.post("/admin/api/tasklog", { taskId: weekly.data.id, studentId, date, status: "done" });
    expect((await log(iso(start, 1))).json().code).toBe("task.not_due");
    expect((await log(iso(start, 2), s.bilal.id)).json().code).toBe("task.not_set");
    await ok(log(iso(start, 2)));

    // A daily revision falls due today for the whole class: the parent sees it among today's tasks.
    await ok(
      s.api.post("/admin/api/task", {
        title: "Daily sabaq",
        taskTypeId: revise,
        classroomId: s.room5a.id,
        dueOn: day(0),
        repeat: "daily",
        repeatUntil: day(6),
      }),
    );
    const today = await ok<{ rows: { title: string; date: string; repeat: string }[] }>(s.parent.api.get(`/user/api/home/tasks?student=${s.amina.id}`));
    expect(today.rows).toContainEqual(expect.objectContaining({ title: "Daily sabaq", date: day(0), repeat: "daily" }));
  });

  it("sets a task to a student group, and lists tasks by target and due date", async () => {
    const s = await classOfTwo(app);
    const group = await ok<{ data: { id: number } }>(s.api.post("/admin/api/student-group", { name: "Boarders" }));
    await ok(s.api.post("/admin/api/student-group/bulk-update", { id: group.data.id, studentIds: [s.bilal.id] }));
    const made = await ok<{ data: { id: number; targetName: string } }>(
      s.api.post("/admin/api/task", { title: "Tidy the dorm", taskTypeId: await typeId(s.api, "project"), groupId: group.data.id, dueOn: day(3) }),
    );
    expect(made.data.targetName).toBe("Boarders");
    const children = await ok<Children>(s.api.get(`/admin/api/task/${made.data.id}/students`));
    expect(children.rows.map((r) => r.studentId)).toEqual([s.bilal.id]);
    const listed = await ok<{ rows: { title: string }[] }>(s.api.get(`/admin/api/task?targetKind=group&dueOnFrom=${day(3)}&sort=title`));
    expect(listed.rows.map((r) => r.title)).toEqual(["Tidy the dorm"]);
    // Amina is not in the group: her parent has nothing to tick.
    expect((await s.parent.api.post("/user/api/home/tasks/done", { taskId: made.data.id, studentId: s.amina.id })).statusCode).toBe(404);
  });

  it("tells each parent in their language with the due day written for them, a guardian the office typed in the school's", async () => {
    const s = await classOfTwo(app);
    await ok(s.parent.api.put("/user/api/user", { language: "ml" }));
    // An Urdu school: the guardian typed with a new child has no language of their own yet.
    await ok(s.api.put("/admin/api/setting", { school: { languages: ["en", "ur", "ml"], defaultLanguage: "ur" } }));
    const omar = await addStudent(s.api, { name: "Omar", guardianName: "Khadija", guardianMobile: uniqueMobile() });
    await enrol(s.api, omar.id, s.room5a.id);
    await ok(s.api.post("/admin/api/task", { title: "Write page 12", taskTypeId: s.homework, classroomId: s.room5a.id, dueOn: day(1) }));

    const notices = await rowsOf(app, "notifications", s.tenant.id);
    const khadija = (await rowsOf(app, "users", s.tenant.id)).find((u) => u.name === "Khadija")!;
    expect(khadija.language).toBe("ur");
    expect(notices.find((n) => n.user_id === khadija.id)).toMatchObject({
      title: "\u2068Omar\u2069 کے لیے نیا کام",
      body: `\u2068Write page 12\u2069۔ آخری تاریخ \u2068${dayText("ur", "UTC", day(1))}\u2069۔`,
    });
    expect(notices.find((n) => n.user_id === s.parent.user.id)).toMatchObject({
      title: "Aminaക്ക് ഒരു പുതിയ പഠനജോലി",
      body: `Write page 12. അവസാന തീയതി ${dayText("ml", "UTC", day(1))}.`,
    });
    expect(notices.map((n) => n.body).join()).not.toContain(day(1));
  });
});
