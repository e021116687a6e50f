import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { enrolments } from "../src/modules/academics/enrolments.table.js";
import { provisionTenant } from "../src/modules/provision.js";
import { students } from "../src/modules/students/students.table.js";
import { benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp } from "./bench-kit.js";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const WARMUP_ROWS = 500;
const CHUNK = 1000;
const PASSWORD = "Bench-Mark-Lantern-7";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 2).padStart(6)} s`;

/** The sheet: `rows` students with a birth date, alternating between classrooms A and B. */
const sheet = (prefix: string, rows: number) =>
  [
    "Admission No,Name,Gender,DOB,Mobile,Classroom,Roll No",
    ...Array.from(
      { length: rows },
      (_, i) =>
        `${prefix}-${String(i + 1).padStart(5, "0")},Student ${i + 1},${i % 2 ? "male" : "female"},2014-0${1 + (i % 9)}-1${i % 10},98470${String(10_000 + i).padStart(5, "0")},${i % 2 ? "B" : "A"},${Math.floor(i / 2) + 1}`,
    ),
  ].join("\n");

/** A local sheet server: /<prefix>/<rows>.csv. */
async function sheetServer(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const m = /^\/([A-Z]+)\/(\d+)\.csv$/.exec(req.url ?? "");
    if (!m) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8", connection: "close" }).end(sheet(m[1]!, Number(m[2])));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

type BenchApp = Awaited<ReturnType<typeof openBenchApp>>["app"];
type Call = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** A school with its admin signed in, an active year, a course whose sheet has `rows` rows, and classrooms A and B. */
async function school(app: BenchApp, url: string, code: string, mobile: string, sheetUrl: string) {
  const { tenant } = await provisionTenant(app.services.db, { code, name: `Bench ${code}`, admin: { name: "Bench Admin", mobile, password: PASSWORD } });
  const token = await benchSignIn(app, { mobile, password: PASSWORD, code });
  const call: Call = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { "x-access-token": token, "x-requested-with": "XMLHttpRequest", ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json;
  };
  const id = (r: Record<string, unknown>) => (r.data as { id: number }).id;
  const batchId = id(await call("POST", "/admin/api/batch", { name: "2026-27", startDate: "2026-06-01", endDate: "2027-03-31" }));
  const courseId = id(await call("POST", "/admin/api/course", { name: "Madrasa", kind: "madrasa", sheetUrl }));
  const classId = id(await call("POST", "/admin/api/course/class", { courseId, name: "Class 5" }));
  const rooms = [];
  for (const name of ["A", "B"]) rooms.push(await call("POST", "/admin/api/classRoom", { batchId, courseClassId: classId, name }).then(id));
  return { tenantId: tenant.id, call, courseId, batchId, rooms: rooms as [number, number] };
}

/** The import through the real calls: start it, then follow its progress until the job ends. */
async function importThroughApp(call: Call, courseId: number): Promise<{ ms: number; polls: number; result: unknown }> {
  const started = performance.now();
  const { job } = (await call("GET", `/admin/api/course/fetch-from-google-sheets/${courseId}`)) as { job: string };
  for (let polls = 1; ; polls++) {
    const p = await call("GET", `/admin/api/course/import-progress/${job}`);
    if (p.state === "failed") throw new Error(`the import failed: ${JSON.stringify(p.error).slice(0, 500)}`);
    if (p.state === "done") return { ms: performance.now() - started, polls, result: p.result };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The bare limit: the same rows written with plain multi-row INSERTs in one transaction (no fetch, checks, auth or audit). */
async function bareInsert(db: Db, s: { tenantId: number; batchId: number; courseId: number; rooms: [number, number] }, prefix: string, rows: number) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // As the import's job does: without it the foreign-key checks scan the growing tables.
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    for (let from = 0; from < rows; from += CHUNK) {
      const part = Array.from({ length: Math.min(CHUNK, rows - from) }, (_, k) => from + k);
      const made = await tx
        .insert(students)
        .values(
          part.map((i) => ({
            tenantId: s.tenantId,
            admissionNo: `${prefix}-${String(i + 1).padStart(5, "0")}`,
            name: `Student ${i + 1}`,
            gender: (i % 2 ? "male" : "female") as "male" | "female",
            dateOfBirth: `2014-0${1 + (i % 9)}-1${i % 10}`,
            mobile: `+9198470${String(10_000 + i).padStart(5, "0")}`,
          })),
        )
        .returning({ id: students.id });
      await tx.insert(enrolments).values(
        made.map((m, k) => ({
          tenantId: s.tenantId,
          studentId: m.id,
          classroomId: s.rooms[(from + k) % 2]!,
          batchId: s.batchId,
          courseId: s.courseId,
          rollNo: Math.floor((from + k) / 2) + 1,
          startedOn: "2026-06-01",
          recordToken: randomBytes(32).toString("base64url"),
        })),
      );
    }
  });
  return performance.now() - started;
}

async function benchOn(kind: DatabaseKind, sheets: string) {
  const { app, database, close } = await openBenchApp(kind, { IMPORT_ALLOW_EXTRA: sheets });
  try {
    const url = await listen(app);
    const warm = await school(app, url, "BWARM", "+919000000071", `${sheets}/WARM/${WARMUP_ROWS}.csv`);
    const viaApp = await school(app, url, "BAPP", "+919000000072", `${sheets}/APP/${ROWS}.csv`);
    const bare = await school(app, url, "BBARE", "+919000000073", `${sheets}/BARE/${ROWS}.csv`);
    const bareAfter = await school(app, url, "BBARF", "+919000000074", `${sheets}/BARE/${ROWS}.csv`);
    // Both paths once on a small sheet first, so neither pays for the first statements' planning.
    await importThroughApp(warm.call, warm.courseId);
    await bareInsert(database.db, warm, "WARMB", WARMUP_ROWS);

    // The bare limit before and after the import, the faster kept: a shared machine's load moves both.
    const bareBefore = await bareInsert(database.db, bare, "BARE", ROWS);
    const first = await importThroughApp(viaApp.call, viaApp.courseId);
    const again = await importThroughApp(viaApp.call, viaApp.courseId);
    const bareMs = Math.min(bareBefore, await bareInsert(database.db, bareAfter, "BARE", ROWS));
    const counted = (await viaApp.call("GET", "/admin/api/student?limit=1")) as { count: number };
    if (counted.count !== ROWS) throw new Error(`the school has ${counted.count} students after the import, not ${ROWS}`);
    return { bareMs, first, again };
  } finally {
    await close();
  }
}

const { server, base } = await sheetServer();
try {
  console.log(
    `Student import: ${fmt(ROWS)} students with classrooms from a course's sheet, through GET fetch-from-google-sheets and its progress call ` +
      "(fetch, every row checked, one transaction, audit), against the same rows written with plain multi-row INSERTs in one transaction on the same database.",
  );
  if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
  for (const kind of benchKinds()) {
    const r = await benchOn(kind, base);
    console.log(`\n${kindLabel(kind)}`);
    console.log(`  bare multi-row INSERTs           ${seconds(r.bareMs)}   (the faster of one run before and one after)`);
    console.log(`  Taleem import, new students      ${seconds(r.first.ms)}   ${fmt(r.first.ms / r.bareMs, 1)}x bare   (${r.first.polls} progress calls)`);
    console.log(`  Taleem import, same file again   ${seconds(r.again.ms)}   ${fmt(r.again.ms / r.bareMs, 1)}x bare   (every row an update, nothing enrolled)`);
    console.log(`  result: ${JSON.stringify(r.first.result)}`);
  }
} finally {
  await new Promise((resolve) => server.close(resolve));
}
