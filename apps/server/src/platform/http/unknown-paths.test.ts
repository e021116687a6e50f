import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newTenant, signIn, type TestApp } from "../../../test/harness.js";

/**
 * A path no route serves answers 404 to anyone, before any session is asked for: the web app
 * reads a 401 as a session that ended and sends its person to the sign-in page.
 */
describe("a path no route serves", () => {
  const dist = mkdtempSync(join(tmpdir(), "taleem-web-"));
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><body><div id="root"></div></body></html>`);
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ WEB_DIST: dist }));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers, ...(method === "GET" ? {} : { payload: {} }) });
  const notFound = (res: { statusCode: number; json: () => { code: string } }, what: string) => {
    expect(res.statusCode, what).toBe(404);
    expect(res.json().code, what).toBe("route_not_found");
  };

  it("answers 404 to anyone, whatever the method, with or without the x-requested-with header", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      notFound(await send(method, "/admin/api/no-such-list", { "x-requested-with": "XMLHttpRequest" }), `${method} signed out`);
      notFound(await send(method, "/admin/api/no-such-list"), `${method} without x-requested-with`);
    }
    // A path that exists for other methods only.
    notFound(await send("DELETE", "/admin/api/student", { "x-requested-with": "XMLHttpRequest" }), "DELETE of a list");
    // The calls that exist still want a session.
    expect((await send("POST", "/admin/api/student", { "x-requested-with": "XMLHttpRequest" })).statusCode).toBe(401);
  });

  it("answers 404 to a signed-in person too", async () => {
    const tenant = await newTenant(app);
    const { token } = await signIn(app, tenant.code, tenant.admin.mobile);
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      notFound(await send(method, "/admin/api/no-such-list", { "x-requested-with": "XMLHttpRequest", "x-access-token": token }), `${method} signed in`);
    }
  });

  it("still gives a browser the app's page for the app's own screens", async () => {
    const page = await send("GET", "/admin/students", { accept: "text/html,application/xhtml+xml" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
  });
});
