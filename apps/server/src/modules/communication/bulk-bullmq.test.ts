import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { jobQueueOf } from "../../platform/jobs/job-queue.js";
import { SmsGatewayFake } from "../../platform/messaging/fakes/sms-gateway.fake.js";
import { credit, finished, listening, logsOf, parentsWithChildren } from "./template-sends.fixture.js";

/** Redis database 2 of the local server, a key prefix of this run's own. */
const REDIS_URL = process.env.TEST_BULLMQ_REDIS_URL ?? "redis://127.0.0.1:6379/2";

describe("bulk sends on BullMQ (REDIS_URL set)", () => {
  const sms = new SmsGatewayFake({ token: "g", webhookSecret: "s", duplicate: true, shuffle: true });
  let app: TestApp;
  beforeAll(async () => {
    await sms.start();
    // The server does not work the queue itself here: a separate worker (as `npm run worker` starts) does.
    app = await testApp({
      REDIS_URL,
      REDIS_PREFIX: `taleem-test-bull:${randomBytes(4).toString("hex")}:`,
      JOBS_IN_SERVER: "false",
      SMS_GATEWAY_URL: sms.sendUrl,
      SMS_GATEWAY_TOKEN: "g",
      SMS_GATEWAY_WEBHOOK_SECRET: "s",
    });
    sms.opts.callbackUrl = `${await listening(app)}/hooks/sms-gateway`;
  });
  afterAll(async () => {
    await sms.close();
  });

  it("queues the send, which only a worker completes; progress and results come back through the queue", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { studentIds } = await parentsWithChildren(app, tenant.id, 30, "708");
    await credit(app, tenant.id, "sms", 5000);
    const template = (
      await api.post("/admin/api/document-template", {
        name: "Holiday",
        channel: "sms",
        providerTemplate: "1207160000000000001",
        body: "{{schoolName}}: no classes tomorrow for {{studentName}}.",
      })
    ).json().data;
    const started = (
      await api.post("/admin/api/document-template/send-bulk-message", {
        templateId: template.id,
        audience: { kind: "students", studentIds },
        clientId: "holiday-bull-1",
      })
    ).json();
    expect(started).toMatchObject({ total: 30, cost: 30 * 25 });
    const queue = jobQueueOf(app);
    expect(queue.onBullMq).toBe(true);
    // Nobody works the queue yet: the job waits.
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/admin/api/document-template/send-bulk-message/${started.job}`)).json()).toMatchObject({ state: "running", done: 0 });
    expect(sms.received).toHaveLength(0);

    queue.startWorker();
    const progress = await finished(api, started.job);
    expect(progress).toMatchObject({ state: "done", done: 30, total: 30 });
    expect(progress.result).toMatchObject({ bulkSendId: started.bulkSendId, sent: 30, failed: 0, skipped: 0 });
    expect(progress.result.recipients).toHaveLength(30);
    await sms.idle();
    expect(sms.received).toHaveLength(30);
    const logs = await logsOf(api, started.bulkSendId);
    expect(logs.map((l) => l.status)).toEqual(Array(30).fill("delivered"));
    const wallet = (await api.get("/admin/api/messaging/wallet?channel=sms")).json();
    expect(wallet.wallets.find((w: { channel: string }) => w.channel === "sms")).toMatchObject({ balance: 5000 - 30 * 25, held: 0 });
    // Another school cannot read the job.
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/document-template/send-bulk-message/${started.job}`)).statusCode).toBe(404);
  }, 60_000);
});
