import type { LinkedChild, TaskChild, TaskTypeRow } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { DEMO } from "../seed-demo.js";
import { CLASSROOMS } from "./demo-plan.js";
import { type DemoSchool, demoApi } from "./demo-school.js";

/** What a class is given on the school days of the past week: one homework a day. */
const HOMEWORK = [
  { title: "Write the ayahs of today's lesson neatly", instructions: "اكتب آيات درس اليوم بخط واضح في دفتر الواجب." },
  { title: "Learn the dua before sleeping", instructions: null },
  { title: "Read page 12 of the Akhlaq book aloud", instructions: "അഖ്ലാഖ് പുസ്തകത്തിന്റെ 12-ാം പേജ് ഉറക്കെ വായിക്കുക." },
  { title: "Practise the Arabic letters with their vowels", instructions: null },
  { title: "Fiqh: the steps of wudu in your own words", instructions: "وضو کے مراحل اپنے الفاظ میں لکھیں۔" },
];

/**
 * A week of tasks for this year's classes: a homework each school day of the past week, a daily
 * revision running through it (one repeating task), and something to memorise by tomorrow; each
 * past day marked for most children (done, some late, a few not done). The demo parent's children
 * are left unmarked today, so their tasks of today are pending.
 */
export async function tasksDemo(demo: DemoSchool): Promise<void> {
  const { api, ids, random, today } = demo;
  const types = await api.get<{ rows: TaskTypeRow[] }>("/admin/api/taskTypes", { limit: 50 });
  const type = (key: string) => types.rows.find((t) => t.builtinKey === key)!.id;
  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", {
    mobile: DEMO.parent.mobile,
    password: DEMO.password,
    code: DEMO.code,
  });
  const own = await demoApi(demo.app, token).get<{ rows: LinkedChild[] }>("/user/api/home/children");
  const keepOpen = new Set(own.rows.map((c) => c.id));

  const markDay = async (taskId: number, date: string, openToday: boolean) => {
    const { rows } = await api.get<{ rows: TaskChild[] }>(`/admin/api/task/${taskId}/students`, { date });
    const entries = rows
      .filter((c) => !(openToday && keepOpen.has(c.studentId)) && random.chance(0.9))
      .map((c) => {
        const r = random.next();
        return {
          studentId: c.studentId,
          status: r < 0.72 ? "done" : r < 0.87 ? "late" : "not_done",
          ...(random.chance(0.3) ? { mark: random.int(5, 10) } : {}),
        };
      });
    if (entries.length) await api.post("/admin/api/task/mark", { taskId, date, entries });
  };
  const setTask = (body: Record<string, unknown>) => api.post<{ data: { id: number } }>("/admin/api/task", body).then((r) => r.data.id);

  for (const room of CLASSROOMS.filter((r) => r.batch === "current")) {
    const classroomId = ids.get("classroom", room.key);
    for (let back = 4; back >= 0; back--) {
      const dueOn = addDays(today, -back);
      const hw = HOMEWORK[(back + room.key.length) % HOMEWORK.length]!;
      const id = await setTask({
        title: hw.title,
        instructions: hw.instructions,
        taskTypeId: type("homework"),
        classroomId,
        assignedOn: addDays(dueOn, -1),
        dueOn,
      });
      await markDay(id, dueOn, back === 0);
    }
    const revision = await setTask({
      title: "Revise yesterday's lesson with a parent",
      taskTypeId: type("revise"),
      classroomId,
      assignedOn: addDays(today, -6),
      dueOn: addDays(today, -6),
      repeat: "daily",
      repeatUntil: addDays(today, 7),
    });
    for (let back = 6; back >= 1; back--) await markDay(revision, addDays(today, -back), false);
    await setTask({ title: "Memorise Surah Al-Asr", taskTypeId: type("memorise"), classroomId, dueOn: addDays(today, 1) });
  }
}
