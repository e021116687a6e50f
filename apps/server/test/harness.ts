import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyInstance, InjectOptions } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";
import { provisionTenant } from "../src/modules/provision.js";
import type { LogStream } from "../src/platform/http/request-log.js";
import { RazorpaySandbox } from "../src/platform/payments/razorpay-sandbox.js";
import { sandboxConfig, sandboxKeys, webhookPath } from "../src/platform/payments/start-sandbox.js";
import type { Services } from "../src/platform/services.js";

export type TestApp = FastifyInstance & { services: Services };

let shared: Promise<{ app: TestApp; database: Database }> | undefined;
const sandboxes = new WeakMap<TestApp, RazorpaySandbox>();
/** The app's local Razorpay sandbox: pay or fail its orders, send its webhooks (none when the test named PAYMENT_PROVIDER). */
export const paymentSandbox = (app: TestApp): RazorpaySandbox => {
  const sandbox = sandboxes.get(app);
  if (!sandbox) throw new Error("this app has no payment sandbox (its env names PAYMENT_PROVIDER)");
  return sandbox;
};
/** Every app built here and not closed yet: test/file-setup.ts closes them when a test file ends. */
const open = new Set<TestApp>();

export const TEST_ENV = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  // Tests all come from one address; keep the per-address limit out of their way.
  LOGIN_MAX_FAILURES_PER_IP: "100000",
};

/**
 * One app per test file, shared by the file's tests, on the database the files share (see
 * `openTestDatabase`).
 */
export function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  if (Object.keys(env).length) return buildTestApp(env).then((x) => x.app);
  shared ??= build({}, true);
  return shared.then((x) => x.app);
}

/**
 * An app of its own (its own settings or limits, its log, see `AppOptions`), on a database that
 * starts as this run's migrated one (test/global-setup.ts) and is gone when the app closes: PGlite in memory, loaded
 * from the run's dump; on PostgreSQL, a copy of the run's template. The file's shared app on
 * PostgreSQL uses this run's database itself, which the processes cli.test.ts starts use too.
 */
export function buildTestApp(env: Record<string, string>, options: AppOptions = {}): Promise<{ app: TestApp; database: Database }> {
  return build(env, false, options);
}

export interface AppOptions {
  /** Where the app's log goes (a test reading it); none otherwise. */
  log?: LogStream;
  /** Runs before the app is ready: a route of the test's own. */
  prepare?: (app: TestApp) => void;
}

async function build(env: Record<string, string>, shared: boolean, options: AppOptions = {}): Promise<{ app: TestApp; database: Database }> {
  const { url, database, release } = await openTestDatabase(shared);
  // A key prefix of its own per app: counters left in Redis by an earlier run never leak in.
  const redis = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `taleem-test:${randomBytes(6).toString("hex")}:` } : {};
  // Online payments go to a local Razorpay sandbox of the app's own, unless the test names a
  // provider or runs as production (which takes no sandbox).
  const sandbox = env.PAYMENT_PROVIDER || env.NODE_ENV === "production" ? undefined : await new RazorpaySandbox(sandboxKeys()).start();
  const config = parseConfig({ ...TEST_ENV, ...redis, ...(url ? { DATABASE_URL: url } : {}), ...(sandbox ? sandboxConfig(sandbox) : {}), ...env });
  let app: TestApp;
  try {
    app = (await buildApp({ config, database, logger: options.log ?? false })) as TestApp;
  } catch (e) {
    await release();
    await sandbox?.stop();
    throw e;
  }
  open.add(app);
  if (sandbox) {
    sandbox.opts.deliver = (payload, headers) =>
      app.inject({ method: "POST", url: webhookPath("sandbox"), headers, payload }).then((r) => ({ status: r.statusCode, body: r.body }));
    sandboxes.set(app, sandbox);
  }
  app.addHook("onClose", async () => {
    await sandbox?.stop();
    open.delete(app);
    await release();
  });
  options.prepare?.(app);
  await app.ready();
  return { app, database };
}

/**
 * Closes the apps this file built (and the databases of their own) and forgets the shared one: the
 * next test file in this worker builds its own app on the shared database.
 */
export async function closeTestApps(): Promise<void> {
  const building = shared;
  shared = undefined;
  await building?.catch(() => undefined);
  for (const app of [...open]) await app.close();
}

let snapshot: Promise<Blob> | undefined;
let workerDatabase: Promise<Database> | undefined;

/**
 * A database already migrated, for one app: nothing here migrates again. `release` is what the app
 * does with it when it closes.
 * - PostgreSQL: a file's shared app connects to this run's database, which every file shares;
 *   an app of its own gets a copy of the template, dropped when it closes.
 * - PGlite: the files a worker runs share one database loaded once from the run's dump, as the
 *   files share one database on PostgreSQL (every test makes schools of its own); an app of its
 *   own loads a copy of its own.
 */
async function openTestDatabase(shared: boolean): Promise<{ url?: string; database: Database; release: () => Promise<void> }> {
  const runUrl = inject("testDatabaseUrl");
  if (runUrl) {
    if (shared) {
      const database = await openDatabase({ databaseUrl: runUrl, migrate: false });
      return { url: runUrl, database, release: () => database.close() };
    }
    const { baseUrl, template, prefix } = inject("testDatabaseTemplate");
    const copy = await createScratchDatabase(baseUrl, `${prefix}_app`, template);
    try {
      const database = await openDatabase({ databaseUrl: copy.url, migrate: false });
      return {
        url: copy.url,
        database,
        release: async () => {
          await database.close();
          await copy.drop();
        },
      };
    } catch (e) {
      await copy.drop();
      throw e;
    }
  }
  snapshot ??= readFile(inject("testDataDirSnapshot")).then((bytes) => new Blob([bytes]));
  const load = async () => openDatabase({ loadDataDir: await snapshot, migrate: false });
  if (shared) {
    workerDatabase ??= load();
    return { database: await workerDatabase, release: async () => {} };
  }
  const database = await load();
  return { database, release: () => database.close() };
}

export const uniqueCode = (prefix = "T") => `${prefix}${randomBytes(4).toString("hex")}`.toUpperCase();
let phoneCounter = 0;
/** A mobile number no other test in this worker uses (Indian numbers, E.164). */
export const uniqueMobile = () => `+9197${String(process.pid % 10000).padStart(4, "0")}${String(++phoneCounter).padStart(4, "0")}`;

export const PASSWORD = "Quiet-Garden-42";

export interface TestTenant {
  id: number;
  code: string;
  admin: { id: number; mobile: string; password: string };
}

/** A fresh school with an admin; every test makes its own, so tests never collide. */
export async function newTenant(app: TestApp, overrides: { country?: string; name?: string } = {}): Promise<TestTenant> {
  const code = uniqueCode();
  const mobile = uniqueMobile();
  const { tenant, admin } = await provisionTenant(app.services.db, {
    code,
    name: overrides.name ?? `School ${code}`,
    country: overrides.country ?? "IN",
    admin: { name: "Test Admin", mobile, password: PASSWORD },
  });
  return { id: tenant.id, code, admin: { id: admin.id, mobile, password: PASSWORD } };
}

/** A client that calls the app as the web app does: JSON, x-requested-with, the session token. */
export function client(app: TestApp, token?: string) {
  const call = (method: InjectOptions["method"], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { "x-requested-with": "XMLHttpRequest", ...(token ? { "x-access-token": token } : {}) },
      ...(body !== undefined ? { payload: body as InjectOptions["payload"] } : {}),
    });
  return {
    get: (url: string) => call("GET", url),
    post: (url: string, body?: unknown) => call("POST", url, body ?? {}),
    put: (url: string, body?: unknown) => call("PUT", url, body ?? {}),
    delete: (url: string, body?: unknown) => call("DELETE", url, body),
  };
}

/** Signs in by mobile and password and returns a client carrying the session. */
export async function signIn(app: TestApp, code: string, mobile: string, password = PASSWORD) {
  const res = await client(app).post("/admin/open/auth/login-mobile", { mobile, password, code });
  if (res.statusCode !== 200 || !res.json().auth) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  return { token, user: res.json().user, api: client(app, token) };
}

/** A school with its admin signed in: the starting point of most tests. */
export async function adminOfNewTenant(app: TestApp) {
  const tenant = await newTenant(app);
  const session = await signIn(app, tenant.code, tenant.admin.mobile);
  return { tenant, ...session };
}
