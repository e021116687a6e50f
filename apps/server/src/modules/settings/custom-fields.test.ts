import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, ok } from "../academics/school.fixture.js";

describe("custom fields", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("adds, lists, updates and deletes fields of students, admissions and record types", async () => {
    const { api } = await adminOfNewTenant(app);
    const made = await ok<{ data: Record<string, unknown> }>(
      api.post("/admin/api/field", {
        entity: "student",
        key: "bloodGroup",
        label: "Blood group",
        labels: { ar: "فصيلة الدم", ml: "രക്തഗ്രൂപ്പ്" },
        kind: "choice",
        options: [{ value: "A+" }, { value: "O+", labels: { ar: "O موجب" } }],
        order: 2,
      }),
    );
    expect(made.data).toMatchObject({ entity: "student", recordId: null, kind: "choice", required: false, multiple: false, labels: { ar: "فصيلة الدم" } });
    await ok(api.post("/admin/api/field", { entity: "student", key: "hobby", label: "Hobby", kind: "text", order: 1 }));
    await ok(api.post("/admin/api/field", { entity: "admission", key: "hobby", label: "Hobby", kind: "text" }));
    const students = await ok<{ rows: { key: string }[]; count: number }>(api.get("/admin/api/field?entity=student"));
    expect(students.rows.map((r) => r.key)).toEqual(["hobby", "bloodGroup"]);
    const updated = await ok<{ data: Record<string, unknown> }>(
      api.put("/admin/api/field", { id: made.data.id, label: "Blood Group", kind: "number", required: true }),
    );
    // The kind is fixed once made; the rest changes.
    expect(updated.data).toMatchObject({ label: "Blood Group", kind: "choice", required: true, options: [{ value: "A+" }, { value: "O+" }] });
    expect((await api.delete(`/admin/api/field/${made.data.id}`)).statusCode).toBe(200);

    const record = await ok<{ data: { id: number } }>(api.post("/admin/api/custom-record", { name: "Hostel request" }));
    await ok(
      api.post("/admin/api/field", {
        entity: "record",
        recordId: record.data.id,
        key: "room",
        label: "Room type",
        kind: "choice",
        options: [{ value: "single" }, { value: "shared" }],
      }),
    );
    const ofRecord = await ok<{ rows: { key: string; recordId: number }[]; count: number }>(api.get(`/admin/api/field/record/${record.data.id}`));
    expect(ofRecord).toMatchObject({ count: 1, rows: [{ key: "room", recordId: record.data.id }] });
    expect((await ok<{ count: number }>(api.get(`/admin/api/field?recordId=${record.data.id}`))).count).toBe(1);
  });

  it("refuses bad definitions with a 400 or 409 naming the field", async () => {
    const { api } = await adminOfNewTenant(app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ entity: "admission", key: "", label: "X", kind: "text" }, 400, "key"],
      [{ entity: "admission", key: "1bad", label: "X", kind: "text" }, 400, "key"],
      [{ entity: "admission", key: "x", label: "X", kind: "colour" }, 400, "kind"],
      [{ entity: "admission", key: "x", label: "X", kind: "choice" }, 400, "options"],
      [{ entity: "admission", key: "x", label: "X", kind: "choice", options: [{ value: "a" }, { value: "A" }] }, 400, "options"],
      [{ entity: "admission", key: "x", label: "X", kind: "number", min: 5, max: 1 }, 400, "min"],
      [{ entity: "admission", key: "guardianMobile", label: "X", kind: "text" }, 400, "key"],
      [{ entity: "record", key: "x", label: "X", kind: "text" }, 400, "recordId"],
      [{ entity: "student", recordId: 5, key: "x", label: "X", kind: "text" }, 400, "recordId"],
      [{ entity: "admission", key: "x", label: "X", kind: "text", required: "yes" }, 400, "required"],
    ];
    for (const [body, status, field] of cases) {
      const res = await api.post("/admin/api/field", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const p = res.json().params;
      expect(p.field ?? p.fields?.[0], JSON.stringify(body)).toBe(field);
    }
    await ok(api.post("/admin/api/field", { entity: "admission", key: "medium", label: "Medium", kind: "text" }));
    const twice = await api.post("/admin/api/field", { entity: "admission", key: "Medium", label: "Again", kind: "text" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "custom_field.key_taken", params: { field: "key" } });
    const other = await adminOfNewTenant(app);
    const theirRecord = await ok<{ data: { id: number } }>(other.api.post("/admin/api/custom-record", { name: "Theirs" }));
    expect((await api.post("/admin/api/field", { entity: "record", recordId: theirRecord.data.id, key: "x", label: "X", kind: "text" })).statusCode).toBe(404);
    expect((await api.get(`/admin/api/field/record/${theirRecord.data.id}`)).statusCode).toBe(404);
    const theirs = await ok<{ data: { id: number } }>(other.api.post("/admin/api/field", { entity: "admission", key: "x", label: "X", kind: "text" }));
    expect((await api.put("/admin/api/field", { id: theirs.data.id, label: "Mine" })).statusCode).toBe(404);
    expect((await api.delete(`/admin/api/field/${theirs.data.id}`)).statusCode).toBe(404);
  });

  it("checks a student's custom values against the school's student fields", async () => {
    const { api } = await adminOfNewTenant(app);
    await ok(api.post("/admin/api/field", { entity: "student", key: "siblings", label: "Siblings", kind: "number", min: 0, max: 20, required: true }));
    await ok(
      api.post("/admin/api/field", { entity: "student", key: "madhab", label: "Madhab", kind: "choice", options: [{ value: "shafii" }, { value: "hanafi" }] }),
    );
    await ok(api.post("/admin/api/field", { entity: "student", key: "joined", label: "Joined madrasa", kind: "date" }));
    const bad = await api.post("/admin/api/student", {
      admissionNo: "CF-1",
      name: "N",
      customFields: { siblings: "many", madhab: "other", joined: "2020-02-30" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields.sort()).toEqual(["customFields.joined", "customFields.madhab", "customFields.siblings"]);
    const missing = await api.post("/admin/api/student", { admissionNo: "CF-1", name: "N", customFields: {} });
    expect(missing.json().params.fields).toEqual(["customFields.siblings"]);
    const good = await ok<{ data: { id: number; customFields: Record<string, unknown> } }>(
      api.post("/admin/api/student", { admissionNo: "CF-1", name: "N", customFields: { siblings: "3", madhab: "hanafi", legacyNote: "kept" } }),
    );
    // Keys the school never defined stay as they were (data from before the fields existed).
    expect(good.data.customFields).toEqual({ siblings: 3, madhab: "hanafi", legacyNote: "kept" });
    expect((await api.put("/admin/api/student", { id: good.data.id, customFields: { siblings: 99 } })).statusCode).toBe(400);
    // Without student fields, anything goes as before.
    const free = await adminOfNewTenant(app);
    expect((await addStudent(free.api, { customFields: { anything: [1, 2] } })).id).toBeGreaterThan(0);
  });
});
