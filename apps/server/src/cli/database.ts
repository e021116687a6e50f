import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import { type Database, type Db, databaseOptions, openDatabase } from "../db/client.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import { Refused } from "./command.js";

/**
 * Opens the database the way the server does (DATABASE_URL, else the embedded one in DATA_DIR,
 * migrated), runs `fn` and closes it. The embedded data directory's lock makes this refuse while
 * a server holds it.
 */
export async function withDatabase<R>(config: Config, fn: (db: Db, database: Database) => Promise<R>): Promise<R> {
  const database = await openDatabase(databaseOptions(config));
  try {
    return await fn(database.db, database);
  } finally {
    await database.close();
  }
}

/** The school behind a business code, case-insensitively, whatever its status. */
export async function tenantByCode(db: Db, code: string) {
  const [tenant] = await db.select().from(tenants).where(sql`lower(${tenants.code}) = ${code.trim().toLowerCase()}`).limit(1);
  if (!tenant) throw new Refused(`No school has the code ${code}.`);
  return tenant;
}
