import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { addClassroom, ok } from "./school.fixture.js";

/** A school's whole roll: 10,000 students, alternating between classrooms A and B. */
const roll = (bad: (i: number, cells: string[]) => string[] = (_i, c) => c) =>
  [
    "Admission No,Name,Gender,DOB,Classroom,Roll No",
    ...Array.from({ length: 10_000 }, (_, i) =>
      bad(i + 2, [
        `R-${String(i + 1).padStart(5, "0")}`,
        `Student ${i + 1}`,
        i % 2 ? "male" : "female",
        `2014-0${1 + (i % 9)}-1${i % 10}`,
        i % 2 ? "B" : "A",
        String(Math.floor(i / 2) + 1),
      ]).join(","),
    ),
  ].join("\n");

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
  "/roll.csv": { body: roll() },
  // Row 17 has no name, row 9,001 an impossible date: both are reported, nothing is written.
  "/roll-bad.csv": {
    body: roll((row, c) => (row === 17 ? [c[0]!, "", ...c.slice(2)] : row === 9001 ? [...c.slice(0, 3), "2015-02-30", ...c.slice(4)] : c)),
  },
  "/one-in-a.csv": { body: "admissionNo,name,classroom\nM-1,Moved,A\nM-2,New One,A\n" },
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
      // Closed after each answer: a kept-alive socket the server drops between two imports would fail the second.
      res.writeHead(s.status ?? 200, {
        "content-type": s.type ?? "text/csv; charset=utf-8",
        connection: "close",
        ...(s.location ? { location: s.location } : {}),
      });
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

  type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
  interface Progress {
    state: "running" | "done" | "failed";
    done: number;
    total: number;
    result: { created: number; updated: number; enrolled: number } | null;
    error: { code: string; params: { problems?: { row: number; column: string }[] } } | null;
  }

  /** Starts the course's import and follows its progress until the job ends. */
  async function runImport(api: Api, courseId: number): Promise<Progress> {
    const started = await ok<{ job: string; total: number }>(api.get(`/admin/api/course/fetch-from-google-sheets/${courseId}`));
    for (;;) {
      const p = await ok<Progress>(api.get(`/admin/api/course/import-progress/${started.job}`));
      expect(p.total).toBe(started.total);
      expect(p.done).toBeLessThanOrEqual(p.total);
      if (p.state !== "running") return p;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const classroomCounts = async (api: Api) =>
    Object.fromEntries(
      (await ok<{ rows: { name: string; studentCount: number }[] }>(api.get("/admin/api/classRoom?limit=100"))).rows.map((r) => [r.name, r.studentCount]),
    );

  it("imports students, enrols them in the named classrooms, and updates on a second run", async () => {
    const s = await school("/good.csv");
    expect(await runImport(s.api, s.course.id)).toMatchObject({ state: "done", done: 3, total: 3, result: { created: 3, updated: 0, enrolled: 3 } });
    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/student?sort=admissionNo"));
    expect(list.rows).toMatchObject([
      { admissionNo: "H-101", name: "Hamza Ali", nameNative: "حمزة علي", gender: "male", dateOfBirth: "2015-04-02", mobile: "+919847011111" },
      { admissionNo: "H-102", nameNative: "മറിയം", gender: "female" },
      { admissionNo: "H-103", nameNative: "தமிழ் செல்வன்" },
    ]);
    const inB = await ok<{ rows: { name: string; rollNo: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.b.id}`));
    expect(inB.rows).toMatchObject([{ name: "Tamil Selvan", rollNo: 3 }]);
    expect((await runImport(s.api, s.course.id)).result).toMatchObject({ created: 0, updated: 3, enrolled: 0 });
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

  it("imports a roll of 10,000 students with their classrooms in one call, and a second run doubles nothing", async () => {
    const s = await school("/roll.csv");
    const first = await runImport(s.api, s.course.id);
    expect(first).toMatchObject({ state: "done", done: 10_000, total: 10_000, result: { created: 10_000, updated: 0, enrolled: 10_000 } });
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(10_000);
    expect(await classroomCounts(s.api)).toEqual({ A: 5000, B: 5000 });
    const last = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/student?q=R-10000"));
    expect(last.rows).toMatchObject([{ admissionNo: "R-10000", name: "Student 10000", gender: "male", dateOfBirth: "2014-01-19" }]);

    const again = await runImport(s.api, s.course.id);
    expect(again.result).toMatchObject({ created: 0, updated: 10_000, enrolled: 0 });
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(10_000);
    expect(await classroomCounts(s.api)).toEqual({ A: 5000, B: 5000 });
  }, 180_000);

  it("reports row 17 without a name and row 9,001 with an impossible date in a roll of 10,000, and writes nothing", async () => {
    const s = await school("/roll-bad.csv");
    const res = await s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "import.invalid" });
    expect(res.json().params.problems).toEqual([
      { row: 17, column: "name", message: "The name is empty." },
      { row: 9001, column: "dateOfBirth", message: expect.stringContaining("2015-02-30") },
    ]);
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(0);
    expect(await classroomCounts(s.api)).toEqual({ A: 0, B: 0 });
  });

  it("fails the whole job when a student is already in another classroom, leaving every row as it was", async () => {
    const s = await school("/one-in-a.csv");
    const moved = await ok<{ data: { id: number } }>(s.api.post("/admin/api/student", { admissionNo: "M-1", name: "Moved" }));
    await ok(s.api.post("/admin/api/enrollment", { studentId: moved.data.id, classroomId: s.b.id }));
    const end = await runImport(s.api, s.course.id);
    expect(end).toMatchObject({ state: "failed", result: null, error: { code: "import.invalid", params: { problems: [{ row: 2, column: "classroom" }] } } });
    const list = await ok<{ rows: { admissionNo: string }[] }>(s.api.get("/admin/api/student"));
    expect(list.rows.map((r) => r.admissionNo)).toEqual(["M-1"]);
    expect(await classroomCounts(s.api)).toEqual({ A: 0, B: 1 });
  });

  it("answers 404 for another school's import job and for an unknown one", async () => {
    const s = await school("/good.csv");
    const started = await ok<{ job: string }>(s.api.get(`/admin/api/course/fetch-from-google-sheets/${s.course.id}`));
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/course/import-progress/${started.job}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/course/import-progress/no-such-job")).statusCode).toBe(404);
    expect((await ok<Progress>(s.api.get(`/admin/api/course/import-progress/${started.job}`))).total).toBe(3);
  });

  it("imports the same columns from an uploaded CSV or Excel file, with the same checks and job", async () => {
    const s = await school("/none.csv");
    const send = (fileName: string, data: Buffer | string) =>
      s.api.post(`/admin/api/course/${s.course.id}/import-file`, { fileName, data: Buffer.from(data).toString("base64") });
    const csv = ["Admission No,Name,Classroom", "F-1,File One,A", "F-2,File Two,B"].join("\n");
    const started = await ok<{ job: string }>(send("roll.csv", csv));
    // A poll is answered from memory: waiting between polls lets the job's own queries run.
    const follow = async (job: string) => {
      for (;;) {
        const p = await ok<Progress>(s.api.get(`/admin/api/course/import-progress/${job}`));
        if (p.state !== "running") return p;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    let end = await follow(started.job);
    expect(end.result).toMatchObject({ created: 2, enrolled: 2 });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Roll");
    sheet.addRows([
      ["Admission No", "Name", "DOB", "Classroom"],
      ["F-2", "File Two", new Date("2015-03-04T00:00:00Z"), "B"],
      ["F-3", "", "2015-02-30", "A"],
    ]);
    const bad = await send("roll.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.problems.map((p: { row: number; column: string }) => `${p.row}:${p.column}`)).toEqual(["3:name", "3:dateOfBirth"]);
    sheet.spliceRows(3, 1);
    const fixed = await ok<{ job: string }>(send("roll.xlsx", Buffer.from(await book.xlsx.writeBuffer())));
    end = await follow(fixed.job);
    expect(end.result).toMatchObject({ created: 0, updated: 1, enrolled: 0 });
    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/student?sort=admissionNo"));
    expect(list.rows).toMatchObject([{ admissionNo: "F-1" }, { admissionNo: "F-2", dateOfBirth: "2015-03-04" }]);
    expect((await send("roll.txt", "x")).json()).toMatchObject({ code: "import.bad_file" });
    const other = await adminOfNewTenant(app);
    const theirs = await other.api.post(`/admin/api/course/${s.course.id}/import-file`, { fileName: "roll.csv", data: Buffer.from(csv).toString("base64") });
    expect(theirs.statusCode).toBe(404);
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
