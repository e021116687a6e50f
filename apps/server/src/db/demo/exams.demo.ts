import type { ExamStudent } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { academicYears, CLASSROOMS, SUBJECTS } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

/** The school's scale, with the words printed beside each grade. */
const GRADES = [
  { name: "A+", minPercent: 90, maxPercent: 100, description: "Outstanding" },
  { name: "A", minPercent: 80, maxPercent: 89, description: "Excellent" },
  { name: "B+", minPercent: 70, maxPercent: 79, description: "Very good" },
  { name: "B", minPercent: 60, maxPercent: 69, description: "Good" },
  { name: "C+", minPercent: 50, maxPercent: 59, description: "Above average" },
  { name: "C", minPercent: 40, maxPercent: 49, description: "Average" },
  { name: "E", minPercent: 0, maxPercent: 39, description: "Needs improvement" },
];

/** Maximum and pass marks by course: the day school's papers are of 100, the madrasa's of 50. */
const MARKS = { hifz: { maxMarks: 100, passMarks: 40 }, madrasa: { maxMarks: 50, passMarks: 18 }, school: { maxMarks: 100, passMarks: 35 } } as const;

const REMARKS = [
  "Excellent work; keep it up.",
  "Consistent effort in every subject.",
  "Improving steadily; more reading at home will help.",
  "Takes part well in class.",
  "Needs regular practice in mathematics.",
  "Homework should be completed on time.",
];

interface Paper {
  id: number;
  classroomId: number;
  subjectId: number;
  maxMarks: number;
}

/**
 * The Half-yearly examination of this year's classrooms (a paper a subject, on the term's days),
 * marks for every student with a plausible spread (a few absent, one exempt), the default grade
 * scale, and the published "Half-yearly report" set with some remarks. A classroom's marks go in
 * one call per paper (multiresults), so the slice makes about fifty calls in all.
 */
export async function examsDemo({ api, random, today, ids }: DemoSchool): Promise<void> {
  for (const g of GRADES) await api.post("/admin/api/grade", g);
  const year = academicYears(today).current;
  // The term in mid-September, or a fortnight ago when the year is younger than that.
  const wanted = `${year.startDate.slice(0, 4)}-09-14`;
  const latest = addDays(today, -14);
  const earlier = wanted < latest ? wanted : latest;
  const start = earlier < year.startDate ? year.startDate : earlier;
  const end = addDays(start, 9) < today ? addDays(start, 9) : today;
  const rooms = CLASSROOMS.filter((r) => r.batch === "current");
  const subjects = SUBJECTS.filter((s) => rooms.some((r) => r.course === s.course));
  const master = await api.post<{ data: { id: number } }>("/admin/api/exammaster", {
    name: "Half-yearly",
    batchId: ids.get("batch", "current"),
    startDate: start,
    endDate: end,
    classroomIds: rooms.map((r) => ids.get("classroom", r.key)),
    subjects: subjects.map((s) => ({ subjectId: ids.get("subject", s.code), ...MARKS[s.course] })),
  });
  const papers = (await api.get<{ rows: Paper[] }>("/admin/api/exam", { examMasterId: master.data.id, limit: 200 })).rows;
  // The papers' dates: the nth subject of a course on the term's nth day.
  for (const p of papers) {
    const code = subjects.find((s) => ids.get("subject", s.code) === p.subjectId)?.code;
    const n = SUBJECTS.filter((s) => s.course === SUBJECTS.find((x) => x.code === code)?.course).findIndex((s) => s.code === code);
    const day = addDays(start, Math.max(0, n));
    const date = day < end ? day : end;
    await api.put("/admin/api/exam", { id: p.id, date, startTime: "10:00", endTime: "12:00" });
  }
  const setStudents = new Map<number, ExamStudent[]>();
  let exempted = false;
  for (const room of rooms) {
    const classroomId = ids.get("classroom", room.key);
    const own = papers.filter((p) => p.classroomId === classroomId);
    if (!own.length) continue;
    const students = (await api.get<{ data: { students: ExamStudent[] } }>(`/admin/api/exam/result/students/${own[0]!.id}`)).data.students;
    setStudents.set(classroomId, students);
    // Each child's level, kept across subjects: most between 45% and 95%, a few weaker.
    const level = new Map(students.map((s) => [s.studentId, random.chance(0.12) ? random.int(20, 45) : random.int(45, 95)]));
    for (const [i, paper] of own.entries()) {
      const results = students.map((s, j) => {
        if (!exempted && room.course === "school" && i === own.length - 1 && j === 0) {
          exempted = true;
          return { studentId: s.studentId, marks: null, status: "exempt" as const };
        }
        if (random.chance(0.02)) return { studentId: s.studentId, marks: null, status: "absent" as const };
        const percent = Math.min(100, Math.max(0, (level.get(s.studentId) ?? 60) + random.int(-12, 12)));
        const halves = Math.round((percent / 100) * paper.maxMarks * 2);
        return { studentId: s.studentId, marks: Math.min(paper.maxMarks, halves / 2), status: "present" as const };
      });
      await api.post("/admin/api/result/multiresults", { examId: paper.id, results });
    }
  }
  const set = await api.post<{ data: { id: number } }>("/admin/api/examset", {
    name: "Half-yearly report",
    batchId: ids.get("batch", "current"),
    components: [{ examMasterId: master.data.id }],
    combine: "total",
    rankRule: "passedAll",
  });
  const remarks = [...setStudents.values()].flatMap((students) =>
    students.filter((_s, i) => i % 3 === 0).map((s) => ({ studentId: s.studentId, remarks: random.pick(REMARKS) })),
  );
  if (remarks.length) await api.put("/admin/api/examset/update-bulk-remarks", { examsetId: set.data.id, data: remarks });
  await api.post("/admin/api/examset/publish", { id: set.data.id, published: true });
}
