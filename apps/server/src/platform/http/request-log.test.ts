import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newTenant, PASSWORD, type TestApp, type TestTenant } from "../../../test/harness.js";

/** What an operator reads after an incident: who called, from where, which request; nothing personal. */
describe("the request log", () => {
  type Line = { msg?: string; level: number; reqId?: string; res?: { statusCode: number; method: string; route: string } } & Record<string, unknown>;
  const lines: Line[] = [];
  const FORWARDED_FOR = "203.0.113.9";
  // A mobile number as a failed query's parameters would carry it into an error's message.
  const QUERIED_MOBILE = "+919712340077";
  let app: TestApp;
  let tenant: TestTenant;
  let token: string;

  const call = (method: "GET" | "POST", url: string, extra: { token?: string; body?: object } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        "x-requested-with": "XMLHttpRequest",
        "x-forwarded-for": FORWARDED_FOR,
        ...(extra.token ? { "x-access-token": extra.token, cookie: `taleem_session=${extra.token}` } : {}),
      },
      ...(extra.body ? { payload: extra.body } : {}),
    });
  const completed = (route: string) => lines.filter((l) => l.msg === "request completed" && l.res?.route === route);

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      // The server sits behind one proxy at 127.0.0.1 (where app.inject comes from), which says who the client is.
      { LOG_LEVEL: "info", TRUST_PROXY: "127.0.0.1" },
      {
        log: { write: (line) => void lines.push(JSON.parse(line)) },
        // A fault of ours: a query that failed, its message naming its parameters.
        prepare: (app) =>
          app.get("/admin/api/log-test/fault", async () => {
            throw new Error(`Failed query: select id from students where mobile = $1\nparams: ${QUERIED_MOBILE}`);
          }),
      },
    ));
    tenant = await newTenant(app);
    const signIn = await call("POST", "/admin/open/auth/login-mobile", { body: { mobile: tenant.admin.mobile, password: PASSWORD, code: tenant.code } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    token = signIn.json().token;
  });

  it("names the school, the person, the client's address and the request on a call's completion line", async () => {
    const res = await call("GET", `/admin/api/student?q=${encodeURIComponent(QUERIED_MOBILE)}&name=Fatima`, { token });
    expect(res.statusCode, res.body).toBe(200);

    const [done] = completed("/admin/api/student");
    expect(done).toMatchObject({
      ip: FORWARDED_FOR,
      tenantId: tenant.id,
      tenant: tenant.code,
      userId: tenant.admin.id,
      reqId: expect.any(String),
      res: { statusCode: 200, method: "GET", route: "/admin/api/student" },
    });
    // The line of its arrival, written before the session is read, has the same request id and the address.
    const arrived = lines.find((l) => l.msg === "incoming request" && l.reqId === done!.reqId);
    expect(arrived).toMatchObject({ req: { method: "GET", route: "/admin/api/student", ip: FORWARDED_FOR } });

    // The sign-in's own line has the address; nobody was signed in when it arrived.
    const [signIn] = completed("/admin/open/auth/login-mobile");
    expect(signIn).toMatchObject({ ip: FORWARDED_FOR, res: { statusCode: 200 } });
    expect(signIn).not.toHaveProperty("userId");
  });

  it("names the same on an error's line, and cuts the failed query's parameters", async () => {
    const res = await call("GET", "/admin/api/log-test/fault", { token });
    expect(res.statusCode).toBe(500);
    const failed = lines.find((l) => l.msg === "unexpected error");
    expect(failed).toMatchObject({
      level: 50,
      ip: FORWARDED_FOR,
      tenantId: tenant.id,
      tenant: tenant.code,
      userId: tenant.admin.id,
      reqId: expect.any(String),
    });
    expect(completed("/admin/api/log-test/fault")[0]).toMatchObject({ reqId: failed!.reqId, userId: tenant.admin.id, res: { statusCode: 500 } });
  });

  it("writes no mobile number, password, session token, cookie or query value anywhere in the log", async () => {
    await call("GET", `/admin/api/student?q=${encodeURIComponent(QUERIED_MOBILE)}&name=Fatima`, { token });
    await call("GET", "/admin/api/log-test/fault", { token });
    const text = lines.map((l) => JSON.stringify(l)).join("\n");
    expect(lines.length).toBeGreaterThan(6);
    for (const secret of [
      tenant.admin.mobile,
      tenant.admin.mobile.slice(3),
      QUERIED_MOBILE,
      QUERIED_MOBILE.slice(3),
      PASSWORD,
      token,
      "Fatima",
      "taleem_session",
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
