import pg from "pg";

/**
 * A fresh, empty database on the PostgreSQL server `baseUrl` names, for one test run or one
 * benchmark; `drop` removes it (ending any connection still open).
 */
export async function createScratchDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
