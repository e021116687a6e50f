import type { ClassroomRow, LinkedChild } from "@taleem/contract";
import { addDays } from "@taleem/contract";
// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { createRow, type DemoApi, type DemoSchool, demoApi } from "./demo-school.js";

/** A client signed in as one of the demo school's people. */
export async function signedInAs(demo: DemoSchool, mobile: string): Promise<DemoApi> {
  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", { mobile, password: DEMO.password, code: DEMO.code });
  return demoApi(demo.app, token);
}

/** The classroom of the demo parent's first child, where their lessons and meetings happen. */
export async function demoParentClassroom(demo: DemoSchool): Promise<ClassroomRow | undefined> {
  const parent = await signedInAs(demo, demo.accounts.parent.mobile);
  try {
    const { rows } = await parent.get<{ rows: LinkedChild[] }>("/user/api/home/children");
    const id = rows.find((c) => c.classroomId)?.classroomId;
    return id ? (await demo.api.get<{ data: ClassroomRow }>(`/admin/api/classRoom/${id}`)).data : undefined;
  } finally {
    await parent.post("/user/api/user/logout").catch(() => undefined);
  }
}

const FIQH = [
  "Purity (taharah) and its kinds",
  "Water: what purifies and what does not",
  "Wudu: its obligations",
  "Wudu: its sunnahs and what breaks it",
  "Ghusl: when and how",
  "Tayammum",
  "The times of the five prayers",
  "The conditions of prayer",
  "The pillars of prayer",
  "Prostration of forgetfulness (sujud as-sahw)",
];

const DAY = 86_400_000;

/**
 * The syllabus of Fiqh (or the class's first subject) for the demo parent's child's class: ten
 * lessons planned a week apart so that eight are due by now, six of them completed over the past
 * weeks by the demo teacher and the seventh under way: the progress bar shows the class two behind.
 */
export async function lessonsDemo(demo: DemoSchool): Promise<void> {
  const { api, today, ids } = demo;
  const room = await demoParentClassroom(demo);
  if (!room) return;
  const { rows: subjects } = await api.get<{ rows: { id: number; name: string }[] }>("/admin/api/subject", { courseId: room.courseId, limit: 100 });
  const subject = subjects.find((s) => s.name === "Fiqh") ?? subjects[0];
  if (!subject) return;
  const { rows: batches } = await api.get<{ rows: { id: number; startDate: string }[] }>("/admin/api/batch", { limit: 100 });
  const start = batches.find((b) => b.id === room.batchId)?.startDate ?? today;
  const week = Math.max(1, Math.floor((Date.parse(today) - Date.parse(start)) / DAY / 7) + 1);
  const lessons: number[] = [];
  for (const [i, title] of FIQH.entries()) {
    lessons.push(
      await createRow(api, "lesson", {
        courseClassId: room.courseClassId,
        subjectId: subject.id,
        title,
        plannedWeek: Math.max(1, week - 8 + i + 1),
        plannedPeriods: 2,
      }),
    );
  }
  const teacherId = ids.get("staff", "teacher");
  const log = (lessonId: number, date: string, progress: string, extra: Record<string, unknown> = {}) =>
    date >= start ? api.post("/admin/api/lesson/log", { classroomId: room.id, lessonId, date, progress, teacherId, ...extra }) : undefined;
  for (let i = 0; i < 6; i++) {
    // Lesson i began one week and was completed two days later, weeks before today.
    const began = addDays(today, -7 * (7 - i));
    await log(lessons[i]!, began, "started", { percent: 50 });
    await log(lessons[i]!, addDays(began, 2), "completed", i === 3 ? { note: "Practised in the wudu area with every child." } : {});
  }
  await log(lessons[6]!, addDays(today, -1), "started", { percent: 40, note: "Made a chart of the prayer times for the classroom wall." });
}
