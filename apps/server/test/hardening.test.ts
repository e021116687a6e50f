import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redacted } from "../src/platform/http/error-handler.js";
import { adminOfNewTenant, buildTestApp, client, newTenant, type TestApp, testApp } from "./harness.js";

/** Defects found by probing the first version from outside (issue 10), each pinned by a test. */
describe("request hardening", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("refuses a NUL character in a query, a body field, a sign-in code or a path parameter with a 400 naming it", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const q = await api.get("/admin/api/student?q=%00");
    expect(q.statusCode, q.body).toBe(400);
    expect(q.json()).toMatchObject({ code: "nul_character", params: { field: "q" } });

    const body = await api.post("/admin/api/student", { admissionNo: "N-1", name: "Ali\u0000" });
    expect(body.statusCode, body.body).toBe(400);
    expect(body.json().params.field).toBe("name");

    const signIn = await client(app).post("/admin/open/auth/login-mobile", { mobile: tenant.admin.mobile, password: "x", code: "\u0000" });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().params.field).toBe("code");

    const path = await client(app).get("/admin/open/admission/%00/form");
    expect(path.statusCode).toBe(400);
    expect(path.json().params.field).toBe("code");
  });

  it("refuses an impossible date in a list filter, naming the filter", async () => {
    const { api } = await adminOfNewTenant(app);
    const res = await api.get("/admin/api/admission?createdAtFrom=2026-02-30");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().params.field).toBe("createdAtFrom");
    expect((await api.get("/admin/api/admission?createdAtFrom=2026-02-28")).statusCode).toBe(200);
  });

  it("sends the security headers on JSON replies", async () => {
    const res = await client(app).get("/health");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("counts a sign-in attempt before checking it: of 60 parallel wrong passwords from one address, at most 5 are checked", async () => {
    const tenant = await newTenant(app);
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        client(app).post("/admin/open/auth/login-mobile", { mobile: tenant.admin.mobile, password: "Wrong-Password-1", code: tenant.code }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(55);
    // The right password is refused too while the account is locked from this address.
    const right = await client(app).post("/admin/open/auth/login-mobile", { mobile: tenant.admin.mobile, password: tenant.admin.password, code: tenant.code });
    expect(right.statusCode).toBe(429);
  });

  it("clears the session cookie on sign-out with the attributes it was set with (SameSite=Strict, HttpOnly)", async () => {
    const tenant = await newTenant(app);
    const signIn = await client(app).post("/admin/open/auth/login-mobile", { mobile: tenant.admin.mobile, password: tenant.admin.password, code: tenant.code });
    const set = String(signIn.headers["set-cookie"]);
    expect(set).toContain("SameSite=Strict");
    const out = await app.inject({
      method: "POST",
      url: "/user/api/user/logout",
      headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": signIn.json().token },
    });
    expect(out.statusCode).toBe(200);
    const cleared = String(out.headers["set-cookie"]);
    expect(cleared).toContain("SameSite=Strict");
    expect(cleared).toContain("HttpOnly");
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("keeps SQL parameters (a record's token, a mobile number) out of error logs", () => {
    const err = Object.assign(new Error('Failed query: select * from "records" where "token" = $1\nparams: Zx81-secret-token'), {
      cause: Object.assign(new Error("invalid input"), { code: "22P02" }),
    });
    const logged = JSON.stringify(redacted(err));
    expect(logged).not.toContain("Zx81-secret-token");
    expect(logged).toContain("params: [redacted]");
    expect(logged).toContain("22P02");
  });
});

describe("a production server behind no configured proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ NODE_ENV: "production", SECRET_KEY: "a".repeat(64), LOGIN_MAX_FAILURES_PER_IP: "100000" }));
  });
  afterAll(() => app.close());

  it("does not let a forged X-Forwarded-For reset the sign-in limit", async () => {
    const tenant = await newTenant(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/admin/open/auth/login-mobile",
        headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": `203.0.113.${i + 1}` },
        payload: { mobile: tenant.admin.mobile, password: "Wrong-Password-1", code: tenant.code },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const right = await app.inject({
      method: "POST",
      url: "/admin/open/auth/login-mobile",
      headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": "198.51.100.7" },
      payload: { mobile: tenant.admin.mobile, password: tenant.admin.password, code: tenant.code },
    });
    expect(right.statusCode).toBe(429);
  });

  it("sends HSTS", async () => {
    expect((await app.inject({ url: "/health" })).headers["strict-transport-security"]).toContain("max-age=");
  });
});

describe("stopping", () => {
  it("answers a request on a kept-alive connection with 503 and Connection: close while draining, never a reset", async () => {
    const { app } = await buildTestApp({});
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; socket: unknown; body: string }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/health", agent }, (res) => {
          let body = "";
          res.on("data", (d) => {
            body += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const first = await get();
      expect(first.status).toBe(200);
      const draining = app.drain();
      const second = await get();
      // The same kept-alive socket carried it, and the server said to close it.
      expect(second.socket).toBe(first.socket);
      expect(second.status, second.body).toBe(503);
      expect(second.connection).toBe("close");
      await draining;
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
