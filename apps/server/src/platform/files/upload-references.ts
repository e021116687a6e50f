import { getTableName, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { tenantTables } from "../tenancy/tenant-table.js";

/**
 * An upload's stored name wherever it appears in a value: in a path, a JSON document or a list.
 * Names are 22 random characters, so a stray match is as good as impossible, and it only keeps a
 * file that could have gone.
 */
const NAME_IN_TEXT = "([A-Za-z0-9_-]{22}\\.(?:jpg|png|webp|pdf|mp3|m4a|aac|ogg))";

/**
 * Tables that never keep a file alive: the uploads themselves, and the history (the audit log
 * copies every record it saw, so counting it would keep every file forever).
 */
const NOT_REFERENCES = new Set(["uploads", "audit_log", "activity_log"]);

interface Column {
  table: string;
  column: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The columns that can hold a path, read from the database itself rather than from the tables
 * this process happens to have imported: every text, character, JSON or array-of-those column of
 * every table with a `tenant_id`, and the `tenants` table (its logo).
 */
async function textColumns(db: Db, tables?: ReadonlySet<string>): Promise<Map<string, string[]>> {
  const found = rowsOf<Column>(
    await db.execute(sql`
      select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      where c.table_schema = current_schema()
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
          or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_bpchar', '_json', '_jsonb')))
        and (c.table_name = 'tenants' or exists (
          select 1 from information_schema.columns t
          where t.table_schema = c.table_schema and t.table_name = c.table_name and t.column_name = 'tenant_id'))
      order by c.table_name, c.ordinal_position`),
  );
  const out = new Map<string, string[]>();
  for (const { table, column } of found) {
    if (NOT_REFERENCES.has(table) || (tables && !tables.has(table))) continue;
    out.set(table, [...(out.get(table) ?? []), column]);
  }
  return out;
}

/**
 * Which upload names the school's data refers to, by tenant: every candidate column scanned in
 * the database. `tables` narrows the scan (a wipe asks only about the tables it keeps).
 */
export async function referencedUploads(db: Db, opts: { tenantId?: number; tables?: ReadonlySet<string> } = {}): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  for (const [table, columns] of await textColumns(db, opts.tables)) {
    const tenantColumn = sql.identifier(table === "tenants" ? "id" : "tenant_id");
    const values = sql.join(
      columns.map((c) => sql`${sql.identifier(c)}::text`),
      sql`, `,
    );
    const where: SQL = opts.tenantId === undefined ? sql`` : sql`where ${tenantColumn} = ${opts.tenantId}`;
    const rows = rowsOf<{ tenant: number | string; name: string }>(
      await db.execute(sql`
        select distinct s.tenant, (regexp_matches(s.v, ${NAME_IN_TEXT}, 'g'))[1] as name
        from (select ${tenantColumn} as tenant, concat_ws(' ', ${values}) as v from ${sql.identifier(table)} ${where}) s`),
    );
    for (const { tenant, name } of rows) {
      const id = Number(tenant);
      const names = out.get(id) ?? new Set<string>();
      names.add(name);
      out.set(id, names);
    }
  }
  return out;
}

/** The tables a wipe leaves rows in (kept, or wiped by a rule of their own), and `tenants`. */
export function tablesAWipeKeeps(): Set<string> {
  return new Set(["tenants", ...tenantTables().flatMap(({ table, wipe }) => (wipe === "wipe" ? [] : [getTableName(table)]))]);
}
