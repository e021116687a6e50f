import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf, signedInUser } from "../../../test/people.js";
import { mp3Bytes, pdfWithTitle } from "../../platform/files/sample-files.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { dataUrl, pngBytes, tempDataDir } from "../admissions/admission.fixture.js";
import { parentOf } from "../exams/exams.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];
type Material = { id: number; status: string; className: string | null; uploaderName: string; reviewNote: string | null };

const upload = async (api: Api, name: string, type: string, bytes: Buffer) =>
  (await ok<{ data: { path: string } }>(api.post("/admin/api/upload", { name, data: dataUrl(type, bytes), module: "materials" }))).data.path;

/** A school with Class 5-A (Amina, whose mother is signed in) and 5-B (Bilal), and a teacher who may add materials but not approve them. */
async function schoolWithFamilies(app: TestApp) {
  const s = await newSchool(app);
  const amina = await addStudent(s.api, { name: "Amina" });
  const bilal = await addStudent(s.api, { name: "Bilal" });
  await enrol(s.api, amina.id, s.room5a.id);
  await enrol(s.api, bilal.id, s.room5b.id);
  const parent = await parentOf(app, s, amina.id);
  const role = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/role", { name: "Teacher", area: "admin", permissions: { materials: ["view", "add", "edit"] } }),
  );
  const teacher = await signedInUser(app, s.tenant, s.api, [role.data.id], { name: "Ustadha Khadija" });
  return { ...s, amina, bilal, parent, teacher };
}

describe("materials", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });

  it("takes a teacher's worksheet as pending, and refuses a wrong link, two contents, a disguised file, no class and another school's class", async () => {
    const s = await schoolWithFamilies(app);
    const pdf = await upload(s.teacher.api, "worksheet.pdf", "application/pdf", pdfWithTitle("Fiqh worksheet 1"));
    const made = await ok<{ data: Material }>(
      s.teacher.api.post("/admin/api/material", { title: "Wudu worksheet", kind: "worksheet", file: pdf, classroomId: s.room5a.id, subjectId: s.subject.id }),
    );
    expect(made.data).toMatchObject({
      status: "pending",
      className: s.room5a.label,
      subjectName: "Fiqh",
      uploaderName: "Ustadha Khadija",
      uploadedById: s.teacher.user.id,
    });
    const waiting = await ok<{ rows: Material[] }>(s.api.get("/admin/api/material?status=pending"));
    expect(waiting.rows.map((r) => r.id)).toEqual([made.data.id]);

    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await s.teacher.api.post("/admin/api/material", { title: "X", classroomId: s.room5a.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().params)).toContain(field);
    };
    await refused({ kind: "link", link: "http://example.com/surah" }, "link");
    await refused({ kind: "link", link: "javascript:alert(1)" }, "link");
    await refused({ kind: "worksheet", file: pdf, link: "https://example.com/a" }, "link");
    await refused({ kind: "audio", file: pdf }, "recording");
    // A PDF's path is not a recording's.
    await refused({ kind: "audio", recording: pdf }, "recording");
    await refused({ kind: "link", link: "https://example.com/a", classroomId: null }, "classroomId");

    // A PDF renamed as an MP3 never becomes an upload.
    const disguised = await s.teacher.api.post("/admin/api/upload", { name: "surah.mp3", data: dataUrl("audio/mpeg", pdfWithTitle("x")), module: "materials" });
    expect(disguised.json()).toMatchObject({ code: "upload.bad_type", params: { field: "data" } });

    const other = await newSchool(app);
    expect(
      (await s.teacher.api.post("/admin/api/material", { title: "X", kind: "link", link: "https://example.com", classroomId: other.room5a.id })).statusCode,
    ).toBe(404);
    const theirs = await ok<{ data: Material }>(
      other.api.post("/admin/api/material", { title: "Theirs", kind: "link", link: "https://example.com", classroomId: other.room5a.id }),
    );
    expect((await s.api.get(`/admin/api/material/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/material/approve", { id: theirs.data.id })).statusCode).toBe(404);
    expect((await s.parent.api.get(`/user/api/home/getmaterial/${theirs.data.id}`)).statusCode).toBe(404);
    expect((await ok<{ data: Material }>(s.api.get(`/admin/api/material/${made.data.id}`))).data.status).toBe("pending");
  });

  it("is approved only by someone allowed to, with a reason for a rejection, and tells the class's families once", async () => {
    const s = await schoolWithFamilies(app);
    const made = await ok<{ data: Material }>(
      s.teacher.api.post("/admin/api/material", { title: "Tajweed rules", kind: "link", link: "https://example.com/tajweed", classroomId: s.room5a.id }),
    );
    expect((await s.teacher.api.post("/admin/api/material/approve", { id: made.data.id })).statusCode).toBe(403);
    const noReason = await s.api.post("/admin/api/material/approve", { id: made.data.id, status: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json().params)).toContain("reason");
    const rejected = await ok<{ data: Material }>(s.api.post("/admin/api/material/approve", { id: made.data.id, status: "rejected", reason: "Wrong class" }));
    expect(rejected.data).toMatchObject({ status: "rejected", reviewNote: "Wrong class" });
    // A status is the approval's to change, never an edit's.
    expect((await ok<{ data: Material }>(s.api.put("/admin/api/material", { id: made.data.id, status: "approved" }))).data.status).toBe("rejected");

    await ok(s.api.post("/admin/api/material/approve", { id: made.data.id }));
    await ok(s.api.post("/admin/api/material/approve", { id: made.data.id }));
    const told = await ok<{ rows: { kind: string; title: string; body: string; link: string }[] }>(s.parent.api.get("/user/api/home/notifications"));
    expect(told.rows.filter((n) => n.kind === "material")).toEqual([
      expect.objectContaining({ title: `New study material for ${s.room5a.label}`, body: "Tajweed rules", link: `/parent/materials/${made.data.id}` }),
    ]);
    // The teacher's change sends it back for approval.
    expect((await ok<{ data: Material }>(s.teacher.api.put("/admin/api/material", { id: made.data.id, title: "Tajweed rules, part 1" }))).data.status).toBe(
      "pending",
    );
  });

  it("shows a family only the approved materials of its own child's classes, with their files", async () => {
    const s = await schoolWithFamilies(app);
    const mp3 = mp3Bytes();
    const recording = await upload(s.teacher.api, "Surah Al-Mulk.mp3", "audio/mpeg", mp3);
    const add = async (body: Record<string, unknown>) => (await ok<{ data: Material }>(s.teacher.api.post("/admin/api/material", body))).data.id;
    const audio = await add({ title: "Al-Mulk recitation", kind: "audio", recording, classroomId: s.room5a.id });
    const forClass5 = await add({ title: "Class 5 notes", kind: "link", link: "https://example.com/5", courseClassId: s.class5.id });
    const pending = await add({ title: "Not yet", kind: "link", link: "https://example.com/p", classroomId: s.room5a.id });
    const otherClass = await add({ title: "5-B only", kind: "link", link: "https://example.com/b", classroomId: s.room5b.id });
    for (const id of [audio, forClass5, otherClass]) await ok(s.api.post("/admin/api/material/approve", { id }));

    const seen = await ok<{ rows: Material[] }>(s.parent.api.get(`/admin/api/material/all?studentId=${s.amina.id}`));
    expect(seen.rows.map((r) => r.id).sort()).toEqual([audio, forClass5].sort());
    expect((await s.parent.api.get(`/admin/api/material/all?studentId=${s.bilal.id}`)).statusCode).toBe(404);
    expect((await ok<{ rows: Material[] }>(s.api.get(`/admin/api/material/all?classroomId=${s.room5b.id}`))).rows.map((r) => r.id).sort()).toEqual(
      [forClass5, otherClass].sort(),
    );

    expect((await ok<{ data: Material }>(s.parent.api.get(`/user/api/home/getmaterial/${audio}`))).data.className).toBe(s.room5a.label);
    expect((await s.parent.api.get(`/user/api/home/getmaterial/${pending}`)).statusCode).toBe(404);
    expect((await s.parent.api.get(`/user/api/home/getmaterial/${otherClass}`)).statusCode).toBe(404);
    expect((await s.parent.api.get(`/admin/api/material/${audio}`)).statusCode).toBe(403);
    expect((await s.parent.api.get("/admin/api/material")).statusCode).toBe(403);

    const file = await s.parent.api.get(`/user/api/home/getmaterial/${audio}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/mpeg");
    expect(file.rawPayload.equals(mp3)).toBe(true);
    expect((await s.parent.api.get(`/user/api/home/getmaterial/${pending}/file`)).statusCode).toBe(404);
    // The upload's own address stays the office's.
    expect((await s.parent.api.get(recording)).statusCode).toBe(404);
  });

  it("takes a material from a teacher without an account by the school's code, checked and limited", async () => {
    const s = await schoolWithFamilies(app);
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const send = (code: string, body: Record<string, unknown>, from = ip) =>
      app.inject({
        method: "POST",
        url: `/admin/open/material/${code}`,
        remoteAddress: from,
        headers: { "x-requested-with": "XMLHttpRequest" },
        payload: body,
      });
    const teacher = { name: "Hafiz Yusuf", mobile: "+919812345678", title: "Surah Yasin", classroomId: s.room5a.id };

    const form = await app.inject({ method: "GET", url: `/admin/open/material/${s.tenant.code}` });
    expect(
      form
        .json()
        .classrooms.map((c: { label: string }) => c.label)
        .sort(),
    ).toEqual([s.room5a.label, s.room5b.label].sort());
    expect((await app.inject({ method: "GET", url: "/admin/open/material/NO-SUCH-SCHOOL" })).statusCode).toBe(404);

    const sent = await send(s.tenant.code, { ...teacher, kind: "audio", file: { name: "yasin.mp3", data: dataUrl("audio/mpeg", mp3Bytes()) } });
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await ok<{ data: Material & { uploaderMobile: string; recording: string } }>(s.api.get(`/admin/api/material/${sent.json().id}`));
    expect(row.data).toMatchObject({ status: "pending", uploaderName: "Hafiz Yusuf", uploaderMobile: "+919812345678", uploadedById: null });
    expect((await s.api.get(row.data.recording)).headers["content-type"]).toBe("audio/mpeg");

    expect((await send("NO-SUCH-SCHOOL", { ...teacher, kind: "link", link: "https://example.com" })).statusCode).toBe(404);
    const disguised = await send(s.tenant.code, { ...teacher, kind: "audio", file: { name: "yasin.mp3", data: dataUrl("audio/mpeg", pngBytes()) } });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ code: "upload.bad_type", params: { field: "file" } });
    const http = await send(s.tenant.code, { ...teacher, kind: "link", link: "http://example.com" });
    expect(http.statusCode).toBe(400);
    expect(JSON.stringify(http.json().params)).toContain("link");
    const missing = await send(s.tenant.code, { ...teacher, kind: "worksheet" });
    expect(JSON.stringify(missing.json().params)).toContain("file");

    // Ten an hour from one address (the three above that reached the school, and these seven): the eleventh is refused.
    for (let i = 0; i < 7; i++) await send(s.tenant.code, { ...teacher, kind: "link", link: "https://example.com" });
    expect((await send(s.tenant.code, { ...teacher, kind: "link", link: "https://example.com" })).statusCode).toBe(429);
    // Another address is still heard.
    expect((await send(s.tenant.code, { ...teacher, kind: "link", link: "https://example.com" }, "203.0.113.9")).statusCode).toBe(200);
  });

  it("lets another school's admin reach none of it", async () => {
    const s = await schoolWithFamilies(app);
    const made = await ok<{ data: Material }>(
      s.api.post("/admin/api/material", { title: "Ours", kind: "link", link: "https://example.com", subjectId: s.subject.id }),
    );
    const other = await adminOfNewTenant(app);
    expect((await other.api.put("/admin/api/material", { id: made.data.id, title: "Mine" })).statusCode).toBe(404);
    expect((await other.api.delete(`/admin/api/material/${made.data.id}`)).statusCode).toBe(404);
    expect((await other.api.get(`/user/api/home/getmaterial/${made.data.id}/file`)).statusCode).toBe(404);
  });

  it("tells each family in its own language: the one it chose, else the school's", async () => {
    const s = await schoolWithFamilies(app);
    await ok(s.parent.api.put("/user/api/user", { language: "ur" }));
    await ok(s.api.put("/admin/api/setting", { school: { languages: ["en", "ur", "ml"], defaultLanguage: "ml" } }));
    const hana = await addStudent(s.api, { name: "Hana", guardianName: "Ibrahim K", guardianMobile: uniqueMobile() });
    await enrol(s.api, hana.id, s.room5a.id);
    const made = await ok<{ data: Material }>(
      s.api.post("/admin/api/material", { title: "Tajweed rules", kind: "link", link: "https://example.com/t", classroomId: s.room5a.id }),
    );
    await ok(s.api.post("/admin/api/material/approve", { id: made.data.id }));
    const told = (await rowsOf(app, "notifications", s.tenant.id)).filter((n) => n.kind === "material");
    const ibrahim = (await rowsOf(app, "users", s.tenant.id)).find((u) => u.name === "Ibrahim K")!;
    expect(told.find((n) => n.user_id === s.parent.user.id)).toMatchObject({
      title: `\u2068${s.room5a.label}\u2069 کے لیے نیا تعلیمی مواد`,
      body: "\u2068Tajweed rules\u2069",
    });
    expect(told.find((n) => n.user_id === ibrahim.id)).toMatchObject({ title: `${s.room5a.label} എന്നതിനുള്ള പുതിയ പഠന സാമഗ്രി`, body: "Tajweed rules" });
  });
});
