import { buildApp } from "./app.js";
import { ConfigError, parseConfig } from "./config.js";
import { DataDirLockedError, openDatabase } from "./db/client.js";
import { demoCredentials, seedDemo } from "./db/seed-demo.js";
import { tenants } from "./platform/tenancy/tenants.table.js";

async function main() {
  const config = parseConfig();
  const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.dataDir });
  const app = await buildApp({ config, database });

  // The embedded database starts with the demo school when empty; PostgreSQL only when asked.
  const empty = (await database.db.select({ id: tenants.id }).from(tenants).limit(1)).length === 0;
  if (config.SEED_DEMO ?? (database.kind === "pglite" && empty)) {
    if (await seedDemo(database.db)) app.log.info(`Seeded the demo school.\n${demoCredentials()}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Taleem is listening on http://127.0.0.1:${config.PORT} (${database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
