import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, newTenant, signIn, type TestApp, testApp } from "../../../test/harness.js";
import { uploads } from "../../platform/files/uploads.table.js";
import { ok } from "../academics/school.fixture.js";
import { admissionSchool, application, apply, dataUrl, pdfBytes, png, pngBytes, publicForm, tempDataDir } from "./admission.fixture.js";
import { admissions } from "./admissions.table.js";

describe("the public admission form", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the school, its fields with labels in five languages, its courses and the consent", async () => {
    const s = await admissionSchool(app);
    await ok(s.api.post("/admin/api/course", { name: "Hifz", kind: "hifz" }));
    await ok(
      s.api.post("/admin/api/field", {
        entity: "admission",
        key: "bloodGroup",
        label: "Blood group",
        labels: { ml: "രക്തഗ്രൂപ്പ്", ar: "فصيلة الدم" },
        kind: "choice",
        options: [{ value: "A+" }, { value: "B+" }, { value: "O+" }],
        required: true,
      }),
    );
    const form = await publicForm(app, s.tenant.code);
    expect(form.open).toBe(true);
    expect(form.courses.map((c) => c.name)).toEqual(["Hifz"]);
    const name = form.fields.find((f) => f.key === "name")!;
    expect(name).toMatchObject({ builtin: true, required: true });
    expect(Object.keys(name.labels).sort()).toEqual(["ar", "en", "ml", "ta", "ur"]);
    expect(form.fields.find((f) => f.key === "bloodGroup")).toMatchObject({ builtin: false, required: true, labels: { ml: "രക്തഗ്രൂപ്പ്" } });
    expect(form.consent.version).toMatch(/^[0-9a-f]{16}$/);
    expect(form.consent.texts.ml).toContain(`School ${s.tenant.code}`);
    expect((await client(app).get("/admin/open/admission/NO-SUCH-SCHOOL/form")).statusCode).toBe(404);
  });

  it("files an application with its photo, documents and custom fields, and records the consent word for word with its time", async () => {
    const s = await admissionSchool(app);
    await ok(s.api.post("/admin/api/field", { entity: "admission", key: "madrasaYears", label: "Years in madrasa", kind: "number", min: 0, max: 12 }));
    const form = await publicForm(app, s.tenant.code);
    const before = Date.now();
    const body = await application(app, s.tenant.code, {
      nameNative: "عائشة",
      photo: png(),
      documents: [{ label: "Birth certificate", file: { name: "birth.pdf", data: dataUrl("application/pdf", pdfBytes()) } }],
      customfields: { madrasaYears: "3" },
      consent: { accepted: true, version: form.consent.version, language: "ml" },
      language: "ml",
    });
    const res = await apply(app, s.tenant.code, body);
    expect(res.statusCode, res.body).toBe(200);
    const { applicationNo, message } = res.json();
    expect(applicationNo).toMatch(new RegExp(`^ADM-${new Date().getFullYear()}-0001$`));
    // The confirmation speaks the form's language.
    expect(message).toContain("ലഭിച്ചു");
    expect(message).toContain(applicationNo);

    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/admission"));
    const row = list.rows[0]!;
    expect(row).toMatchObject({
      applicationNo,
      status: "pending",
      source: "public",
      nameNative: "عائشة",
      guardianLanguage: "ml",
      customfields: { madrasaYears: 3 },
    });
    expect(row.consent).toMatchObject({ version: form.consent.version, language: "ml", text: form.consent.texts.ml });
    const at = Date.parse((row.consent as { at: string }).at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row.documents).toMatchObject([{ label: "Birth certificate", name: "birth.pdf", type: "application/pdf" }]);

    // The photo is the school's, readable by its admissions staff only.
    const photo = await s.api.get(row.photo as string);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.rawPayload.equals(pngBytes())).toBe(true);
    expect((await client(app).get(row.photo as string)).statusCode).toBe(401);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(row.photo as string)).statusCode).toBe(404);
  });

  it("refuses a disguised or too large photo, and a file that is not what it says", async () => {
    const s = await admissionSchool(app);
    const fake = { name: "photo.jpg", data: dataUrl("image/jpeg", Buffer.from("<html><script>alert(1)</script></html>")) };
    const res = await apply(app, s.tenant.code, await application(app, s.tenant.code, { photo: fake }));
    expect(res.statusCode).toBe(400);
    expect(res.json().params.fields).toContain("photo");
    // A PNG that calls itself a JPEG.
    const renamed = await apply(
      app,
      s.tenant.code,
      await application(app, s.tenant.code, { photo: { name: "p.jpg", data: dataUrl("image/jpeg", pngBytes()) } }),
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toMatch(/does not match/);
    // A PDF is a document, not a photo.
    const pdfPhoto = await apply(
      app,
      s.tenant.code,
      await application(app, s.tenant.code, { photo: { name: "p.pdf", data: dataUrl("application/pdf", pdfBytes()) } }),
    );
    expect(pdfPhoto.statusCode).toBe(400);
    const big = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await apply(app, s.tenant.code, await application(app, s.tenant.code, { photo: png("big.png", big) }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/at most 2 MB/);
    const cut = pngBytes().subarray(0, 30);
    const truncated = await apply(app, s.tenant.code, await application(app, s.tenant.code, { photo: png("cut.png", cut) }));
    expect(truncated.statusCode).toBe(400);
    expect(await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id))).toHaveLength(0);
  });

  it("enforces what the school requires, missing fields and wrong types, naming every field", async () => {
    const s = await admissionSchool(app);
    await ok(
      s.api.post("/admin/api/formcustomisation", {
        form: "admission",
        config: { fields: { photo: { show: true, required: true }, address: { show: false, required: false } } },
      }),
    );
    await ok(
      s.api.post("/admin/api/field", {
        entity: "admission",
        key: "medium",
        label: "Medium of study",
        kind: "choice",
        options: [{ value: "english" }, { value: "urdu" }],
      }),
    );
    const form = await publicForm(app, s.tenant.code);
    expect(form.fields.find((f) => f.key === "photo")?.required).toBe(true);
    expect(form.fields.some((f) => f.key === "address")).toBe(false);

    const body = await application(app, s.tenant.code, { dateOfBirth: undefined, customfields: { medium: "tamil", unknownThing: "x" } });
    const res = await apply(app, s.tenant.code, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.fields).toEqual(expect.arrayContaining(["photo", "dateOfBirth", "customfields.medium", "customfields.unknownThing"]));

    const missing = await apply(app, s.tenant.code, { name: "X" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().params.fields).toEqual(expect.arrayContaining(["guardian", "consent"]));
    const wrongType = await apply(app, s.tenant.code, { ...(await application(app, s.tenant.code)), name: 42, dateOfBirth: "2016-02-30" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().params.fields).toEqual(expect.arrayContaining(["name", "dateOfBirth"]));
    const noConsent = await apply(app, s.tenant.code, {
      ...(await application(app, s.tenant.code)),
      consent: { accepted: false, version: "x", language: "en" },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().params.fields).toContain("consent.accepted");
  });

  it("refuses a birth date in the future and a mobile number that is only the right length, naming each", async () => {
    // A school in the Emirates: 050 1234 has the length of a number there but is no number in use.
    const tenant = await newTenant(app, { country: "AE" });
    const s = { tenant, ...(await signIn(app, tenant.code, tenant.admin.mobile)) };
    await ok(s.api.put("/admin/api/setting", { config: { admissionsOpen: true } }));
    const unborn = await apply(app, s.tenant.code, await application(app, s.tenant.code, { dateOfBirth: "2099-01-01" }));
    expect(unborn.statusCode).toBe(400);
    expect(unborn.json().params.fields).toEqual(["dateOfBirth"]);
    const wrongMobile = await apply(app, s.tenant.code, await application(app, s.tenant.code, { guardian: { name: "Guardian", mobile: "0501234" } }));
    expect(wrongMobile.statusCode).toBe(400);
    expect(JSON.stringify(wrongMobile.json().params)).toContain("guardian.mobile");
    const right = await apply(app, s.tenant.code, await application(app, s.tenant.code, { guardian: { name: "Guardian", mobile: "050 123 4567" } }));
    expect(right.statusCode).toBe(200);
  });

  it("asks for a reload when the consent text changed after the form was opened", async () => {
    const s = await admissionSchool(app);
    const body = await application(app, s.tenant.code, { photo: png() });
    await ok(s.api.post("/admin/api/formcustomisation", { form: "admission", config: { consentText: { en: "We keep your data for {school}." } } }));
    const res = await apply(app, s.tenant.code, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("admission.consent_changed");
    const fresh = await publicForm(app, s.tenant.code);
    expect(fresh.consent.texts).toEqual({ en: `We keep your data for School ${s.tenant.code}.` });
    const again = await apply(app, s.tenant.code, { ...body, consent: { accepted: true, version: fresh.consent.version, language: "ta" } });
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id));
    // Tamil was asked for but the school wrote English only: the English text was shown and is stored.
    expect(row?.consentText).toBe(`We keep your data for School ${s.tenant.code}.`);
  });

  it("refuses applications while the school is not taking them", async () => {
    const s = await adminOfNewTenant(app);
    const closed = await apply(app, s.tenant.code, await application(app, s.tenant.code));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe("admission.closed");
    expect((await publicForm(app, s.tenant.code)).open).toBe(false);
    await ok(s.api.put("/admin/api/setting", { config: { admissionsOpen: true } }));
    expect((await apply(app, s.tenant.code, await application(app, s.tenant.code))).statusCode).toBe(200);
  });

  it("folds an exact repeat into the first application: its number, and no second row", async () => {
    const s = await admissionSchool(app);
    const body = await application(app, s.tenant.code, { name: "Amina Rahman", guardian: { name: "Safiya", mobile: "98470 11223" } });
    const first = await apply(app, s.tenant.code, body);
    expect(first.statusCode, first.body).toBe(200);
    // The same child typed again with other spaces and capitals, the same number written otherwise.
    const again = await apply(app, s.tenant.code, { ...body, name: "  amina   RAHMAN ", guardian: { name: "Safiya R", mobile: "+919847011223" } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Another birth date is another child: an application of its own.
    const sister = await apply(app, s.tenant.code, { ...body, dateOfBirth: "2018-05-01" });
    expect(sister.json().applicationNo).not.toBe(first.json().applicationNo);
    const rows = await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id));
    expect(rows.map((r) => r.applicationNo).sort()).toEqual([first.json().applicationNo, sister.json().applicationNo].sort());
  });

  it("leaves one row when the same application arrives several times at once", async () => {
    const s = await admissionSchool(app);
    const body = await application(app, s.tenant.code);
    const replies = await Promise.all(Array.from({ length: 6 }, () => apply(app, s.tenant.code, body)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(replies.map((r) => r.json().applicationNo)).size).toBe(1);
    expect(await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id))).toHaveLength(1);
  });

  it("answers a robot that filled the hidden field as a parent, and stores nothing", async () => {
    const s = await admissionSchool(app);
    const robot = await apply(app, s.tenant.code, { ...(await application(app, s.tenant.code, { photo: png() })), website: "https://cheap-pills.example" });
    expect(robot.statusCode, robot.body).toBe(200);
    expect(robot.json().applicationNo).toMatch(/^ADM-\d{4}-0001$/);
    expect(robot.json().message).toContain(robot.json().applicationNo);
    expect(await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id))).toHaveLength(0);
    expect(await app.services.db.select().from(uploads).where(eq(uploads.tenantId, s.tenant.id))).toHaveLength(0);
    // The number was not taken: the first parent gets it.
    const parent = await apply(app, s.tenant.code, await application(app, s.tenant.code));
    expect(parent.json().applicationNo).toBe(robot.json().applicationNo);
  });

  it("numbers applications consecutively when they arrive together", async () => {
    const s = await admissionSchool(app);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => application(app, s.tenant.code)));
    const replies = await Promise.all(bodies.map((b) => apply(app, s.tenant.code, b)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const numbers = replies.map((r) => r.json().applicationNo as string).sort();
    const year = new Date().getFullYear();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `ADM-${year}-${String(i + 1).padStart(4, "0")}`));
    const rows = await app.services.db
      .select({ no: admissions.applicationNo })
      .from(admissions)
      .where(and(eq(admissions.tenantId, s.tenant.id), eq(admissions.source, "public")));
    expect(rows.map((r) => r.no).sort()).toEqual(numbers);
  });

  it("limits applications per address, with Retry-After and a clear text", async () => {
    const s = await admissionSchool(app);
    const from = "198.51.100.20";
    for (let i = 0; i < 10; i++) {
      const res = await apply(app, s.tenant.code, await application(app, s.tenant.code), from);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await apply(app, s.tenant.code, await application(app, s.tenant.code), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "admission.too_many_from_address", params: { minutes: 60 } });
    expect(refused.json().message).toBe("Too many applications were sent from this connection. Please try again in 60 minutes.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // Another address, and the same address at another school, are counted apart.
    expect((await apply(app, s.tenant.code, await application(app, s.tenant.code), "198.51.100.21")).statusCode).toBe(200);
    const t = await admissionSchool(app);
    expect((await apply(app, t.tenant.code, await application(app, t.tenant.code), from)).statusCode).toBe(200);
    // A school whose parents apply over its own connection raises the limit.
    await ok(s.api.put("/admin/api/setting", { config: { admissionsPerAddressHour: 50 } }));
    expect((await apply(app, s.tenant.code, await application(app, s.tenant.code), from)).statusCode).toBe(200);
  });

  it("takes at most the school's number of applications a day, repeats and robots not counted", async () => {
    const s = await admissionSchool(app);
    const refusedSetting = await s.api.put("/admin/api/setting", { config: { admissionsPerDay: 0 } });
    expect(refusedSetting.statusCode).toBe(400);
    expect(refusedSetting.json().params.fields).toEqual(["config.admissionsPerDay"]);
    await ok(s.api.put("/admin/api/setting", { config: { admissionsPerDay: 3 } }));
    const bodies = await Promise.all(Array.from({ length: 3 }, () => application(app, s.tenant.code)));
    const first = await apply(app, s.tenant.code, bodies[0], "203.0.113.1");
    expect(first.statusCode).toBe(200);
    expect((await apply(app, s.tenant.code, bodies[0], "203.0.113.2")).json()).toEqual(first.json());
    expect((await apply(app, s.tenant.code, { ...bodies[1], website: "x" }, "203.0.113.3")).statusCode).toBe(200);
    expect((await apply(app, s.tenant.code, bodies[1], "203.0.113.4")).statusCode).toBe(200);
    expect((await apply(app, s.tenant.code, bodies[2], "203.0.113.5")).statusCode).toBe(200);
    const refused = await apply(app, s.tenant.code, await application(app, s.tenant.code), "203.0.113.6");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "admission.too_many_today", params: { hours: 24 } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(86_000);
    expect(await app.services.db.select().from(admissions).where(eq(admissions.tenantId, s.tenant.id))).toHaveLength(3);
    // Another school keeps its own count.
    const t = await admissionSchool(app);
    expect((await apply(app, t.tenant.code, await application(app, t.tenant.code), "203.0.113.6")).statusCode).toBe(200);
  });
});
