import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newTenant, signIn, type TestApp } from "../../../test/harness.js";
import { socketOrigins } from "./realtime.js";

/** A socket opens from a page of the app only: another site's page cannot open one in a visitor's name. */
describe("the origin a socket comes from", () => {
  const PUBLIC_URL = "https://school.example";
  const sockets: Socket[] = [];
  let app: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    ({ app } = await buildTestApp({ NODE_ENV: "production", SECRET_KEY: "a-production-secret-for-tests", PUBLIC_URL }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const tenant = await newTenant(app);
    ({ token } = await signIn(app, tenant.code, tenant.admin.mobile));
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  /** Opens a socket with the session, as a page at `origin` would (none: a native wrapper); "connected", or the refusal. */
  function open(origin: string | undefined, transport: "websocket" | "polling"): Promise<string> {
    const socket = connect(base, {
      path: "/socket.io",
      transports: [transport],
      reconnection: false,
      auth: { token },
      ...(origin ? { extraHeaders: { origin } } : {}),
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (e) => resolve(`refused: ${e.message}`));
    });
  }

  it("connects from PUBLIC_URL, from the address the server was reached at, and with no origin (a native wrapper)", async () => {
    for (const transport of ["websocket", "polling"] as const) {
      expect(await open(PUBLIC_URL, transport), transport).toBe("connected");
      expect(await open(base, transport), transport).toBe("connected");
      expect(await open(undefined, transport), transport).toBe("connected");
    }
  });

  it("refuses a page of another site, even with a valid session, and the dev server's origin in production", async () => {
    for (const transport of ["websocket", "polling"] as const) {
      for (const origin of ["https://evil.example", "http://school.example", "https://school.example.evil.example", "http://localhost:5173", "null"]) {
        expect(await open(origin, transport), `${origin} ${transport}`).toMatch(/^refused/);
      }
    }
  });

  it("lets the dev server's pages open a socket outside production only", () => {
    expect(socketOrigins({ production: false })).toEqual(["http://localhost:3001", "http://localhost:5173", "http://127.0.0.1:5173"]);
    expect(socketOrigins({ production: true, PUBLIC_URL: "https://school.example/app/" })).toEqual(["https://school.example"]);
  });
});
