import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { WhatsAppCloudFake } from "../../platform/messaging/fakes/whatsapp-cloud.fake.js";
import { credit, feeReminderTemplates, finished, LANGS, listening, logsOf, parentsWithChildren } from "./template-sends.fixture.js";

const PARENTS = 500;
/** The Indian utility template price in paise (wallet.service.ts). */
const PRICE = 13;
const fails = (i: number) => i % 25 === 7; // 20 numbers the network cannot reach
const onlyDelivered = (i: number) => i % 10 === 3; // 50 parents who never open it

describe("a bulk WhatsApp template to 500 parents", () => {
  const indexOf = (to: string) => Number(to.slice(-7));
  const fake = new WhatsAppCloudFake({
    token: "fake-token",
    phoneNumberId: "1065403522",
    appSecret: "app-secret-for-tests",
    outcome: (to) => (fails(indexOf(to)) ? "failed" : onlyDelivered(indexOf(to)) ? "delivered" : "read"),
    duplicate: true,
    shuffle: true,
    batch: 40,
  });
  let app: TestApp;
  beforeAll(async () => {
    await fake.start();
    app = await testApp({
      WHATSAPP_API_URL: fake.apiUrl,
      WHATSAPP_TOKEN: "fake-token",
      WHATSAPP_PHONE_NUMBER_ID: "1065403522",
      WHATSAPP_APP_SECRET: "app-secret-for-tests",
    });
    fake.opts.webhookUrl = `${await listening(app)}/hooks/whatsapp`;
  });
  afterAll(async () => {
    await fake.close();
  });

  it("ends with every parent's right status and the wallet charged for the delivered ones only", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { studentIds } = await parentsWithChildren(app, tenant.id, PARENTS, "701");
    const start = 10_000;
    await credit(app, tenant.id, "whatsapp", start);
    const templateId = await feeReminderTemplates(api);

    const preview = (
      await api.post("/admin/api/document-template/send-bulk-message/preview", { templateId, audience: { kind: "students", studentIds } })
    ).json();
    expect(preview).toMatchObject({ channel: "whatsapp", recipients: PARENTS, cost: PARENTS * PRICE, balance: start });
    expect(preview.previews.map((p: { language: string }) => p.language).sort()).toEqual([...LANGS].sort());

    const body = { templateId, audience: { kind: "students", studentIds }, clientId: "fee-reminder-nov-2026" };
    const res = await api.post("/admin/api/document-template/send-bulk-message", body);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toMatchObject({ total: PARENTS, cost: PARENTS * PRICE, repeated: false });

    // The same request again (a double click, a retry) sends nothing more.
    const again = (await api.post("/admin/api/document-template/send-bulk-message", body)).json();
    expect(again).toMatchObject({ job: started.job, bulkSendId: started.bulkSendId, repeated: true });

    const progress = await finished(api, started.job);
    expect(progress).toMatchObject({ state: "done", done: PARENTS, total: PARENTS });
    expect(progress.result.recipients).toHaveLength(PARENTS);
    await fake.idle();
    expect(fake.refused).toEqual([]);
    expect(fake.received).toHaveLength(PARENTS);
    // Each parent got the approved template in their own language with their child's name.
    const first = fake.received.find((m) => m.to === "917010000001")!;
    expect(first.template).toEqual({ name: "fee_reminder", language: "ml", params: ["Parent 7011", "Child 7011", `School ${tenant.code}`] });

    const logs = await logsOf(api, started.bulkSendId);
    expect(logs).toHaveLength(PARENTS);
    const expected = (to: string) => (fails(indexOf(to)) ? "failed" : onlyDelivered(indexOf(to)) ? "delivered" : "read");
    for (const log of logs) {
      expect(log.status, log.recipient).toBe(expected(log.recipient));
      expect(log.providerMessageId).toMatch(/^wamid\./);
    }
    const failed = logs.filter((l) => l.status === "failed").length;
    expect(failed).toBe(20);

    const wallet = (await api.get("/admin/api/messaging/wallet?channel=whatsapp&limit=200")).json();
    const whatsapp = wallet.wallets.find((w: { channel: string }) => w.channel === "whatsapp");
    expect(whatsapp).toMatchObject({ balance: start - (PARENTS - failed) * PRICE, held: 0, currency: "INR" });
    expect(wallet.count).toBe(1 + 1 + PARENTS); // the credit, the hold, a debit or a release per message
    const kinds: string[] = [];
    for (let page = 1; kinds.length < wallet.count; page++) {
      kinds.push(...(await api.get(`/admin/api/messaging/wallet?channel=whatsapp&limit=200&page=${page}`)).json().rows.map((r: { kind: string }) => r.kind));
    }
    expect(kinds.filter((k) => k === "release")).toHaveLength(failed);
    expect(kinds.filter((k) => k === "debit")).toHaveLength(PARENTS - failed);

    // A late duplicate of a delivery for a message already read changes nothing.
    const read = logs.find((l) => l.status === "read")!;
    const late = await fake.webhook({ statuses: [{ id: read.providerMessageId, status: "delivered", timestamp: "1", recipient_id: read.recipient.slice(1) }] });
    expect(late.status).toBe(200);
    const after = (await api.get(`/admin/api/log?bulkSendId=${started.bulkSendId}&status=read&limit=1&q=${encodeURIComponent(read.recipient)}`)).json();
    expect(after.rows[0]).toMatchObject({ id: read.id, status: "read" });
    const refreshed = (await api.put("/admin/api/log/refresh", { messageId: read.id })).json();
    expect(refreshed.data.status).toBe("read");
  }, 120_000);
});
