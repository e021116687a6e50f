import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, PASSWORD, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf, signedInUser } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { admissionSchool, filed, pngBytes, tempDataDir } from "./admission.fixture.js";

describe("admissions: review", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("takes a paper application with an uploaded photo, numbers it, and lists it with filters and totalApproved", async () => {
    const s = await admissionSchool(app);
    const course = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/course", { name: "Alim", kind: "alim" }))).data;
    const up = await ok<{ data: { path: string } }>(
      s.api.post("/admin/api/upload", { name: "p.png", data: pngBytes().toString("base64"), module: "admissions" }),
    );
    await ok(
      s.api.post("/admin/api/field", {
        entity: "admission",
        key: "madhab",
        label: "Madhab",
        kind: "choice",
        options: [{ value: "shafii" }, { value: "hanafi" }],
      }),
    );
    const made = await ok<{ data: Record<string, unknown> }>(
      s.api.post("/admin/api/admission", {
        name: "Yusuf Ali",
        nameNative: "യൂസുഫ് അലി",
        guardianName: "Ali K",
        guardianMobile: "9847 012 345",
        guardianLanguage: "ml",
        courseId: course.id,
        photo: up.data.path,
        customfields: { madhab: "shafii" },
      }),
    );
    expect(made.data).toMatchObject({
      source: "admin",
      status: "pending",
      guardianMobile: "+919847012345",
      courseName: "Alim",
      photo: up.data.path,
      customfields: { madhab: "shafii" },
      consent: null,
    });
    expect(made.data.applicationNo).toMatch(/^ADM-\d{4}-0001$/);
    const second = await filed(app, s.api, s.tenant.code);
    expect(second.applicationNo).toMatch(/-0002$/);
    await ok(s.api.post("/admin/api/admission/approve", { id: second.id, notify: false }));

    const one = await ok<{ data: Record<string, unknown> }>(s.api.get(`/admin/api/admission/${made.data.id}`));
    // Spec 001 §3: custom fields spread onto the record, customfields kept.
    expect(one.data).toMatchObject({ madhab: "shafii", customfields: { madhab: "shafii" }, name: "Yusuf Ali" });

    const pending = await ok<{ rows: { id: number }[]; count: number; totalApproved: number }>(s.api.get("/admin/api/admission?status=pending"));
    expect(pending).toMatchObject({ count: 1, totalApproved: 1 });
    expect((await ok<{ count: number }>(s.api.get(`/admin/api/admission?courseId=${course.id}`))).count).toBe(1);
    expect((await ok<{ count: number }>(s.api.get("/admin/api/admission?q=yusuf"))).count).toBe(1);
    expect((await ok<{ count: number }>(s.api.get("/admin/api/admission?status=All"))).count).toBe(2);
    const all = await ok<{ rows: unknown[]; count: number; totalApproved: number }>(s.api.get("/admin/api/admission/all"));
    expect(all).toMatchObject({ count: 2, totalApproved: 1 });
    expect((await ok<{ count: number }>(s.api.get("/admin/api/admission/all?status=approved"))).count).toBe(1);
    expect((await s.api.get("/admin/api/admission?status=maybe")).statusCode).toBe(400);

    const updated = await ok<{ data: Record<string, unknown> }>(s.api.put("/admin/api/admission", { id: made.data.id, address: "Malappuram" }));
    expect(updated.data).toMatchObject({ address: "Malappuram", customfields: { madhab: "shafii" }, guardianLanguage: "ml" });
  });

  it("refuses missing fields, wrong types, bad custom values and files of another school", async () => {
    const s = await admissionSchool(app);
    const missing = await s.api.post("/admin/api/admission", { name: "X" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().params.fields).toEqual(expect.arrayContaining(["guardianName", "guardianMobile"]));
    const wrongType = await s.api.post("/admin/api/admission", { name: "X", guardianName: "G", guardianMobile: 9847012345 });
    expect(wrongType.statusCode).toBe(400);
    const badMobile = await s.api.post("/admin/api/admission", { name: "X", guardianName: "G", guardianMobile: "000000" });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().params.field).toBe("guardianMobile");
    const unknownField = await s.api.post("/admin/api/admission", { name: "X", guardianName: "G", guardianMobile: uniqueMobile(), customfields: { nope: 1 } });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().params.fields).toEqual(["customfields.nope"]);

    const other = await adminOfNewTenant(app);
    const theirs = await ok<{ data: { path: string } }>(
      other.api.post("/admin/api/upload", { name: "p.png", data: pngBytes().toString("base64"), module: "admissions" }),
    );
    const stolen = await s.api.post("/admin/api/admission", { name: "X", guardianName: "G", guardianMobile: uniqueMobile(), photo: theirs.data.path });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe("upload.unknown");
    const theirCourse = (await ok<{ data: { id: number } }>(other.api.post("/admin/api/course", { name: "Theirs" }))).data;
    expect(
      (await s.api.post("/admin/api/admission", { name: "X", guardianName: "G", guardianMobile: uniqueMobile(), courseId: theirCourse.id })).statusCode,
    ).toBe(404);
  });

  it("answers another school's application with 404 everywhere", async () => {
    const a = await admissionSchool(app);
    const b = await admissionSchool(app);
    const theirs = await filed(app, b.api, b.tenant.code);
    for (const res of [
      await a.api.get(`/admin/api/admission/${theirs.id}`),
      await a.api.put("/admin/api/admission", { id: theirs.id, name: "Taken" }),
      await a.api.delete(`/admin/api/admission/${theirs.id}`),
      await a.api.post("/admin/api/admission/approve", { id: theirs.id }),
      await a.api.post("/admin/api/admission/reject", { id: theirs.id }),
      await a.api.post("/admin/api/admission/send-approval-letter", { id: theirs.id }),
      await a.api.post("/admin/api/admission/send-rejection-letter", { id: theirs.id }),
      await a.api.post("/admin/api/admission/enrollstudent", { id: theirs.id, classroomId: 1 }),
      await a.api.get(`/admin/api/admission/download-pdf/${theirs.id}`),
      await a.api.get(`/admin/api/admission/print/${theirs.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await a.api.get("/admin/api/admission/abc")).statusCode).toBe(400);
  });

  it("needs the admissions permission: staff may not list, approve or download", async () => {
    const s = await admissionSchool(app);
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
    const staff = await signedInUser(app, s.tenant, s.api, [roles.rows.find((r) => r.builtin === "staff")!.id]);
    const mine = await filed(app, s.api, s.tenant.code);
    expect((await staff.api.get("/admin/api/admission")).statusCode).toBe(403);
    expect((await staff.api.post("/admin/api/admission/approve", { id: mine.id })).statusCode).toBe(403);
    expect((await staff.api.get(`/admin/api/admission/download-pdf/${mine.id}`)).statusCode).toBe(403);
  });

  it("deletes a pending application (an enrolled one is refused: see the enrolment test)", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code);
    expect((await s.api.delete(`/admin/api/admission/${a.id}`)).statusCode).toBe(200);
    expect((await s.api.get(`/admin/api/admission/${a.id}`)).statusCode).toBe(404);
  });

  it("a wipe removes applications, fields, forms and templates, but never reuses an application number", async () => {
    const s = await admissionSchool(app);
    await ok(s.api.post("/admin/api/field", { entity: "admission", key: "hobby", label: "Hobby", kind: "text" }));
    await ok(s.api.post("/admin/api/formcustomisation", { form: "admission", config: {} }));
    const record = await ok<{ data: { id: number } }>(s.api.post("/admin/api/custom-record", { name: "Transport" }));
    await ok(s.api.post("/admin/api/custom-record/adddata", { recordId: record.data.id, data: {} }));
    await ok(s.api.get("/admin/api/document-template"));
    const first = await filed(app, s.api, s.tenant.code);
    await ok(s.api.post("/admin/api/setting/wipe-data", { password: PASSWORD }));
    for (const table of ["admissions", "custom_fields", "custom_records", "custom_record_entries", "form_customisations", "document_templates"]) {
      expect(await rowsOf(app, table, s.tenant.id), table).toHaveLength(0);
    }
    await ok(s.api.put("/admin/api/setting", { config: { admissionsOpen: true } }));
    const next = await filed(app, s.api, s.tenant.code);
    expect(next.applicationNo).toBe(first.applicationNo.replace(/0001$/, "0002"));
    // The standard letters come back on the next visit.
    expect((await ok<{ count: number }>(s.api.get("/admin/api/document-template"))).count).toBe(30);
  });
});
