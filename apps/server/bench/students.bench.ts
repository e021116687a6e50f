import { studentResource } from "@taleem/contract";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import Fastify, { type FastifyInstance } from "fastify";
import type { Db } from "../src/db/client.js";
import { students } from "../src/modules/students/students.table.js";
import { guardians, users } from "../src/platform/auth/users.table.js";
import { searchCondition } from "../src/platform/resources/serve-resource.js";
import { BENCH_PASSWORD, benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp, seedSchool } from "./bench-kit.js";

/**
 * A school of 5,000 students, read as the admin's list screen reads it (auth, the school's
 * transaction, row scope, guardians joined, the reply shaped by its schema), beside its bare
 * limit: the same SQL behind a bare Fastify route on the same database, measured in the same run,
 * request after request, app and bare taking turns so that a busy machine slows both alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 8);
const SCHOOL = { code: "BENCH5K", students: 5000, mobile: "+919000000051" };
/** A search as a person types it: part of an admission number (the bench school's are BENCH5K-00000 on). */
const SEARCH = "0424";
/** The largest page the API serves (ListQuery's limit): 1,000 rows are two of them. */
const MAX_PAGE = 500;

interface Case {
  label: string;
  /** The app's calls, one after the other, for one measurement. */
  app: string[];
  /** The bare route's call for the same rows. */
  bare: string;
}

const CASES: Case[] = [
  { label: "page of 50", app: ["/admin/api/student?limit=50&sort=name"], bare: "/students?limit=50" },
  {
    label: "1,000 rows",
    app: [`/admin/api/student?limit=${MAX_PAGE}&sort=name&page=1`, `/admin/api/student?limit=${MAX_PAGE}&sort=name&page=2`],
    bare: "/students?limit=1000",
  },
  { label: `search "${SEARCH}", page of 50`, app: [`/admin/api/student?limit=50&sort=name&q=${SEARCH}`], bare: `/students?limit=50&q=${SEARCH}` },
];

const columns = students as unknown as Record<string, PgColumn>;

/**
 * The statements the list runs (the page with its total, then the page's guardians), built as the
 * engine builds them, with no session, transaction, permission, scope or schema.
 */
function bareRoute(bare: FastifyInstance, db: Db, tenantId: number) {
  bare.get("/students", async (req) => {
    const { limit, q } = req.query as { limit: string; q?: string };
    const where = and(eq(students.tenantId, tenantId), q ? searchCondition(studentResource, columns, q) : undefined) as SQL;
    const counted = db.select({ n: count() }).from(students).where(where);
    const found = await db
      .select({ row: students, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(students)
      .where(where)
      .orderBy(asc(sql`lower(${students.name})`), asc(students.id))
      .limit(Number(limit));
    const ids = found.map((f) => f.row.id);
    const links = ids.length
      ? await db
          .select({ studentId: guardians.studentId, userId: users.id, name: users.name, mobile: users.mobile, relation: guardians.relation })
          .from(guardians)
          .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
          .where(and(eq(guardians.tenantId, tenantId), inArray(guardians.studentId, ids)))
          .orderBy(asc(guardians.id))
      : [];
    const byStudent = new Map<number, typeof links>();
    for (const l of links) byStudent.set(l.studentId, [...(byStudent.get(l.studentId) ?? []), l]);
    return {
      rows: found.map((f) => ({ ...f.row, guardians: (byStudent.get(f.row.id) ?? []).map(({ studentId: _s, ...g }) => g) })),
      count: found[0]?.total ?? 0,
      message: "Students",
    };
  });
}

async function timed(base: string, paths: string[], headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return performance.now() - start;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const bare = Fastify({ logger: false });
  try {
    const tenantId = await seedSchool(database.db, SCHOOL);
    await analyze();
    bareRoute(bare, database.db, tenantId);
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    const headers = { "x-access-token": await benchSignIn(app, { mobile: SCHOOL.mobile, password: BENCH_PASSWORD, code: SCHOOL.code }) };
    const results: { label: string; rows: number; app: number; bare: number }[] = [];
    for (const c of CASES) {
      // Same rows both ways, or the comparison means nothing.
      const appRows = [];
      for (const path of c.app) appRows.push(...((await (await fetch(`${appUrl}${path}`, { headers })).json()) as { rows: { id: number }[] }).rows);
      const bareRows = ((await (await fetch(`${bareUrl}${c.bare}`)).json()) as { rows: { id: number }[] }).rows;
      if (JSON.stringify(appRows.map((r) => r.id)) !== JSON.stringify(bareRows.map((r) => r.id)))
        throw new Error(`${c.label}: the app and the bare route differ`);
      const appTimes: number[] = [];
      const bareTimes: number[] = [];
      await timed(appUrl, c.app, headers);
      await timed(bareUrl, [c.bare], {});
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < PER_ROUND; i++) appTimes.push(await timed(appUrl, c.app, headers));
        for (let i = 0; i < PER_ROUND; i++) bareTimes.push(await timed(bareUrl, [c.bare], {}));
      }
      results.push({ label: c.label, rows: appRows.length, app: median(appTimes), bare: median(bareTimes) });
    }
    return results;
  } finally {
    await bare.close();
    await close();
  }
}

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

console.log(`Students list, a school of ${SCHOOL.students.toLocaleString("en-US")} students, read by its admin; beside it the bare limit:`);
console.log("the same SQL behind a bare Fastify route on the same database (no session, transaction, scope or schema).");
console.log(
  `Median of ${ROUNDS * PER_ROUND} sequential calls each, app and bare in alternating rounds. 1,000 rows are two pages of ${MAX_PAGE} (the API's largest) against one bare statement.`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const results = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}`);
  for (const r of results) {
    console.log(
      `  ${`${r.label} (${r.rows} rows)`.padEnd(34)} Taleem ${fmt(r.app).padStart(7)} ms   bare ${fmt(r.bare).padStart(7)} ms   ${fmt(r.app / r.bare, 2)}x bare`,
    );
  }
  const page = results[0]!;
  const full = results[1]!;
  console.log(`  page of 50 / bare 1,000 rows: ${fmt(page.app / full.bare, 2)} (target: at most 0.33)`);
  console.log(`  1,000 rows / bare 1,000 rows: ${fmt(full.app / full.bare, 2)} (target: close to 1)`);
}
