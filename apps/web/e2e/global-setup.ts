import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's output: one-time codes are read from it (the server logs them outside production). */
    serverLog: string;
    platformAdmin: { email: string; password: string };
  }
}

const web = new URL("..", import.meta.url).pathname;
const serverDir = join(web, "../server");
export const PLATFORM_ADMIN = { email: "ops@taleem.test", name: "Operations", password: "Tall-Cedar-Lamp-9" };

/**
 * Builds the web app into this run's own folder: the shared dist/ may be rebuilt by someone else
 * while the tests run, and the server lists its files once at start.
 */
function buildInto(outDir: string) {
  // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
  const env = { ...process.env, NODE_ENV: "production" };
  const r = spawnSync("npx", ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: web, stdio: "inherit", env });
  if (r.status !== 0) throw new Error("The web build failed");
  // The server's copy of the parent home (src/ssr), as `npm run build` makes it.
  const ssr = ["vite", "build", "--ssr", "src/ssr/parent-home.server.tsx", "--outDir", join(outDir, "ssr"), "--emptyOutDir", "--logLevel", "warn"];
  if (spawnSync("npx", ssr, { cwd: web, stdio: "inherit", env }).status !== 0) throw new Error("The web app's server build failed");
}

function freePort(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => {
      const any = createServer();
      any.listen(0, "127.0.0.1", () => {
        const port = (any.address() as { port: number }).port;
        any.close(() => resolve(port));
      });
    });
    probe.listen(preferred, "127.0.0.1", () => probe.close(() => resolve(preferred)));
  });
}

// The first start seeds the whole demo school (about 40 s on a quiet machine, far longer on CI's two busy cores).
// Healthy counts only once this run's server said it listens there: another run's server on the
// same port (two runs on one machine) would answer too, and its demo school is not this run's.
async function waitForHealth(url: string, server: ChildProcess, listening: () => boolean, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was healthy`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok && listening()) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not become healthy at ${url} within ${ms / 1000} s`);
}

/** Starts the real server once on a fresh data folder (the demo school is seeded) and stops it at the end. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "taleem-e2e-"));
  const webDist = join(dataDir, "web");
  buildInto(webDist);
  const port = await freePort(Number(process.env.E2E_PORT ?? 3111));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dataDir, "db"),
    WEB_DIST: webDist,
    NODE_ENV: "test",
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    // Many sign-ins from one address and many codes for the same numbers, all in one run.
    LOGIN_MAX_FAILURES_PER_IP: "100000",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000",
    OTP_MAX_SENDS: "1000",
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;

  // The platform admin exists before the server holds the data folder (the CLI needs it alone).
  const cli = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "platform-admin",
      "create",
      "--email",
      PLATFORM_ADMIN.email,
      "--name",
      PLATFORM_ADMIN.name,
      "--password",
      PLATFORM_ADMIN.password,
    ],
    { cwd: serverDir, env, encoding: "utf8" },
  );
  if (cli.status !== 0) throw new Error(`Creating the platform admin failed:\n${cli.stderr || cli.stdout}`);

  const serverLog = join(dataDir, "server.log");
  const log = createWriteStream(serverLog);
  const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Fastify's line once it listens ("Server listening at http://127.0.0.1:3111"), kept across chunks.
  let said = "";
  const listening = () => said.includes(`Server listening at ${baseUrl}"`);
  server.stdout?.on("data", (chunk: Buffer) => {
    if (!listening()) said = (said + chunk.toString()).slice(-4096);
  });
  try {
    await waitForHealth(baseUrl, server, listening);
  } catch (e) {
    server.kill("SIGTERM");
    throw e;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("serverLog", serverLog);
  project.provide("platformAdmin", { email: PLATFORM_ADMIN.email, password: PLATFORM_ADMIN.password });

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 25_000)))]);
      clearTimeout(timer);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    log.end();
    if (!process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
