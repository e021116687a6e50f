import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { type HtmlPrinter, PRINT_CHUNK, PRINT_CONCURRENCY, pdfPageCount, printReportCards } from "../src/modules/exams/exam-documents.print.js";
import { printDoc } from "../src/modules/exams/exam-documents.routes.js";
import { reportCardSection, reportCardsHtml } from "../src/modules/exams/report-card.html.js";
import { examMasterCards } from "../src/modules/exams/report-cards.service.js";
import { students } from "../src/modules/students/students.table.js";
import { PdfRenderer } from "../src/platform/files/pdf-renderer.js";
import { UploadStore } from "../src/platform/files/uploads.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchKinds, benchSignIn, type DatabaseKind, fmt, kindLabel, listen, openBenchApp, pct, seedSchool } from "./bench-kit.js";

/**
 * Report cards (mark sheets) of a term's examination: a class of 40 in the request, and 1,000
 * students (25 classrooms of 40) through the job, each beside Chromium printing the very same
 * HTML alone in one page.pdf call (the bare limit: no database, no per-card layout, no joining).
 * Then how the chunk size and the pages printed at once change the class of 40, which chose the
 * defaults in exam-documents.print.ts.
 */
/** Runs of the class of 40 (in the request and bare) whose median is printed; the 1,000 run once. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCHOOL = { code: "BENCHEXAMS", students: 1300, mobile: "+919000000081" };
const ROOMS = 25;
const PER_ROOM = 40;
const SUBJECTS = ["Quran", "Arabic", "Fiqh", "English", "Mathematics", "Science"];

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The admin's calls, and the raw reply for files. */
async function clientOf(app: Awaited<ReturnType<typeof openBenchApp>>["app"]) {
  const base = await listen(app);
  const headers = {
    "x-access-token": await benchSignIn(app, { mobile: SCHOOL.mobile, password: BENCH_PASSWORD, code: SCHOOL.code }),
    "x-requested-with": "XMLHttpRequest",
    "content-type": "application/json",
  };
  const raw = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const call: Call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await raw(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const file = async (path: string) => {
    const res = await raw("GET", path);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  };
  return { call, file };
}

/** The school's term over its own bulk calls: classrooms, enrolments, the term, every paper's marks. */
async function seedTerm(db: Db, tenantId: number, call: Call) {
  const active = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.status, "active")))
    .orderBy(asc(students.id))
    .limit(ROOMS * PER_ROOM);
  if (active.length < ROOMS * PER_ROOM) throw new Error(`only ${active.length} active students seeded`);
  const batch = (await call<{ data: { id: number } }>("POST", "/admin/api/batch", { name: "2026-27", startDate: "2026-06-01", endDate: "2027-03-31" })).data;
  const course = (await call<{ data: { id: number } }>("POST", "/admin/api/course", { name: "School", kind: "school" })).data;
  const cls = (await call<{ data: { id: number } }>("POST", "/admin/api/course/class", { courseId: course.id, name: "Class 7", order: 7 })).data;
  const rooms: number[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const room = (await call<{ data: { id: number } }>("POST", "/admin/api/classRoom", { batchId: batch.id, courseClassId: cls.id, name: `S${r + 1}` })).data;
    await call("POST", "/admin/api/enrollment/bulk", {
      classroomId: room.id,
      studentIds: active.slice(r * PER_ROOM, (r + 1) * PER_ROOM).map((s) => s.id),
      startedOn: "2026-06-01",
    });
    rooms.push(room.id);
  }
  const subjects: number[] = [];
  for (const [i, name] of SUBJECTS.entries())
    subjects.push((await call<{ data: { id: number } }>("POST", "/admin/api/subject", { name, code: `S${i}` })).data.id);
  for (const [name, minPercent, maxPercent] of [
    ["A+", 90, 100],
    ["A", 75, 89],
    ["B", 50, 74],
    ["C", 35, 49],
    ["E", 0, 34],
  ] as const) {
    await call("POST", "/admin/api/grade", { name, minPercent, maxPercent });
  }
  const master = (
    await call<{ data: { id: number } }>("POST", "/admin/api/exammaster", {
      name: "Half-yearly",
      batchId: batch.id,
      startDate: "2026-09-01",
      endDate: "2026-09-20",
      classroomIds: rooms,
      subjects: subjects.map((subjectId) => ({ subjectId, maxMarks: 100, passMarks: 35 })),
    })
  ).data;
  const papers = (await call<{ rows: { id: number; classroomId: number }[] }>("GET", `/admin/api/exam?examMasterId=${master.id}&limit=500`)).rows;
  for (const paper of papers) {
    const r = rooms.indexOf(paper.classroomId);
    const people = active.slice(r * PER_ROOM, (r + 1) * PER_ROOM);
    await call("POST", "/admin/api/result/multiresults", {
      examId: paper.id,
      results: people.map((s, i) =>
        i % 17 === 5 ? { studentId: s.id, marks: null, status: "absent" } : { studentId: s.id, marks: 30 + ((s.id * 37 + paper.id) % 71) },
      ),
    });
  }
  return { masterId: master.id, firstRoom: rooms[0]! };
}

const seconds = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const out = await run();
  return [out, (performance.now() - t) / 1000];
};

/** The median of ROUNDS runs (a loaded machine's figures vary from run to run), with one run's answer. */
async function median<T>(run: () => Promise<T>): Promise<[T, number]> {
  const times: number[] = [];
  let out: T | undefined;
  for (let i = 0; i < ROUNDS; i++) {
    const [o, s] = await seconds(run);
    out = o;
    times.push(s);
  }
  return [out as T, pct(times, 50)];
}

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const db = database.db as Db;
  const pdf = new PdfRenderer();
  try {
    const tenantId = await seedSchool(db, SCHOOL);
    const { call, file } = await clientOf(app);
    const [{ masterId, firstRoom }, seedSeconds] = await seconds(() => seedTerm(db, tenantId, call));
    await analyze();
    // Chromium started before anything is timed: the first print of a process pays for its launch.
    await pdf.render("<p>warm</p>");
    await file(`/admin/api/exammaster/mark-sheets/${masterId}?classroomId=${firstRoom}`);

    const [classPdf, classSeconds] = await median(() => file(`/admin/api/exammaster/mark-sheets/${masterId}?classroomId=${firstRoom}`));
    const [schoolPdf, schoolSeconds] = await seconds(async () => {
      const { job } = await call<{ job: string }>("POST", `/admin/api/exammaster/mark-sheets/${masterId}/job`, {});
      for (;;) {
        const p = await call<{ state: string; error: unknown }>("GET", `/admin/api/exammaster/mark-sheets-progress/${job}`);
        if (p.state === "failed") throw new Error(`mark-sheets job failed: ${JSON.stringify(p.error)}`);
        if (p.state === "done") break;
        await new Promise((r) => setTimeout(r, 200));
      }
      return file(`/admin/api/exammaster/mark-sheets-file/${job}`);
    });

    // The bare limit: the same cards' HTML, already made, printed by Chromium in one call.
    const scope = new TenantScope(db, tenantId);
    const [{ doc, classCards, allCards }, readSeconds] = await seconds(() =>
      scope.transaction(async (tx) => ({
        doc: await printDoc(tx, new UploadStore(app.services.config.dataDir), "en"),
        classCards: (await examMasterCards(tx, masterId, { classroomIds: [firstRoom] })).cards,
        allCards: (await examMasterCards(tx, masterId)).cards,
      })),
    );
    const html = (cards: typeof allCards) =>
      reportCardsHtml(
        doc,
        cards.map((c) => reportCardSection(doc, c, "Half-yearly · 2026-27")),
        "Report card",
      );
    const classHtml = html(classCards);
    const schoolHtml = html(allCards);
    const [bareClass, bareClassSeconds] = await median(() => pdf.render(classHtml));
    const [bareSchool, bareSchoolSeconds] = await seconds(() => pdf.render(schoolHtml));

    const variants: { chunk: number; concurrency: number; seconds: number; pages: number }[] = [];
    for (const [chunk, concurrency] of [
      [1, 1],
      [1, 2],
      [10, 2],
      [20, 1],
      [20, 2],
      [PRINT_CHUNK, PRINT_CONCURRENCY],
    ] as const) {
      const printer: HtmlPrinter = pdf;
      const [made, s] = await seconds(() => printReportCards(printer, doc, "Report card", "Half-yearly · 2026-27", classCards, { chunk, concurrency }));
      variants.push({ chunk, concurrency, seconds: s, pages: pdfPageCount(made.file) });
    }
    return {
      seedSeconds,
      readSeconds,
      cls: {
        seconds: classSeconds,
        pages: pdfPageCount(classPdf),
        bareSeconds: bareClassSeconds,
        barePages: pdfPageCount(bareClass),
        cards: classCards.length,
      },
      school: {
        seconds: schoolSeconds,
        pages: pdfPageCount(schoolPdf),
        bareSeconds: bareSchoolSeconds,
        barePages: pdfPageCount(bareSchool),
        cards: allCards.length,
        bytes: schoolPdf.length,
      },
      variants,
    };
  } finally {
    await pdf.close();
    await close();
  }
}

console.log(
  `Mark sheets (the class of ${PER_ROOM}: median of ${ROUNDS} runs): a class of ${PER_ROOM} in the request and ${ROOMS * PER_ROOM} students (${ROOMS} classrooms) through the job, ${SUBJECTS.length} subjects each.`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  const rate = (pages: number, s: number) => `${fmt(pages / s)} pages/s`;
  const line = (label: string, x: { seconds: number; pages: number; bareSeconds: number; barePages: number }) =>
    console.log(
      `  ${label.padEnd(36)} Taleem ${fmt(x.seconds)} s, ${x.pages} pages, ${rate(x.pages, x.seconds)}   Chromium alone ${fmt(x.bareSeconds)} s, ${x.barePages} pages, ${rate(
        x.barePages,
        x.bareSeconds,
      )}   ${fmt(x.seconds / x.bareSeconds)}x`,
    );
  console.log(`\n${kindLabel(kind)} (seeded in ${fmt(r.seedSeconds)} s)`);
  line(`class of ${r.cls.cards}, in the request`, r.cls);
  line(`${r.school.cards} students, through the job`, r.school);
  console.log(
    `  the job's file: ${fmt(r.school.bytes / 1024 / 1024)} MB; working out the ${r.school.cards + r.cls.cards} cards from the database alone: ${fmt(r.readSeconds)} s`,
  );
  console.log(`  printing the class of ${r.cls.cards} by chunk (cards a page.pdf) and pages at once:`);
  for (const v of r.variants) {
    const chosen = v.chunk === PRINT_CHUNK && v.concurrency === PRINT_CONCURRENCY ? "  (default)" : "";
    console.log(`    chunk ${String(v.chunk).padStart(2)} x ${v.concurrency} at once: ${fmt(v.seconds)} s, ${rate(v.pages, v.seconds)}${chosen}`);
  }
}
