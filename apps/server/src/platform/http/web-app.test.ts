import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWebApp } from "./web-app.js";

// A build as vite.config.ts leaves it: hashed assets with brotli and gzip copies beside them.
const dist = mkdtempSync(join(tmpdir(), "taleem-web-"));
const script = `console.log(${JSON.stringify("Taleem ".repeat(400))});`;
const html = `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>${" ".repeat(2000)}</body></html>`;
function writeWithCopies(path: string, text: string) {
  writeFileSync(join(dist, path), text);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
}
mkdirSync(join(dist, "assets"));
writeWithCopies("assets/index-AbC123.js", script);
writeWithCopies("index.html", html);
writeFileSync(join(dist, "sw.js"), "self.addEventListener('install', () => {});");

const app = Fastify({ logger: false });
beforeAll(async () => {
  // As the auth plugin does: a request with a session is known before any route runs.
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (req) => {
    if (req.headers.cookie === "session=valid") req.principal = { kind: "user" } as never;
  });
  await serveWebApp(app, { WEB_DIST: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the built web app", () => {
  it("sends a hashed script brotli-compressed when asked, cached for a year", async () => {
    const res = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("falls back to gzip, then to the plain file, as the client allows", async () => {
    const gz = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("has index.html and the service worker revalidated on every load", async () => {
    for (const url of ["/", "/index.html", "/auth/sign-in"]) {
      const res = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    const sw = await app.inject({ url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(sw.headers["cache-control"]).toBe("no-cache");
  });

  it("marks a signed-in person's page for boot.js, kept out of shared caches, and no one else's", async () => {
    const mine = await app.inject({ url: "/parent/home", headers: { accept: "text/html", cookie: "session=valid" } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('<html data-signed-in="user">');
    expect(mine.headers["cache-control"]).toBe("private, no-cache");
    expect(String(mine.headers.vary)).toMatch(/cookie/i);
    const visitor = await app.inject({ url: "/parent/home", headers: { accept: "text/html", cookie: "session=expired" } });
    expect(visitor.body).toBe(html);
  });

  it("answers 404 to a missing file that is not a page", async () => {
    const res = await app.inject({ url: "/assets/gone-XyZ987.js", headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(404);
  });
});
