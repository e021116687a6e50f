import { addDays, type RegisterReply } from "@taleem/contract";
import { CLASSROOMS } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

/** How many days back the demo's registers go: a term of eight weeks. */
const TERM_DAYS = 56;

/** India's week: Monday to Saturday (the demo school's working days). */
const working = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 0;

/**
 * A term of day registers for every classroom of this year, each child with a habit of their own
 * (most present, a few often absent, so the percentages flag someone), in one bulk call per
 * classroom; today's register is taken in half of the classrooms, so the office sees some not
 * taken. Each child's days start at their enrolment.
 */
export async function attendanceDemo({ api, ids, random, today }: DemoSchool): Promise<void> {
  for (const [i, room] of CLASSROOMS.filter((r) => r.batch === "current").entries()) {
    const classroomId = ids.get("classroom", room.key);
    const reg = await api.get<RegisterReply>("/admin/api/attendance/register", { classroomId, date: today });
    if (!reg.lines.length) continue;
    const { rows } = await api.get<{ rows: { studentId: number; startedOn: string; status: string }[] }>("/admin/api/enrollment", { classroomId, limit: 500 });
    const since = new Map(rows.filter((e) => e.status === "active").map((e) => [e.studentId, e.startedOn]));
    const code = (meaning: string) => reg.codes.find((c) => c.meaning === meaning)!.id;
    const habit = new Map(reg.lines.map((l) => [l.studentId, random.next() < 0.1 ? 0.7 : 0.93 + random.next() * 0.06]));
    const pick = (studentId: number) => {
      const r = random.next();
      const p = habit.get(studentId)!;
      return code(r < p ? "present" : r < p + 0.03 ? "late" : r < 0.985 ? "absent" : r < 0.995 ? "excused" : "on_leave");
    };
    const days = [];
    for (let back = TERM_DAYS; back >= 1; back--) {
      const date = addDays(today, -back);
      if (!working(date)) continue;
      const marks = reg.lines.filter((l) => (since.get(l.studentId) ?? today) <= date).map((l) => ({ studentId: l.studentId, codeId: pick(l.studentId) }));
      if (marks.length) days.push({ date, marks });
    }
    if (days.length) await api.put("/admin/api/attendance/bulk", { classroomId, days });
    if (i % 2 === 0 && working(today)) {
      await api.put("/admin/api/attendance", {
        classroomId,
        date: today,
        marks: reg.lines.map((l) => ({ studentId: l.studentId, codeId: pick(l.studentId) })),
      });
    }
  }
}
