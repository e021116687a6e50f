import { academicYears, COURSES, SESSIONS, SUBJECTS } from "./demo-plan.js";
import { createRow, type DemoSchool } from "./demo-school.js";

/** Last year and this year (the active one), the three courses with their classes, the subjects and the day's sittings. */
export async function academicsDemo({ api, ids, today }: DemoSchool): Promise<void> {
  const years = academicYears(today);
  ids.set("batch", "past", await createRow(api, "batch", years.past));
  ids.set("batch", "current", await createRow(api, "batch", years.current));
  await api.put("/admin/api/batch/make-active-batch", { id: ids.get("batch", "current") });

  for (const c of COURSES) {
    const courseId = await createRow(api, "course", { name: c.name, kind: c.kind, description: c.description, durationYears: c.durationYears });
    ids.set("course", c.key, courseId);
    for (const cls of c.classes) ids.set("courseClass", cls.key, await createRow(api, "course/class", { courseId, name: cls.name, order: cls.order }));
  }
  for (const s of SUBJECTS) ids.set("subject", s.code, await createRow(api, "subject", { name: s.name, code: s.code, courseId: ids.get("course", s.course) }));
  for (const s of SESSIONS) ids.set("session", s.key, await createRow(api, "session", { name: s.name, startTime: s.startTime, endTime: s.endTime }));
}
