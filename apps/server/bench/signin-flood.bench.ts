import { provisionTenant } from "../src/modules/provision.js";
import { benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp } from "./bench-kit.js";
import { type LoadResult, load } from "./load.js";

/**
 * 200 sign-ins at once while a list is being read: what the flood costs the other callers. The
 * list's latency alone, measured in the same run, is the limit the flooded figure stands beside;
 * password hashing takes one core at most, so the list keeps the other; a sign-in waits its turn
 * and gets 503 with Retry-After only past the hashing line's deadline.
 */
const SIGN_INS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = "Bench-Mark-Lantern-7";
const MOBILE = "+919000000201";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const line = (label: string, r: LoadResult) =>
  `  ${label.padEnd(34)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p99 ${fmt(r.p99, 1).padStart(7)} ms   ${fmt(r.perSecond).padStart(5)} req/s${r.non2xx ? `   (${r.non2xx} non-2xx)` : ""}`;

async function benchOn(kind: DatabaseKind) {
  // One account signs in 200 times at once from one address: its limits and lock would answer most 429,
  // and the flood would measure the limiter instead of the password hashing it is about.
  const { app, database, close } = await openBenchApp(kind, {
    LOGIN_MAX_FAILURES_PER_IP: "100000",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "100000",
    LOGIN_ACCOUNT_SLOW_AFTER: "100000",
    LOGIN_ACCOUNT_LOCK_AFTER: "100000",
  });
  try {
    await provisionTenant(database.db, { code: "FLOOD", name: "Bench flood", admin: { name: "Bench Admin", mobile: MOBILE, password: PASSWORD } });
    const base = await listen(app);
    const token = await benchSignIn(app, { mobile: MOBILE, password: PASSWORD, code: "FLOOD" });
    const list = { url: `${base}/admin/api/user?limit=25`, headers: { "x-access-token": token }, connections: 4, seconds: SECONDS, warmupSeconds: 1 };
    const health = { url: `${base}/health`, connections: 1, seconds: SECONDS, warmupSeconds: 0 };
    const quiet = await load(list);
    const quietHealth = await load(health);

    const body = JSON.stringify({ mobile: MOBILE, password: PASSWORD, code: "FLOOD" });
    const signIn = async () => {
      const start = performance.now();
      const res = await fetch(`${base}/admin/open/auth/login-mobile`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body,
      });
      await res.arrayBuffer();
      return { ms: performance.now() - start, status: res.status };
    };
    // The flood starts with the measured reads and keeps arriving in waves for the whole window.
    const [flooded, floodedHealth, signIns] = await Promise.all([
      load(list),
      load(health),
      (async () => {
        const out: { ms: number; status: number }[] = [];
        const until = Date.now() + SECONDS * 1000;
        while (Date.now() < until && out.length < SIGN_INS * 5) out.push(...(await Promise.all(Array.from({ length: SIGN_INS }, signIn))));
        return out;
      })(),
    ]);
    const ok = signIns
      .filter((s) => s.status === 200)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const busy = signIns.filter((s) => s.status === 503).length;
    // Whatever else came back (a limiter's 429, say), so no answer goes uncounted.
    const other = new Map<number, number>();
    for (const s of signIns) if (s.status !== 200 && s.status !== 503) other.set(s.status, (other.get(s.status) ?? 0) + 1);
    return { quiet, quietHealth, flooded, floodedHealth, signIns: signIns.length, ok, busy, other };
  } finally {
    await close();
  }
}

console.log(`Sign-in flood: waves of ${SIGN_INS} parallel sign-ins for ${SECONDS} s, while the users list and /health are read.`);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}`);
  console.log(line("users list, alone (the limit)", r.quiet));
  console.log(line("users list, during the flood", r.flooded));
  console.log(line("/health, alone", r.quietHealth));
  console.log(line("/health, during the flood", r.floodedHealth));
  console.log(
    `  sign-ins: ${fmt(r.signIns)} sent, ${fmt(r.ok.length)} signed in (p50 ${fmt(pct(r.ok, 50))} ms, p99 ${fmt(pct(r.ok, 99))} ms), ${fmt(r.busy)} told to retry (503)${[
      ...r.other,
    ]
      .map(([status, n]) => `, ${fmt(n)} answered ${status}`)
      .join("")}`,
  );
  console.log(`  list p99 during the flood / alone: ${fmt(r.flooded.p99 / r.quiet.p99, 1)}x`);
}
