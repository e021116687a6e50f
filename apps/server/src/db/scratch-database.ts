import pg from "pg";

let made = 0;

/** Runs one statement on the server `baseUrl` names, over a connection of its own. */
async function run(baseUrl: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server `baseUrl` names, for one test run or one benchmark:
 * empty, or a copy of `template` (which nobody may be connected to). `drop` removes it (ending
 * any connection still open).
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, template?: string) {
  // Only names made here are ever put into a statement, so they need no quoting.
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}_${++made}`.toLowerCase();
  // PostgreSQL would cut a longer name short, and the URL would name a database that is not there.
  if (name.length > 63 || !/^[a-z_][a-z0-9_]*$/.test(name) || (template && !/^[a-z_][a-z0-9_]*$/.test(template))) {
    throw new Error(`not a plain database name: ${name} ${template ?? ""}`);
  }
  await run(baseUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** `alter database <name> with <options>`, e.g. "allow_connections false". */
    alter: async (options: string) => {
      await run(baseUrl, `alter database ${name} with ${options}`);
    },
    drop: async () => {
      await run(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Drops every database whose name starts with `prefix`: what a test run made, even if it crashed. */
export async function dropDatabases(baseUrl: string, prefix: string) {
  const found = await run(baseUrl, "select datname from pg_database where starts_with(datname, $1)", [prefix]);
  for (const { datname } of found.rows as { datname: string }[]) {
    await run(baseUrl, `drop database if exists "${datname.replaceAll('"', '""')}" with (force)`);
  }
}
