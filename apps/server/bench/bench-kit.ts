import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when DATABASE_URL names a server. */
export const benchKinds = (): DatabaseKind[] => (process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]);

export const kindLabel = (kind: DatabaseKind) => (kind === "pglite" ? "PGlite (embedded, in memory)" : "PostgreSQL (DATABASE_URL)");

export async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** The real app on a fresh database of `kind` (a scratch PostgreSQL database is dropped on close). */
export async function openBenchApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const scratch = kind === "postgres" ? await createScratchDatabase(process.env.DATABASE_URL!, "taleem_bench") : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
  const config = parseConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "silent",
    SECRET_KEY: randomBytes(24).toString("hex"),
    ...env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** Signs a person in through the real route and returns the session token. */
export async function benchSignIn(app: FastifyInstance, body: { mobile: string; password: string; code: string }): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/admin/open/auth/login-mobile",
    headers: { "x-requested-with": "XMLHttpRequest", "content-type": "application/json" },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}
