import type { LinkedChild, RegisterReply } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { DEMO } from "../seed-demo.js";
import { CLASSROOMS } from "./demo-plan.js";
import { type DemoSchool, demoApi } from "./demo-school.js";

/** India's week: Monday to Saturday (the demo school's working days). */
const working = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 0;

/**
 * What the demo parent's home needs for each of the two children TODAY, where the slices before
 * leave it out: today's register of each child's classroom taken (the attendance slice takes it
 * in every other classroom only), and a memorisation lesson for the child who is not in the hifz
 * course (a weekend hifz pupil: a hafiz record and the last working day's sabaq). Their tasks of
 * today are left open by the tasks slice, and their classrooms' exam set is published.
 */
export async function homeDemo(demo: DemoSchool): Promise<void> {
  const { api, ids, today } = demo;
  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", {
    mobile: DEMO.parent.mobile,
    password: DEMO.password,
    code: DEMO.code,
  });
  const parent = demoApi(demo.app, token);
  const { rows: children } = await parent.get<{ rows: LinkedChild[] }>("/user/api/home/children");
  await parent.post("/user/api/user/logout").catch(() => undefined);

  if (working(today)) {
    for (const classroomId of new Set(children.map((c) => c.classroomId).filter((id): id is number => id !== null))) {
      const reg = await api.get<RegisterReply>("/admin/api/attendance/register", { classroomId, date: today });
      if (reg.taken || !reg.editable || !reg.lines.length) continue;
      const present = reg.codes.find((c) => c.meaning === "present")!.id;
      // One call for the whole class: everyone present but a child on approved leave (kept as the register opens them).
      await api.put("/admin/api/attendance", {
        classroomId,
        date: today,
        marks: reg.lines.map((l) => ({ studentId: l.studentId, codeId: l.mark?.codeId ?? present })),
      });
    }
  }

  const hafiz = await api.get<{ rows: { studentId: number }[] }>("/admin/api/hafiz", { limit: 500 });
  const lessonDay = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(today, -n)).find(working)!;
  const sabaq = (await api.get<{ rows: { id: number; builtinKey: string | null }[] }>("/admin/api/recitationtype/active")).rows.find(
    (t) => t.builtinKey === "sabaq",
  )!.id;
  for (const child of children.filter((c) => !hafiz.rows.some((h) => h.studentId === c.id))) {
    const roomKey = ids.all("classroom").find(([, id]) => id === child.classroomId)?.[0];
    const classTeacher = CLASSROOMS.find((r) => r.key === roomKey)?.classTeacher;
    const made = await api.post<{ data: { id: number } }>("/admin/api/hafiz", {
      studentId: child.id,
      ...(classTeacher ? { teacherId: ids.get("staff", classTeacher) } : {}),
      startedOn: addDays(today, -30),
    });
    // An-Nas, graded good (4 of 5).
    await api.post("/admin/api/hifzlog", { hafizId: made.data.id, recitationTypeId: sabaq, date: lessonDay, startAyah: 6231, endAyah: 6236, grade: 4 });
  }
}
