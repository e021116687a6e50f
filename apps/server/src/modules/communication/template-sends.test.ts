import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, PASSWORD, type TestApp, testApp } from "../../../test/harness.js";
import { createPlatformAdmin } from "../../platform/auth/platform-admins.js";
import { SmsGatewayFake } from "../../platform/messaging/fakes/sms-gateway.fake.js";
import { SmtpFake } from "../../platform/messaging/fakes/smtp.fake.js";
import { WhatsAppCloudFake } from "../../platform/messaging/fakes/whatsapp-cloud.fake.js";
import { gatewaySignature, metaSignature } from "../../platform/messaging/webhook-signatures.js";
import { credit, feeReminderTemplates, listening, parentsWithChildren } from "./template-sends.fixture.js";

const SECRET = "whatsapp-app-secret";
const GATEWAY_SECRET = "gateway-secret";

describe("sending templates through the providers", () => {
  const whatsapp = new WhatsAppCloudFake({ token: "t", phoneNumberId: "55501", appSecret: SECRET });
  const sms = new SmsGatewayFake({ token: "g", webhookSecret: GATEWAY_SECRET, requireDlt: true, outcome: (to) => (to.endsWith("9") ? "failed" : "delivered") });
  const smtp = new SmtpFake();
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    await Promise.all([whatsapp.start(), sms.start(), smtp.start()]);
    app = await testApp({
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "55501",
      WHATSAPP_APP_SECRET: SECRET,
      SMS_GATEWAY_URL: sms.sendUrl,
      SMS_GATEWAY_TOKEN: "g",
      SMS_GATEWAY_WEBHOOK_SECRET: GATEWAY_SECRET,
      SMTP_URL: smtp.url,
    });
    base = await listening(app);
    whatsapp.opts.webhookUrl = `${base}/hooks/whatsapp`;
    sms.opts.callbackUrl = `${base}/hooks/sms-gateway`;
  });
  afterAll(async () => {
    await Promise.all([whatsapp.close(), sms.close(), smtp.close()]);
  });

  it("refuses a send the balance cannot cover before anything goes out (409 naming the balance and the cost)", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { studentIds } = await parentsWithChildren(app, tenant.id, 40, "702");
    await credit(app, tenant.id, "whatsapp", 100);
    const templateId = await feeReminderTemplates(api);
    const before = whatsapp.received.length;
    const res = await api.post("/admin/api/document-template/send-bulk-message", {
      templateId,
      audience: { kind: "students", studentIds },
      clientId: "too-expensive-1",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "wallet.insufficient", params: { channel: "whatsapp", balance: 100, cost: 40 * 13, currency: "INR" } });
    expect(res.json().message).toContain("INR 1.00");
    expect(res.json().message).toContain("INR 5.20");
    expect(whatsapp.received.length).toBe(before);
    expect((await api.get("/admin/api/log")).json().count).toBe(0);
    const wallet = (await api.get("/admin/api/messaging/wallet")).json();
    expect(wallet.wallets.find((w: { channel: string }) => w.channel === "whatsapp")).toMatchObject({ balance: 100, held: 0 });
  });

  it("sends one SMS with its DLT template id, follows the signed delivery report, and answers a repeated client id with the same message", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { people } = await parentsWithChildren(app, tenant.id, 2, "703");
    await credit(app, tenant.id, "sms", 1000);
    const template = (
      await api.post("/admin/api/document-template", {
        name: "Absent",
        channel: "sms",
        providerTemplate: "1207161234567890123",
        body: "{{schoolName}}: {{guardianName}}, please call us.",
      })
    ).json().data;
    const body = { templateId: template.id, userId: people[0]!.id, clientId: "absent-call-0001" };
    const res = await api.post("/admin/api/document-template/send-message", body);
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json().data;
    expect(log).toMatchObject({ channel: "sms", recipient: people[0]!.mobile, status: "sent", provider: "sms-gateway", cost: 25 });
    expect(sms.received.at(-1)).toMatchObject({
      to: people[0]!.mobile,
      dltTemplateId: "1207161234567890123",
      text: `School ${tenant.code}: Parent 7030, please call us.`,
    });
    await sms.idle();
    expect((await api.get(`/admin/api/log?q=${encodeURIComponent(people[0]!.mobile!)}`)).json().rows[0]).toMatchObject({ id: log.id, status: "delivered" });
    const again = await api.post("/admin/api/document-template/send-message", body);
    expect(again.json()).toMatchObject({ message: "This message was sent before", data: { id: log.id } });
    expect(sms.received.filter((m) => m.to === people[0]!.mobile)).toHaveLength(1);
    const wallet = (await api.get("/admin/api/messaging/wallet?channel=sms")).json();
    expect(wallet.wallets.find((w: { channel: string }) => w.channel === "sms")).toMatchObject({ balance: 975, held: 0 });
    expect(wallet.rows.map((r: { kind: string }) => r.kind)).toEqual(["debit", "hold", "recharge"]);
    // The gateway is asked again on refresh: its answer is the same, so nothing moves.
    expect((await api.put("/admin/api/log/refresh", { messageId: log.id })).json().data.status).toBe("delivered");
  });

  it("refuses webhooks whose signature does not match, and changes nothing", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { people } = await parentsWithChildren(app, tenant.id, 1, "704");
    await credit(app, tenant.id, "whatsapp", 1000);
    const templateId = await feeReminderTemplates(api);
    const sent = (await api.post("/admin/api/document-template/send-message", { templateId, userId: people[0]!.id, clientId: "sig-test-0001" })).json().data;
    await whatsapp.idle();
    const raw = JSON.stringify({
      entry: [{ changes: [{ value: { statuses: [{ id: sent.providerMessageId, status: "failed", timestamp: "9999999999" }] } }] }],
    });
    const forged = await fetch(`${base}/hooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature("wrong-secret", raw) },
      body: raw,
    });
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe("webhook.bad_signature");
    const unsigned = await fetch(`${base}/hooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
    expect(unsigned.status).toBe(401);
    const ts = String(Math.floor(Date.now() / 1000));
    const smsRaw = JSON.stringify({ id: "sms-1", status: "failed" });
    const smsForged = await fetch(`${base}/hooks/sms-gateway`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-gateway-timestamp": ts, "x-gateway-signature": gatewaySignature("nope", ts, smsRaw) },
      body: smsRaw,
    });
    expect(smsForged.status).toBe(401);
    // An old report, even rightly signed, is a replay.
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const replay = await fetch(`${base}/hooks/sms-gateway`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-gateway-timestamp": old, "x-gateway-signature": gatewaySignature(GATEWAY_SECRET, old, smsRaw) },
      body: smsRaw,
    });
    expect(replay.status).toBe(401);
    expect((await api.get(`/admin/api/log?q=${encodeURIComponent(people[0]!.mobile!)}`)).json().rows[0]).toMatchObject({ id: sent.id, status: "read" });
  });

  it("answers in free text only inside the 24 hours after the parent wrote", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { people } = await parentsWithChildren(app, tenant.id, 1, "705");
    await credit(app, tenant.id, "whatsapp", 1000);
    const templateId = await feeReminderTemplates(api);
    const body = { templateId, userId: people[0]!.id, freeText: true };
    const closed = await api.post("/admin/api/document-template/send-message", { ...body, clientId: "free-text-0001" });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("whatsapp.window_closed");
    await whatsapp.inbound(people[0]!.mobile!, "Salaam, is the school open tomorrow?");
    const open = await api.post("/admin/api/document-template/send-message", { ...body, clientId: "free-text-0002" });
    expect(open.statusCode, open.body).toBe(200);
    expect(whatsapp.received.at(-1)).toMatchObject({ type: "text" });
    expect(whatsapp.received.at(-1)!.text).toContain(`[en] Dear Parent 7050, the fees of`);
  });

  it("e-mails through SMTP, and downloads the log as downloaded_file.xlsx with formula-looking cells made text", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const { people } = await parentsWithChildren(app, tenant.id, 1, "706");
    const template = (
      await api.post("/admin/api/document-template", { name: "Letter", channel: "email", subject: "Hello {{guardianName}}", body: "From {{schoolName}}" })
    ).json().data;
    const mail = await api.post("/admin/api/document-template/send-message", { templateId: template.id, userId: people[0]!.id, clientId: "mail-0001" });
    expect(mail.json().data).toMatchObject({ status: "sent", provider: "smtp", cost: 0 });
    expect(smtp.received.at(-1)).toMatchObject({ to: [people[0]!.email] });
    expect(smtp.received.at(-1)!.messageId).toBe(mail.json().data.providerMessageId);
    const noted = await api.post("/admin/api/log", {
      channel: "sms",
      recipient: "+919800000123",
      recipientName: '=HYPERLINK("http://evil.example","x")',
      body: "@SUM(1+1)",
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().data).toMatchObject({ status: "sent", provider: "manual" });
    const file = await api.post("/admin/api/log/download", {});
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe('attachment; filename="downloaded_file.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1).value;
    expect(cell("Name")).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(cell("Message")).toBe("'@SUM(1+1)");
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(header.indexOf("Provider") + 1).value).toBe("smtp");
    const other = await adminOfNewTenant(app);
    expect((await other.api.put("/admin/api/log/refresh", { messageId: noted.json().data.id })).statusCode).toBe(404);
  });
});

describe("crediting a wallet", () => {
  it("is the platform's: one ledger row per reference, and a school cannot credit itself", async () => {
    const app = await testApp();
    const { api, tenant } = await adminOfNewTenant(app);
    const email = `ops-${tenant.code.toLowerCase()}@taleem.example`;
    await createPlatformAdmin(app.services.db, { name: "Ops", email, password: PASSWORD });
    const token = (await client(app).post("/api/open/auth/login", { email, password: PASSWORD })).json().token;
    const platform = client(app, token);
    const body = { tenantId: tenant.id, channel: "sms", amount: 50_000, note: "Recharge, payment pay_123", reference: "pay_123" };
    const first = await platform.post("/api/messaging/wallet/credit", body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ repeated: false, wallet: { channel: "sms", balance: 50_000, held: 0 } });
    expect((await platform.post("/api/messaging/wallet/credit", body)).json()).toMatchObject({ repeated: true, wallet: { balance: 50_000 } });
    expect((await platform.post("/api/messaging/wallet/credit", { ...body, tenantId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await api.post("/api/messaging/wallet/credit", body)).statusCode).toBeGreaterThanOrEqual(401);
    const wallet = (await api.get("/admin/api/messaging/wallet?channel=sms")).json();
    expect(wallet.rows).toHaveLength(1);
    expect(wallet.rows[0]).toMatchObject({ kind: "recharge", amount: 50_000, balanceAfter: 50_000, note: "Recharge, payment pay_123" });
  });
});
