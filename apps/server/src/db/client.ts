import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers only when the database does. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's client, for backup and restore. */
  pglite?: PGlite;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export class DataDirLockedError extends Error {}

/**
 * One process at a time may own an embedded data directory: the lock file names the owner's pid,
 * and a lock whose process is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = join(dataDir, "taleem.lock");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by process ${pid} (a running Taleem server?). Stop it first, or point DATA_DIR elsewhere.`,
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (readFileSync(lock, "utf8").trim() === String(process.pid)) rmSync(lock);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  /** A directory for the embedded database, or undefined for an in-memory one (tests). */
  dataDir?: string;
  /** Apply the committed migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePg(database.db as any, { migrationsFolder });
  }
}

async function openPglite(dataDir?: string): Promise<Database> {
  let unlock = () => {};
  if (dataDir) unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir ? join(dataDir, "pgdata") : undefined);
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      pglite: client,
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  await db.execute(sql`select 1`);
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}
