import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installReplyCompression } from "./compress-replies.js";

// A list reply as a screen asks for it: 200 rows of a few fields.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Student ${i + 1}`, admissionNo: `A-${1000 + i}`, status: "active" }));
const app = Fastify({ logger: false });
beforeAll(async () => {
  installReplyCompression(app);
  app.get("/list", async () => ({ rows, count: rows.length, message: "Students fetched" }));
  app.get("/small", async () => ({ message: "ok" }));
  app.get("/file", async (_req, reply) => reply.type("application/pdf").send(Buffer.from("%PDF-1.7 ".repeat(400))));
  await app.ready();
});
afterAll(() => app.close());

describe("JSON replies are compressed for callers that ask", () => {
  it("sends a large list brotli-compressed to a browser, and the same rows come out", async () => {
    const res = await app.inject({ url: "/list", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify({ rows }).length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).rows).toEqual(rows);
  });

  it("uses gzip for a caller without brotli, and nothing for one that asks for neither", async () => {
    const gz = await app.inject({ url: "/list", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).count).toBe(200);
    const refused = await app.inject({ url: "/list", headers: { "accept-encoding": "br;q=0, identity" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const plain = await app.inject({ url: "/list" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().rows).toHaveLength(200);
  });

  it("leaves small replies and files as they are", async () => {
    const small = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ message: "ok" });
    const file = await app.inject({ url: "/file", headers: { "accept-encoding": "br" } });
    expect(file.headers["content-encoding"]).toBeUndefined();
    expect(file.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });
});
