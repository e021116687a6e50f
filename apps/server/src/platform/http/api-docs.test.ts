import { isFileReply } from "@taleem/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp, testApp } from "../../../test/harness.js";
import { registeredActions } from "../actions/serve-action.js";

type Reply = { content?: Record<string, { schema?: { type?: string; format?: string } }>; headers?: Record<string, { description?: string }> };
type Doc = { paths: Record<string, Record<string, { responses: Record<string, Reply> }>> };

const PRODUCTION = { NODE_ENV: "production", SECRET_KEY: "a-production-secret-for-tests" };
const openapiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");
const docOf = async (app: TestApp) => (await app.inject({ method: "GET", url: "/openapi.json" })).json() as Doc;

describe("the API's description", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("is served at /docs and /openapi.json outside production", async () => {
    expect((await app.inject({ method: "GET", url: "/openapi.json" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/docs/" })).statusCode).toBe(200);
  });

  describe("in production", () => {
    let closed: TestApp;
    let opened: TestApp;
    beforeAll(async () => {
      [{ app: closed }, { app: opened }] = await Promise.all([buildTestApp(PRODUCTION), buildTestApp({ ...PRODUCTION, API_DOCS: "true" })]);
    });

    it("is not served", async () => {
      for (const url of ["/openapi.json", "/docs", "/docs/", "/docs/json", "/docs/static/index.html"]) {
        const res = await closed.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe("route_not_found");
      }
    });

    it("is served when API_DOCS turns it on", async () => {
      expect((await opened.inject({ method: "GET", url: "/openapi.json" })).statusCode).toBe(200);
      expect((await opened.inject({ method: "GET", url: "/docs/" })).statusCode).toBe(200);
    });
  });

  it("documents the successful reply of every operation, a file's content types and name included", async () => {
    const doc = await docOf(app);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(400);
    const undescribed = operations.filter(({ op }) => !Object.entries(op.responses).some(([status, r]) => status.startsWith("2") && r.content));
    expect(undescribed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);

    // Every call declared to answer a file: its types as declared, none of them only JSON, and the name it is saved under.
    const files = registeredActions().filter(({ action }) => isFileReply(action.reply));
    expect(files.length).toBeGreaterThanOrEqual(18);
    for (const { action } of files) {
      const declared = action.reply as { types: string[]; disposition?: string };
      const where = `${action.method} ${action.path}`;
      const reply = doc.paths[openapiPath(action.path)]?.[action.method.toLowerCase()]?.responses["200"];
      expect(Object.keys(reply?.content ?? {}), where).toEqual(declared.types);
      expect(
        declared.types.some((t) => t !== "application/json"),
        where,
      ).toBe(true);
      for (const type of declared.types.filter((t) => t !== "application/json")) {
        expect(reply?.content?.[type]?.schema, `${where} ${type}`).toEqual({ type: "string", format: "binary" });
      }
      expect(reply?.headers?.["content-disposition"]?.description, where).toBe(declared.disposition);
    }
    const named = (method: string, path: string) => doc.paths[path]?.[method]?.responses["200"];
    expect(named("get", "/admin/api/receipt/{id}/download")?.headers?.["content-disposition"]?.description).toBe('attachment; filename="receipt-{id}.pdf"');
    expect(Object.keys(named("get", "/admin/api/upload/{name}")?.content ?? {})).toContain("image/jpeg");

    // The providers' webhooks: WhatsApp's verification echoes its challenge as text, the reports answer what they took.
    expect(Object.keys(named("get", "/hooks/whatsapp")?.content ?? {})).toEqual(["text/plain"]);
    for (const path of ["/hooks/whatsapp", "/hooks/sms-gateway", "/admin/open/payments/webhook/{provider}"]) {
      expect(Object.keys(named("post", path)?.content ?? {}), path).toEqual(["application/json"]);
    }
  });
});
