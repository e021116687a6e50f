import { getTableName, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";
import { inRequestContext } from "../src/platform/actions/request-context.js";
import { users } from "../src/platform/auth/users.table.js";
import { checkRowSecurity, secureTenantTables, TENANT_POLICY } from "../src/platform/tenancy/row-security.js";
import { tenantTables } from "../src/platform/tenancy/tenant-table.js";
import { newTenant, signIn, TEST_ENV, type TestApp } from "./harness.js";

/**
 * The second lock: inside a request, a statement that forgets its school's `where` still reaches
 * only that school's rows. On a database of its own, opened from empty the way the server starts
 * (migrations, then row-level security), on PGlite or on DATABASE_URL's PostgreSQL.
 */
const base = process.env.DATABASE_URL;
let database: Database;
let app: TestApp;
let url: string | undefined;
let drop = async () => {};

/** The pg error's code behind drizzle's wrapper: 42501 is a row-level security refusal. */
const codeOf = (e: unknown) => ((e as { cause?: { code?: string } }).cause ?? (e as { code?: string })).code;

beforeAll(async () => {
  if (base) {
    const scratch = await createScratchDatabase(base, "taleem_rls");
    url = scratch.url;
    drop = scratch.drop;
  }
  database = await openDatabase(url ? { databaseUrl: url } : {});
  app = (await buildApp({ config: parseConfig({ ...TEST_ENV, ...(url ? { DATABASE_URL: url } : {}) }), database, logger: false })) as TestApp;
  const db = app.services.db;
  // Module code that forgets its scope: no `where` on the school, in the request's transaction.
  app.get("/test/unscoped-users", (req) =>
    inRequestContext(req, db, true, async (ctx) => {
      const outer = await ctx.scope.db.select({ id: users.id, tenantId: users.tenantId }).from(users);
      const nested = await ctx.scope.transaction((scope) => scope.db.select({ id: users.id }).from(users));
      return { outer, nested: nested.length };
    }),
  );
  app.post("/test/unscoped-writes", (req) =>
    inRequestContext(req, db, true, async (ctx) => {
      const { otherTenantId, otherUserId } = req.body as { otherTenantId: number; otherUserId: number };
      const renamed = await ctx.scope.db.update(users).set({ name: "Renamed elsewhere" }).where(sql`${users.id} = ${otherUserId}`).returning({ id: users.id });
      const deleted = await ctx.scope.db.delete(users).where(sql`${users.id} = ${otherUserId}`).returning({ id: users.id });
      // A savepoint, so the refusal leaves the request's transaction usable.
      const inserted = await ctx.scope
        .transaction((scope) => scope.db.insert(users).values({ tenantId: otherTenantId, name: "Planted" }).returning({ id: users.id }))
        .then(
          () => "inserted",
          (e) => codeOf(e),
        );
      return { renamed: renamed.length, deleted: deleted.length, inserted };
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
});

/** A statement as the tables' owner: PGlite's one connection steps out of the app role and back. */
async function asOwner(work: (statement: (text: string) => Promise<void>) => Promise<void>) {
  if (database.kind === "pglite") {
    const pglite = database.pglite!;
    await pglite.exec("reset role");
    try {
      await work(async (text) => {
        await pglite.exec(text);
      });
    } finally {
      await pglite.exec(`set role ${database.appRole}`);
    }
    return;
  }
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await work(async (text) => {
      await owner.query(text);
    });
  } finally {
    await owner.end();
  }
}

describe(`row-level security (${base ? "PostgreSQL" : "PGlite"})`, () => {
  it("shows an unscoped select inside a request only the caller's school", async () => {
    const mine = await newTenant(app);
    const other = await newTenant(app);
    const { api } = await signIn(app, mine.code, mine.admin.mobile);

    const res = await api.get("/test/unscoped-users");
    expect(res.statusCode, res.body).toBe(200);
    const { outer, nested } = res.json() as { outer: { id: number; tenantId: number }[]; nested: number };
    expect(outer.map((r) => r.id)).toContain(mine.admin.id);
    expect(outer.map((r) => r.id)).not.toContain(other.admin.id);
    expect(new Set(outer.map((r) => r.tenantId))).toEqual(new Set([mine.id]));
    expect(nested).toBe(outer.length);

    // Platform code runs outside a school's transaction and spans schools (docs/decisions.md).
    const everyone = await app.services.db.select({ id: users.id }).from(users);
    expect(everyone.map((r) => r.id)).toEqual(expect.arrayContaining([mine.admin.id, other.admin.id]));
  });

  it("refuses an unscoped write to another school's rows inside a request", async () => {
    const mine = await newTenant(app);
    const other = await newTenant(app);
    const { api } = await signIn(app, mine.code, mine.admin.mobile);

    const res = await api.post("/test/unscoped-writes", { otherTenantId: other.id, otherUserId: other.admin.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ renamed: 0, deleted: 0, inserted: "42501" });
    // The other school's admin is untouched and still signs in.
    expect((await signIn(app, other.code, other.admin.mobile)).user.name).toBe("Test Admin");
  });

  it("queries as the app role, with every tenant table secured", async () => {
    const who = await database.db.execute(
      sql`select current_user as name, rolsuper as superuser, rolbypassrls as bypass from pg_roles where rolname = current_user`,
    );
    const [me] = (who as unknown as { rows: { name: string; superuser: boolean; bypass: boolean }[] }).rows;
    expect(me).toEqual({ name: "taleem_app", superuser: false, bypass: false });
    const secured = await checkRowSecurity(database.db, database.appRole);
    expect(secured).toEqual(expect.arrayContaining(tenantTables().map(({ table }) => getTableName(table))));
    // Platform tables keep their own rules: a nullable tenant_id, no policy.
    for (const platform of ["sessions", "activity_log", "audit_log", "outbox", "tenants"]) expect(secured).not.toContain(platform);
  });

  it("refuses to start while a tenant table lacks its policy, and the start-up step secures a new one", async () => {
    await asOwner(async (run) => {
      await run(`drop policy ${TENANT_POLICY} on alumni`);
      // A table a later module adds: nobody writes SQL for its policy.
      await run("create table rls_probe (tenant_id integer not null references tenants(id), id integer not null, primary key (tenant_id, id))");
    });
    try {
      const refusal = checkRowSecurity(database.db, database.appRole);
      await expect(refusal).rejects.toThrow(/alumni lacks the policy tenant_isolation/);
      await expect(refusal).rejects.toThrow(/rls_probe lacks row-level security, FORCE, the policy/);
      if (url) await expect(openDatabase({ databaseUrl: url, migrate: false })).rejects.toThrow(/will not start/);

      // What every start does, as the owner: both tables are secured again.
      if (url) await (await openDatabase({ databaseUrl: url })).close();
      else {
        await database.pglite!.exec("reset role");
        try {
          await secureTenantTables(database.db, database.appRole);
        } finally {
          await database.pglite!.exec(`set role ${database.appRole}`);
        }
      }
      expect(await checkRowSecurity(database.db, database.appRole)).toEqual(expect.arrayContaining(["alumni", "rls_probe"]));
    } finally {
      await asOwner(async (run) => {
        await run("drop table if exists rls_probe");
      });
    }
  });

  it("answers the engine's own lists as before", async () => {
    const mine = await newTenant(app);
    await newTenant(app);
    const { api } = await signIn(app, mine.code, mine.admin.mobile);
    const list = await api.get("/admin/api/user?page=1&limit=25");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([mine.admin.id]);
    expect(list.json().count).toBe(1);
  });
});
