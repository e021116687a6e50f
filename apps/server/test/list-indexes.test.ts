import { getTableName, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { filterColumn, TEXT_COLUMNS } from "../src/platform/resources/list-filters.js";
import { registeredResources } from "../src/platform/resources/serve-resource.js";
import { type TestApp, testApp } from "./harness.js";

/**
 * Every list the engine serves can sort and filter without reading the whole school: each
 * sortable or filtered column has an index that leads with tenant_id (text sorts on lower(col),
 * as the engine sorts them). A resource added later is checked without editing this file.
 */
const app: TestApp = await testApp();

/** The column's name in SQL: the schema's keys are camelCase, the database's snake_case. */
const sqlName = (col: PgColumn) => col.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function indexDefinitions(table: string): Promise<string[]> {
  const res = await app.services.db.execute(sql`select indexdef from pg_indexes where schemaname = 'public' and tablename = ${table}`);
  return (res as unknown as { rows: { indexdef: string }[] }).rows.map((r) => r.indexdef.replace(/\s+/g, " ").replaceAll('"', ""));
}

describe("indexes behind every list", () => {
  it.each(registeredResources().map((r) => [r.definition.path, r] as const))("%s: sort and filter columns are indexed after tenant_id", async (_path, r) => {
    const columns = r.table as unknown as Record<string, PgColumn>;
    const table = getTableName(r.table);
    const defs = await indexDefinitions(table);
    const wanted = new Map<string, PgColumn>();
    for (const key of r.definition.sortable) if (columns[key] && key !== "id") wanted.set(columns[key]!.name, columns[key]!);
    for (const [key, kind] of Object.entries(r.definition.filters)) {
      const col = filterColumn(columns, key, kind);
      // An enumeration or a yes/no splits a school's rows into a few large groups: the sort index serves it.
      const few = col?.enumValues?.length || col?.dataType === "boolean";
      if (col && kind !== "search" && !few) wanted.set(col.name, col);
    }
    const missing = [...wanted.entries()]
      .filter(([, col]) => {
        const name = sqlName(col);
        const lower = TEXT_COLUMNS.has(col.columnType) && !col.enumValues?.length && r.definition.sortable.some((k) => columns[k] === col);
        const lead = lower ? `(tenant_id, lower(${name})` : `(tenant_id, ${name}`;
        return !defs.some((d) => d.includes(lead));
      })
      .map(([, col]) => sqlName(col));
    expect(missing, `${table} lacks an index on (tenant_id, ...) for: ${missing.join(", ")}`).toEqual([]);
  });
});
