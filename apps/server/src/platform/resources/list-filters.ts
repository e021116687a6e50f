import type { FilterKind, ResourceDefinition } from "@taleem/contract";
import { eq, gte, ilike, lt, lte, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../http/errors.js";

/** Columns compared as text: searched with ilike, sorted without regard to case. */
export const TEXT_COLUMNS: ReadonlySet<string> = new Set(["PgText", "PgVarchar", "PgChar"]);

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column a filter reads: `createdAtFrom` and `createdAtTo` both read `createdAt`. */
export function filterColumn(columns: Record<string, PgColumn>, key: string, kind: FilterKind): PgColumn | undefined {
  return columns[kind === "from" || kind === "to" ? key.replace(/(From|To)$/, "") : key];
}

const invalid = (key: string, what: string) => badRequest("filter.invalid", `The filter ${key} ${what}.`, { field: key });

/**
 * A query value as the column's type, or a 400 naming the filter: a value the database would
 * refuse (a word for a number, a bad date, an unknown status) is the caller's mistake, not a 500.
 */
function typed(key: string, col: PgColumn, raw: string): unknown {
  const allowed = col.enumValues;
  if (allowed?.length && !allowed.includes(raw)) throw invalid(key, `must be one of: ${allowed.join(", ")}`);
  if (col.dataType === "number") {
    const n = Number(raw);
    if (!Number.isFinite(n) || raw.trim() === "") throw invalid(key, "must be a number");
    if (col.columnType === "PgInteger" || col.columnType === "PgSmallInt" || col.columnType === "PgSerial") {
      if (!Number.isInteger(n) || n < INT_MIN || n > INT_MAX) throw invalid(key, "must be a whole number");
    }
    return n;
  }
  if (col.dataType === "boolean") {
    if (raw !== "true" && raw !== "false") throw invalid(key, "must be true or false");
    return raw === "true";
  }
  if (col.columnType === "PgTime" && !TIME.test(raw)) throw invalid(key, "must be a time (HH:MM)");
  if (col.columnType === "PgNumeric" && (raw.trim() === "" || !Number.isFinite(Number(raw)))) throw invalid(key, "must be a number");
  if (col.columnType === "PgUUID" && !UUID.test(raw)) throw invalid(key, "must be an id");
  if (col.dataType === "date" || col.columnType === "PgDateString" || col.columnType === "PgTimestampString") {
    const d = new Date(raw);
    // JavaScript reads 2026-02-30 as 2 March: a calendar date must name a real day.
    const unreal = DATE_ONLY.test(raw) && (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw);
    if (Number.isNaN(d.getTime()) || unreal || (col.columnType === "PgDateString" && !DATE_ONLY.test(raw)))
      throw invalid(key, "must be a real date (YYYY-MM-DD)");
    return col.dataType === "date" ? d : raw;
  }
  return raw;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `q` as one ilike pattern. */
export const searchPattern = (q: string) => `%${escapeLike(q)}%`;

/** One declared filter as a condition. */
export function filterCondition(key: string, kind: FilterKind, col: PgColumn, raw: string): SQL {
  if (kind === "search") return ilike(col, searchPattern(raw));
  if (kind === "boolean") {
    if (raw !== "true" && raw !== "false") throw invalid(key, "must be true or false");
    return eq(col, raw === "true");
  }
  const value = typed(key, col, raw);
  if (kind === "from") return gte(col, value);
  if (kind === "to") {
    // "to 2026-03-31" on an instant means through the end of that day.
    if (value instanceof Date && DATE_ONLY.test(raw)) return lt(col, new Date(value.getTime() + 86_400_000));
    return lte(col, value);
  }
  return eq(col, value);
}

/** Refuses at start-up a definition whose filter, search or sort names nothing the engine can read. */
export function checkDefinition(def: ResourceDefinition, columns: Record<string, PgColumn>, hookFilters: readonly string[]) {
  const problems: string[] = [];
  const isText = (c: PgColumn | undefined) => !!c && TEXT_COLUMNS.has(c.columnType);
  for (const [key, kind] of Object.entries(def.filters)) {
    if (hookFilters.includes(key)) continue;
    const col = filterColumn(columns, key, kind);
    if (!col) problems.push(`filter ${key} is neither a column nor a filter hook`);
    else if (kind === "search" && !isText(col)) problems.push(`search filter ${key} is not a text column`);
  }
  for (const key of def.search) if (!isText(columns[key])) problems.push(`search column ${key} is not a text column`);
  for (const key of def.sortable) if (!columns[key]) problems.push(`sortable column ${key} does not exist`);
  const sortField = def.defaultSort.replace(/^-/, "");
  if (!def.sortable.includes(sortField)) problems.push(`defaultSort ${def.defaultSort} is not sortable`);
  // An update schema with defaults would write them over stored values on every partial PUT.
  const probe = def.update.safeParse({ id: 1 });
  const filled = probe.success ? Object.keys(probe.data as object).filter((k) => k !== "id") : [];
  if (filled.length) problems.push(`the update schema fills in ${filled.join(", ")} when left out (remove their defaults)`);
  if (problems.length) throw new Error(`Resource ${def.path}: ${problems.join("; ")}`);
}

/** A list filter naming a row id (or a small number), or a 400 naming the filter: never a silent empty list. */
export function whole(key: string, raw: string, max = 2_147_483_647): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw badRequest("filter.invalid", `The filter ${key} must be a whole number from 1 to ${max}.`, { field: key });
  return n;
}
