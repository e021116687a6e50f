import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

// The database's types, apart from the code that opens it: every table and service needs `Db`,
// and the opener imports every table (`schema.ts`), so taking the type from there made one import
// loop of nearly every server file (client -> schema -> every table -> tenant-table -> client).
// This file imports no table and no code of ours.

// Without the tables' types: nothing uses drizzle's relational query API.
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers only when the database does. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's client, for backup and restore. */
  pglite?: PGlite;
  /** The role every query runs as, bound by row-level security (`DATABASE_APP_ROLE`). */
  appRole: string;
}
