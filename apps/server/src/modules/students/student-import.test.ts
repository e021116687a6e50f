import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, newSchool, ok } from "../academics/school.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;
type Progress = {
  state: "running" | "done" | "failed";
  done: number;
  total: number;
  result: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
};
type Student = {
  admissionNo: string;
  name: string;
  customFields: Record<string, unknown>;
  guardians: { userId: number; name: string; mobile: string; relation: string }[];
};

const file = (fileName: string, text: string | Buffer) => ({ fileName, data: Buffer.from(text).toString("base64") });

/** A school with a choice field of its own on students. */
async function school(app: TestApp) {
  const s = await newSchool(app);
  await ok(
    s.api.post("/admin/api/field", {
      entity: "student",
      key: "bloodGroup",
      label: "Blood group",
      kind: "choice",
      options: [{ value: "A+" }, { value: "O+" }],
    }),
  );
  return s;
}

/** Uploads a sheet to the students list and follows the job's progress until it ends; every `done` seen is kept. */
async function importFile(s: School, body: { fileName: string; data: string }) {
  const started = await ok<{ job: string; total: number }>(s.api.post("/admin/api/student/import-file", body));
  const seen: Progress[] = [];
  for (;;) {
    const p = await ok<Progress>(s.api.get(`/admin/api/student/import-progress/${started.job}`));
    seen.push(p);
    if (p.state !== "running") return { end: p, seen, total: started.total };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const students = async (s: School) => (await ok<{ rows: Student[]; count: number }>(s.api.get("/admin/api/student?sort=admissionNo&limit=100"))).rows;

describe("importing students from a spreadsheet on the students list", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("imports students with their guardians, classroom and the school's own fields", async () => {
    const s = await school(app);
    const mother = uniqueMobile();
    const existing = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/student", {
        admissionNo: "P-9",
        name: "Older Sister",
        guardianName: "Sameera",
        guardianMobile: mother,
        guardianRelation: "mother",
      }),
    );
    const csv = [
      "Admission No,Name,Class,Roll No,Guardian Name,Guardian Mobile,Relation,Blood group",
      `P-1,Ameen,Class 5-A,1,Sameera,${mother},mother,O+`,
      `P-2,Bushra,Class 5-B,2,Kareem,${uniqueMobile()},father,A+`,
      "P-3,Chand,,,,,,",
    ].join("\n");
    const { end } = await importFile(s, file("students.csv", csv));
    expect(end).toMatchObject({ state: "done", result: { created: 3, updated: 0, enrolled: 2, parentsCreated: 1, guardiansLinked: 2 } });
    const rows = await students(s);
    expect(rows.map((r) => [r.admissionNo, r.guardians.map((g) => `${g.name}:${g.relation}`), r.customFields.bloodGroup ?? null])).toEqual([
      ["P-1", ["Sameera:mother"], "O+"],
      ["P-2", ["Kareem:father"], "A+"],
      ["P-3", [], null],
      ["P-9", ["Sameera:mother"], null],
    ]);
    // The mother already had an account (made with the older sister): both children share it.
    expect(rows[0]!.guardians[0]!.userId).toBe(rows[3]!.guardians[0]!.userId);
    expect(existing.data.id).toBeGreaterThan(0);
    const inA = await ok<{ rows: { name: string; rollNo: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`));
    expect(inA.rows).toMatchObject([{ name: "Ameen", rollNo: 1 }]);
  });

  it("reports every bad row with its reason and changes nothing", async () => {
    const s = await school(app);
    const before = await addStudent(s.api, { admissionNo: "Q-1", name: "Kept As Is" });
    const csv = [
      "admissionNo,name,classroom,guardianName,guardianMobile,bloodGroup",
      `Q-1,Renamed,Class 5-A,Parent One,${uniqueMobile()},O+`,
      `Q-2,Good Row,Class 5-B,Parent Two,${uniqueMobile()},A+`,
      "Q-3,Bad Row,Class 9-Z,Parent Three,12345,B-",
    ].join("\n");
    const refused = await s.api.post("/admin/api/student/import-file", file("students.csv", csv));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("import.invalid");
    const problems = refused.json().params.problems as { row: number; column: string; message: string }[];
    expect(problems.map((p) => `${p.row}:${p.column}`)).toEqual(["4:classroom", "4:guardianMobile", "4:bloodGroup"]);
    expect(problems[1]!.message).toContain("12345");
    const rows = await students(s);
    expect(rows.map((r) => `${r.admissionNo}:${r.name}`)).toEqual([`Q-1:${before.name}`]);
  });

  it("undoes the whole import when a row fails while it is written", async () => {
    const s = await school(app);
    // Taken by the office while the file was being prepared: one of its rows names another classroom.
    const moved = await addStudent(s.api, { admissionNo: "T-2", name: "Already in B" });
    await ok(s.api.post("/admin/api/enrollment", { studentId: moved.id, classroomId: s.room5b.id }));
    const csv = ["admissionNo,name,classroom,guardianName,guardianMobile", `T-1,New,Class 5-A,Parent,${uniqueMobile()}`, "T-2,Already in B,Class 5-A,,"].join(
      "\n",
    );
    const { end } = await importFile(s, file("students.csv", csv));
    expect(end).toMatchObject({ state: "failed", error: { code: "import.invalid", params: { problems: [{ row: 3, column: "classroom" }] } } });
    expect((await students(s)).map((r) => r.admissionNo)).toEqual(["T-2"]);
  });

  it("gives a template named students-import-template.xlsx with the school's own fields, which imports as it is", async () => {
    const s = await school(app);
    const res = await s.api.get("/admin/api/student/import-template");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="students-import-template.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const header = (book.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(["admissionNo", "name", "classroom", "guardianName", "guardianMobile", "guardianRelation", "bloodGroup"]));
    const { end } = await importFile(s, file("students-import-template.xlsx", res.rawPayload));
    expect(end).toMatchObject({ state: "done", result: { created: 1, enrolled: 1, parentsCreated: 1 } });
  });

  it("moves the progress bar while the rows are written, on either database", async () => {
    const s = await school(app);
    const rows = 3000;
    const csv = [
      "admissionNo,name,classroom,guardianName,guardianMobile",
      ...Array.from({ length: rows }, (_, i) => `M-${i + 1},Student ${i + 1},Class 5-${i % 2 ? "B" : "A"},Parent ${i + 1},+9198${String(47_000_000 + i)}`),
    ].join("\n");
    const { end, seen } = await importFile(s, file("roll.csv", csv));
    expect(end).toMatchObject({ state: "done", done: rows, result: { created: rows, enrolled: rows, parentsCreated: rows } });
    // Polled while the job held its transaction (on the embedded database, its one connection):
    // the bar showed rows written part of the way, not only nothing and then everything.
    const between = seen.filter((p) => p.state === "running" && p.done > 0 && p.done < rows);
    expect(between.length, JSON.stringify(seen.map((p) => [p.state, p.done]))).toBeGreaterThan(0);
    // 3,000 students, parents and enrolments in one transaction: about 3 s alone, past 30 s beside
    // the rest of the suite on CI's two loaded cores.
  }, 180_000);
});
