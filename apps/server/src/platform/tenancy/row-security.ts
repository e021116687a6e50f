import { getTableName, type SQL, sql } from "drizzle-orm";
import { ConfigError } from "../../config.js";
import type { Db } from "../../db/db-types.js";
import { tenantTables } from "./tenant-table.js";

/**
 * PostgreSQL row-level security on every tenant table: the second lock behind `TenantScope`.
 * `TenantScope.transaction` sets `taleem.tenant_id` for its transaction; the policy then lets a
 * statement see and write only that school's rows, even one that forgets its `where`. Outside a
 * tenant transaction the setting is empty and every row is visible: that is platform code
 * (session lookup, sign-in by school code, provisioning, the CLI, sweeps). See docs/decisions.md,
 * "Row-level security".
 */

/** The transaction-local setting that names the request's school. */
export const TENANT_SETTING = "taleem.tenant_id";
/** The one policy every tenant table carries. */
export const TENANT_POLICY = "tenant_isolation";
/** The role the server queries as, unless `DATABASE_APP_ROLE` names another. */
export const DEFAULT_APP_ROLE = "taleem_app";

/** A configuration problem: the server and the CLI print its message and stop with status 2. */
export class RowSecurityError extends ConfigError {}

const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A role name safe to write into a statement unquoted (it is also passed as a connection option). */
export function checkRoleName(role: string): string {
  if (!PLAIN_NAME.test(role)) throw new RowSecurityError(`DATABASE_APP_ROLE must be a plain lower-case name (letters, digits, _), not ${JSON.stringify(role)}`);
  return role;
}

// A sub-select, so the planner reads the setting once per statement (an InitPlan), not per row.
const CURRENT_TENANT = `(select nullif(current_setting('${TENANT_SETTING}', true), '')::integer)`;
/** Unset: platform code, every row. Set: that school's rows only; written rows must be its too. */
const CONDITION = `${CURRENT_TENANT} is null or tenant_id = ${CURRENT_TENANT}`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as Rows<T>).rows;

/** The advisory lock that makes concurrent starts take turns: any fixed number will do. */
const LOCK_KEY = 7_243_511_902;
const IN_SCHEMA = sql`(select oid from pg_namespace where nspname = current_schema())`;

/**
 * Run as the tables' owner after the migrations, at every start: makes the app role if it is
 * missing (when the connected role may), grants it the data (never the tables themselves), and
 * gives each tenant table, new ones included, forced row-level security and the policy. Only
 * what is missing is changed, so a start on a secured database changes nothing.
 */
export async function secureTenantTables(db: Db, appRole: string): Promise<void> {
  const role = checkRoleName(appRole);
  await db.transaction(async (tx) => {
    // Two servers starting at once take turns; the second finds nothing left to do.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [me] = await rowsOf<{ name: string; superuser: boolean; createrole: boolean }>(
      tx.execute(sql`select rolname as name, rolsuper as superuser, rolcreaterole as createrole from pg_roles where rolname = current_user`),
    );
    if (!me) throw new RowSecurityError("The connected role is not in pg_roles.");
    if (me.name === role) {
      throw new RowSecurityError(
        `The migrations run as ${role}, which is also the role the server would query as (DATABASE_APP_ROLE): the policies would not bind it. Query as another role, and on PostgreSQL connect the migrations as the tables' owner (MIGRATION_DATABASE_URL, README "Running on PostgreSQL").`,
      );
    }
    await ensureRole(tx, role, me);

    const [granted] = await rowsOf<{ complete: boolean }>(
      tx.execute(sql`
        select has_schema_privilege(${role}, current_schema(), 'USAGE')
          and not exists (
            select 1 from pg_class c
            where c.relnamespace = ${IN_SCHEMA} and c.relkind in ('r', 'p')
              and not (has_table_privilege(${role}, c.oid, 'SELECT') and has_table_privilege(${role}, c.oid, 'INSERT')
                and has_table_privilege(${role}, c.oid, 'UPDATE') and has_table_privilege(${role}, c.oid, 'DELETE')))
          and not exists (
            select 1 from pg_class c
            where c.relnamespace = ${IN_SCHEMA} and c.relkind = 'S'
              and not (has_sequence_privilege(${role}, c.oid, 'USAGE') and has_sequence_privilege(${role}, c.oid, 'SELECT')))
          as complete`),
    );
    if (!granted?.complete) {
      // The data only: the role owns nothing and may create nothing, so policies bind it.
      const schema = await schemaName(tx);
      await tx.execute(sql.raw(`grant usage on schema ${schema} to ${role}`));
      await tx.execute(sql.raw(`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`));
      await tx.execute(sql.raw(`grant usage, select on all sequences in schema ${schema} to ${role}`));
    }

    for (const table of await tableStates(tx)) {
      if (!table.exists) {
        throw new RowSecurityError(`The tenant table ${table.name} is not in the database: generate its migration (npx drizzle-kit generate in apps/server).`);
      }
      const name = sql.identifier(table.name);
      if (!table.enabled) await tx.execute(sql`alter table ${name} enable row level security`);
      // Forced: the tables' owner is bound too (a superuser never is, hence the app role).
      if (!table.forced) await tx.execute(sql`alter table ${name} force row level security`);
      if (!table.policy) {
        await tx.execute(
          sql`create policy ${sql.identifier(TENANT_POLICY)} on ${name} as permissive for all to public using (${sql.raw(CONDITION)}) with check (${sql.raw(CONDITION)})`,
        );
      }
    }
  });
}

/** `current_schema()`, quoted for a statement. */
async function schemaName(tx: Db): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select quote_ident(current_schema()) as name`));
  return row!.name;
}

/** Makes the app role when it is missing, and lets the connected role become it (`SET ROLE`). */
async function ensureRole(tx: Db, role: string, me: { name: string; superuser: boolean; createrole: boolean }) {
  const [found] = await rowsOf<{ superuser: boolean; bypass: boolean; member: boolean }>(
    tx.execute(sql`
      select rolsuper as superuser, rolbypassrls as bypass,
        pg_has_role(current_user, oid, case when current_setting('server_version_num')::int >= 160000 then 'SET' else 'MEMBER' end) as member
      from pg_roles where rolname = ${role}`),
  );
  if (found && (found.superuser || found.bypass)) {
    throw new RowSecurityError(`The role ${role} is a superuser or may bypass row-level security, so the policies would not bind it. Use a plain role.`);
  }
  if (!found && !me.superuser && !me.createrole) {
    throw new RowSecurityError(
      `The role ${role} the server queries as does not exist, and ${me.name} may not create it. Create it as the README says ("Running on PostgreSQL"), or connect the migrations as a role with CREATEROLE.`,
    );
  }
  if (!found) {
    // Another database on the same server may be making it at this very moment (tests): the
    // loser of that race finds it made.
    await tx.execute(sql.raw(`do $$ begin create role ${role} nologin; exception when duplicate_object or unique_violation then null; end $$`));
  }
  // A superuser may become any role; a role with CREATEROLE that connects the server itself
  // (DATABASE_URL alone) needs to be a member. Where it may not grant that, connecting says so.
  if (!me.superuser && me.createrole && !found?.member) {
    await tx.execute(sql.raw(`do $$ begin grant ${role} to current_user; exception when insufficient_privilege then null; end $$`));
  }
}

interface TableState {
  name: string;
  exists: boolean;
  enabled: boolean;
  forced: boolean;
  policy: boolean;
}

/**
 * Where each tenant table stands: row-level security enabled and forced, the policy present. The
 * tenant tables are those this process declared (`tenantTable`) and, so that nothing depends on
 * what was imported, every table in the database with a NOT NULL `tenant_id`.
 */
async function tableStates(db: Db): Promise<TableState[]> {
  const names = tenantTables().map(({ table }) => getTableName(table));
  const declared: SQL = sql.join(
    names.map((n) => sql`(${n})`),
    sql`, `,
  );
  return rowsOf<TableState>(
    db.execute(sql`
      with t(name) as (
        select * from (values ${declared}) v
        union
        select c.relname::text from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = ${IN_SCHEMA} and c.relkind in ('r', 'p') and a.attname = 'tenant_id' and a.attnotnull and not a.attisdropped
      )
      select t.name, c.oid is not null as exists,
        coalesce(c.relrowsecurity, false) as enabled, coalesce(c.relforcerowsecurity, false) as forced,
        exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = ${TENANT_POLICY}) as policy
      from t left join pg_class c on c.relname = t.name and c.relnamespace = ${IN_SCHEMA} and c.relkind in ('r', 'p')
      order by t.name`),
  );
}

/**
 * The start-up check, run on the connection the server queries through: it is the app role (no
 * superuser, no bypass), and every tenant table has the policy and row-level security, forced (so
 * even a table's owner is bound). Answers the secured tables; refuses with every problem named.
 */
export async function checkRowSecurity(db: Db, appRole: string): Promise<string[]> {
  const role = checkRoleName(appRole);
  const problems: string[] = [];
  const [me] = await rowsOf<{ name: string; superuser: boolean; bypass: boolean }>(
    db.execute(sql`select rolname as name, rolsuper as superuser, rolbypassrls as bypass from pg_roles where rolname = current_user`),
  );
  if (me?.name !== role) problems.push(`the server queries as ${me?.name ?? "an unknown role"}, not ${role}`);
  if (me?.superuser || me?.bypass) problems.push(`${me.name} is a superuser or bypasses row-level security`);
  const secured: string[] = [];
  for (const t of await tableStates(db)) {
    const missing = [
      !t.exists && "the table",
      t.exists && !t.enabled && "row-level security",
      t.exists && !t.forced && "FORCE",
      t.exists && !t.policy && `the policy ${TENANT_POLICY}`,
    ].filter(Boolean);
    if (missing.length) problems.push(`${t.name} lacks ${missing.join(", ")}`);
    else secured.push(t.name);
  }
  if (problems.length) {
    throw new RowSecurityError(
      `Row-level security is not in place, so the server will not start:\n  ${problems.join("\n  ")}\nStart it once with the migrations connected as the tables' owner (MIGRATION_DATABASE_URL), which sets it up.`,
    );
  }
  return secured;
}
