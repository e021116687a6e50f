import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { outbox } from "./outbox.table.js";
import { WhatsAppCloud } from "./whatsapp.js";

/** A stand-in for the WhatsApp Cloud API: records each request, answers as the API does. */
function fakeCloudApi() {
  const received: { method: string; url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const fake = { received, reply: { status: 200, body: {} as unknown }, server: undefined as unknown as Server, base: "" };
  fake.server = createServer((req, res) => {
    let data = "";
    req.on("data", (c: Buffer) => {
      data += c.toString("utf8");
    });
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: JSON.parse(data) });
      res.writeHead(fake.reply.status, { "content-type": "application/json" }).end(JSON.stringify(fake.reply.body));
    });
  });
  return fake;
}

describe("WhatsApp Cloud API template messages", () => {
  const fake = fakeCloudApi();
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v21.0/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it("POSTs {base}/{phoneNumberId}/messages with the bearer token and the template body, and answers the message id", async () => {
    fake.reply = {
      status: 200,
      body: { messaging_product: "whatsapp", contacts: [{ input: "919847012345", wa_id: "919847012345" }], messages: [{ id: "wamid.HBgM" }] },
    };
    const cloud = new WhatsAppCloud({ apiUrl: fake.base, token: "EAAG-token", phoneNumberId: "106540352242922" });
    const out = await cloud.sendTemplate("+919847012345", {
      template: "admission_approved",
      language: "ml",
      params: ["Rasheed", "Al-Noor\nMadrasa", "ADM-2026-0001"],
      text: "ignored here",
    });
    expect(out).toEqual({ id: "wamid.HBgM" });
    const req = fake.received.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v21.0/106540352242922/messages");
    expect(req.headers.authorization).toBe("Bearer EAAG-token");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.body).toEqual({
      messaging_product: "whatsapp",
      to: "919847012345",
      type: "template",
      template: {
        name: "admission_approved",
        language: { code: "ml" },
        // WhatsApp refuses new lines inside a parameter.
        components: [{ type: "body", parameters: ["Rasheed", "Al-Noor Madrasa", "ADM-2026-0001"].map((text) => ({ type: "text", text })) }],
      },
    });
  });

  it("throws the API's own error message when it refuses", async () => {
    fake.reply = { status: 401, body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } } };
    const cloud = new WhatsAppCloud({ apiUrl: fake.base, token: "expired", phoneNumberId: "1" });
    await expect(cloud.sendTemplate("+919847012345", { template: "t", language: "en", params: [], text: "" })).rejects.toThrow(
      "WhatsApp answered 401: Error validating access token",
    );
  });
});

describe("WhatsApp without a provider", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("keeps the message in the outbox with its template and language", async () => {
    expect(app.services.messenger.whatsappConfigured).toBe(false);
    const status = await app.services.messenger.whatsapp(null, "+919847000777", {
      template: "admission_rejected",
      language: "ar",
      params: ["x"],
      text: "نأسف",
    });
    expect(status).toBe("outbox");
    const [row] = await app.services.db.select().from(outbox).where(eq(outbox.recipient, "+919847000777")).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ channel: "whatsapp", subject: "admission_rejected (ar)", body: "نأسف" });
  });
});
