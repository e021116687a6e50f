import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config.js";
import type { Database, Db } from "./db-types.js";
import { keepStatistics } from "./embedded-statistics.js";
// Every table file, so the tenant-table registry row-level security covers is complete in any
// process that opens the database, whatever else it imports (a CLI command may import no module).
import "./schema.js";
import { checkRoleName, checkRowSecurity, DEFAULT_APP_ROLE, RowSecurityError, secureTenantTables } from "../platform/tenancy/row-security.js";

// The types live apart (`db-types.ts`) so that the tables, which this file imports through
// `schema.ts`, need not import it back; re-exported for the callers that open the database.
export type { Database, Db } from "./db-types.js";

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
  /** PostgreSQL: the tables' owner, for the migrations and row-level security (default: databaseUrl). */
  migrationDatabaseUrl?: string;
  /** The role the server queries as (default taleem_app). */
  appRole?: string;
  /** A directory for the embedded database, or undefined for an in-memory one (tests). */
  dataDir?: string;
  /**
   * Apply the committed migrations and secure the tenant tables (default true), as the owner.
   * false: the database is prepared already (a test's copy, a backup's source); on PGlite a data
   * directory that has never been prepared (no app role yet) is then left as the owner's.
   */
  migrate?: boolean;
  /** A new embedded database starts as a copy of this dump (`dumpDataDir`) instead of empty: tests migrate once per run. */
  loadDataDir?: Blob;
}

/** What the server and the CLI open: DATABASE_URL (and MIGRATION_DATABASE_URL), else DATA_DIR. */
export const databaseOptions = (config: Config): OpenOptions =>
  config.DATABASE_URL
    ? { databaseUrl: config.DATABASE_URL, migrationDatabaseUrl: config.MIGRATION_DATABASE_URL, appRole: config.DATABASE_APP_ROLE }
    : { dataDir: config.dataDir, appRole: config.DATABASE_APP_ROLE };

/**
 * Opens the database: migrations and row-level security first, as the tables' owner; then every
 * query runs as the app role, which the tenant policies bind, and a start where they are not in
 * place is refused (`checkRowSecurity`).
 */

/**
 * One connection runs one statement at a time; a transaction's reads given together (Promise.all
 * on its client) used to wait in pg's own queue, which pg deprecates (an error in pg 9). Each
 * pooled connection queues its statements here instead. A callback or a cursor passes straight on.
 */
function queueQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function") return query(...args);
    const run = last.then(
      () => query(...args),
      () => query(...args),
    );
    last = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const appRole = checkRoleName(opts.appRole ?? DEFAULT_APP_ROLE);
  const migrate = opts.migrate !== false;
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.migrationDatabaseUrl ?? opts.databaseUrl, appRole, migrate)
    : await openPglite(opts.dataDir, opts.loadDataDir, appRole, migrate);
  try {
    if (database.kind === "postgres" || (await actAsAppRole(database))) await checkRowSecurity(database.db, appRole);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

/** PGlite's one connection becomes the app role, unless an unprepared directory has none yet. */
async function actAsAppRole(database: Database): Promise<boolean> {
  const client = database.pglite!;
  const found = await client.query("select 1 from pg_roles where rolname = $1", [database.appRole]);
  if (!found.rows.length) return false;
  await client.exec(`set role ${database.appRole}`);
  return true;
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, appRole: string, migrate: boolean): Promise<Database> {
  let unlock = () => {};
  if (dataDir) unlock = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    // pg_trgm: the trigram indexes behind every list's search (migration 0007).
    const opened = await PGlite.create(dataDir ? join(dataDir, "pgdata") : undefined, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    client = opened;
    const db = drizzlePglite({ client: opened, casing: "snake_case" }) as unknown as Db;
    if (migrate) {
      // Still the superuser postgres here: the app role comes after (`actAsAppRole`).
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
      await migratePglite(db as any, { migrationsFolder });
      await secureTenantTables(db, appRole);
    }
    const stopStatistics = keepStatistics(opened, 60_000, (e) => console.warn(`database: analyze failed (${(e as Error).message})`));
    return {
      db,
      kind: "pglite",
      pglite: opened,
      appRole,
      ping: async () => {
        await opened.query("select 1");
      },
      close: async () => {
        await stopStatistics();
        await opened.close();
        unlock();
      },
    };
  } catch (e) {
    await client?.close();
    unlock();
    throw e;
  }
}

async function openPostgres(url: string, ownerUrl: string, appRole: string, migrate: boolean): Promise<Database> {
  if (migrate) {
    // A connection of its own, as the tables' owner; the pool below never is.
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ name: string }>("select current_user as name");
      if (rows[0]?.name === appRole) {
        throw new RowSecurityError(
          `The migrations would run as ${appRole}, the role the server queries as, which may not change tables. Set MIGRATION_DATABASE_URL to a connection as the tables' owner (README, "Running on PostgreSQL").`,
        );
      }
      const ownerDb = drizzlePg({ client: owner, casing: "snake_case" }) as unknown as Db;
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
      await migratePg(ownerDb as any, { migrationsFolder });
      await secureTenantTables(ownerDb, appRole);
    } finally {
      await owner.end();
    }
  }
  // Every pooled connection starts as the app role (a connection option, so a connection that
  // cannot become it fails instead of running as the owner); harmless when it logs in as that role.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c role=${appRole}` });
  // An idle connection that the server ends (a restart, a failover, an administrator's
  // pg_terminate_backend) is an 'error' on the pool: without a listener that is an uncaught
  // exception and the whole process dies. The pool drops the connection and opens a new one.
  pool.on("error", (e) => console.warn(`database: an idle connection was closed by the server (${e.message}); a new one is opened when needed`));
  pool.on("connect", queueQueries);
  const db = drizzlePg({ client: pool, casing: "snake_case" }) as unknown as Db;
  try {
    await pool.query("select 1");
  } catch (e) {
    await pool.end();
    throw new RowSecurityError(
      `Could not connect to DATABASE_URL as the role ${appRole}: ${(e as Error).message}. README, "Running on PostgreSQL", says how to set the roles up.`,
    );
  }
  return {
    db,
    kind: "postgres",
    appRole,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}
