import { eq, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { conflict } from "../http/errors.js";
import type { TenantScope } from "./tenant-scope.js";
import type { TenantTable } from "./tenant-table.js";

/** Refuses a name another row of the school already has (case-insensitively), with a clear 409. */
export async function assertNameFree(
  scope: TenantScope,
  table: TenantTable & { name: AnyPgColumn },
  name: string,
  what: string,
  options: { exceptId?: number; within?: SQL } = {},
) {
  const [taken] = await scope.db
    .select({ id: table.id })
    .from(table as TenantTable)
    .where(scope.where(table, eq(sql`lower(${table.name})`, name.toLowerCase()), options.exceptId ? ne(table.id, options.exceptId) : undefined, options.within))
    .limit(1);
  if (taken) throw conflict(`${what.toLowerCase().replace(/ /g, "_")}.name_taken`, `A ${what.toLowerCase()} named ${name} already exists.`, { field: "name" });
}
