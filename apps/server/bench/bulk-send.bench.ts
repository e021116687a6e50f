import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { messageLogs } from "../src/modules/communication/message-logs.table.js";
import { creditWallet } from "../src/modules/communication/wallet.service.js";
import { provisionTenant } from "../src/modules/provision.js";
import { students } from "../src/modules/students/students.table.js";
import { guardians, users } from "../src/platform/auth/users.table.js";
import { WhatsAppCloudFake } from "../src/platform/messaging/fakes/whatsapp-cloud.fake.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchKinds, benchSignIn, type DatabaseKind, kindLabel, listen, openBenchApp } from "./bench-kit.js";

/**
 * A bulk WhatsApp template to PARENTS parents through the local Cloud API fake, whose status
 * webhooks (sent, delivered, read) come back batched, shuffled and twice: how long the send's
 * reply takes (audience, rendering, the wallet's hold and the queued rows in one transaction),
 * how long until the job has handed every message over, and until every status is final.
 */
const PARENTS = Number(process.env.BENCH_PARENTS ?? 2000);
const ADMIN = "+919000000001";

async function seed(db: Db) {
  const { tenant } = await provisionTenant(db, {
    code: "BULKSEND",
    name: "Bench School",
    admin: { name: "Bench Admin", mobile: ADMIN, password: BENCH_PASSWORD },
  });
  const studentIds = await new TenantScope(db, tenant.id).transaction(async (tx) => {
    const people = await tx.insertMany(
      users,
      Array.from({ length: PARENTS }, (_, i) => ({
        name: `Parent ${i}`,
        mobile: `+9192${String(10_000_000 + i)}`,
        language: ["en", "ml", "ar", "ur", "ta"][i % 5]!,
      })),
    );
    const kids = await tx.insertMany(
      students,
      people.map((_, i) => ({ admissionNo: `B-${i}`, name: `Child ${i}` })),
    );
    await tx.insertMany(
      guardians,
      people.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })),
    );
    await creditWallet(tx, "whatsapp", PARENTS * 100, "Bench credit", "bench");
    return kids.map((k) => k.id);
  });
  return { tenantId: tenant.id, studentIds };
}

async function run(kind: DatabaseKind) {
  const fake = new WhatsAppCloudFake({ token: "t", phoneNumberId: "1", appSecret: "s", duplicate: true, shuffle: true, batch: 50 });
  await fake.start();
  const bench = await openBenchApp(kind, { WHATSAPP_API_URL: fake.apiUrl, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_APP_SECRET: "s" });
  try {
    fake.opts.webhookUrl = `${await listen(bench.app)}/hooks/whatsapp`;
    const { tenantId, studentIds } = await seed(bench.app.services.db);
    await bench.analyze();
    const token = await benchSignIn(bench.app, { mobile: ADMIN, password: BENCH_PASSWORD, code: "BULKSEND" });
    const call = (method: "GET" | "POST", url: string, payload?: unknown) =>
      bench.app.inject({ method, url, headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token }, ...(payload ? { payload } : {}) });
    const template = (
      await call("POST", "/admin/api/document-template", {
        name: "Notice",
        channel: "whatsapp",
        providerTemplate: "notice",
        body: "Dear {{guardianName}}, about {{studentName}}.",
      })
    ).json().data.id;
    const started = performance.now();
    const res = await call("POST", "/admin/api/document-template/send-bulk-message", {
      templateId: template,
      audience: { kind: "students", studentIds },
      clientId: "bench-bulk-1",
    });
    const replied = performance.now();
    if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
    for (;;) {
      const p = (await call("GET", `/admin/api/document-template/send-bulk-message/${res.json().job}`)).json();
      if (p.state !== "running") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const handed = performance.now();
    await fake.idle();
    const final = performance.now();
    const read = await bench.app.services.db.$count(messageLogs, eq(messageLogs.status, "read"));
    console.log(`${kindLabel(kind)}: a WhatsApp template to ${PARENTS} parents, ${read} read (school ${tenantId})`);
    console.log(`  reply to the sender          ${(replied - started).toFixed(0).padStart(6)} ms (audience, rendering, hold and ${PARENTS} queued rows)`);
    console.log(
      `  all handed to the provider   ${(handed - started).toFixed(0).padStart(6)} ms (${((PARENTS * 1000) / (handed - replied)).toFixed(0)} messages/s)`,
    );
    console.log(`  every status final           ${(final - started).toFixed(0).padStart(6)} ms (${PARENTS * 6} webhook statuses, half of them repeats)`);
  } finally {
    await fake.close();
    await bench.close();
  }
}

for (const kind of benchKinds()) await run(kind);
