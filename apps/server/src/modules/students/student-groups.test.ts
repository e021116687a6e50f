import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, ok } from "../academics/school.fixture.js";

describe("student groups", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("adds students in bulk, lists them, replaces and removes them", async () => {
    const { api } = await adminOfNewTenant(app);
    const group = (await ok<{ data: { id: number } }>(api.post("/admin/api/student-group", { name: "Bus route 3" }))).data;
    const [a, b, c] = [await addStudent(api, { name: "Amina" }), await addStudent(api, { name: "Bilal" }), await addStudent(api, { name: "Cyra" })];

    expect(await ok(api.post("/admin/api/student-group/bulk-update", { id: group.id, studentIds: [a.id, b.id] }))).toMatchObject({
      added: 2,
      removed: 0,
      count: 2,
    });
    // Adding again changes nothing.
    expect(await ok(api.post("/admin/api/student-group/bulk-update", { id: group.id, studentIds: [a.id] }))).toMatchObject({ added: 0, count: 2 });
    const members = await ok<{ rows: { name: string }[]; count: number }>(api.get(`/admin/api/student-group/students/${group.id}`));
    expect(members.rows.map((r) => r.name)).toEqual(["Amina", "Bilal"]);
    expect((await ok<{ rows: { studentCount: number }[] }>(api.get("/admin/api/student-group"))).rows[0]!.studentCount).toBe(2);
    expect((await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/student?groupId=${group.id}`))).rows).toHaveLength(2);

    expect(await ok(api.post("/admin/api/student-group/bulk-update", { id: group.id, studentIds: [b.id, c.id], replace: true }))).toMatchObject({
      added: 1,
      removed: 1,
      count: 2,
    });
    expect(await ok(api.post("/admin/api/student-group/remove-from-group", { id: group.id, studentIds: [b.id] }))).toMatchObject({ removed: 1 });
    const left = await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/student-group/students/${group.id}`));
    expect(left.rows.map((r) => r.id)).toEqual([c.id]);
  });

  it("refuses bad input and another school's group or students", async () => {
    const a = await adminOfNewTenant(app);
    const b = await adminOfNewTenant(app);
    const mine = (await ok<{ data: { id: number } }>(a.api.post("/admin/api/student-group", { name: "Circle" }))).data;
    const theirGroup = (await ok<{ data: { id: number } }>(b.api.post("/admin/api/student-group", { name: "Circle" }))).data;
    const theirStudent = await addStudent(b.api);

    expect((await a.api.post("/admin/api/student-group/bulk-update", { id: mine.id })).statusCode).toBe(400);
    expect((await a.api.post("/admin/api/student-group/bulk-update", { id: "x", studentIds: [] })).statusCode).toBe(400);
    expect((await a.api.post("/admin/api/student-group/remove-from-group", { id: mine.id, studentIds: [] })).statusCode).toBe(400);
    expect((await a.api.post("/admin/api/student-group/bulk-update", { id: mine.id, studentIds: [theirStudent.id] })).statusCode).toBe(404);
    expect((await a.api.post("/admin/api/student-group/bulk-update", { id: theirGroup.id, studentIds: [] })).statusCode).toBe(404);
    expect((await a.api.get(`/admin/api/student-group/students/${theirGroup.id}`)).statusCode).toBe(404);
    expect((await a.api.get("/admin/api/student-group/students/abc")).statusCode).toBe(400);
    expect((await a.api.post("/admin/api/student-group/remove-from-group", { id: theirGroup.id, studentIds: [theirStudent.id] })).statusCode).toBe(404);
    expect((await a.api.post("/admin/api/student-group", { name: "circle" })).statusCode).toBe(409);
  });
});
