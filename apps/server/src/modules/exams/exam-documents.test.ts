import { mkdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { chromium } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { findChromium, PdfRenderer } from "../../platform/files/pdf-renderer.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, newSchool, ok } from "../academics/school.fixture.js";
import { fixtureCard, fixtureDoc } from "./exam-documents.fixture.js";
import { concatPdfs, pdfPageCount, printReportCards } from "./exam-documents.print.js";
import { exams, results } from "./exams.table.js";
import { setRankListHtml } from "./rank-list.html.js";
import { reportCardSection, reportCardsHtml } from "./report-card.html.js";

const app: TestApp = await testApp();
type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

/** Where the pictures of the printed cards go, to be looked at. */
const PICTURES = join(tmpdir(), "taleem-report-cards");

/** Each page of a PDF as a PNG, drawn by Chromium's own PDF viewer (no pdftoppm on this machine). */
async function pdfToPngs(pdf: Buffer, name: string, pages: number): Promise<string[]> {
  await mkdir(PICTURES, { recursive: true });
  const file = join(PICTURES, `${name}.pdf`);
  await writeFile(file, pdf);
  const browser = await chromium.launch({ executablePath: findChromium()!, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const out: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const tab = await browser.newPage({ viewport: { width: 900, height: 1250 } });
      await tab.goto(`file://${file}#toolbar=0&navpanes=0&view=FitH&page=${page}`);
      // The viewer draws the page when it gets to it: on a busy machine that took more than the
      // 2 s once waited. Look again until the picture stops changing (or 20 s have passed); a page
      // that is really blank stays small and fails the caller's check.
      const png = join(PICTURES, `${name}-page${page}.png`);
      let last = 0;
      for (const until = Date.now() + 20_000; Date.now() < until; ) {
        await tab.waitForTimeout(1000);
        const size = (await tab.screenshot({ path: png })).length;
        if (size > 20_000 && size === last) break;
        last = size;
      }
      await tab.close();
      out.push(png);
    }
    return out;
  } finally {
    await browser.close();
  }
}

const isPdf = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return res.rawPayload;
};

interface Seeded {
  api: Api;
  tenantId: number;
  masterId: number;
  setId: number;
  roomA: number;
  roomB: number;
  examIds: number[];
  urdu: number;
  tamil: number;
  crowd: number[];
}

/** A school over its own HTTP calls: a term for two classrooms (3 students in A, 60 in B), two subjects, marks, a set. */
async function seed(): Promise<Seeded> {
  const school = await newSchool(app);
  const { api } = school;
  const arabic = (await ok<{ data: { id: number } }>(api.post("/admin/api/subject", { name: "Arabic", code: `AR${Date.now() % 100000}` }))).data;
  for (const [name, minPercent, maxPercent, description] of [
    ["A+", 90, 100, "Outstanding"],
    ["A", 75, 89, "Very good"],
    ["B", 50, 74, "Good"],
    ["C", 35, 49, "Fair"],
    ["E", 0, 34, "Not yet"],
  ] as const) {
    await ok(api.post("/admin/api/grade", { name, minPercent, maxPercent, description }));
  }
  const urdu = await addStudent(api, { name: "Ayesha Siddiqui", nameNative: "عائشہ صدیقی" });
  const tamil = await addStudent(api, { name: "Kavya Raman", nameNative: "காவ்யா ராமன்" });
  const third = await addStudent(api, { name: "Rahul Nair", nameNative: "രാഹുൽ നായർ" });
  const bulk = await ok<{ ids: number[] }>(
    api.post("/admin/api/student/bulk", {
      students: Array.from({ length: 60 }, (_, i) => ({ admissionNo: `B-${school.tenant.id}-${i}`, name: `Pupil ${String(i + 1).padStart(2, "0")}` })),
    }),
  );
  await ok(api.post("/admin/api/enrollment/bulk", { classroomId: school.room5a.id, studentIds: [urdu.id, tamil.id, third.id], startedOn: "2026-06-01" }));
  await ok(api.post("/admin/api/enrollment/bulk", { classroomId: school.room5b.id, studentIds: bulk.ids, startedOn: "2026-06-01" }));
  const master = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Half-yearly",
        batchId: school.thisYear.id,
        startDate: "2026-09-01",
        endDate: "2026-09-20",
        classroomIds: [school.room5a.id, school.room5b.id],
        subjects: [
          { subjectId: school.subject.id, maxMarks: 100, passMarks: 35 },
          { subjectId: arabic.id, maxMarks: 50, passMarks: 18 },
        ],
      }),
    )
  ).data;
  const papers = (
    await ok<{ rows: { id: number; classroomId: number; subjectId: number; maxMarks: number }[] }>(
      api.get(`/admin/api/exam?examMasterId=${master.id}&limit=50`),
    )
  ).rows;
  expect(papers).toHaveLength(4);
  for (const paper of papers) {
    const people = paper.classroomId === school.room5a.id ? [urdu.id, tamil.id, third.id] : bulk.ids;
    const entries = people.map((studentId, i) =>
      studentId === third.id && paper.subjectId === arabic.id
        ? { studentId, marks: null, status: "absent" }
        : { studentId, marks: Math.max(0, paper.maxMarks - ((i * 7) % paper.maxMarks)) - (i % 2) * 0.5 },
    );
    await ok(api.post("/admin/api/result/multiresults", { examId: paper.id, results: entries }));
  }
  const set = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/examset", { name: "Term report", batchId: school.thisYear.id, components: [{ examMasterId: master.id }] }),
    )
  ).data;
  return {
    api,
    tenantId: school.tenant.id,
    masterId: master.id,
    setId: set.id,
    roomA: school.room5a.id,
    roomB: school.room5b.id,
    examIds: papers.map((p) => p.id),
    urdu: urdu.id,
    tamil: tamil.id,
    crowd: bulk.ids,
  };
}

describe("exam documents over HTTP", () => {
  let s: Seeded;
  beforeAll(async () => {
    s = await seed();
  }, 120_000);

  it("prints one classroom's report cards in the request as mark-sheets-{id}.pdf, one sheet a student", async () => {
    const res = await s.api.get(`/admin/api/exammaster/mark-sheets/${s.masterId}?classroomId=${s.roomA}&lang=en`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="mark-sheets-${s.masterId}.pdf"`);
    expect(pdfPageCount(isPdf(res))).toBe(3);
  }, 60_000);

  it("prints the report cards of a student with an Urdu name and one with a Tamil name, in Urdu and in Tamil, as pictures", async () => {
    for (const lang of ["ur", "ta"] as const) {
      const res = await s.api.get(`/admin/api/exammaster/mark-sheets/${s.masterId}?classroomId=${s.roomA}&lang=${lang}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const pdf = isPdf(res);
      const pngs = await pdfToPngs(pdf, `mark-sheets-${lang}`, 2);
      for (const png of pngs) expect((await stat(png)).size).toBeGreaterThan(20_000);
    }
  }, 120_000);

  it("prints one student's card of the set as report-card-{admissionNo}-{set}.pdf on one sheet, in English and Urdu, as pictures", async () => {
    const lines = (await ok<{ rows: { id: number; studentId: number }[] }>(s.api.get(`/admin/api/enrollment?classroomId=${s.roomA}&limit=10`))).rows;
    const line = lines.find((l) => l.studentId === s.urdu)!;
    await ok(s.api.put("/admin/api/enrollment", { id: line.id, rollNo: 7 }));
    const cards = await ok<{ rows: { studentId: number; rollNo: number | null; admissionNo: string }[] }>(
      s.api.get(`/admin/api/examset/${s.setId}/results?classroomId=${s.roomA}`),
    );
    const card = cards.rows.find((c) => c.studentId === s.urdu)!;
    expect(card.rollNo).toBe(7);
    for (const lang of ["en", "ur"] as const) {
      const res = await s.api.get(`/admin/api/examset/${s.setId}/report-card/${s.urdu}?lang=${lang}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="report-card-${card.admissionNo}-term-report.pdf"`);
      const pdf = isPdf(res);
      expect(pdfPageCount(pdf)).toBe(1);
      const [png] = await pdfToPngs(pdf, `report-card-${lang}`, 1);
      expect((await stat(png!)).size).toBeGreaterThan(20_000);
    }
    // Not a student of the set: 404, as another school's set is.
    expect((await s.api.get(`/admin/api/examset/${s.setId}/report-card/${s.crowd[0]! + 100_000}`)).statusCode).toBe(404);
  }, 120_000);

  it("refuses more than 60 students without a classroom (409, naming the job) and refuses a classroom that does not sit it", async () => {
    const res = await s.api.get(`/admin/api/exammaster/mark-sheets/${s.masterId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "mark_sheets.use_job", params: { students: 63, limit: 60 } });
    expect(res.json().message).toContain(`/admin/api/exammaster/mark-sheets/${s.masterId}/job`);
    const other = await s.api.get(`/admin/api/exammaster/mark-sheets/${s.masterId}?classroomId=999999`);
    expect(other.statusCode).toBe(404);
  });

  it("prints a paper's rank list and the exam set's by class and overall as rank-list-{id}.pdf", async () => {
    const paper = await s.api.get(`/admin/api/exam/rank-list/${s.examIds[0]}?lang=ar`);
    expect(paper.statusCode, paper.body.slice(0, 300)).toBe(200);
    expect(paper.headers["content-disposition"]).toBe(`attachment; filename="rank-list-${s.examIds[0]}.pdf"`);
    isPdf(paper);
    const byClass = await s.api.get(`/admin/api/examset/rank-list/${s.setId}/class?lang=ml`);
    expect(byClass.statusCode, byClass.body.slice(0, 300)).toBe(200);
    expect(byClass.headers["content-disposition"]).toBe(`attachment; filename="rank-list-${s.setId}.pdf"`);
    // A section a classroom, each starting a sheet: A fits one, B's 60 lines take more.
    expect(pdfPageCount(isPdf(byClass))).toBeGreaterThanOrEqual(3);
    const overall = await s.api.get(`/admin/api/examset/rank-list/${s.setId}/overall?lang=en`);
    expect(overall.statusCode, overall.body.slice(0, 300)).toBe(200);
    expect(overall.headers["content-disposition"]).toBe(`attachment; filename="rank-list-${s.setId}.pdf"`);
    isPdf(overall);
  }, 60_000);

  it("makes the whole term as a job: progress to done, a bad record fails its card only, the file kept for download; another school gets 404", async () => {
    // One student's stored marks are above the paper's maximum: that card cannot be made.
    const scope = new TenantScope(app.services.db, s.tenantId);
    const bad = s.crowd[7]!;
    await scope.transaction(async (tx) => {
      const [paper] = await tx.db
        .select({ id: exams.id })
        .from(exams)
        .where(tx.where(exams, eq(exams.examMasterId, s.masterId), eq(exams.classroomId, s.roomB)));
      await tx.db
        .update(results)
        .set({ marks: 999 })
        .where(tx.where(results, and(eq(results.examId, paper!.id), eq(results.studentId, bad))));
    });

    const started = await ok<{ job: string; total: number }>(s.api.post(`/admin/api/exammaster/mark-sheets/${s.masterId}/job`, { lang: "en" }));
    expect(started.total).toBe(63);
    const early = await s.api.get(`/admin/api/exammaster/mark-sheets-file/${started.job}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("mark_sheets.running");

    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/exammaster/mark-sheets-progress/${started.job}`)).statusCode).toBe(404);
    expect((await other.api.get(`/admin/api/exammaster/mark-sheets-file/${started.job}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/exammaster/mark-sheets-file/no-such-job")).statusCode).toBe(404);
    expect((await other.api.post(`/admin/api/exammaster/mark-sheets/${s.masterId}/job`, {})).statusCode).toBe(404);

    const seen: number[] = [];
    let progress: {
      state: string;
      done: number;
      total: number;
      result: { cards: number; failed: { studentId: number; message: string }[]; fileName: string } | null;
    };
    for (;;) {
      progress = await ok(s.api.get(`/admin/api/exammaster/mark-sheets-progress/${started.job}`));
      seen.push(progress.done);
      if (progress.state !== "running") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(progress.state).toBe("done");
    expect(progress.done).toBe(63);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(progress.result!.cards).toBe(62);
    expect(progress.result!.failed).toEqual([expect.objectContaining({ studentId: bad, message: expect.stringContaining("999") })]);
    expect(progress.result!.fileName).toBe(`mark-sheets-${s.masterId}.pdf`);

    const file = await s.api.get(`/admin/api/exammaster/mark-sheets-file/${started.job}`);
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="mark-sheets-${s.masterId}.pdf"`);
    expect(pdfPageCount(isPdf(file))).toBe(62);
    expect((await other.api.get(`/admin/api/exammaster/mark-sheets-file/${started.job}`)).statusCode).toBe(404);
  }, 120_000);
});

describe("printing report cards", () => {
  it("joins Chromium's PDFs into one with every page in order", async () => {
    const pdf = new PdfRenderer();
    try {
      const a = await pdf.render(`<p style="break-after: page">one</p><p>two</p>`);
      const b = await pdf.render(`<p>three</p>`);
      const joined = concatPdfs([a, b, a]);
      expect(joined.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdfPageCount(joined)).toBe(5);
      // The joined file reads back as a well-formed PDF of its own.
      expect(pdfPageCount(concatPdfs([joined, b]))).toBe(6);
    } finally {
      await pdf.close();
    }
  }, 60_000);

  it("fails only the card Chromium cannot print; the others are printed, the bar reaching every card", async () => {
    const pdf = new PdfRenderer();
    const printer = { render: (html: string) => (html.includes("Broken Record") ? Promise.reject(new Error("renderer crashed")) : pdf.render(html)) };
    try {
      const cards = Array.from({ length: 7 }, (_, i) => fixtureCard({ studentId: i + 1, studentName: i === 4 ? "Broken Record" : `Student ${i + 1}` }));
      const progress: number[] = [];
      const made = await printReportCards(printer, fixtureDoc("en"), "Report card", "Term", cards, {
        chunk: 3,
        concurrency: 2,
        isolate: true,
        onProgress: (d) => progress.push(d),
      });
      expect(made.failed).toEqual([{ studentId: 5, name: "Broken Record", message: "renderer crashed" }]);
      expect(made.printed).toBe(6);
      expect(pdfPageCount(made.file)).toBe(6);
      expect(Math.max(...progress)).toBe(7);
      await expect(printReportCards(printer, fixtureDoc("en"), "Report card", "Term", cards, { chunk: 3 })).rejects.toThrow("renderer crashed");
    } finally {
      await pdf.close();
    }
  }, 60_000);

  it("writes a card's and a rank list's figures in the digits the school chose for the language, codes as issued", () => {
    const card = fixtureCard({ studentId: 1, studentName: "Student 1", classRank: 2, overallRank: 3, admissionNo: "A-2071-2", rollNo: 7 });
    const doc = { ...fixtureDoc("ur"), digits: "arabext" };
    const html = reportCardsHtml(doc, [reportCardSection(doc, card, "Annual")], "Report card");
    const figures = [...html.matchAll(/<bdi class="n f" dir="ltr">([^<]*)<\/bdi>/g)].map((m) => m[1]!);
    expect(figures.length).toBeGreaterThan(5);
    expect(
      figures.filter((f) => /[0-9]/.test(f)),
      "no figure in Latin digits",
    ).toEqual([]);
    expect(figures).toContain("۷");
    expect(html).toContain(`<bdi class="n" dir="ltr">A-2071-2</bdi>`);
    const list = setRankListHtml(doc, { name: "Annual", batchName: "2026-27", rankRule: "all" }, "class", [{ title: "", cards: [card] }]);
    expect([...list.matchAll(/<td class="rank"><bdi class="n f" dir="ltr">([^<]+)/g)].map((m) => m[1])).toEqual(["۲"]);
    // Latin unless chosen: the same card for a school that chose nothing.
    const latin = reportCardsHtml(fixtureDoc("ur"), [reportCardSection(fixtureDoc("ur"), card, "Annual")], "Report card");
    expect(latin).not.toMatch(/[\u06f0-\u06f9]/);
  });

  it("lists an exam set's ranks with ties as 1, 2, 2, 4 and the rule stated, unranked last", () => {
    const ranked = [1, 2, 2, 4, null].map((rank, i) => fixtureCard({ studentId: i + 1, studentName: `Student ${i + 1}`, classRank: rank, overallRank: rank }));
    const html = setRankListHtml(fixtureDoc("en"), { name: "Annual", batchName: "2026-27", rankRule: "passedAll" }, "class", [
      { title: "Grade 7-A", cards: ranked },
    ]);
    const ranks = [...html.matchAll(/<td class="rank">(?:<bdi class="n f" dir="ltr">)?([^<]+)/g)].map((m) => m[1]);
    expect(ranks).toEqual(["1", "2", "2", "4", "–"]);
    expect(html).toContain(
      `Only students who passed every subject are ranked, on the percentage; an absent paper fails its subject. Equal percentages share a rank and the next rank is skipped (<bdi class="n f" dir="ltr">1, 2, 2, 4</bdi>).`,
    );
    const arabic = setRankListHtml(fixtureDoc("ar"), { name: "Annual", batchName: "2026-27", rankRule: "all" }, "overall", [{ title: "", cards: ranked }]);
    expect(arabic).toContain(`dir="rtl"`);
    expect(arabic).toContain("يُرتَّب كل طالب أدّى ورقة واحدة على الأقل");
  });
});
