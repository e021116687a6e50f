import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import type { Db } from "../src/db/client.js";
import { openDatabase } from "../src/db/client.js";
import { analyzeChangedTables } from "../src/db/embedded-statistics.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";
import { provisionTenant } from "../src/modules/provision.js";
import { students } from "../src/modules/students/students.table.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { guardians, profiles, users } from "../src/platform/auth/users.table.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";

export type DatabaseKind = "pglite" | "postgres";

/** The p-th percentile of some timings. */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
/** Milliseconds with one decimal. */
export const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** PGlite always; PostgreSQL too when DATABASE_URL names a server. */
export const benchKinds = (): DatabaseKind[] => (process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]);

export const kindLabel = (kind: DatabaseKind) => (kind === "pglite" ? "PGlite (embedded, in memory)" : "PostgreSQL (DATABASE_URL)");

export async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** The real app on a fresh database of `kind` (a scratch PostgreSQL database is dropped on close). */
export async function openBenchApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const scratch = kind === "postgres" ? await createScratchDatabase(process.env.DATABASE_URL!, "taleem_bench") : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
  const config = parseConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "silent",
    SECRET_KEY: randomBytes(24).toString("hex"),
    ...env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    /**
     * Fresh statistics after seeding, as the tables' owner: what autovacuum does within a minute on
     * PostgreSQL, and the embedded server's own timer on PGlite (db/embedded-statistics.ts).
     */
    analyze: async () => {
      if (database.pglite) await analyzeChangedTables(database.pglite);
      if (scratch) {
        const owner = new pg.Client({ connectionString: scratch.url });
        await owner.connect();
        await owner.query("analyze").finally(() => owner.end());
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** The school's admin, signed in, calling the listening app over HTTP as the web app does; a reply outside 2xx throws. */
export async function benchClient(app: FastifyInstance, school: BenchSchool) {
  const base = await listen(app);
  const headers = {
    "x-access-token": await benchSignIn(app, { mobile: school.mobile, password: BENCH_PASSWORD, code: school.code }),
    "x-requested-with": "XMLHttpRequest",
    "content-type": "application/json",
  };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
}

/** Signs a person in through the real route and returns the session token. */
export async function benchSignIn(app: FastifyInstance, body: { mobile: string; password: string; code: string }): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/admin/open/auth/login-mobile",
    headers: { "x-requested-with": "XMLHttpRequest", "content-type": "application/json" },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const BENCH_PASSWORD = "Bench-Mark-Lantern-7";

/** A school to seed: its code, how many students, its admin's mobile number. */
export interface BenchSchool {
  code: string;
  students: number;
  mobile: string;
}

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
export async function seedSchool(db: Db, school: BenchSchool) {
  const { tenant } = await provisionTenant(db, {
    code: school.code,
    name: `Bench ${school.code}`,
    admin: { name: "Bench Admin", mobile: school.mobile, password: BENCH_PASSWORD },
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
          mobile: `+9194${String(i).padStart(8, "0")}`,
          address: `${1 + (i % 200)}, Street ${i % 37}, Ward ${i % 12}`,
          admittedOn: `${2015 + (i % 10)}-06-0${1 + (i % 9)}`,
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
