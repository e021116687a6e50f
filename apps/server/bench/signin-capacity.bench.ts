import type { Db } from "../src/db/client.js";
import { provisionTenant } from "../src/modules/provision.js";
import { hashingStats, hashPassword } from "../src/platform/auth/passwords.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { profiles, users } from "../src/platform/auth/users.table.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchKinds, type DatabaseKind, kindLabel, listen, openBenchApp, pct } from "./bench-kit.js";

/**
 * What password sign-in holds: (a) 200 people of a school signing in at the same moment, each
 * from an address of their own; (b) one person signing in every 500 ms while 100 sign-ins for
 * made-up numbers run at once from one address; (c) the same person while 100 addresses keep
 * guessing real accounts' passwords, which does hash. The sign-in limits are lifted, so every
 * attempt reaches the password check this is about instead of a 429.
 */
const PEOPLE = 200;
const FLOOD = 100;
const TRIES = 20;
const EVERY_MS = 500;
const CODE = "CAPACITY";

const mobileOf = (i: number) => `+9193${String(i).padStart(8, "0")}`;
/** A client address of its own for each caller (the app trusts one proxy hop in this bench). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function seedPeople(db: Db) {
  const { tenant } = await provisionTenant(db, {
    code: CODE,
    name: "Bench capacity",
    admin: { name: "Bench Admin", mobile: mobileOf(0), password: BENCH_PASSWORD },
  });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    const parentRole = await builtinRoleId(scope, "parent");
    const people = await scope.insertMany(
      users,
      Array.from({ length: PEOPLE }, (_, i) => ({ name: `Parent ${i + 1}`, mobile: mobileOf(i + 1), passwordHash })),
    );
    await scope.insertMany(
      profiles,
      people.map((p) => ({ userId: p.id, roleId: parentRole })),
    );
  });
}

type Attempt = { ms: number; status: number };

async function benchOn(kind: DatabaseKind) {
  const { app, database, close } = await openBenchApp(kind, {
    TRUST_PROXY: "1",
    LOGIN_MAX_FAILURES_PER_IP: "1000000",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000",
    LOGIN_ACCOUNT_SLOW_AFTER: "1000000",
    LOGIN_ACCOUNT_LOCK_AFTER: "1000000",
  });
  try {
    await seedPeople(database.db);
    const base = await listen(app);
    const signIn = async (mobile: string, password: string, address: string): Promise<Attempt> => {
      const start = performance.now();
      const res = await fetch(`${base}/admin/open/auth/login-mobile`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", "x-forwarded-for": address },
        body: JSON.stringify({ mobile, password, code: CODE }),
      });
      await res.arrayBuffer();
      return { ms: performance.now() - start, status: res.status };
    };

    const burst = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => signIn(mobileOf(i + 1), BENCH_PASSWORD, addressOf(i + 1))));

    /** The person's tries, one every EVERY_MS, while `flood` callers keep one attempt each in flight. */
    const during = async (flood: (k: number, round: number) => Promise<Attempt>) => {
      let running = true;
      const flooding = Array.from({ length: FLOOD }, async (_, k) => {
        const out: Attempt[] = [];
        for (let round = 0; running; round++) out.push(await flood(k, round));
        return out;
      });
      const tries: Attempt[] = [];
      for (let t = 0; t < TRIES; t++) {
        const started = performance.now();
        tries.push(await signIn(mobileOf(1), BENCH_PASSWORD, addressOf(60_000)));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, EVERY_MS - (performance.now() - started))));
      }
      running = false;
      return { tries, flood: (await Promise.all(flooding)).flat() };
    };
    const hashedBefore = hashingStats().worked;
    const madeUp = await during((k, round) => signIn(`+9195${String(k * 10_000 + round).padStart(8, "0")}`, "Made-Up-Password-1", addressOf(50_000)));
    const hashedDuringMadeUp = hashingStats().worked - hashedBefore;
    const guessing = await during((k) => signIn(mobileOf(2 + (k % (PEOPLE - 1))), "Wrong-Password-1", addressOf(40_000 + k)));
    return { burst, madeUp, hashedDuringMadeUp, guessing };
  } finally {
    await close();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const summary = (attempts: Attempt[]) => {
  const ok = attempts.filter((a) => a.status === 200).map((a) => a.ms);
  const statuses = new Map<number, number>();
  for (const a of attempts) if (a.status !== 200) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const others = [...statuses].map(([status, n]) => `, ${fmt(n)} answered ${status}`).join("");
  return { ok: ok.length, latency: ok.length ? `p50 ${fmt(pct(ok, 50))} ms, p99 ${fmt(pct(ok, 99))} ms, max ${fmt(Math.max(...ok))} ms` : "none", others };
};
const floodLine = (attempts: Attempt[]) => {
  const statuses = new Map<number, number>();
  for (const a of attempts) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  return `${fmt(attempts.length)} attempts (${[...statuses].map(([status, n]) => `${fmt(n)} answered ${status}`).join(", ")})`;
};

console.log(
  `Sign-in capacity: ${PEOPLE} people at once; then one person every ${EVERY_MS} ms, ${TRIES} times, during ${FLOOD} concurrent bogus sign-ins. Limits lifted.`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  const burst = summary(r.burst);
  const madeUp = summary(r.madeUp.tries);
  const guessing = summary(r.guessing.tries);
  console.log(`\n${kindLabel(kind)}`);
  console.log(`  (a) ${PEOPLE} genuine sign-ins at once: ${burst.ok}/${PEOPLE} signed in (${burst.latency})${burst.others}`);
  console.log(`  (b) one person during ${FLOOD} sign-ins for made-up numbers: ${madeUp.ok}/${TRIES} signed in (${madeUp.latency})${madeUp.others}`);
  console.log(`      the flood: ${floodLine(r.madeUp.flood)}; passwords hashed meanwhile: ${fmt(r.hashedDuringMadeUp)}, the person's ${TRIES} tries included`);
  console.log(`  (c) one person during ${FLOOD} addresses guessing passwords: ${guessing.ok}/${TRIES} signed in (${guessing.latency})${guessing.others}`);
  console.log(`      the flood: ${floodLine(r.guessing.flood)}`);
}
