import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addClassroom, ok } from "./school.fixture.js";

/** A local sheet server: each path answers with its own body, type and status. */
const sheets: Record<string, { status?: number; type?: string; body: string; location?: string }> = {
  "/good.csv": {
    body: [
      "Admission No,Name,Native Name,Gender,DOB,Mobile,Classroom,Roll No",
      "H-101,Hamza Ali,حمزة علي,M,2015-04-02,9847011111,Class 5-A,1",
      "H-102,Maryam K,മറിയം,female,2015-08-19,,A,2",
      "",
      "H-103,Tamil Selvan,தமிழ் செல்வன்,male,,,B,3",
    ].join("\n"),
  },
  "/bad-rows.csv": {
    body: [
      "admissionNo,name,gender,dateOfBirth,mobile,email,classroom",
      "B-1,Good Row,male,2014-01-01,,,A",
      "B-2,,female,2014-13-01,12,not-an-email,A",
      "B-1,Repeat,x,,,,Z",
    ].join("\n"),
  },
  "/bad-header.csv": { body: "Admission No,Fathr Name,Gender\nX-1,Someone,male\n" },
  "/page.csv": { type: "text/html", body: "<html>Sign in</html>" },
  "/broken.csv": { status: 500, body: "oops" },
  "/away.csv": { status: 302, location: "https://accounts.google.com/signin", body: "" },
};

describe("course import from a sheet link", () => {
  let server: Server;
  let base: string;
  let app: TestApp;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const s = sheets[req.url ?? ""];
      if (!s) return res.writeHead(404).end();
      res.writeHead(s.status ?? 200, { "content-type": s.type ?? "text/csv; charset=utf-8", ...(s.location ? { location: s.location } : {}) });
      res.end(s.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await testApp({ IMPORT_ALLOW_EXTRA: base });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function school(sheet: string) {
    const admin = await adminOfNewTenant(app);
    const { api } = admin;
    const batch = (await ok<{ data: { id: number } }>(api.post("/admin/api/batch", { name: "2026-27", startDate: "2026-06-01", endDate: "2027-03-31" }))).data;
    const course = (await ok<{ data: { id: number } }>(api.post("/admin/api/course", { name: "Madrasa", kind: "madrasa", sheetUrl: `${base}${sheet}` }))).data;
    const cls = (await ok<{ data: { id: number } }>(api.post("/admin/api/course/class", { courseId: course.id, name: "Class 5" }))).data;
    const a = await addClassroom(api, batch.id, cls.id, "A");
    const b = await addClassroom(api, batch.id, cls.id, "B");
    return { ...admin, course, a, b };
  }

  it("imports students, enrols them in the named classrooms, and updates on a second run", async () => {
    const s = await school("/good.csv");
    const res = await ok(s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`));
    expect(res).toMatchObject({ created: 3, updated: 0, enrolled: 3 });
    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/student?sort=admissionNo"));
    expect(list.rows).toMatchObject([
      { admissionNo: "H-101", name: "Hamza Ali", nameNative: "حمزة علي", gender: "male", dateOfBirth: "2015-04-02", mobile: "+919847011111" },
      { admissionNo: "H-102", nameNative: "മറിയം", gender: "female" },
      { admissionNo: "H-103", nameNative: "தமிழ் செல்வன்" },
    ]);
    const inB = await ok<{ rows: { name: string; rollNo: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.b.id}`));
    expect(inB.rows).toMatchObject([{ name: "Tamil Selvan", rollNo: 3 }]);
    expect(await ok(s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`))).toMatchObject({ created: 0, updated: 3, enrolled: 0 });
  });

  it("reports every bad row with its row number and column, and writes nothing", async () => {
    const s = await school("/bad-rows.csv");
    const res = await s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("import.invalid");
    const found = body.params.problems.map((p: { row: number; column: string }) => `${p.row}:${p.column}`);
    expect(found).toEqual(["3:name", "3:dateOfBirth", "3:mobile", "3:email", "4:admissionNo", "4:gender", "4:classroom"]);
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(0);
  });

  it("reports unknown and missing columns", async () => {
    const s = await school("/bad-header.csv");
    const res = await s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.problems).toMatchObject([
      { row: 1, column: "Fathr Name", message: expect.stringContaining("Unknown column") },
      { row: 1, column: "name", message: expect.stringContaining("missing") },
    ]);
  });

  it("refuses a page, a failing server, a redirect elsewhere, a course without a link, and a call without x-requested-with", async () => {
    for (const [sheet, code] of [
      ["/page.csv", "import.not_csv"],
      ["/broken.csv", "import.fetch_failed"],
      ["/away.csv", "import.not_shared"],
    ] as const) {
      const s = await school(sheet);
      const res = await s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`);
      expect(res.statusCode, sheet).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const s = await school("/good.csv");
    const plain = await ok<{ data: { id: number } }>(s.api.post("/admin/api/course", { name: "No sheet" }));
    expect((await s.api.get(`/admin/api/course/fetch-from-google-sheets/${plain.data.id}`)).json().code).toBe("import.no_sheet");
    const noHeader = await app.inject({
      method: "GET",
      url: `/admin/api/course/fetch-from-google-sheets/${s.course.id}`,
      headers: { "x-access-token": s.token },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe("csrf");
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`)).statusCode).toBe(404);
  });

  it("refuses a local address when the app does not allow it", async () => {
    const plainApp = await testApp();
    const { api } = await adminOfNewTenant(plainApp);
    const res = await api.post("/admin/api/course", { name: "Local", sheetUrl: `${base}/good.csv` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("import.url_not_allowed");
  });
});
