import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";

describe("form customisation", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("shows the defaults until saved, then saves, reads and replaces the admission form's config", async () => {
    const { api } = await adminOfNewTenant(app);
    expect(await ok(api.get("/admin/api/formcustomisation/admission"))).toMatchObject({ data: { id: null, form: "admission", config: {} } });
    const course = (await ok<{ data: { id: number } }>(api.post("/admin/api/course", { name: "Hifz" }))).data;
    const config = {
      fields: { photo: { show: true, required: true }, email: { show: false, required: false } },
      customFields: { bloodGroup: { required: true } },
      courseIds: [course.id],
      instructions: { en: "Bring the birth certificate.", ml: "ജനന സർട്ടിഫിക്കറ്റ് കൊണ്ടുവരിക." },
    };
    const made = await ok<{ data: { id: number; config: unknown } }>(api.post("/admin/api/formcustomisation", { form: "admission", config }));
    expect(made.data.config).toEqual(config);
    expect((await ok<{ data: { id: number } }>(api.get("/admin/api/formcustomisation/admission"))).data.id).toBe(made.data.id);
    expect((await ok<{ data: { config: unknown } }>(api.get(`/admin/api/formcustomisation/${made.data.id}`))).data.config).toEqual(config);
    const again = await api.post("/admin/api/formcustomisation", { form: "admission", config: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "form.exists", params: { id: made.data.id } });
    const put = await ok<{ data: { config: unknown } }>(
      api.put("/admin/api/formcustomisation", { id: made.data.id, config: { fields: { gender: { show: true, required: false } } } }),
    );
    expect(put.data.config).toEqual({ fields: { gender: { show: true, required: false } } });
  });

  it("refuses a bad config, an unknown course, a sheet outside the allowlist and another school's form", async () => {
    const { api } = await adminOfNewTenant(app);
    const cases: [unknown, string][] = [
      [{ form: "admission", config: { fields: { nickname: { show: true, required: true } } } }, "config.fields"],
      [{ form: "admission", config: { fields: { photo: { show: "yes", required: true } } } }, "config.fields.photo.show"],
      [{ form: "admission", config: { colour: "green" } }, "config"],
      [{ form: "survey", config: {} }, "form"],
    ];
    for (const [body, field] of cases) {
      const res = await api.post("/admin/api/formcustomisation", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().params.fields.join(","), JSON.stringify(body)).toContain(field);
    }
    const other = await adminOfNewTenant(app);
    const theirCourse = (await ok<{ data: { id: number } }>(other.api.post("/admin/api/course", { name: "Theirs" }))).data;
    const course = await api.post("/admin/api/formcustomisation", { form: "admission", config: { courseIds: [theirCourse.id] } });
    expect(course.statusCode).toBe(400);
    expect(course.json()).toMatchObject({ code: "form.course_unknown", params: { field: "config.courseIds" } });
    const sheet = await api.post("/admin/api/formcustomisation", { form: "admission", config: { sheetUrl: "http://169.254.169.254/latest" } });
    expect(sheet.json().code).toBe("import.url_not_allowed");
    const theirs = await ok<{ data: { id: number } }>(other.api.post("/admin/api/formcustomisation", { form: "admission", config: {} }));
    expect((await api.get(`/admin/api/formcustomisation/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await api.put("/admin/api/formcustomisation", { id: theirs.data.id, config: {} })).statusCode).toBe(404);
    expect((await api.get("/admin/api/formcustomisation/nothing")).statusCode).toBe(400);
  });
});
