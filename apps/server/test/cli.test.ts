import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { pngBytes } from "../src/modules/admissions/admission.fixture.js";
import { Messenger } from "../src/platform/messaging/messenger.js";
import { client, TEST_ENV, type TestApp, testApp, uniqueCode, uniqueMobile } from "./harness.js";
import { childEnv, freePort, SERVER_DIR, startServer, stopServer } from "./server-process.js";

const url = inject("testDatabaseUrl");
const root = mkdtempSync("/tmp/taleem-cli-test-");
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDataDir = () => join(root, `data-${++dirs}`);

const PASSWORD = "Evening-Lantern-58";

/** Runs `npm run cli -- ...` as a person would (the same entry, without npm's banner). */
function cli(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      cwd: SERVER_DIR,
      env: childEnv({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs `fn` with an app on the database the CLI used: the embedded one in `dataDir` (opened and
 * closed again, since one process at a time may hold it), or this run's PostgreSQL database.
 */
async function withApp<R>(dataDir: string, fn: (app: TestApp) => Promise<R>): Promise<R> {
  if (url) return fn(await testApp());
  const config = parseConfig({ ...TEST_ENV, DATA_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  const app = (await buildApp({ config, database, logger: false })) as TestApp;
  try {
    await app.ready();
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const signIn = (app: TestApp, code: string, mobile: string, password = PASSWORD) =>
  client(app).post("/admin/open/auth/login-mobile", { code, mobile, password });

async function createTenant(dataDir: string) {
  const code = uniqueCode("C");
  const mobile = uniqueMobile();
  const res = await cli(["tenant", "create", "--code", code, "--name", `CLI School ${code}`, "--admin-mobile", mobile, "--admin-password", PASSWORD], dataDir);
  return { code, mobile, res };
}

describe("the command line", () => {
  it("lists its commands with --help and refuses bad arguments with exit 2", async () => {
    const dataDir = freshDataDir();
    const help = await cli(["--help"], dataDir);
    expect(help.code).toBe(0);
    for (const c of [
      "tenant create",
      "tenant suspend",
      "tenant activate",
      "user create",
      "platform-admin create",
      "seed demo",
      "outbox",
      "backup",
      "restore",
      "uploads sweep",
    ]) {
      expect(help.stdout).toContain(c);
    }
    const missing = await cli(["tenant", "create", "--code", "X1"], dataDir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Missing --name");
    const unknown = await cli(["tenant", "explode"], dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown command");
  }, 60_000);

  it("creates a tenant, printing it as JSON without the password, and its admin can sign in", async () => {
    const dataDir = freshDataDir();
    const { code, mobile, res } = await createTenant(dataDir);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).not.toContain(PASSWORD);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({
      code,
      name: `CLI School ${code}`,
      country: "IN",
      timeZone: "Asia/Kolkata",
      currency: "INR",
      status: "active",
      admin: { mobile },
    });
    expect(out.id).toBeGreaterThan(0);

    const created = await cli(
      ["user", "create", "--code", code, "--name", "Desk Clerk", "--username", "desk", "--password", PASSWORD, "--role", "staff"],
      dataDir,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ username: "desk", roles: ["Staff"] });

    await withApp(dataDir, async (app) => {
      const admin = await signIn(app, code, mobile);
      expect(admin.statusCode, admin.body).toBe(200);
      expect(admin.json().auth).toBe(true);
      const staff = await client(app).post("/user/open/auth/login", { code, username: "desk", password: PASSWORD });
      expect(staff.json().auth).toBe(true);
    });
  }, 150_000);

  it("suspends a tenant, so sign-in answers 400 with the reason, and activates it again", async () => {
    const dataDir = freshDataDir();
    const { code, mobile, res } = await createTenant(dataDir);
    expect(res.code, res.stderr).toBe(0);
    const suspended = await cli(["tenant", "suspend", "--code", code.toLowerCase(), "--reason", "Fees for the term are unpaid"], dataDir);
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(JSON.parse(suspended.stdout)).toMatchObject({ code, status: "suspended" });
    await withApp(dataDir, async (app) => {
      const refused = await signIn(app, code, mobile);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain("Fees for the term are unpaid");
    });
    const activated = await cli(["tenant", "activate", "--code", code], dataDir);
    expect(activated.code, activated.stderr).toBe(0);
    await withApp(dataDir, async (app) => {
      expect((await signIn(app, code, mobile)).json().auth).toBe(true);
    });
  }, 180_000);

  it("creates a platform admin who signs in without a school code", async () => {
    const dataDir = freshDataDir();
    const email = `ops-${uniqueCode("P").toLowerCase()}@example.org`;
    const res = await cli(["platform-admin", "create", "--email", email, "--name", "Operations", "--password", PASSWORD], dataDir);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).not.toContain(PASSWORD);
    expect(JSON.parse(res.stdout)).toMatchObject({ email, name: "Operations" });
    const again = await cli(["platform-admin", "create", "--email", email, "--name", "Operations", "--password", PASSWORD], dataDir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("exists already");
    await withApp(dataDir, async (app) => {
      const signedIn = await client(app).post("/api/open/auth/login", { email, password: PASSWORD });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().auth).toBe(true);
    });
  }, 150_000);

  it("shows outbox messages whole", async () => {
    const dataDir = freshDataDir();
    const marker = `Your code is ${Math.floor(Math.random() * 900000 + 100000)}. Reset: https://taleem.example/reset/${uniqueCode("TOKEN")}`;
    const to = uniqueMobile();
    await withApp(dataDir, async (app) => {
      const messenger = new Messenger(app.services.db, { smtpFrom: "Taleem <no-reply@taleem.local>" }, app.log);
      expect(await messenger.sms(null, to, marker)).toBe("outbox");
    });
    const res = await cli(["outbox", "--limit", "10000"], dataDir);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`sms  to ${to}`);
    expect(res.stdout).toContain(marker);
  }, 150_000);

  it.skipIf(!!url)(
    "backs up the embedded database with the uploaded files, restores both, and still restores a backup without files",
    async () => {
      const source = freshDataDir();
      const { code, mobile, res } = await createTenant(source);
      expect(res.code, res.stderr).toBe(0);
      const photo = pngBytes(6, 6, [200, 40, 90]);
      const { path, tenantId } = await withApp(source, async (app) => {
        const { token, user } = (await signIn(app, code, mobile)).json();
        const uploaded = await client(app, token).post("/admin/api/upload", { name: "photo.png", data: photo.toString("base64"), module: "students" });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        return { path: uploaded.json().data.path as string, tenantId: user.tenant.id as number };
      });
      const relative = join("uploads", String(tenantId), path.split("/").pop()!);
      expect(readFileSync(join(source, relative)).equals(photo)).toBe(true);
      // What `backup` wrote before it took the files along: PGlite's dump of pgdata alone.
      const oldStyle = join(root, `old-${code}.tar.gz`);
      const database = await openDatabase({ dataDir: source, migrate: false });
      writeFileSync(oldStyle, Buffer.from(await (await database.pglite!.dumpDataDir("gzip")).arrayBuffer()));
      await database.close();

      const file = join(root, `backup-${code}.tar.gz`);
      const backup = await cli(["backup", file], source);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("1 uploaded file");
      expect(existsSync(file)).toBe(true);
      expect((await cli(["backup", file], source)).code).toBe(2);

      // The machine is lost: restore into an empty DATA_DIR.
      rmSync(source, { recursive: true, force: true });
      const restore = await cli(["restore", file], source);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain("Restored 1 uploaded file");
      expect(readFileSync(join(source, relative)).equals(photo)).toBe(true);
      await withApp(source, async (app) => {
        const { token } = (await signIn(app, code, mobile)).json();
        const back = await client(app, token).get(path);
        expect(back.statusCode).toBe(200);
        expect(back.rawPayload.equals(photo)).toBe(true);
      });
      // Data exists now: replacing it needs --force.
      const again = await cli(["restore", file], source);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain("--force");

      // An old backup over it: the database is replaced and kept aside, the files stay where they are.
      const old = await cli(["restore", oldStyle, "--force"], source);
      expect(old.code, old.stderr).toBe(0);
      expect(old.stdout).toContain("made before backups held uploaded files");
      expect(readdirSync(source).some((f) => f.startsWith("pgdata.before-restore-"))).toBe(true);
      expect(readFileSync(join(source, relative)).equals(photo)).toBe(true);
      await withApp(source, async (app) => {
        expect((await signIn(app, code, mobile)).json().auth).toBe(true);
      });

      // A file left without a row long ago (a crash mid-upload) is swept; the photo, young, stays.
      const stray = join(source, "uploads", String(tenantId), "AAAAAAAAAAAAAAAAAAAAAA.png");
      writeFileSync(stray, photo);
      const longAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
      utimesSync(stray, longAgo, longAgo);
      const sweep = await cli(["uploads", "sweep"], source);
      expect(sweep.code, sweep.stderr).toBe(0);
      expect(sweep.stdout).toContain("0 uploads that no record refers to and 1 file without an upload row");
      expect(existsSync(stray)).toBe(false);
      expect(existsSync(join(source, relative))).toBe(true);
    },
    240_000,
  );

  it.runIf(!!url)(
    "points to pg_dump for backups when DATABASE_URL is set",
    async () => {
      const res = await cli(["backup", join(root, "x.tar.gz")], freshDataDir());
      expect(res.code).toBe(2);
      expect(res.stderr).toContain("pg_dump");
    },
    60_000,
  );

  it.skipIf(!!url)(
    "refuses the embedded database while the server holds it",
    async () => {
      const dataDir = freshDataDir();
      const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" }, await freePort());
      try {
        const res = await cli(["outbox"], dataDir);
        expect(res.code).toBe(2);
        expect(res.stderr).toContain(`is in use by process ${server.child.pid}`);
        expect(res.stderr).not.toMatch(/\n\s+at /);
        // Neither a backup nor a restore touches the data or the files under a running server.
        const anyFile = join(root, "any.tar.gz");
        writeFileSync(anyFile, "not read");
        for (const args of [
          ["backup", join(root, "busy.tar.gz")],
          ["restore", anyFile, "--force"],
        ]) {
          const busy = await cli(args, dataDir);
          expect(busy.code, args[0]).toBe(2);
          expect(busy.stderr).toContain(`is in use by process ${server.child.pid}`);
        }
        expect(existsSync(join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      const after = await cli(["outbox"], dataDir);
      expect(after.code, after.stderr).toBe(0);
    },
    120_000,
  );
});
