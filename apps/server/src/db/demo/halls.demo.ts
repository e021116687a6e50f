import type { HallRegisterReply } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { createRow, type DemoSchool } from "./demo-school.js";

const NOTES = ["Not in bed at lights out", "At the clinic, not told", "Found in the library after 10", "Went home without leave"];

/**
 * A boys' dormitory and an evening study hall kept by the demo teacher, with boys in both, and a
 * week of night roll calls of the dormitory: most nights everyone in, a few absences with a note
 * (the warden and the office were told), and a boy on leave over a weekend.
 */
export async function hallsDemo({ api, ids, random, today }: DemoSchool): Promise<void> {
  const wardenId = ids.get("staff", "teacher");
  const boys = (await api.get<{ rows: { id: number }[] }>("/admin/api/student", { gender: "male", status: "active", sort: "name", limit: 24 })).rows;
  const others = (await api.get<{ rows: { id: number }[] }>("/admin/api/student", { gender: "female", status: "active", sort: "name", limit: 10 })).rows;
  if (!boys.length) return;
  const dormitory = await createRow(api, "hall", {
    name: "Bilal House",
    kind: "dormitory",
    capacity: 30,
    wardenId,
    gender: "male",
    notes: "First floor of the hostel block. Lights out at 10 pm.",
  });
  const study = await createRow(api, "hall", {
    name: "Evening Study Hall",
    kind: "study_hall",
    capacity: 40,
    wardenId,
    notes: "Maghrib to Isha, in the library.",
  });
  await api.post("/admin/api/hall/bulk-update", { id: dormitory, studentIds: boys.map((b) => b.id) });
  await api.post("/admin/api/hall/bulk-update", { id: study, studentIds: [...boys, ...others].map((s) => s.id) });

  const first = addDays(today, -7);
  const roll = await api.get<HallRegisterReply>("/admin/api/hallcheck/register", { hallId: dormitory, date: first, slot: "night" });
  const code = (meaning: string) => roll.codes.find((c) => c.meaning === meaning)!.id;
  const awayOnLeave = random.pick(roll.lines).studentId;
  for (let back = 7; back >= 1; back--) {
    const date = addDays(today, -back);
    const absent = new Set(
      random.chance(0.5)
        ? random
            .shuffle(roll.lines)
            .slice(0, random.int(1, 2))
            .map((l) => l.studentId)
        : [],
    );
    const weekend = [5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    await api.post("/admin/api/hallcheck", {
      hallId: dormitory,
      date,
      slot: "night",
      time: "22:00",
      marks: roll.lines.map((l) => {
        if (absent.has(l.studentId)) return { studentId: l.studentId, codeId: code("absent"), note: random.pick(NOTES) };
        if (weekend && l.studentId === awayOnLeave) return { studentId: l.studentId, codeId: code("on_leave"), note: "Home for the weekend" };
        return { studentId: l.studentId, codeId: code("present") };
      }),
    });
  }
}
