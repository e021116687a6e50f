import { Status } from "@taleem/contract";
import { type BuildExtraConfigColumns, getTableName, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  getTableConfig,
  index,
  integer,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Db } from "../../db/db-types.js";
import { tenants } from "./tenants.table.js";

/**
 * What wiping a school's data does to a table: `wipe` deletes its rows, `keep` leaves them,
 * a function deletes what it chooses (keeping admin users, say). Declared once per table.
 */
export type WipeRule = "wipe" | "keep" | ((tx: Db, tenantId: number) => Promise<unknown>);

const baseColumns = () => ({
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
  id: integer().generatedByDefaultAsIdentity(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
type BaseColumns = ReturnType<typeof baseColumns>;

/** Any table made by `tenantTable`: what the engine and the scope rely on. */
// biome-ignore lint/suspicious/noExplicitAny: any table's config; the columns below are what matter
export type TenantTable = PgTable<any> & { tenantId: AnyPgColumn; id: AnyPgColumn; createdAt: AnyPgColumn };

const registry: { table: TenantTable; wipe: WipeRule }[] = [];

/**
 * A tenant-owned table: `tenant_id` NOT NULL, primary key (tenant_id, id), ids from one identity
 * sequence so they are unique across tenants, and its wipe rule registered.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: BuildExtraConfigColumns<TName, BaseColumns & TColumns, "pg">) => PgTableExtraConfigValue[],
  wipe: WipeRule = "wipe",
) {
  // Every list's default order is the newest first: (tenant_id, created_at) serves it on every table.
  const table = pgTable(name, { ...baseColumns(), ...columns }, (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index(`${name}_created_idx`).on(t.tenantId, t.createdAt),
    ...(extra?.(t) ?? []),
  ]);
  // Drizzle builds the indexes only when asked: build them now, so what a unique index means
  // (`uniqueMeaning` in its declaration) is known before the first duplicate is refused.
  getTableConfig(table);
  registry.push({ table: table as unknown as TenantTable, wipe });
  return table;
}

/** Sets a table's wipe rule after its declaration, for a rule that refers to the table itself. */
export function setWipeRule(table: TenantTable, wipe: WipeRule) {
  const entry = registry.find((e) => e.table === table);
  if (!entry) throw new Error(`${getTableName(table)} is not a tenant table`);
  entry.wipe = wipe;
}

/** Every tenant table, in declaration order (parents before children). */
export function tenantTables(): readonly { table: TenantTable; wipe: WipeRule }[] {
  return registry;
}

/** Applies every table's wipe rule, children first, inside the caller's transaction. */
export async function wipeTenant(tx: Db, tenantId: number): Promise<string[]> {
  const wiped: string[] = [];
  for (const { table, wipe } of [...registry].reverse()) {
    if (wipe === "keep") continue;
    if (wipe === "wipe") await tx.execute(sql`delete from ${table} where ${table.tenantId} = ${tenantId}`);
    else await wipe(tx, tenantId);
    wiped.push(getTableName(table));
  }
  return wiped;
}

/** A row's `active`/`inactive` status (the contract's `Status`), active when made. */
export const statusColumn = () =>
  text({ enum: Status.options as [Status, ...Status[]] })
    .notNull()
    .default("active");

/** The index a list sorting by a text column uses: the engine sorts on lower(col), then id. */
export const textSortIndex = (name: string, tenantId: AnyPgColumn, column: AnyPgColumn, id: AnyPgColumn) => index(name).on(tenantId, sql`lower(${column})`, id);

/**
 * The index a list's `q` search uses: the engine searches with `ilike '%q%'`, which no b-tree can
 * serve; a trigram GIN index (pg_trgm) over the resource's searched columns can, for any subset of
 * them (one bitmap scan per column, or'ed), so one index per table covers the whole search.
 * Migration 0007 explains why row-level security needs `texticlike` marked leakproof for it.
 */
export const searchIndex = (name: string, first: ExtraConfigColumn, ...more: ExtraConfigColumn[]) =>
  index(name)
    .using("gin", first.op("gin_trgm_ops"), ...more.map((c) => c.op("gin_trgm_ops")))
    // Without fastupdate, a new row goes straight into the index: no pending list that only a
    // vacuum merges (PGlite runs none) and that every search would read row by row meanwhile.
    .with({ fastupdate: false });
