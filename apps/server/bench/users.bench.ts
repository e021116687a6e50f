import { asc, count, eq } from "drizzle-orm";
import Fastify from "fastify";
import type { Db } from "../src/db/client.js";
import { provisionTenant } from "../src/modules/provision.js";
import { hashPassword, verifyPassword } from "../src/platform/auth/passwords.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { profiles, users } from "../src/platform/auth/users.table.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp } from "./bench-kit.js";
import { type LoadResult, load } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Math.min(1, SECONDS);
const CONNECTIONS = 10;
const USERS = 1000;
const PASSWORD = "Bench-Mark-Lantern-7";
const ADMIN_MOBILE = "+919000000001";
const LIST = "/admin/api/user?page=1&limit=25";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const row = (label: string, r: LoadResult) =>
  `  ${label.padEnd(26)} ${fmt(r.perSecond).padStart(7)} req/s   p50 ${fmt(r.p50, 1).padStart(6)} ms   p95 ${fmt(r.p95, 1).padStart(6)} ms   p99 ${fmt(r.p99, 1).padStart(6)} ms${
    r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : ""
  }`;
const ratio = (label: string, app: { perSecond: number; p95: number }, base: { perSecond: number; p95: number }, baseName: string) =>
  `  ${label.padEnd(26)} ${fmt(app.perSecond / base.perSecond, 2)} of ${baseName}'s throughput; p95 ${fmt(app.p95 / base.p95, 1)}x ${baseName}'s`;

/** One school, its admin, and USERS - 1 parents (no passwords: hashing 1,000 would take longer than the bench). */
async function seed(db: Db) {
  const { tenant } = await provisionTenant(db, {
    code: "BENCH",
    name: "Bench School",
    admin: { name: "Bench Admin", mobile: ADMIN_MOBILE, password: PASSWORD },
  });
  const names = ["Aisha", "Bilal", "Fatima", "Hamza", "Iman", "Khadija", "Musa", "Noor", "Omar", "Zainab"];
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    const parent = await builtinRoleId(scope, "parent");
    const made = await scope.insertMany(
      users,
      Array.from({ length: USERS - 1 }, (_, i) => ({
        name: `${names[i % names.length]} Parent ${String(i).padStart(4, "0")}`,
        mobile: `+9191${String(10_000_000 + i)}`,
      })),
    );
    await scope.insertMany(
      profiles,
      made.map((u) => ({ userId: u.id, roleId: parent })),
    );
  });
  return tenant.id;
}

/** The same two queries the users list runs, behind a route with no auth, audit or presenter. */
async function bareServer(db: Db, tenantId: number) {
  const bare = Fastify({ logger: false });
  bare.get("/users", async () => {
    const where = eq(users.tenantId, tenantId);
    const [rows, [total]] = await Promise.all([
      db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(25).offset(0),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  });
  return bare;
}

async function benchOn(kind: DatabaseKind) {
  const { app, database, close } = await openBenchApp(kind, { LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000000", LOGIN_MAX_FAILURES_PER_IP: "1000000000" });
  const bare = await bareServer(database.db, await seed(database.db));
  try {
    const credentials = { mobile: ADMIN_MOBILE, password: PASSWORD, code: "BENCH" };
    const signInBody = JSON.stringify(credentials);
    const token = await benchSignIn(app, credentials);
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    const check = await fetch(`${appUrl}${LIST}`, { headers: { "x-access-token": token } }).then((r) => r.json() as Promise<{ count: number }>);
    if (check.count !== USERS) throw new Error(`expected ${USERS} users, the list says ${check.count}`);

    const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP };
    const list = await load({ ...common, url: `${appUrl}${LIST}`, headers: { "x-access-token": token } });
    const plain = await load({ ...common, url: `${bareUrl}/users` });
    const signIn = await load({
      ...common,
      url: `${appUrl}/admin/open/auth/login-mobile`,
      method: "POST",
      headers: { "x-requested-with": "XMLHttpRequest", "content-type": "application/json" },
      body: signInBody,
    });
    return { list, plain, signIn };
  } finally {
    await bare.close();
    await close();
  }
}

/** argon2id verification alone, CONNECTIONS at a time (the same concurrency as the sign-in load). */
async function argonAlone(seconds: number) {
  const hash = await hashPassword(PASSWORD);
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if (!(await verifyPassword(hash, PASSWORD, "127.0.0.1"))) throw new Error("argon2 verify failed");
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { requests: times.length, perSecond: times.length / elapsed, p50: at(50), p95: at(95), p99: at(99), non2xx: 0, errors: 0 };
}

console.log(
  `Users list: GET ${LIST} as the admin of a school with ${fmt(USERS)} users, against the same SQL behind a bare Fastify route (no auth, audit or presenter).`,
);
console.log(
  `Sign-in: POST /admin/open/auth/login-mobile with correct credentials, against argon2id verify alone. ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s warm-up; latency percentiles from every response.`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
const argon = await argonAlone(SECONDS);
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}`);
  console.log(row("users list, Taleem", r.list));
  console.log(row("same SQL, bare Fastify", r.plain));
  console.log(ratio("Taleem / bare", r.list, r.plain, "bare"));
  console.log(row("sign-in, Taleem", r.signIn));
  console.log(row("argon2 verify alone", argon));
  console.log(ratio("sign-in / argon2", r.signIn, argon, "argon2"));
}
