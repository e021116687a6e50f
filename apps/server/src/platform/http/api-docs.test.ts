import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp, testApp } from "../../../test/harness.js";

const PRODUCTION = { NODE_ENV: "production", SECRET_KEY: "a-production-secret-for-tests" };

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
});
