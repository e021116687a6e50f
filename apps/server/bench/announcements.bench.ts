import type { Db } from "../src/db/client.js";
import { FakePushService } from "../src/modules/communication/web-push.fake.js";
import { provisionTenant } from "../src/modules/provision.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { profiles, users } from "../src/platform/auth/users.table.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchKinds, benchSignIn, type DatabaseKind, kindLabel, openBenchApp } from "./bench-kit.js";

/**
 * An announcement to a whole school of PEOPLE, each with a browser subscribed to Web Push: how
 * long the sender waits for the reply (the rows are written in the request's transaction), and
 * how long until every device has its encrypted, VAPID-signed message (the local push service
 * decrypts each, as a browser would).
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const ADMIN = "+919000000001";

async function seed(db: Db, push: FakePushService) {
  const { tenant } = await provisionTenant(db, {
    code: "ANNOUNCE",
    name: "Bench School",
    admin: { name: "Bench Admin", mobile: ADMIN, password: BENCH_PASSWORD },
  });
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    const parent = await builtinRoleId(scope, "parent");
    const made = await scope.insertMany(
      users,
      Array.from({ length: PEOPLE - 1 }, (_, i) => {
        const { endpoint, keys } = push.subscribe();
        return {
          name: `Parent ${i}`,
          mobile: `+9191${String(10_000_000 + i)}`,
          pushTargets: [{ kind: "webpush" as const, endpoint, keys, at: new Date().toISOString() }],
        };
      }),
    );
    await scope.insertMany(
      profiles,
      made.map((u) => ({ userId: u.id, roleId: parent })),
    );
  });
}

async function run(kind: DatabaseKind) {
  const push = new FakePushService();
  await push.start();
  const bench = await openBenchApp(kind, { PUSH_ALLOW_EXTRA: push.origin });
  try {
    await seed(bench.app.services.db, push);
    await bench.analyze();
    const token = await benchSignIn(bench.app, { mobile: ADMIN, password: BENCH_PASSWORD, code: "ANNOUNCE" });
    const post = (status: string) =>
      bench.app.inject({
        method: "POST",
        url: "/admin/api/announcement",
        headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token },
        payload: { title: "School closed on Friday", body: "The school is closed on Friday.", audience: "school", status },
      });
    // A draft first, so the route's first-call compilation is not counted.
    await post("draft");
    const started = performance.now();
    const res = await post("published");
    const replied = performance.now();
    if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
    await bench.app.services.messenger.settled();
    const delivered = performance.now();
    console.log(`${kindLabel(kind)}: one announcement to ${PEOPLE} people, ${push.received.length} push messages delivered (${push.refused.length} refused)`);
    console.log(`  reply to the sender        ${(replied - started).toFixed(0).padStart(6)} ms (${res.json().data.recipients} notifications written)`);
    console.log(
      `  every device pushed after  ${(delivered - started).toFixed(0).padStart(6)} ms (${((push.received.length * 1000) / (delivered - replied)).toFixed(0)} pushes/s)`,
    );
  } finally {
    await bench.close();
    await push.stop();
  }
}

for (const kind of benchKinds()) await run(kind);
