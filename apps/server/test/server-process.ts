import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export const SERVER_DIR = join(import.meta.dirname, "..");

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** The environment for a child process: this one's, minus what the test decides for itself. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", LOG_LEVEL: "warn" };
  for (const key of ["DATABASE_URL", "SEED_DEMO", "SECRET_KEY", "PORT", "DATA_DIR", "REDIS_URL", "SMTP_URL", "SMS_GATEWAY_URL"]) delete out[key];
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** A port nothing listens on now: the test starts (and restarts) its server on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`node --import tsx src/main.ts`) and waits until it says it is running.
 * A first start seeds the whole demo school (about 30 s on a quiet 2-core machine); beside the
 * rest of the suite on the same two cores it can take three times that, so the wait is generous.
 */
export async function startServer(env: Record<string, string | undefined>, port: number, timeoutMs = 300_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: childEnv({ HOST: "127.0.0.1", PORT: String(port), ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (d) => {
    text += d;
  });
  child.stderr!.on("data", (d) => {
    text += d;
  });
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const started = Date.now();
  while (!text.includes("Taleem is running at")) {
    const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 100))]);
    if (gone !== undefined) throw new Error(`the server exited (${gone}) before it started:\n${text}`);
    if (Date.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${text}`);
    }
  }
  return { child, port, output: () => text, exited };
}

/** Stops a server with a signal and returns its exit code. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** Calls the server as the web app does: JSON, x-requested-with, the session token. */
export async function call(port: number, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      "x-requested-with": "XMLHttpRequest",
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { "x-access-token": token } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read reply fields freely
  return { status: res.status, json: json as any, text };
}
