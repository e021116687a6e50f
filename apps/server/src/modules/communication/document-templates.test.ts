import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { admissionSchool, filed } from "../admissions/admission.fixture.js";

type Row = { id: number; name: string; channel: string; purpose: string; language: string; builtin: boolean; placeholders: string[]; subject: string | null };

describe("document templates", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives every school the admission letters in five languages, on e-mail, SMS and WhatsApp", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const list = await ok<{ rows: Row[]; count: number }>(api.get("/admin/api/document-template?limit=100"));
    expect(list.count).toBe(30);
    for (const purpose of ["admission.approval", "admission.rejection"]) {
      for (const channel of ["email", "sms", "whatsapp"]) {
        const langs = list.rows.filter((r) => r.purpose === purpose && r.channel === channel).map((r) => r.language);
        expect(langs.sort()).toEqual(["ar", "en", "ml", "ta", "ur"]);
      }
    }
    expect(list.rows.every((r) => r.builtin)).toBe(true);
    const email = list.rows.find((r) => r.purpose === "admission.approval" && r.channel === "email" && r.language === "ml")!;
    expect(email.subject).toContain("{{applicationNo}}");
    expect(email.placeholders).toEqual(expect.arrayContaining(["guardianName", "schoolName", "studentName", "applicationNo"]));
    // Seeded once: listing again adds nothing.
    await ok(api.get("/admin/api/document-template"));
    expect(await rowsOf(app, "document_templates", tenant.id)).toHaveLength(30);
    expect((await ok<{ count: number }>(api.get("/admin/api/document-template?channel=whatsapp&language=ur"))).count).toBe(2);
  });

  it("refuses unknown placeholders by name, unclosed ones, and what a channel lacks", async () => {
    const { api } = await adminOfNewTenant(app);
    const unknown = await api.post("/admin/api/document-template", { name: "Note", channel: "sms", body: "Dear {{parentName}}, {{studentName}} ..." });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "template.unknown_placeholder", params: { field: "body", placeholder: "parentName" } });
    expect(unknown.json().message).toContain("{{parentName}}");
    const inSubject = await api.post("/admin/api/document-template", { name: "Mail", channel: "email", subject: "For {{ child }}", body: "Hi" });
    expect(inSubject.json()).toMatchObject({ params: { field: "subject", placeholder: "child" } });
    expect((await api.post("/admin/api/document-template", { name: "Open", channel: "sms", body: "Hi {{studentName" })).json().code).toBe(
      "template.unclosed_placeholder",
    );
    expect((await api.post("/admin/api/document-template", { name: "Mail", channel: "email", body: "Hi" })).json().code).toBe("template.subject_required");
    expect((await api.post("/admin/api/document-template", { name: "WA", channel: "whatsapp", body: "Hi" })).json().code).toBe(
      "template.provider_template_required",
    );
    expect((await api.post("/admin/api/document-template", { name: "X", channel: "fax", body: "Hi" })).statusCode).toBe(400);
    expect((await api.post("/admin/api/document-template", { channel: "sms" })).json().params.fields).toEqual(expect.arrayContaining(["name", "body"]));
    const made = await ok<{ data: Row }>(api.post("/admin/api/document-template", { name: "Ok", channel: "sms", body: "{{ schoolName }}: {{studentName}}" }));
    expect(made.data.placeholders).toEqual(["schoolName", "studentName"]);
    const bad = await api.put("/admin/api/document-template", { id: made.data.id, body: "{{nope}}" });
    expect(bad.json().params.placeholder).toBe("nope");
  });

  it("lets a school edit its standard letters but not delete them", async () => {
    const { api } = await adminOfNewTenant(app);
    const [std] = (await ok<{ rows: Row[] }>(api.get("/admin/api/document-template?purpose=admission.approval&channel=sms&language=en"))).rows;
    const edited = await ok<{ data: { body: string } }>(
      api.put("/admin/api/document-template", { id: std!.id, body: "{{schoolName}}: {{studentName}} is in." }),
    );
    expect(edited.data.body).toBe("{{schoolName}}: {{studentName}} is in.");
    expect((await api.put("/admin/api/document-template", { id: std!.id, language: "ar" })).json().code).toBe("template.builtin_fixed");
    const del = await api.delete(`/admin/api/document-template/${std!.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe("template.builtin");
    const own = await ok<{ data: { id: number } }>(api.post("/admin/api/document-template", { name: "Own", channel: "sms", body: "x" }));
    expect((await api.delete(`/admin/api/document-template/${own.data.id}`)).statusCode).toBe(200);
    const other = await adminOfNewTenant(app);
    expect((await other.api.put("/admin/api/document-template", { id: std!.id, body: "mine" })).statusCode).toBe(404);
  });

  it("previews a template filled from a real application, or from sample values", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { guardian: { name: "Preview Parent", mobile: "9847077001" } });
    const preview = await ok<{ subject: string; body: string; placeholders: string[]; empty: string[] }>(
      s.api.post("/admin/api/document-template/preview", {
        channel: "email",
        subject: "{{applicationNo}}",
        body: "Dear {{guardianName}}, {{studentName}} of {{schoolName}}; class {{className}}.",
        admissionId: a.id,
      }),
    );
    expect(preview.subject).toBe(a.applicationNo);
    expect(preview.body).toContain("Dear Preview Parent,");
    expect(preview.body).toContain(`School ${s.tenant.code}`);
    expect(preview.empty).toEqual(["className"]);
    const [std] = (await ok<{ rows: Row[] }>(s.api.get("/admin/api/document-template?purpose=admission.rejection&channel=email&language=ta"))).rows;
    const sample = await ok<{ subject: string; body: string }>(s.api.post("/admin/api/document-template/preview", { templateId: std!.id }));
    expect(sample.subject).toContain("ADM-2026-0001");
    expect(sample.body).toContain("Abdul Rahman");
    expect(sample.body).not.toContain("{{");
    expect((await s.api.post("/admin/api/document-template/preview", { body: "{{who}}" })).json().params.placeholder).toBe("who");
    expect((await s.api.post("/admin/api/document-template/preview", {})).statusCode).toBe(400);
    const other = await adminOfNewTenant(app);
    expect((await other.api.post("/admin/api/document-template/preview", { templateId: std!.id })).statusCode).toBe(404);
    expect((await other.api.post("/admin/api/document-template/preview", { body: "x", admissionId: a.id })).statusCode).toBe(404);
  });
});
