import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { ok } from "../academics/school.fixture.js";
import { admissionSchool, tempDataDir } from "./admission.fixture.js";

const GOOD = [
  "Timestamp,Name,Native Name,Gender,DOB,Course,Parent Name,Parent Mobile,Email Address,Language,Blood group",
  "2026-04-01 10:00,Hamza Ali,حمزة علي,M,2015-04-02,Hifz,Ali Hamza,9847011111,ali@example.com,ar,O+",
  "2026-04-01 10:05,Maryam K,മറിയം,female,2015-08-19,,Kareem,9847011112,,ml,",
  "",
  "2026-04-01 10:09,Tamil Selvan,தமிழ் செல்வன்,male,,,Selvam,9847011113,,ta,B+",
].join("\n");

const BAD = [
  "name,guardianName,guardianMobile,gender,dateOfBirth,guardianEmail,course,bloodGroup",
  "Good Row,Parent,9847022221,male,2014-01-01,,,A+",
  ",Parent,12,female,2014-13-01,not-an-email,Nope,Z+",
  "Good Row,Parent,9847022221,male,2014-01-01,,,A+",
].join("\n");

const sheets: Record<string, { status?: number; type?: string; body: string }> = {
  "/good.csv": { body: GOOD },
  "/bad.csv": { body: BAD },
  "/page.csv": { type: "text/html", body: "<html>Sign in</html>" },
};

describe("admission imports", () => {
  let server: Server;
  let base: string;
  let app: TestApp;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const s = sheets[req.url ?? ""];
      if (!s) return res.writeHead(404).end();
      res.writeHead(s.status ?? 200, { "content-type": s.type ?? "text/csv; charset=utf-8" }).end(s.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await testApp({ IMPORT_ALLOW_EXTRA: base, DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function school() {
    const s = await admissionSchool(app);
    await ok(s.api.post("/admin/api/course", { name: "Hifz", kind: "hifz" }));
    await ok(
      s.api.post("/admin/api/field", {
        entity: "admission",
        key: "bloodGroup",
        label: "Blood group",
        kind: "choice",
        options: ["A+", "B+", "O+"].map((value) => ({ value })),
      }),
    );
    return s;
  }

  it("imports a CSV file: numbers each row, keeps native names, skips rows it already has", async () => {
    const s = await school();
    const res = await ok<{ created: number; skipped: number; applicationNos: string[] }>(
      s.api.post("/admin/api/admission/bulk", { fileName: "applications.csv", data: Buffer.from(GOOD).toString("base64") }),
    );
    expect(res).toMatchObject({ created: 3, skipped: 0 });
    expect(res.applicationNos.map((n) => n.slice(-4))).toEqual(["0001", "0002", "0003"]);
    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/admission?sort=applicationNo"));
    expect(list.rows).toMatchObject([
      {
        name: "Hamza Ali",
        nameNative: "حمزة علي",
        gender: "male",
        courseName: "Hifz",
        guardianMobile: "+919847011111",
        guardianEmail: "ali@example.com",
        guardianLanguage: "ar",
        source: "import",
        customfields: { bloodGroup: "O+" },
      },
      { name: "Maryam K", nameNative: "മറിയം", guardianLanguage: "ml" },
      { name: "Tamil Selvan", nameNative: "தமிழ் செல்வன்", customfields: { bloodGroup: "B+" } },
    ]);
    const again = await ok(
      s.api.post("/admin/api/admission/bulk", { fileName: "applications.csv", data: `data:text/csv;base64,${Buffer.from(GOOD).toString("base64")}` }),
    );
    expect(again).toMatchObject({ created: 0, skipped: 3 });
  });

  it("imports the first sheet of an Excel file, dates and numbers included", async () => {
    const s = await school();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Applications");
    sheet.addRow(["Name", "Date of birth", "Guardian name", "Guardian mobile", "Gender"]);
    sheet.addRow(["Bilal Khan", new Date("2014-05-06T00:00:00Z"), "Khan Sahib", 9847033331, "male"]);
    sheet.addRow(["Zainab", new Date("2015-01-02T00:00:00Z"), { richText: [{ text: "Zain" }, { text: "ab's father" }] }, "98470 33332", "F"]);
    const data = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const res = await ok(s.api.post("/admin/api/admission/bulk", { fileName: "Admissions.XLSX", data }));
    expect(res).toMatchObject({ created: 2 });
    const list = await ok<{ rows: Record<string, unknown>[] }>(s.api.get("/admin/api/admission?sort=applicationNo"));
    expect(list.rows).toMatchObject([
      { name: "Bilal Khan", dateOfBirth: "2014-05-06", guardianMobile: "+919847033331" },
      { name: "Zainab", guardianName: "Zainab's father", gender: "female" },
    ]);
  });

  it("reports every bad row with its row number and reason, and writes nothing", async () => {
    const s = await school();
    const res = await s.api.post("/admin/api/admission/bulk", { fileName: "bad.csv", data: Buffer.from(BAD).toString("base64") });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("import.invalid");
    const problems = res.json().params.problems as { row: number; column: string; message: string }[];
    expect(
      problems
        .filter((p) => p.row === 3)
        .map((p) => p.column)
        .sort(),
    ).toEqual(["bloodGroup", "course", "dateOfBirth", "guardianEmail", "guardianMobile", "name"].sort());
    expect(problems.find((p) => p.row === 4)).toMatchObject({ column: "name", message: expect.stringContaining("row 2") });
    expect(problems.some((p) => p.row === 2)).toBe(false);
    expect(await rowsOf(app, "admissions", s.tenant.id)).toHaveLength(0);

    const header = await s.api.post("/admin/api/admission/bulk", { fileName: "h.csv", data: Buffer.from("Name,Fathr Name\nX,Y\n").toString("base64") });
    expect(header.json().params.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 1, column: "Fathr Name" }),
        expect.objectContaining({ row: 1, column: "guardianName" }),
        expect.objectContaining({ row: 1, column: "guardianMobile" }),
      ]),
    );
    const notExcel = await s.api.post("/admin/api/admission/bulk", { fileName: "x.xlsx", data: Buffer.from("name\nx").toString("base64") });
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().code).toBe("import.bad_file");
    expect((await s.api.post("/admin/api/admission/bulk", { fileName: "x.docx", data: "AAAA" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/admission/bulk", { fileName: "x.csv" })).statusCode).toBe(400);
  });

  it("imports from the admission form's sheet link, all or nothing", async () => {
    const s = await school();
    const form = await ok<{ data: { id: number } }>(s.api.post("/admin/api/formcustomisation", { form: "admission", config: { sheetUrl: `${base}/bad.csv` } }));
    const bad = await s.api.get(`/admin/api/admission/fetch-from-google-sheets/${form.data.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.problems.length).toBeGreaterThan(3);
    expect(await rowsOf(app, "admissions", s.tenant.id)).toHaveLength(0);

    await ok(s.api.put("/admin/api/formcustomisation", { id: form.data.id, config: { sheetUrl: `${base}/good.csv` } }));
    // A GET that writes: the header the app always sends is required.
    const noHeader = await app.inject({
      method: "GET",
      url: `/admin/api/admission/fetch-from-google-sheets/${form.data.id}`,
      headers: { "x-access-token": s.token },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(await ok(s.api.get(`/admin/api/admission/fetch-from-google-sheets/${form.data.id}`))).toMatchObject({ created: 3, skipped: 0 });

    await ok(s.api.put("/admin/api/formcustomisation", { id: form.data.id, config: { sheetUrl: `${base}/page.csv` } }));
    expect((await s.api.get(`/admin/api/admission/fetch-from-google-sheets/${form.data.id}`)).json().code).toBe("import.not_csv");
    const elsewhere = await s.api.put("/admin/api/formcustomisation", { id: form.data.id, config: { sheetUrl: "https://evil.example.com/a.csv" } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe("import.url_not_allowed");
    await ok(s.api.put("/admin/api/formcustomisation", { id: form.data.id, config: {} }));
    expect((await s.api.get(`/admin/api/admission/fetch-from-google-sheets/${form.data.id}`)).json().code).toBe("import.no_sheet");
    const other = await admissionSchool(app);
    expect((await other.api.get(`/admin/api/admission/fetch-from-google-sheets/${form.data.id}`)).statusCode).toBe(404);
  });
});
