import { count, eq, getTableName } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TenantScope } from "./tenant-scope.js";
import type { TenantTable } from "./tenant-table.js";

/**
 * A row of one module that keeps history of another module's row (an enrolment of a student):
 * while one exists, the owner's delete is refused. Declared by the module that refers, beside
 * its table, so the owner never needs to know who refers to it.
 */
export interface Reference {
  from: TenantTable;
  column: PgColumn;
  to: TenantTable;
  /** What the referring rows are called in the refusal and its params ("enrolments"). */
  what: string;
}

const references: Reference[] = [];

export function declareReference(from: TenantTable, column: PgColumn, to: TenantTable, what: string) {
  // Modules are imported once per process, but an app may be built twice (tests): keep one each.
  if (!references.some((r) => r.column === column && r.to === to)) references.push({ from, column, to, what });
}

/** Every declared reference to `table`. */
export const referencesTo = (table: TenantTable): readonly Reference[] => references.filter((r) => r.to === table);

/** How many rows of each kind refer to row `id` of `table`, those with none left out; keyed by `what`. */
export async function countReferences(scope: TenantScope, table: TenantTable, id: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const ref of referencesTo(table)) {
    const [row] = await scope.db
      .select({ n: count() })
      .from(ref.from as TenantTable)
      .where(scope.where(ref.from, eq(ref.column, id)));
    if (row?.n) counts[ref.what] = (counts[ref.what] ?? 0) + row.n;
  }
  return counts;
}

/** "3 enrolments and 1 alumni", for a refusal's message. */
export const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([what, n]) => `${n} ${what}`)
    .join(" and ");

export const referenceName = (r: Reference) => `${getTableName(r.from)}.${r.column.name} -> ${getTableName(r.to)}`;
