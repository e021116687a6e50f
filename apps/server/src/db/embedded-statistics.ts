import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs no autovacuum, so nothing ever ANALYZEs its tables: the planner keeps believing a
 * school of 5,000 students has the dozen rows it had when the table was made, and sorts the whole
 * school for a page of 50 instead of reading 50 rows off the name index. This keeps the
 * statistics the planner needs, as autovacuum's analyze does on PostgreSQL.
 */

/**
 * A table whose size moved by a tenth (or more than a page) since its last ANALYZE, or that was
 * never analyzed and has rows. PGlite's activity counters (`n_mod_since_analyze`) are flushed
 * lazily, so the table's pages are compared with what ANALYZE last recorded instead.
 */
const GROWN = `
  select c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0
    and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10)
  order by c.relname`;

/**
 * ANALYZEs the tables that grew or shrank, as the tables' owner (the app role may not), in one
 * transaction whose role change ends with it. The one connection serialises it with requests.
 */
export async function analyzeChangedTables(pglite: PGlite): Promise<string[]> {
  return pglite.transaction(async (tx) => {
    await tx.exec("set local role none");
    const { rows } = await tx.query<{ name: string }>(GROWN);
    for (const { name } of rows) await tx.exec(`analyze "${name.replaceAll('"', '""')}"`);
    return rows.map((r) => r.name);
  });
}

/** Runs `analyzeChangedTables` every `everyMs` (a minute) until the returned stop is awaited. */
export function keepStatistics(pglite: PGlite, everyMs = 60_000, onError: (e: unknown) => void = () => {}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = analyzeChangedTables(pglite).catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
