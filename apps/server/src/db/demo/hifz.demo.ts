import { addDays, globalAyah, SURAHS } from "@taleem/contract";
import { nextAyah } from "../../modules/hifz/hifz-progress.js";
import { CLASSROOMS, STAFF } from "./demo-plan.js";
import type { DemoRandom, DemoSchool } from "./demo-school.js";

/** How far back the demo's sittings go: three months. */
const DAYS = 91;
/** India's week: Monday to Saturday (the demo school's working days). */
const working = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 0;
const surahEnd = (global: number) => {
  const s = SURAHS.find((x) => global >= x.firstAyah && global < x.firstAyah + x.ayahCount)!;
  return s.firstAyah + s.ayahCount - 1;
};

interface Child {
  hafizId: number;
  /** Where the next sabaq starts. */
  next: number;
  /** The first ayah of the memorised part (everything from it to An-Nas, going backwards). */
  memorisedFrom: number;
  /** Where the next manzil starts, walking the memorised part. */
  manzil: number;
  recent: [number, number][];
  /** How steady the child is: chance of a completed sabaq and of a clean ayah. */
  steady: number;
}

interface Mistake {
  ayah: number;
  metricId: number;
}

type Log = {
  recitationTypeId: number;
  startAyah: number;
  endAyah: number;
  status: string;
  grade: number;
  metrics: Record<string, number>;
  mistakes: Mistake[];
};

/**
 * Three months of a hifz class: the hifz course's students made hafiz, a halqa per hifz classroom
 * with its class teacher, a sitting every working day, and in each the three streams: sabaq going
 * backwards from An-Nas (the second year carries on into juz 29 with juz 30 already memorised),
 * sabqi over the last week's lessons, manzil walking what is memorised; mistakes where a child is
 * weak, some resolved. Today's sittings are made but left for the teacher to log.
 */
export async function hifzDemo({ api, ids, random, today }: DemoSchool): Promise<void> {
  const started = addDays(today, -(DAYS + 7));
  await api.post(`/admin/api/course/${ids.get("course", "hifz")}/create-hafiz-records`, { startedOn: started });
  const hafiz = await api.get<{ rows: { id: number; studentId: number }[] }>("/admin/api/hafiz", { limit: 500 });
  const types = (await api.get<{ rows: { id: number; builtinKey: string | null }[] }>("/admin/api/recitationtype/active")).rows;
  const metrics = (await api.get<{ rows: { id: number; builtinKey: string | null; kind: string }[] }>("/admin/api/recitationmetric/active")).rows;
  const type = (key: string) => types.find((t) => t.builtinKey === key)!.id;
  const metric = (key: string) => metrics.find((m) => m.builtinKey === key)!.id;
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS)).filter(working);

  for (const room of CLASSROOMS.filter((r) => r.batch === "current" && r.course === "hifz")) {
    const teacherId = ids.get("staff", room.classTeacher);
    const teacher = STAFF.find((s) => s.key === room.classTeacher)?.name ?? "";
    const group = await api.post<{ data: { id: number } }>("/admin/api/recitation-group", {
      name: `${room.class === "hifz-1" ? "First year" : "Second year"} ${room.name} (${teacher.split(" ").at(-2) ?? teacher})`,
      teacherId,
    });
    const pupils = await api.get<{ rows: { id: number }[] }>(`/admin/api/classRoom/students/${ids.get("classroom", room.key)}`);
    const hafizIds = pupils.rows.map((p) => hafiz.rows.find((h) => h.studentId === p.id)!.id);
    if (!hafizIds.length) continue;
    await api.put("/admin/api/hafiz/bulkupdate", { ids: hafizIds, changes: { recitationGroupId: group.data.id, teacherId, dailyTarget: 5 } });
    const secondYear = room.class !== "hifz-1";
    const children: Child[] = hafizIds.map((hafizId) => {
      const start = secondYear ? globalAyah(random.int(74, 77), 1) : globalAyah(114, 1);
      const memorisedFrom = secondYear ? globalAyah(78, 1) : start;
      return { hafizId, next: start, memorisedFrom, manzil: memorisedFrom, recent: [], steady: 0.7 + random.next() * 0.28 };
    });
    const sittings = await api.post<{ rows: { id: number; date: string }[] }>("/admin/api/hifzsession/bulk", {
      sessions: [...days, today].map((date) => ({ date, startTime: "05:45", endTime: "08:00", recitationGroupId: group.data.id, teacherId })),
    });
    for (const sitting of sittings.rows.filter((s) => s.date < today)) {
      const entries = children.map((child) => {
        if (random.chance(0.05)) return { hafizId: child.hafizId, attendance: "absent", logs: [] };
        return { hafizId: child.hafizId, attendance: random.chance(0.08) ? "late" : "present", logs: dayOfLogs(child, random, type, metric) };
      });
      await api.put("/admin/api/hifzlog/sitting", { sessionId: sitting.id, hafiz: entries });
    }
  }

  // A mistake is heard again within days and put right: of those older than a week, one in ten stays
  // open as a child's weak spot; the last week's are all open on the heat map (a handful a child).
  const older: number[] = [];
  for (let page = 1; ; page++) {
    const { rows } = await api.get<{ rows: { id: number }[] }>("/admin/api/hifzfeedback", { limit: 500, page, dateTo: addDays(today, -8), sort: "date" });
    older.push(...rows.map((m) => m.id));
    if (rows.length < 500) break;
  }
  const heardAgain = older.filter(() => random.chance(0.9));
  for (let i = 0; i < heardAgain.length; i += 500) await api.put("/admin/api/hifzfeedback/resolve", { ids: heardAgain.slice(i, i + 500) });
}

/** One child's sabaq, sabqi and manzil for a day, moving their position on. */
function dayOfLogs(child: Child, random: DemoRandom, type: (key: string) => number, metric: (key: string) => number): Log[] {
  const logs: Log[] = [];
  const heard = (from: number, to: number, chance: number): Mistake[] => {
    const out: Mistake[] = [];
    for (let n = random.int(0, 1); n > 0; n--)
      if (random.chance(chance))
        out.push({
          ayah: random.int(from, to),
          metricId: metric(random.pick(["lahn_jali", "lahn_khafi", "lahn_khafi", "prompted", "forgotten", "mutashabihat"])),
        });
    return out;
  };
  const scores = { [metric("tajweed")]: random.int(6, 10), [metric("fluency")]: random.int(5, 10) };
  const counted = (mistakes: Mistake[]) => {
    const out: Record<string, number> = { ...scores };
    for (const m of mistakes) out[m.metricId] = (out[m.metricId] ?? 0) + 1;
    return out;
  };
  const grade = (mistakes: Mistake[]) => Math.max(1, Math.min(5, 5 - mistakes.length + (random.chance(0.3) ? -1 : 0)));

  // Sabaq: a few ayahs, never past the surah's end.
  if (child.next) {
    const start = child.next;
    const end = Math.min(start + random.int(3, 7) - 1, surahEnd(start));
    const roll = random.next();
    const status = roll < child.steady ? "completed" : roll < child.steady + 0.15 ? "partial" : "repeat";
    const mistakes = heard(start, end, 1.2 - child.steady);
    logs.push({ recitationTypeId: type("sabaq"), startAyah: start, endAyah: end, status, grade: grade(mistakes), metrics: counted(mistakes), mistakes });
    if (status === "completed") {
      child.recent = [...child.recent, [start, end] as [number, number]].slice(-6);
      if (end === surahEnd(start))
        child.memorisedFrom = Math.min(child.memorisedFrom, SURAHS.find((s) => s.firstAyah <= start && start <= s.firstAyah + s.ayahCount - 1)!.firstAyah);
      child.next = nextAyah(end, "backward") ?? 0;
    }
  }
  // Sabqi: the last week's lessons, as one range.
  if (child.recent.length) {
    const start = Math.min(...child.recent.map((r) => r[0]));
    const end = Math.max(...child.recent.map((r) => r[1]));
    const mistakes = heard(start, end, 0.5);
    logs.push({
      recitationTypeId: type("sabqi"),
      startAyah: start,
      endAyah: end,
      status: "completed",
      grade: grade(mistakes),
      metrics: counted(mistakes),
      mistakes,
    });
  }
  // Manzil: a portion of what is memorised, walking on each day and starting over at An-Nas.
  const portion = child.memorisedFrom < globalAyah(78, 1) ? 140 : 40;
  const start = child.manzil;
  const end = Math.min(start + portion - 1, 6236);
  const mistakes = heard(start, end, 0.6);
  logs.push({
    recitationTypeId: type("manzil"),
    startAyah: start,
    endAyah: end,
    status: "completed",
    grade: grade(mistakes),
    metrics: counted(mistakes),
    mistakes,
  });
  child.manzil = end >= 6236 ? child.memorisedFrom : end + 1;
  return logs;
}
