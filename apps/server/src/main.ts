import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";
import { buildApp } from "./app.js";
import { type Config, ConfigError, parseConfig } from "./config.js";
import { DataDirLockedError, databaseOptions, openDatabase } from "./db/client.js";
import { demoCredentials, seedDemo } from "./db/seed-demo.js";
import { sweepUploads } from "./platform/files/upload-sweep.js";
import { UploadStore } from "./platform/files/uploads.js";
import { withMessagingFakes } from "./platform/messaging/fakes/start-fakes.js";
import { withPaymentSandbox } from "./platform/payments/start-sandbox.js";
import { tenants } from "./platform/tenancy/tenants.table.js";

/**
 * Outside production a missing SECRET_KEY is made once and kept in DATA_DIR/secret.key (mode
 * 600), so sessions and one-time codes survive restarts and no two installs share a key.
 */
function withStoredSecretKey(config: Config): Config {
  if (config.SECRET_KEY || config.production) return config;
  const file = join(config.dataDir, "secret.key");
  let key: string;
  try {
    key = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32).toString("base64url");
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  if (key.length < 16) throw new ConfigError(`Invalid configuration:\n  SECRET_KEY: ${file} holds fewer than 16 characters; delete it to make a new one`);
  return { ...config, secretKey: key };
}

/**
 * Outside production, missing Web Push (VAPID) keys are made once and kept in DATA_DIR/vapid.json,
 * so browsers can subscribe to notifications on a fresh install; production sets them explicitly.
 */
function withStoredVapidKeys(config: Config): Config {
  if ((config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) || config.production) return config;
  const file = join(config.dataDir, "vapid.json");
  let keys: { publicKey: string; privateKey: string };
  try {
    keys = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    keys = webpush.generateVAPIDKeys();
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  return { ...config, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

async function main() {
  const { config, lines: fakes } = await withPaymentSandbox(await withMessagingFakes(withStoredVapidKeys(withStoredSecretKey(parseConfig()))));
  const database = await openDatabase(databaseOptions(config));
  const app = await buildApp({ config, database });

  // The embedded database starts with the demo school when empty; PostgreSQL only when asked.
  const empty = (await database.db.select({ id: tenants.id }).from(tenants).limit(1)).length === 0;
  const seeded = (config.SEED_DEMO ?? (database.kind === "pglite" && empty)) && (await seedDemo(app));

  let closing = false;
  const shutdown = async (signal: string) => {
    // npm start forwards the terminal's Ctrl-C, so the same signal may arrive twice.
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    const force = setTimeout(() => {
      app.log.error("requests still running after 20 s; exiting anyway");
      process.exit(1);
    }, 20_000).unref();
    try {
      await app.drain();
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error(err, "shutdown failed");
      process.exit(1);
    }
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
      await database.close();
      throw new ConfigError(`Port ${config.PORT} is in use (another Taleem server?). Stop it, or set PORT to a free port.`);
    }
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  // Plain lines for the person who typed npm start; the JSON log carries the same facts.
  const where = database.kind === "pglite" ? `embedded database in ${join(config.dataDir, "pgdata")}` : "PostgreSQL (DATABASE_URL)";
  const lines = [`Taleem is running at http://localhost:${port} with the ${where}.`, ...fakes];
  if (seeded) lines.push("Seeded the demo school. Sign in with:", demoCredentials());
  process.stdout.write(`\n${lines.join("\n")}\n\n`);

  // One process owns the embedded database, so it can tidy uploaded files nobody refers to any more
  // (a deleted application's photo, a replaced logo) without cron; with PostgreSQL, run
  // `npm run cli -- uploads sweep` from cron instead (docs/decisions.md).
  if (database.kind === "pglite") {
    sweepUploads(database.db, new UploadStore(config.dataDir)).then(
      (r) => {
        if (r.unreferenced.length || r.orphans.length) app.log.info({ rows: r.unreferenced.length, files: r.orphans.length }, "removed unused uploaded files");
      },
      (err) => app.log.warn(err, "could not sweep unused uploaded files"),
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
