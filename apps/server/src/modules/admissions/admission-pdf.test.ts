import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { admissionSchool, filed, png, tempDataDir } from "./admission.fixture.js";

describe("the printed application", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("prints admission-{id}.pdf from the same page the preview shows, right to left in Arabic", async () => {
    const s = await admissionSchool(app);
    await ok(
      s.api.post("/admin/api/field", {
        entity: "admission",
        key: "madhab",
        label: "Madhab",
        labels: { ar: "المذهب" },
        kind: "choice",
        options: [{ value: "shafii", labels: { ar: "شافعي" } }],
      }),
    );
    const a = await filed(app, s.api, s.tenant.code, { nameNative: "عائشة بنت عبد الله", photo: png(), customfields: { madhab: "shafii" }, language: "ar" });
    const pdf = await s.api.get(`/admin/api/admission/download-pdf/${a.id}?lang=ar`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="admission-${a.id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const preview = await ok<{ html: string }>(s.api.get(`/admin/api/admission/print/${a.id}?lang=ar`));
    expect(preview.html).toContain('<html lang="ar" dir="rtl">');
    expect(preview.html).toContain("عائشة بنت عبد الله");
    expect(preview.html).toContain("طلب التحاق");
    expect(preview.html).toContain("المذهب");
    expect(preview.html).toContain("شافعي");
    // The photo is inside the page: the PDF is printed offline.
    expect(preview.html).toContain("data:image/png;base64,");
    const english = await ok<{ html: string }>(s.api.get(`/admin/api/admission/print/${a.id}`));
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.html).toContain("Application for admission");
    expect((await s.api.get(`/admin/api/admission/print/${a.id}?lang=fr`)).statusCode).toBe(400);
  });
});
