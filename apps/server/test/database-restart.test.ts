import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";

/**
 * PostgreSQL may end the server's idle connections at any time (a restart, a failover, an
 * administrator). The server must carry on with new ones, not die of an uncaught error.
 */
const base = process.env.DATABASE_URL;
let database: Database | undefined;
let drop = async () => {};

afterAll(async () => {
  await database?.close();
  await drop();
});

describe.runIf(!!base)("the PostgreSQL pool", () => {
  it("survives the database server ending its idle connections", async () => {
    const scratch = await createScratchDatabase(base as string, "taleem_restart");
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url });
    await database.ping();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const ended = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1", [scratch.name]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool hear of the closed connections before it is used again.
    await new Promise((r) => setTimeout(r, 200));
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
