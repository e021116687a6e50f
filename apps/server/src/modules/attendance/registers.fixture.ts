import { signIn, type TestApp, uniqueMobile } from "../../../test/harness.js";
import { rolesOf } from "../../../test/people.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

export type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];

/** YYYY-MM-DD, `n` days from the school's today (India: UTC+5:30). */
export const schoolDate = (n = 0) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const isSunday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0;
/** The latest working day (Monday to Saturday in India) at least `back` days ago. */
export function workingDay(back = 0) {
  let n = -back;
  while (isSunday(schoolDate(n))) n--;
  return schoolDate(n);
}
export const sundayBefore = () => {
  let n = -1;
  while (!isSunday(schoolDate(n))) n--;
  return schoolDate(n);
};

export interface Codes {
  codes: { id: number; code: string; meaning: string; isDefault: boolean }[];
}

/** A school with Class 5-A of `size` children, and its codes by meaning. */
export async function classOf(app: TestApp, size = 3) {
  const s = await newSchool(app);
  const kids = [];
  for (let i = 0; i < size; i++) {
    const k = await addStudent(s.api, { name: `Child ${i + 1}` });
    await enrol(s.api, k.id, s.room5a.id, { startedOn: "2026-06-01" });
    kids.push(k);
  }
  const reg = await ok<Codes>(s.api.get(`/admin/api/attendance/register?classroomId=${s.room5a.id}&date=${workingDay()}`));
  const code = (meaning: string) => reg.codes.find((c) => c.meaning === meaning)!.id;
  return { s, kids, code, codes: reg.codes };
}

/** A register body marking each child with the meaning `pick(i)`. */
export const registerOf = (s: School, kids: { id: number }[], code: (m: string) => number, pick: (i: number) => string, date = workingDay()) => ({
  classroomId: s.room5a.id,
  date,
  marks: kids.map((k, i) => ({ studentId: k.id, codeId: code(pick(i)) })),
});

/** A parent user linked to `studentId`, signed in. */
export async function parentOf(app: TestApp, s: School, studentId: number) {
  const roles = await rolesOf(s.api);
  const mobile = uniqueMobile();
  const user = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/user", { name: "Parent", mobile, password: "Quiet-Garden-42", roleIds: [roles.parent] }),
  );
  await ok(s.api.put("/admin/api/student", { id: studentId, guardians: [{ userId: user.data.id, relation: "father" }] }));
  return { id: user.data.id, api: (await signIn(app, s.tenant.code, mobile)).api };
}

/** A staff user (the built-in Staff role, or the role `roleId`), signed in. */
export async function staffOf(app: TestApp, s: School, name = "Teacher", roleId?: number) {
  const roles = await rolesOf(s.api);
  const mobile = uniqueMobile();
  const user = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/user", { name, mobile, password: "Quiet-Garden-42", roleIds: [roleId ?? roles.staff] }),
  );
  return { id: user.data.id, api: (await signIn(app, s.tenant.code, mobile)).api as Api };
}

/** A built-in Staff user made class teacher of `classroomId` (Class 5-A unless named), signed in. */
export async function classTeacherOf(app: TestApp, s: School, classroomId = s.room5a.id, name = "Class Teacher") {
  const teacher = await staffOf(app, s, name);
  await ok(s.api.put("/admin/api/classRoom", { id: classroomId, classTeacherId: teacher.id }));
  return teacher;
}
