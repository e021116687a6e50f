import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type RegisteredResource, registeredResources } from "../src/platform/resources/serve-resource.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { newTenant, signIn, type TestApp, testApp } from "./harness.js";

/**
 * Tenant isolation for every resource the engine serves, found at run time: a resource added
 * later is covered without editing this file. School A makes a row; school B's admin must not
 * see it (plainly, by search or by filter), change it or delete it, and A's row must stay as it was.
 */

// The app must be built before the resources are known: buildApp is what registers them.
const app: TestApp = await testApp();
const resources = registeredResources();

const pathOf = (r: RegisteredResource) => `${r.prefix}/${r.definition.path}`;

/** The row as stored, straight from the database (updated_at included). */
async function stored(r: RegisteredResource, tenantId: number, id: number) {
  const res = await app.services.db.execute(sql`select * from ${r.table} where tenant_id = ${tenantId} and id = ${id}`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

/** The query strings B tries: none, then A's values as search and as filters. */
function probes(r: RegisteredResource, row: Record<string, unknown>, input: Record<string, unknown>): string[] {
  const out = ["", "limit=500"];
  for (const key of r.definition.search) {
    const v = row[key];
    if (typeof v === "string" && v) out.push(`q=${encodeURIComponent(v)}`);
  }
  for (const key of Object.keys(r.definition.filters)) {
    // A filter by one id may come from the row, the body, or the body's list of them (roleId from roleIds).
    const list = input[`${key}s`];
    const v = row[key] ?? input[key] ?? (Array.isArray(list) ? list[0] : undefined);
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out.push(`${key}=${encodeURIComponent(String(v))}`);
  }
  return out;
}

describe("tenant isolation of every served resource", () => {
  let a: { id: number; code: string; api: Awaited<ReturnType<typeof signIn>>["api"] };
  let b: { id: number; api: Awaited<ReturnType<typeof signIn>>["api"] };

  beforeAll(async () => {
    const ta = await newTenant(app);
    const tb = await newTenant(app);
    a = { id: ta.id, code: ta.code, api: (await signIn(app, ta.code, ta.admin.mobile)).api };
    b = { id: tb.id, api: (await signIn(app, tb.code, tb.admin.mobile)).api };
  });

  it("serves at least the user and role resources", () => {
    const paths = resources.map(pathOf);
    console.info(`isolation suite covers ${paths.length} resources: ${paths.join(", ")}`);
    expect(paths).toContain("/admin/api/user");
    expect(paths).toContain("/admin/api/role");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(resources.map((r) => [pathOf(r), r] as const))("%s: another school cannot list, find, change or delete a row", async (path, r) => {
    const input = (await r.sample(new TenantScope(app.services.db, a.id))) as Record<string, unknown>;
    const created = await a.api.post(path, input);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data as Record<string, unknown> & { id: number };
    const before = await stored(r, a.id, row.id);
    expect(before).toBeDefined();

    for (const query of probes(r, row, input)) {
      const res = await b.api.get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(200);
      const ids = (res.json().rows as { id: number }[]).map((x) => x.id);
      expect(ids, `${path}?${query}`).not.toContain(row.id);
    }
    // The same row is visible to its own school, so the probes above did look in the right place.
    const own = await a.api.get(`${path}?limit=500`);
    expect((own.json().rows as { id: number }[]).map((x) => x.id)).toContain(row.id);

    const put = await b.api.put(path, { ...input, id: row.id });
    expect(put.statusCode, put.body).toBe(404);
    const del = await b.api.delete(`${path}/${row.id}`);
    expect(del.statusCode, del.body).toBe(404);

    expect(await stored(r, a.id, row.id)).toEqual(before);
    expect(await stored(r, b.id, row.id)).toBeUndefined();
  });
});
