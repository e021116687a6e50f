import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

type Bulk = { enrolled: number; alreadyIn: number; message: string };

describe("bulk enrolment", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("enrols a whole list in one call, and a repeat adds nobody twice", async () => {
    const s = await newSchool(app);
    const kids = await Promise.all([1, 2, 3].map(() => addStudent(s.api)));
    const ids = kids.map((k) => k.id);
    const first = await ok<Bulk>(s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: ids.slice(0, 2) }));
    expect(first).toMatchObject({ enrolled: 2, alreadyIn: 0 });
    const again = await ok<Bulk>(s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: ids }));
    expect(again).toMatchObject({ enrolled: 1, alreadyIn: 2 });
    const roster = await ok<{ rows: { id: number }[]; count: number }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`));
    expect(roster.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    const list = await ok<{ count: number }>(s.api.get(`/admin/api/enrollment?classroomId=${s.room5a.id}`));
    expect(list.count).toBe(3);
  });

  it("is all or none: someone in another class of the year, a left student or another school's student stops the whole call", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const fresh = await addStudent(s.api);
    const elsewhere = await addStudent(s.api);
    await enrol(s.api, elsewhere.id, s.room5b.id);
    const busy = await s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: [fresh.id, elsewhere.id] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: "enrolment.already_active", params: { studentIds: [elsewhere.id] } });
    const left = await addStudent(s.api, { status: "left" });
    const refused = await s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: [fresh.id, left.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "enrolment.student_not_active", params: { field: "studentIds" } });
    const theirs = await addStudent(other.api);
    expect((await s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: [fresh.id, theirs.id] })).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/enrollment/bulk", { classroomId: s.room5a.id, studentIds: [] })).statusCode).toBe(400);
    // Nothing of the refused calls was written.
    const roster = await ok<{ count: number }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`));
    expect(roster.count).toBe(0);
  });
});
