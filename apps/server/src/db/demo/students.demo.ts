import { CLASSROOMS } from "./demo-plan.js";
import { buildRoster } from "./demo-roster.js";
import { createRow, type DemoSchool, inParallel, userId, userIdsByMobile } from "./demo-school.js";

/** How many calls run at once: independent rows, each its own request and transaction. */
const WIDTH = 4;

/**
 * The parents' accounts, 120 students linked to them (the demo parent to two), each enrolled:
 * last year's three classrooms promoted into this year's next class, the rest enrolled this year.
 */
export async function studentsDemo({ api, ids, random, today, accounts }: DemoSchool): Promise<void> {
  const { years, families, students } = buildRoster(random, today, accounts.parent);
  await api.post("/admin/api/user/bulk", {
    rows: families.map((f) => ({ name: f.guardian.name, mobile: f.guardian.mobile, roleIds: [ids.get("role", "parent")], language: f.language })),
  });
  const byMobile = await userIdsByMobile(api);

  const made = await inParallel(students, WIDTH, async (s) => {
    const studentId = await createRow(api, "student", {
      admissionNo: s.admissionNo,
      name: s.name,
      nameNative: s.nameNative,
      gender: s.gender,
      dateOfBirth: s.dateOfBirth,
      admittedOn: s.admittedOn,
      address: s.family.address,
      guardians: [{ userId: userId(byMobile, s.family.guardian.mobile), relation: s.family.guardian.relation }],
    });
    await createRow(api, "enrollment", {
      studentId,
      classroomId: ids.get("classroom", s.pastClassroom ?? s.classroom),
      rollNo: s.rollNo,
      startedOn: s.admittedOn,
    });
    return studentId;
  });
  for (const [i, s] of students.entries()) ids.set("student", s.admissionNo, made[i]!);

  for (const room of CLASSROOMS.filter((r) => r.promotedFrom)) {
    await api.post("/admin/api/enrollment/promote", {
      fromClassroomId: ids.get("classroom", room.promotedFrom!),
      toClassroomId: ids.get("classroom", room.key),
      date: years.current.startDate,
    });
  }
}
