import { sql } from "drizzle-orm";
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

  it("runs the reads a transaction gives together one after another, with no warning from the driver", async () => {
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on("warning", listen);
    try {
      const db = database!.db;
      const rows = await db.transaction((tx) => Promise.all(Array.from({ length: 8 }, (_, i) => tx.execute(sql`select ${i}::int as n, pg_sleep(0.01)`))));
      expect(rows.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      // A failed statement fails its own promise only; the queue goes on.
      await expect(db.execute(sql`select 1/0`)).rejects.toThrow();
      await expect(database!.ping()).resolves.toBeUndefined();
    } finally {
      process.off("warning", listen);
    }
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });
});
