import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { Db } from "../src/db/client.js";
import { students } from "../src/modules/students/students.table.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { guardians, profiles, users } from "../src/platform/auth/users.table.js";
import { provisionTenant } from "../src/platform/tenancy/provision.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp } from "./bench-kit.js";
import { type LoadResult, load } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Math.min(1, SECONDS);
const CONNECTIONS = 10;
const PASSWORD = "Bench-Mark-Lantern-7";
const QUERY = "status=active&q=ali&page=1&limit=25";
const SCHOOLS = [
  { code: "BENCH5K", students: 5000, mobile: "+919000000051" },
  { code: "BENCH1K", students: 1000, mobile: "+919000000011" },
];

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const row = (label: string, r: LoadResult) =>
  `  ${label.padEnd(30)} ${fmt(r.perSecond).padStart(7)} req/s   p50 ${fmt(r.p50, 1).padStart(6)} ms   p95 ${fmt(r.p95, 1).padStart(6)} ms   p99 ${fmt(r.p99, 1).padStart(6)} ms${
    r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : ""
  }`;
const ratio = (label: string, app: LoadResult, base: LoadResult) =>
  `  ${label.padEnd(30)} ${fmt(app.perSecond / base.perSecond, 2)} of bare throughput; p95 ${fmt(app.p95 / base.p95, 1)}x bare`;

const FIRST = [
  "Aisha",
  "Bilal",
  "Fatima",
  "Hamza",
  "Iman",
  "Khalid",
  "Maryam",
  "Musa",
  "Noor",
  "Omar",
  "Ruqayya",
  "Yusuf",
  "Zainab",
  "Ibrahim",
  "Safiya",
  "Tariq",
];
const LAST = ["Ali", "Rahman", "Khan", "Ahmed", "Siddiqui", "Nair", "Hussain", "Qureshi", "Basheer", "Kutty", "Shah", "Ansari"];
const NATIVE = ["علي", "رحمان", "خان", "أحمد", "മുഹമ്മദ്", "அஹமது", "حسین", "قریشی"];

/** A school with `size` students (most active), a parent for every tenth, and its admin. */
async function seed(db: Db, school: (typeof SCHOOLS)[number]) {
  const { tenant } = await provisionTenant(db, {
    code: school.code,
    name: `Bench ${school.code}`,
    admin: { name: "Bench Admin", mobile: school.mobile, password: PASSWORD },
  });
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    const parentRole = await builtinRoleId(scope, "parent");
    for (let from = 0; from < school.students; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, school.students - from) }, (_, k) => {
        const i = from + k;
        return {
          admissionNo: `${school.code}-${String(i).padStart(5, "0")}`,
          name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
          nameNative: NATIVE[i % NATIVE.length],
          gender: (i % 2 ? "male" : "female") as "male" | "female",
          dateOfBirth: `${2008 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
          status: (i % 20 === 0 ? "alumni" : i % 7 === 0 ? "left" : "active") as "active" | "left" | "alumni",
        };
      });
      const made = await scope.insertMany(students, batch);
      const parents = await scope.insertMany(
        users,
        made
          .filter((_, k) => k % 10 === 0)
          .map((s) => ({ name: `Parent of ${s.name}`, mobile: `+9192${String(tenant.id).padStart(2, "0")}${String(10_000_000 + s.id).slice(-6)}` })),
      );
      await scope.insertMany(
        profiles,
        parents.map((p) => ({ userId: p.id, roleId: parentRole })),
      );
      await scope.insertMany(
        guardians,
        parents.map((p, k) => ({ userId: p.id, studentId: made[k * 10]!.id, relation: "father" })),
      );
    }
  });
  return tenant.id;
}

/** The same two queries the students list runs (filter, search, sort, page, count), with no auth, audit or presenter. */
function bareRoute(bare: FastifyInstance, db: Db, path: string, tenantId: number) {
  bare.get(path, async () => {
    const term = "%ali%";
    const where = and(
      eq(students.tenantId, tenantId),
      eq(students.status, "active"),
      or(ilike(students.name, term), ilike(students.nameNative, term), ilike(students.admissionNo, term), ilike(students.mobile, term)),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(students)
        .where(where)
        .orderBy(asc(sql`lower(${students.name})`), asc(students.id))
        .limit(25)
        .offset(0),
      db.select({ n: count() }).from(students).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  });
}

async function benchOn(kind: DatabaseKind) {
  const { app, database, close } = await openBenchApp(kind);
  const bare = Fastify({ logger: false });
  const results: { school: (typeof SCHOOLS)[number]; matching: number; app: LoadResult; bare: LoadResult }[] = [];
  try {
    const tenants = [];
    for (const school of SCHOOLS) tenants.push({ school, tenantId: await seed(database.db, school) });
    for (const { school, tenantId } of tenants) bareRoute(bare, database.db, `/students/${school.code}`, tenantId);
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    for (const { school } of tenants) {
      const token = await benchSignIn(app, { mobile: school.mobile, password: PASSWORD, code: school.code });
      const url = `${appUrl}/admin/api/student?${QUERY}`;
      const check = await fetch(url, { headers: { "x-access-token": token } }).then((r) => r.json() as Promise<{ count: number; rows: unknown[] }>);
      const plain = await fetch(`${bareUrl}/students/${school.code}`).then((r) => r.json() as Promise<{ count: number }>);
      if (check.count !== plain.count || !check.rows.length) throw new Error(`the list found ${check.count} students, the bare route ${plain.count}`);
      const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP };
      const appLoad = await load({ ...common, url, headers: { "x-access-token": token } });
      const bareLoad = await load({ ...common, url: `${bareUrl}/students/${school.code}` });
      results.push({ school, matching: check.count, app: appLoad, bare: bareLoad });
    }
    return results;
  } finally {
    await bare.close();
    await close();
  }
}

console.log(
  `Students list: GET /admin/api/student?${QUERY} as the school's admin (auth, row scope, guardians joined, audit), against the same SQL behind a bare Fastify route.`,
);
console.log(`${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s warm-up; latency percentiles from every response.`);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const results = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}`);
  for (const r of results) {
    const size = `${fmt(r.school.students)} students`;
    console.log(`  school of ${size}: ${fmt(r.matching)} match the filter`);
    console.log(row(`${size}, Taleem`, r.app));
    console.log(row(`${size}, bare Fastify`, r.bare));
    console.log(ratio(`${size}, Taleem / bare`, r.app, r.bare));
  }
}
