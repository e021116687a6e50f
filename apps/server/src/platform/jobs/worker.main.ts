import { buildApp } from "../../app.js";
import { ConfigError, parseConfig } from "../../config.js";
import { DataDirLockedError, databaseOptions, openDatabase } from "../../db/client.js";
import { jobQueueOf } from "./job-queue.js";

/**
 * `npm run worker`: a process that runs the BullMQ queue's jobs (bulk sends) and serves no
 * HTTP. It builds the same app as the server, so it knows every kind of job, and shares the
 * server's PostgreSQL and Redis. The embedded database belongs to the one server process, so a
 * separate worker needs DATABASE_URL; without REDIS_URL jobs run inside the server anyway.
 */
async function main() {
  const config = parseConfig();
  if (!config.REDIS_URL) throw new ConfigError("npm run worker needs REDIS_URL: without it jobs run inside the server (npm start).");
  if (!config.DATABASE_URL) {
    throw new ConfigError("npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the server process, which runs its jobs itself.");
  }
  const database = await openDatabase(databaseOptions(config));
  // The server's own worker is what JOBS_IN_SERVER switches; this process exists to be one.
  const app = await buildApp({ config: { ...config, JOBS_IN_SERVER: false }, database });
  await app.ready();
  const worker = jobQueueOf(app).startWorker(4);
  app.log.info("job worker started");
  process.stdout.write("Taleem job worker is running (BullMQ).\n");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing the jobs in hand, then closing`);
    await worker?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
