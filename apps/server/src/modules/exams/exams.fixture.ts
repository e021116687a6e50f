import { expect } from "vitest";
import { signIn, type TestApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;
export type Api = School["api"];
export interface Paper {
  id: number;
  classroomId: number;
  subjectId: number;
  subjectName: string;
  classroomLabel: string;
  maxMarks: number;
  passMarks: number;
}

let seq = 0;
const tag = () => `${process.pid}${++seq}`;

/**
 * A school for exams: Class 5-A with three students (Aisha, Bilal, Hamza, roll 1-3) and 5-B with
 * one (Zaid); subjects Maths (of 100, pass 35) and Urdu (of 50, pass 18); the Half-yearly term of
 * both classrooms with its four papers. `paper(subject, room)` finds a paper.
 */
export async function examSchool(app: TestApp) {
  const school = await newSchool(app);
  const { api } = school;
  const maths = (await ok<{ data: { id: number; name: string } }>(api.post("/admin/api/subject", { name: `Maths ${tag()}`, code: `M${tag()}` }))).data;
  const urdu = (await ok<{ data: { id: number; name: string } }>(api.post("/admin/api/subject", { name: `Urdu ${tag()}`, code: `U${tag()}` }))).data;
  const add = async (name: string, classroomId: number, rollNo: number) => {
    const s = await addStudent(api, { name });
    await enrol(api, s.id, classroomId, { rollNo, startedOn: "2026-06-01" });
    return s;
  };
  const aisha = await add("Aisha", school.room5a.id, 1);
  const bilal = await add("Bilal", school.room5a.id, 2);
  const hamza = await add("Hamza", school.room5a.id, 3);
  const zaid = await add("Zaid", school.room5b.id, 1);
  const master = (
    await ok<{ data: { id: number; examCount: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Half-yearly",
        batchId: school.thisYear.id,
        startDate: "2026-09-20",
        endDate: "2026-09-30",
        classroomIds: [school.room5a.id, school.room5b.id],
        subjects: [
          { subjectId: maths.id, maxMarks: 100, passMarks: 35 },
          { subjectId: urdu.id, maxMarks: 50, passMarks: 18 },
        ],
      }),
    )
  ).data;
  const papers = (await ok<{ rows: Paper[] }>(api.get(`/admin/api/exam?examMasterId=${master.id}&limit=100`))).rows;
  const paper = (subjectId: number, classroomId: number) => {
    const p = papers.find((x) => x.subjectId === subjectId && x.classroomId === classroomId);
    expect(p, `paper ${subjectId} ${classroomId}`).toBeDefined();
    return p as Paper;
  };
  return { ...school, maths, urdu, aisha, bilal, hamza, zaid, master, papers, paper };
}

/** A classroom's marks for a paper: `[studentId, marks | "AB" | "EX"]`. */
export function sheet(examId: number, rows: [number, number | "AB" | "EX"][]) {
  return {
    examId,
    results: rows.map(([studentId, m]) =>
      m === "AB" ? { studentId, marks: null, status: "absent" } : m === "EX" ? { studentId, marks: null, status: "exempt" } : { studentId, marks: m },
    ),
  };
}

/** A parent (the built-in Parent role) of `studentId`, signed in. */
export async function parentOf(app: TestApp, school: Pick<School, "api" | "tenant">, studentId: number, name = "Maryam") {
  const { api } = school;
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(api.get("/admin/api/role?limit=50"));
  const mobile = uniqueMobile();
  const user = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/user", { name, mobile, password: "Quiet-Garden-42", roleIds: [roles.rows.find((r) => r.builtin === "parent")!.id] }),
    )
  ).data;
  await ok(api.put("/admin/api/student", { id: studentId, guardians: [{ userId: user.id, relation: "mother" }] }));
  return { user, api: (await signIn(app, school.tenant.code, mobile)).api };
}
