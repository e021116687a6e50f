import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

const TABLES = [
  "students",
  "student_groups",
  "student_group_members",
  "batches",
  "courses",
  "course_classes",
  "course_contents",
  "subjects",
  "sittings",
  "hafiz",
  "classrooms",
  "classroom_subjects",
  "enrolments",
  "hours",
  "hour_students",
  "timetables",
  "periods",
  "alumni",
  "guardians",
];

/** Rows per academic table of one school, straight from the database. */
async function counts(app: TestApp, tenantId: number) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const res = await app.services.db.execute(sql`select count(*)::int as n from ${sql.identifier(t)} where tenant_id = ${tenantId}`);
    out[t] = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

/** A school with a row in every academic table, transfer and promotion history included. */
async function fullSchool(app: TestApp) {
  const s = await newSchool(app);
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
  const role = (b: string) => roles.rows.find((r) => r.builtin === b)!.id;
  const teacher = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/user", { name: "Teacher", mobile: uniqueMobile(), roleIds: [role("staff")] })))
    .data;
  const parent = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/user", { name: "Parent", mobile: uniqueMobile(), roleIds: [role("parent")] })))
    .data;
  const a = await addStudent(s.api, { guardians: [{ userId: parent.id }] });
  const b = await addStudent(s.api);
  const ea = await enrol(s.api, a.id, s.room5a.id, { startedOn: "2026-06-01" });
  await enrol(s.api, b.id, s.room5a.id, { startedOn: "2026-06-01" });
  await ok(s.api.post("/admin/api/enrollment/transfer", { id: ea.id, toClassroomId: s.room5b.id, date: "2026-08-01" }));
  await ok(s.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room6a.id, date: "2027-04-01" }));
  const group = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/student-group", { name: "Circle" }))).data;
  await ok(s.api.post("/admin/api/student-group/bulk-update", { id: group.id, studentIds: [a.id, b.id] }));
  await ok(s.api.post(`/admin/api/course/${s.course.id}/upload-content`, { content: [{ title: "Notes", kind: "text", text: "..." }] }));
  await ok(s.api.post(`/admin/api/course/${s.course.id}/create-hafiz-records`, {}));
  await ok(s.api.put("/admin/api/classRoom", { id: s.room5b.id, classTeacherId: teacher.id, subjects: [{ subjectId: s.subject.id, teacherId: teacher.id }] }));
  const session = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/session", { name: "Morning", startTime: "07:00", endTime: "12:00" }))).data;
  const hour = (
    await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/hour", { classroomId: s.room5b.id, dayOfWeek: 1, startTime: "08:00", endTime: "08:45", sessionId: session.id }),
    )
  ).data;
  await ok(s.api.post("/admin/api/hour/update-students", { id: hour.id, studentIds: [a.id] }));
  await ok(s.api.post("/admin/api/timetable", { hourId: hour.id, subjectId: s.subject.id, teacherId: teacher.id }));
  await ok(s.api.post("/admin/api/period", { classroomId: s.room5b.id, hourId: hour.id, date: "2026-08-03", subjectId: s.subject.id, topic: "Wudu" }));
  const gone = await addStudent(s.api);
  await ok(s.api.post("/admin/api/alumni", { studentId: gone.id, yearOfLeaving: 2026 }));
  return s;
}

describe("wiping a school's data", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("removes every academic row, children before parents, and leaves another school's", async () => {
    const s = await fullSchool(app);
    const other = await fullSchool(app);
    const before = await counts(app, s.tenant.id);
    for (const t of TABLES) expect(before[t], t).toBeGreaterThan(0);
    const otherBefore = await counts(app, other.tenant.id);

    const res = await s.api.post("/admin/api/setting/wipe-data", { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.values(await counts(app, s.tenant.id)).every((n) => n === 0)).toBe(true);
    expect(await counts(app, other.tenant.id)).toEqual(otherBefore);
    // The school starts again from nothing: its first batch is the active one.
    const batch = await ok<{ data: { active: boolean } }>(s.api.post("/admin/api/batch", { name: "2027-28", startDate: "2027-06-01", endDate: "2028-03-31" }));
    expect(batch.data.active).toBe(true);
  });
});
