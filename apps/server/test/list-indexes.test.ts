import { and, eq, getTableName, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { students } from "../src/modules/students/students.table.js";
import { filterColumn, TEXT_COLUMNS } from "../src/platform/resources/list-filters.js";
import { registeredResources, searchCondition } from "../src/platform/resources/serve-resource.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { newTenant, signIn, type TestApp, testApp } from "./harness.js";

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

/** Every column a list's `q` (or a search filter) reads, by resource. */
const searched = registeredResources()
  .map((r) => {
    const columns = r.table as unknown as Record<string, PgColumn>;
    const keys = [...r.definition.search, ...Object.entries(r.definition.filters).flatMap(([k, kind]) => (kind === "search" ? [k] : []))];
    return { r, table: getTableName(r.table), columns: [...new Set(keys.map((k) => columns[k]).filter((c): c is PgColumn => !!c))] };
  })
  .filter((s) => s.columns.length);

/** The plan PostgreSQL chooses for a resource's search (in `tenantId`, or in every school), with planner settings for this statement only. */
async function searchPlan(s: (typeof searched)[number], tenantId: number | undefined, q: string, settings: string[] = []): Promise<string> {
  const columns = s.r.table as unknown as Record<string, PgColumn>;
  return app.services.db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    const search = searchCondition(s.r.definition, columns, q);
    const query = tx
      .select({ id: columns.id! })
      .from(s.r.table)
      .where(tenantId === undefined ? search : and(eq(columns.tenantId!, tenantId), search));
    const res = await tx.execute(sql`explain ${query}`);
    return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

/** ANALYZE as the tables' owner (the app role may not): what autovacuum does on PostgreSQL. */
async function analyze(table: string) {
  const { database, config } = app.services;
  if (database.kind === "pglite") {
    await database.pglite!.exec(`reset role; analyze ${table}; set role ${database.appRole}`);
    return;
  }
  const owner = new pg.Client({ connectionString: config.DATABASE_URL });
  await owner.connect();
  try {
    await owner.query(`analyze ${table}`);
  } finally {
    await owner.end();
  }
}

describe("trigram indexes behind every search", () => {
  it.each(searched.map((s) => [s.r.definition.path, s] as const))("%s: searched columns have a trigram index the planner can use", async (_path, s) => {
    const defs = await indexDefinitions(s.table);
    const trigram = defs.filter((d) => d.includes("USING gin"));
    const missing = s.columns.map(sqlName).filter((name) => !trigram.some((d) => d.includes(`${name} gin_trgm_ops`)));
    expect(missing, `${s.table} lacks a trigram index (searchIndex) on: ${missing.join(", ")}`).toEqual([]);
    // The tables here are too small to matter (a school's few rows are read by its tenant_id index):
    // without a sequential scan, the search alone must be answered from the trigram index, every column.
    const plan = await searchPlan(s, undefined, "abc", ["enable_seqscan = off"]);
    expect(plan).toContain(`Bitmap Index Scan on ${s.table}_search_idx`);
    // Every ilike is an index condition: none is left to a filter over the rows.
    expect(plan.split("\n").filter((l) => l.includes("Filter:") && l.includes("~~*"))).toEqual([]);
  });

  it("a school of 5,000 students: a search for a name reads the trigram index, not the table", async () => {
    const tenant = await newTenant(app);
    const scope = new TenantScope(app.services.db, tenant.id);
    // Distinct made-up given names (six letters from the row number), common family names.
    const given = (i: number) => Array.from({ length: 6 }, (_, k) => "abcdefghijklmnopqrstuvwxyz"[Math.floor((i * 7919) / 26 ** k) % 26]).join("");
    const family = ["Rahman", "Khan", "Nair", "Qureshi"];
    for (let from = 0; from < 5000; from += 1000) {
      await scope.insertMany(
        students,
        Array.from({ length: 1000 }, (_, k) => ({
          admissionNo: `${2020 + ((from + k) % 5)}/${from + k}`,
          name: `${given(from + k)} ${family[(from + k) % 4]}`,
        })),
      );
    }
    await analyze("students");
    const s = searched.find((x) => x.table === "students")!;
    const plan = await searchPlan(s, tenant.id, given(4242));
    expect(plan).toContain("Bitmap Index Scan on students_search_idx");
    const res = await (await signIn(app, tenant.code, tenant.admin.mobile)).api.get(`/admin/api/student?q=${given(4242).toUpperCase()}&limit=50`);
    expect(res.json().rows.map((r: { name: string }) => r.name)).toEqual([`${given(4242)} Nair`]);
  });
});
