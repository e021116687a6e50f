import { sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";

/**
 * Transaction-scoped advisory locks on some keys (text, hashed): two transactions naming a key
 * take turns, and each lock ends with its transaction. All are taken in one statement, in the one
 * order every caller uses, so two callers never hold one each while waiting on the other's.
 */
export async function lockKeys(db: Db, keys: string[]) {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return;
  await db.execute(
    sql`select count(pg_advisory_xact_lock(hashtext(k))) from (select unnest(array[${sql.join(
      sorted.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[]) as k order by 1) as keys`,
  );
}
