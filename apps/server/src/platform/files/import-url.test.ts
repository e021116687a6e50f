import { describe, expect, it } from "vitest";
import { assertImportUrl, csvExportUrl, fetchImportText, importPolicy } from "./import-url.js";

describe("import addresses", () => {
  const dev = importPolicy({ production: false, IMPORT_ALLOW_EXTRA: "http://127.0.0.1:4555" });
  const prod = importPolicy({ production: true, IMPORT_ALLOW_EXTRA: "http://127.0.0.1:4555" });

  it("allows Google Docs and, outside production, the configured extras only", () => {
    expect(assertImportUrl("https://docs.google.com/spreadsheets/d/x/edit", dev).hostname).toBe("docs.google.com");
    expect(() => assertImportUrl("http://docs.google.com/spreadsheets/d/x", dev)).toThrow(/not allowed/);
    expect(() => assertImportUrl("https://docs.google.com.evil.com/x", dev)).toThrow(/not allowed/);
    expect(() => assertImportUrl("https://user:pw@docs.google.com/x", dev)).toThrow(/not allowed/);
    expect(assertImportUrl("http://127.0.0.1:4555/a.csv", dev).port).toBe("4555");
    expect(() => assertImportUrl("http://127.0.0.1:4556/a.csv", dev)).toThrow(/not allowed/);
    expect(() => assertImportUrl("http://127.0.0.1:4555/a.csv", prod)).toThrow(/not allowed/);
    expect(() => assertImportUrl("not a url", dev)).toThrow(/not a valid/);
  });

  it("turns a Google Sheets link into its CSV export, keeping the tab", () => {
    expect(csvExportUrl("https://docs.google.com/spreadsheets/d/1AbC-d_9/edit#gid=42")).toBe(
      "https://docs.google.com/spreadsheets/d/1AbC-d_9/export?format=csv&gid=42",
    );
    expect(csvExportUrl("https://docs.google.com/spreadsheets/d/1AbC/edit?usp=sharing")).toBe("https://docs.google.com/spreadsheets/d/1AbC/export?format=csv");
    expect(csvExportUrl("http://127.0.0.1:4555/a.csv")).toBe("http://127.0.0.1:4555/a.csv");
  });

  it("refuses a private address in production even when it is named", async () => {
    const policy = { allowed: ["http://127.0.0.1:4555", "http://localhost:4555"], production: true };
    await expect(fetchImportText("http://127.0.0.1:4555/a.csv", policy)).rejects.toThrow(/not allowed/);
    await expect(fetchImportText("http://localhost:4555/a.csv", policy)).rejects.toThrow(/not public/);
  });
});

describe("reading an import twice", () => {
  it("opens a new connection each time, so a socket the sheet's server closed is never reused", async () => {
    const { createServer } = await import("node:http");
    // Like a server whose keep-alive ran out: it answers one request per connection, and drops a
    // connection that brings a second one without a word.
    const served = new WeakSet<object>();
    const server = createServer((req, res) => {
      if (served.has(req.socket)) return req.socket.destroy();
      served.add(req.socket);
      res.writeHead(200, { "content-type": "text/csv", connection: "keep-alive" });
      res.end("name\nAmina\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const policy = importPolicy({ production: false, IMPORT_ALLOW_EXTRA: `http://127.0.0.1:${port}` });
    try {
      expect(await fetchImportText(`http://127.0.0.1:${port}/a.csv`, policy)).toBe("name\nAmina\n");
      expect(await fetchImportText(`http://127.0.0.1:${port}/a.csv`, policy)).toBe("name\nAmina\n");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
