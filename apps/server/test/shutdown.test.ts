import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO } from "../src/db/seed-demo.js";
import { call, childEnv, freePort, SERVER_DIR, startServer, stopServer } from "./server-process.js";

// Picked once, so the restart listens where the first server did.
const PORT = await freePort();
const dataDir = mkdtempSync("/tmp/taleem-cli-shutdown-");
// On CI's PostgreSQL the server uses this run's database and is asked to seed the demo school.
const url = inject("testDatabaseUrl");
const env = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url, SEED_DEMO: "true" } : {}) };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A sign-in whose body arrives in two halves, so it is still in flight when the signal comes. */
function slowSignIn(port: number) {
  const body = JSON.stringify({ mobile: DEMO.admin.mobile, password: DEMO.password, code: DEMO.code });
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const reply = new Promise<{ status: number; json: { auth: boolean; token?: string } }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/admin/open/auth/login-mobile",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-requested-with": "XMLHttpRequest" },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { reply, finish: () => finish() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the server process", () => {
  it("seeds the demo school, finishes requests in flight on SIGTERM, exits 0, and keeps data and sessions across a restart", async () => {
    const first = await startServer(env, PORT);
    let token: string;
    const name = `Kept Across Restart ${Date.now()}`;
    try {
      // The sign-in details are printed as plain lines, not a JSON-escaped blob.
      expect(first.output()).toContain(`admin   mobile ${DEMO.admin.mobile}`);
      expect(first.output()).not.toContain("\\n");

      const signIn = await call(PORT, "POST", "/admin/open/auth/login-mobile", { mobile: DEMO.admin.mobile, password: DEMO.password, code: DEMO.code });
      expect(signIn.status).toBe(200);
      token = signIn.json.token;
      const roles = await call(PORT, "GET", "/admin/api/role?limit=100", undefined, token);
      const parentRole = roles.json.rows.find((r: { builtin: string | null }) => r.builtin === "parent");
      const created = await call(
        PORT,
        "POST",
        "/admin/api/user",
        { name, mobile: `+9196${String(Date.now()).slice(-8)}`, roleIds: [parentRole.id], language: "en", status: "active" },
        token,
      );
      expect(created.status, created.text).toBe(200);

      const slow = slowSignIn(PORT);
      await sleep(300);
      first.child.kill("SIGTERM");
      await sleep(500);
      // Still running: it waits for the half-sent request.
      expect(first.child.exitCode).toBeNull();
      slow.finish();
      const late = await slow.reply;
      expect(late.status).toBe(200);
      expect(late.json.auth).toBe(true);
      expect(await first.exited).toBe(0);
    } finally {
      await stopServer(first, "SIGKILL");
    }

    const second = await startServer(env, PORT);
    try {
      expect(second.output()).not.toContain("Seeded the demo school");
      // The session from before the restart still works: the generated key was kept.
      const found = await call(PORT, "GET", `/admin/api/user?q=${encodeURIComponent(name)}`, undefined, token);
      expect(found.status, found.text).toBe(200);
      expect(found.json.rows.map((r: { name: string }) => r.name)).toEqual([name]);
      expect(statSync(join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
    } finally {
      expect(await stopServer(second, "SIGINT")).toBe(0);
    }
  }, 480_000);

  it("stops start-up on a bad configuration value, naming it", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: SERVER_DIR,
      env: childEnv({ PORT: "abc", DATA_DIR: join(dataDir, "bad") }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/PORT/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
