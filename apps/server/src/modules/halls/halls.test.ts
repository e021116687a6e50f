import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { addStudent, ok } from "../academics/school.fixture.js";
import { boys, type Hall, hallSchool } from "./halls.fixture.js";

describe("halls", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("lists halls with their warden and count; the warden must be staff; a name is the school's once", async () => {
    const s = await hallSchool(app);
    expect(s.hall).toMatchObject({ name: "Bilal House", wardenName: "Ustad Hamid", studentCount: 0 });
    const roles = await rolesOf(s.api);
    const parent = await signedInUser(app, s.tenant, s.api, [roles.parent!]);
    const refused = await s.api.post("/admin/api/hall", { name: "Other", kind: "dormitory", capacity: 5, wardenId: parent.user.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().params.field).toBe("wardenId");
    expect((await s.api.post("/admin/api/hall", { name: "bilal house", kind: "study_hall", capacity: 5 })).statusCode).toBe(409);
    expect((await s.api.post("/admin/api/hall", { name: "No room", kind: "dormitory", capacity: 0 })).json().params.fields).toContain("capacity");
    expect((await s.api.post("/admin/api/hall", { name: "Odd", kind: "stable", capacity: 5 })).statusCode).toBe(400);
    const list = await ok<{ rows: Hall[] }>(s.api.get("/admin/api/hall?kind=dormitory"));
    expect(list.rows.map((h) => h.name)).toEqual(["Bilal House"]);
  });

  it("fills a hall in one call, refuses over capacity naming the hall, and moves a student from another hall of the kind", async () => {
    const s = await hallSchool(app, 3);
    const [a, b, c, d] = await boys(s, 4);
    const filled = await ok<{ added: number; count: number; moved: unknown[] }>(
      s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [a!.id, b!.id, a!.id] }),
    );
    expect(filled).toMatchObject({ added: 2, count: 2, moved: [] });
    // Sent again: nothing doubles.
    expect(await ok(s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [a!.id, b!.id] }))).toMatchObject({ added: 0, count: 2 });

    const full = await s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [c!.id, d!.id] });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "hall.full", params: { hall: "Bilal House", capacity: 3, count: 4 } });
    expect(full.json().message).toContain("Bilal House holds 3");
    // All or none: neither was added.
    expect((await ok<{ count: number }>(s.api.get(`/admin/api/hall/students/${s.hall.id}`))).count).toBe(2);

    const other = (await ok<{ data: Hall }>(s.api.post("/admin/api/hall", { name: "Umar House", kind: "dormitory", capacity: 10 }))).data;
    const moved = await ok<{ moved: { studentId: number; fromHall: string }[]; message: string }>(
      s.api.post("/admin/api/hall/bulk-update", { id: other.id, studentIds: [a!.id, c!.id] }),
    );
    expect(moved.moved).toEqual([expect.objectContaining({ studentId: a!.id, fromHallId: s.hall.id, fromHall: "Bilal House" })]);
    expect(moved.message).toContain("from Bilal House");
    const bilal = await ok<{ rows: { id: number }[]; hall: Hall }>(s.api.get(`/admin/api/hall/students/${s.hall.id}`));
    expect(bilal.rows.map((r) => r.id)).toEqual([b!.id]);
    expect(bilal.hall.studentCount).toBe(1);

    // A study hall is another kind: the same boy may sit in one while he sleeps in a dormitory.
    const study = (await ok<{ data: Hall }>(s.api.post("/admin/api/hall", { name: "Library", kind: "study_hall", capacity: 10 }))).data;
    await ok(s.api.post("/admin/api/hall/bulk-update", { id: study.id, studentIds: [a!.id] }));
    // Turning the study hall into a dormitory would put the boy in two: the database refuses.
    const twice = await s.api.put("/admin/api/hall", { id: study.id, kind: "dormitory" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("hall.student_elsewhere");

    // replace: exactly these students.
    expect(await ok(s.api.post("/admin/api/hall/bulk-update", { id: other.id, studentIds: [d!.id], replace: true }))).toMatchObject({
      added: 1,
      removed: 2,
      count: 1,
    });
  });

  it("refuses a girl in a boys' hall, a capacity below its students, another school's ids, and deleting a hall with students", async () => {
    const s = await hallSchool(app, 3);
    const t = await adminOfNewTenant(app);
    const [a, b] = await boys(s, 2);
    const girl = await addStudent(s.api, { name: "Maryam", gender: "female" });
    const wrong = await s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [girl.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "hall.wrong_gender", params: { field: "studentIds", name: "Maryam" } });
    await ok(s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [a!.id, b!.id] }));
    expect((await s.api.put("/admin/api/hall", { id: s.hall.id, capacity: 1 })).json()).toMatchObject({ code: "hall.full" });
    expect((await s.api.put("/admin/api/hall", { id: s.hall.id, gender: "female" })).json()).toMatchObject({ code: "hall.wrong_gender" });

    const theirs = await addStudent(t.api, { gender: "male" });
    expect((await s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [theirs.id] })).statusCode).toBe(404);
    expect((await t.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [theirs.id] })).statusCode).toBe(404);
    expect((await t.api.get(`/admin/api/hall/students/${s.hall.id}`)).statusCode).toBe(404);
    expect((await t.api.post("/admin/api/hall/remove-student", { id: s.hall.id, studentId: a!.id })).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: [] })).json().params.fields).toContain("studentIds");

    expect((await s.api.delete(`/admin/api/hall/${s.hall.id}`)).statusCode).toBe(409);
    expect(await ok(s.api.post("/admin/api/hall/remove-student", { id: s.hall.id, studentId: a!.id }))).toMatchObject({ count: 1 });
    // Not in the hall (any more): 404 naming them.
    const again = await s.api.post("/admin/api/hall/remove-student", { id: s.hall.id, studentId: a!.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain("in Bilal House");
    await ok(s.api.post("/admin/api/hall/remove-student", { id: s.hall.id, studentId: b!.id }));
    await ok(s.api.delete(`/admin/api/hall/${s.hall.id}`));
  });
});
