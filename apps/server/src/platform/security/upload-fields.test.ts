import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addStudent } from "../../modules/academics/school.fixture.js";
import { dataUrl, pdfBytes, pngBytes, tempDataDir } from "../../modules/admissions/admission.fixture.js";

/** Image fields (a student's photo, the school's logo) hold only this school's own uploads. */
describe("image fields take this school's uploads only", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(() => app.close());

  type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
  const uploadTo = async (api: Api, module: string, data = dataUrl("image/png", pngBytes()), name = "photo.png") => {
    const res = await api.post("/admin/api/upload", { name, data, module });
    expect(res.statusCode).toBe(200);
    return res.json().data.path as string;
  };
  /** The field a refusal names: a validation error lists its fields, a check names one. */
  const named = (res: { json(): { params?: { field?: string; fields?: string[] } } }) => {
    const p = res.json().params;
    return p?.field ?? p?.fields?.join(",");
  };
  const BAD = [
    "//evil.example/x.png",
    "https://evil.example/x.png",
    "http://169.254.169.254/latest/meta-data.png",
    "http://localhost:3001/admin/api/upload/AAAAAAAAAAAAAAAAAAAAAA.png",
    "/admin/api/upload/../../../etc/passwd",
    "/admin/api/upload/short.png",
    "javascript:alert(1)",
  ];

  it("refuses a student photo that is any other address, naming the field", async () => {
    const { api } = await adminOfNewTenant(app);
    const student = await addStudent(api);
    for (const photo of BAD) {
      const added = await api.post("/admin/api/student", { admissionNo: "X-1", name: "Evil Photo", photo });
      expect([added.statusCode, named(added)], photo).toEqual([400, "photo"]);
      const changed = await api.put("/admin/api/student", { id: student.id, photo });
      expect([changed.statusCode, named(changed)], photo).toEqual([400, "photo"]);
    }
  });

  it("refuses another school's real upload and a file never uploaded, and keeps the school's own", async () => {
    const ours = await adminOfNewTenant(app);
    const theirs = await adminOfNewTenant(app);
    const theirPhoto = await uploadTo(theirs.api, "students");
    const student = await addStudent(ours.api);
    const stolen = await ours.api.put("/admin/api/student", { id: student.id, photo: theirPhoto });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: "upload.unknown", params: { field: "photo" } });
    // Nor can it be read through the other school's session.
    expect((await ours.api.get(theirPhoto)).statusCode).toBe(404);
    const invented = await ours.api.put("/admin/api/student", { id: student.id, photo: "/admin/api/upload/AAAAAAAAAAAAAAAAAAAAAA.png" });
    expect(invented.json()).toMatchObject({ code: "upload.unknown", params: { field: "photo" } });

    const pdf = await uploadTo(ours.api, "students", dataUrl("application/pdf", pdfBytes()), "scan.pdf");
    expect((await ours.api.put("/admin/api/student", { id: student.id, photo: pdf })).statusCode).toBe(400);

    const ownPhoto = await uploadTo(ours.api, "students");
    const kept = await ours.api.put("/admin/api/student", { id: student.id, photo: ownPhoto });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.photo).toBe(ownPhoto);
    expect((await ours.api.get(ownPhoto)).statusCode).toBe(200);
  });

  it("refuses a logo that is a web address or another school's upload, and keeps the school's own", async () => {
    const ours = await adminOfNewTenant(app);
    const theirs = await adminOfNewTenant(app);
    for (const logo of BAD) {
      const res = await ours.api.put("/admin/api/setting", { school: { logo } });
      expect([res.statusCode, named(res)], logo).toEqual([400, "school.logo"]);
    }
    const theirLogo = await uploadTo(theirs.api, "public");
    const stolen = await ours.api.put("/admin/api/setting", { school: { logo: theirLogo } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: "upload.unknown", params: { field: "school.logo" } });
    const ownLogo = await uploadTo(ours.api, "public");
    const kept = await ours.api.put("/admin/api/setting", { school: { logo: ownLogo } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().school.logo).toBe(ownLogo);
  });
});
