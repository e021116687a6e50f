import { addDays, type SalaahGrouped } from "@taleem/contract";
import { CLASSROOMS } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

/**
 * How many days back the demo's prayer logs go: four weeks, about 17,000 logs. A whole term took
 * 15 s of the first start on the embedded database; four weeks show every screen as well.
 */
const TERM_DAYS = 28;

/**
 * Four weeks of prayer logs for every classroom of this year: the five daily prayers each day (Jumuah
 * in place of Zuhr on Fridays), most in congregation, each child with a habit of their own, and
 * today's Fajr. One bulk call per classroom (entries naming their day and prayer): 16 calls in all.
 */
export async function salaahDemo({ api, ids, random, today }: DemoSchool): Promise<void> {
  for (const room of CLASSROOMS.filter((r) => r.batch === "current")) {
    const classroomId = ids.get("classroom", room.key);
    const grid = await api.get<SalaahGrouped>("/admin/api/salaah-log/students", { classroomId, date: today });
    if (!grid.students.length) continue;
    const type = (name: string) => grid.salaahTypes.find((t) => t.name === name)!.id;
    const option = (meaning: string) => grid.options.find((o) => o.meaning === meaning)!.id;
    const daily = ["Fajr", "Zuhr", "Asr", "Maghrib", "Isha"].map(type);
    const friday = ["Fajr", "Jumuah", "Asr", "Maghrib", "Isha"].map(type);
    // A child's chance of praying in congregation: most often, some less so.
    const habit = new Map(grid.students.map((s) => [s.id, 0.55 + random.next() * 0.4]));
    const entries: { studentId: number; optionId: number; salaahTypeId: number; date: string }[] = [];
    for (let back = 0; back <= TERM_DAYS; back++) {
      const date = addDays(today, -back);
      const prayers = back === 0 ? daily.slice(0, 1) : new Date(`${date}T00:00:00Z`).getUTCDay() === 5 ? friday : daily;
      for (const s of grid.students) {
        for (const salaahTypeId of prayers) {
          const r = random.next();
          const p = habit.get(s.id)!;
          const meaning = r < p ? "congregation" : r < p + 0.15 ? "alone" : r < p + 0.25 ? "late" : r < 0.98 ? "missed" : "excused";
          entries.push({ studentId: s.id, optionId: option(meaning), salaahTypeId, date });
        }
      }
    }
    await api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", { classroomId, date: today, salaahTypeId: daily[0], entries });
  }
}
