import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, ok } from "../academics/school.fixture.js";

describe("alumni", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("records a former student, taking their name and marking them alumni; one record per student", async () => {
    const { api } = await adminOfNewTenant(app);
    const s = await addStudent(api, { name: "Yusuf Rahman", nameNative: "یوسف رحمان" });
    const made = await ok<{ data: Record<string, unknown> }>(
      api.post("/admin/api/alumni", { studentId: s.id, yearOfLeaving: 2025, destination: "Darul Huda, Chemmad", mobile: "9847000001" }),
    );
    expect(made.data).toMatchObject({ name: "Yusuf Rahman", nameNative: "یوسف رحمان", admissionNo: s.admissionNo, mobile: "+919847000001" });
    expect((await ok<{ data: { status: string } }>(api.get(`/admin/api/student/${s.id}`))).data.status).toBe("alumni");
    expect((await api.post("/admin/api/alumni", { studentId: s.id, yearOfLeaving: 2025 })).statusCode).toBe(409);
    // The student now has history: deleting them is refused.
    expect((await api.delete(`/admin/api/student/${s.id}`)).statusCode).toBe(409);

    const other = await ok<{ data: { id: number } }>(api.post("/admin/api/alumni", { name: "Old Boy", yearOfLeaving: 1999 }));
    const list = await ok<{ rows: { name: string }[] }>(api.get("/admin/api/alumni?yearOfLeaving=1999"));
    expect(list.rows.map((r) => r.name)).toEqual(["Old Boy"]);
    const updated = await ok<{ data: Record<string, unknown> }>(api.put("/admin/api/alumni", { id: other.data.id, occupation: "Imam" }));
    expect(updated.data).toMatchObject({ occupation: "Imam", yearOfLeaving: 1999 });
  });

  it("refuses a record with neither name nor student, a bad year, and another school's student", async () => {
    const a = await adminOfNewTenant(app);
    const b = await adminOfNewTenant(app);
    expect((await a.api.post("/admin/api/alumni", { yearOfLeaving: 2020 })).statusCode).toBe(400);
    expect((await a.api.post("/admin/api/alumni", { name: "X", yearOfLeaving: "twenty" })).statusCode).toBe(400);
    const theirs = await addStudent(b.api);
    expect((await a.api.post("/admin/api/alumni", { studentId: theirs.id, yearOfLeaving: 2020 })).statusCode).toBe(404);
  });
});
