import { count, isNotNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { conflict } from "../http/errors.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import type { TenantTable } from "../tenancy/tenant-table.js";

type Values<T extends TenantTable> = Omit<T["$inferInsert"], "tenantId">;

/**
 * The rows every school has from its first day (attendance codes, prayers, leave types, recitation
 * types): each carries a `builtinKey` (unique per school), is given to a school that lacks it (a
 * new school, or one whose rows were wiped), can be set inactive but never deleted (it would only
 * come back), and may keep some fields fixed (a standard code's meaning). Declared once per table
 * and handed to `serveResource` as `standard`; a service that reads the rows outside the resource's
 * own routes calls `ensureStandardRows` first.
 */
export interface StandardRows<T extends TenantTable> {
  table: T;
  /** The rows, each with its `builtinKey`. */
  rows: readonly Values<T>[];
  /** Fits the rows to the school's own just before they are given (no second default code, say). */
  adjust?: (scope: TenantScope, rows: readonly Values<T>[]) => Promise<readonly Values<T>[]>;
  /** What a standard row is called in a refusal: "standard code", "standard leave type". */
  noun: string;
  /** The code of the refusal to delete one (409, field `status`). */
  deleteCode: string;
  /** Fields a standard row keeps, with the refusal's code and message (409 naming the field). */
  fixed?: readonly { field: keyof Values<T> & string; code: string; message: string }[];
}

/** Standard rows of any table, as the engine handles them (the rows' own type stays the table's). */
// biome-ignore lint/suspicious/noExplicitAny: the sets of different tables go through one function
export type AnyStandardRows = StandardRows<any>;

/** Declared rows as they are, for a table given to the engine (the type of the rows stays the table's). */
export const standardRows = <T extends TenantTable>(rows: StandardRows<T>): StandardRows<T> => rows;

/**
 * Gives the school the standard rows it lacks. Standard rows are never deleted, so counting them
 * tells whether any is missing (one cheap query on every later call); the insert skips rows
 * already there, so two first visits at once give each row once.
 */
export async function ensureStandardRows(scope: TenantScope, ...sets: AnyStandardRows[]): Promise<void> {
  for (const set of sets) {
    const key = builtinKey(set.table);
    const [have] = await scope.db
      .select({ n: count() })
      .from(set.table)
      .where(scope.where(set.table, isNotNull(key)));
    if ((have?.n ?? 0) >= set.rows.length) continue;
    const rows = set.adjust ? await set.adjust(scope, set.rows) : set.rows;
    await scope.db
      .insert(set.table)
      .values(rows.map((r) => ({ ...r, tenantId: scope.tenantId })) as TenantTable["$inferInsert"][])
      .onConflictDoNothing();
  }
}

/** A standard row is set inactive, never deleted. */
export function refuseStandardDelete(set: AnyStandardRows, row: Record<string, unknown>): void {
  if (!row.builtinKey) return;
  const label = String(row.code ?? row.name ?? row.builtinKey);
  const params = { field: "status", name: String(row.name ?? label), ...(row.code ? { code: String(row.code) } : {}) };
  throw conflict(set.deleteCode, `${label} is a ${set.noun}: set it inactive instead of deleting it.`, params);
}

/** A standard row keeps its fixed fields: a change to one is refused naming it. */
export function refuseFixedChange(set: AnyStandardRows, existing: Record<string, unknown>, input: Record<string, unknown>): void {
  if (!existing.builtinKey) return;
  for (const f of set.fixed ?? []) {
    if (input[f.field] !== undefined && input[f.field] !== existing[f.field]) throw conflict(f.code, f.message, { field: f.field });
  }
}

function builtinKey(table: TenantTable): PgColumn {
  const column = (table as unknown as Record<string, PgColumn | undefined>).builtinKey;
  if (!column) throw new Error("A table with standard rows needs a builtinKey column (unique per school).");
  return column;
}
