import { CLASSROOMS } from "./demo-plan.js";
import { buildRoster } from "./demo-roster.js";
import type { DemoSchool } from "./demo-school.js";

/**
 * The parents' accounts (one import, in each family's language), the 120 students in one bulk
 * call that links each to their guardian by mobile (the demo parent to two), each classroom's
 * students enrolled in one call: last year's three classrooms promoted into this year's next
 * class, the rest enrolled this year.
 */
export async function studentsDemo({ api, ids, random, today, accounts }: DemoSchool): Promise<void> {
  const { years, families, students } = buildRoster(random, today, accounts.parent);
  await api.post("/admin/api/user/bulk", {
    rows: families.map((f) => ({ name: f.guardian.name, mobile: f.guardian.mobile, roleIds: [ids.get("role", "parent")], language: f.language })),
  });
  const { ids: made } = await api.post<{ ids: number[] }>("/admin/api/student/bulk", {
    students: students.map((s) => ({
      admissionNo: s.admissionNo,
      name: s.name,
      nameNative: s.nameNative,
      gender: s.gender,
      dateOfBirth: s.dateOfBirth,
      admittedOn: s.admittedOn,
      address: s.family.address,
      guardianName: s.family.guardian.name,
      guardianMobile: s.family.guardian.mobile,
      guardianRelation: s.family.guardian.relation,
    })),
  });
  for (const [i, s] of students.entries()) ids.set("student", s.admissionNo, made[i]!);

  for (const room of CLASSROOMS) {
    const pupils = students.filter((s) => (s.pastClassroom ?? s.classroom) === room.key).sort((a, b) => a.rollNo - b.rollNo);
    if (!pupils.length) continue;
    // The class starts once its last pupil is admitted; enrolled in roll order, the roster lists them so.
    await api.post("/admin/api/enrollment/bulk", {
      classroomId: ids.get("classroom", room.key),
      studentIds: pupils.map((s) => ids.get("student", s.admissionNo)),
      startedOn: pupils
        .map((s) => s.admittedOn)
        .sort()
        .at(-1),
    });
  }

  for (const room of CLASSROOMS.filter((r) => r.promotedFrom)) {
    await api.post("/admin/api/enrollment/promote", {
      fromClassroomId: ids.get("classroom", room.promotedFrom!),
      toClassroomId: ids.get("classroom", room.key),
      date: years.current.startDate,
    });
  }
}
