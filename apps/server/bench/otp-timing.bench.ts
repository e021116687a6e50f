import { provisionTenant } from "../src/modules/provision.js";
import { benchKinds, type DatabaseKind, kindLabel, openBenchApp } from "./bench-kit.js";

/**
 * How long `loginotp` takes for a number with an account and for one without: the two must not
 * be told apart. Medians of 30 requests each, interleaved so that both see the same machine load;
 * the ratio (unknown / known) is the figure, 1.0 being indistinguishable. Each request uses a fresh
 * number so the per-number limit never answers instead.
 */
const RUNS = 30;
const COUNTRY_PREFIX = "+91900";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function benchOn(kind: DatabaseKind) {
  const { app, database, close } = await openBenchApp(kind, { LOGIN_MAX_FAILURES_PER_IP: "100000" });
  try {
    const schools = [];
    // One school per known number: each is its account's admin, so every known request finds an account.
    for (let i = 0; i < RUNS; i++) {
      const mobile = `${COUNTRY_PREFIX}1${String(i).padStart(6, "0")}`;
      await provisionTenant(database.db, { code: `OTPB${i}`, name: `Bench ${i}`, admin: { name: "Bench Admin", mobile, password: "Bench-Mark-Lantern-7" } });
      schools.push({ code: `OTPB${i}`, known: mobile, unknown: `${COUNTRY_PREFIX}2${String(i).padStart(6, "0")}` });
    }
    const ask = async (code: string, mobile: string) => {
      const start = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/user/open/auth/loginotp",
        headers: { "x-requested-with": "XMLHttpRequest" },
        payload: { code, mobile },
      });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`loginotp answered ${res.statusCode} ${res.body}`);
      return ms;
    };
    // Warm-up: the first requests compile routes and fill caches.
    for (let i = 0; i < 5; i++) await ask("OTPB0", `${COUNTRY_PREFIX}3${String(i).padStart(6, "0")}`);
    const known: number[] = [];
    const unknown: number[] = [];
    for (const s of schools) {
      known.push(await ask(s.code, s.known));
      unknown.push(await ask(s.code, s.unknown));
    }
    await app.services.messenger.settled();
    return { known: median(known), unknown: median(unknown) };
  } finally {
    await close();
  }
}

console.log(`loginotp timing: median of ${RUNS} requests for numbers with an account and ${RUNS} without, interleaved.`);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}`);
  console.log(`  known number   median ${r.known.toFixed(2)} ms`);
  console.log(`  unknown number median ${r.unknown.toFixed(2)} ms`);
  console.log(`  unknown / known: ${(r.unknown / r.known).toFixed(2)}`);
}
