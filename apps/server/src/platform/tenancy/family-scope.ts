import { and, eq, getTableName, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type TenantTable, tenantTables } from "./tenant-table.js";

/**
 * A family's scope: what a role limited to its linked students (the built-in Parent, or a
 * school's own Guardian role) reaches of a school's rows, decided in the query.
 *
 * Every tenant table declares, beside its table, how its rows reach a student (`declareFamilyLink`):
 * through a student column, through a row of another table that reaches one (a hifz log through
 * its hafiz), through a classroom a child is enrolled in, through the family's own user (a
 * notification, a message sent to them), through the family's mobile (an application they made);
 * or that its rows are the school's own and name no student or person (a course, an attendance
 * code), or that they cannot be narrowed and are staff-only. A scope made for a family caller adds
 * the table's condition to every `where` it builds, so lists, counts, single rows, updates and
 * deletes reach only the family's rows, and a table no declaration covers stops the start.
 */

/** The family a scope is narrowed to: the linked-only caller's user. */
export interface FamilyCaller {
  tenantId: number;
  userId: number;
}

/** How a table's rows reach a family: a condition on its rows, for one caller. */
export type FamilyLink =
  | { kind: "rows"; describe: string; condition: (caller: FamilyCaller) => SQL }
  /** Not about a student or a person: the school's own rows (courses, codes, settings). */
  | { kind: "school" }
  /** Cannot be narrowed to a family: no rows for one, and its resources refuse a family role. */
  | { kind: "staff" };

const declared = new Map<TenantTable, FamilyLink>();

/** Declares how `table`'s rows reach a family. One per table, beside the table. */
export function declareFamilyLink(table: TenantTable, link: FamilyLink) {
  declared.set(table, link);
}

/** The declared link of `table`; a table without one is a programming error. */
export function familyLinkOf(table: TenantTable): FamilyLink {
  const link = declared.get(table);
  if (!link) throw new Error(`${getTableName(table)} declares no family link (declareFamilyLink beside its table)`);
  return link;
}

/** The tenant tables that declare no family link: the server refuses to start while any does. */
export const tablesWithoutFamilyLink = (): string[] =>
  tenantTables()
    .filter(({ table }) => !declared.has(table))
    .map(({ table }) => getTableName(table));

/** The condition a family caller's rows of `table` meet: undefined for the school's own rows. */
export function familyCondition(table: TenantTable, caller: FamilyCaller): SQL | undefined {
  const link = familyLinkOf(table);
  if (link.kind === "school") return undefined;
  if (link.kind === "staff") return sql`false`;
  return link.condition(caller);
}

/** Whether a family role may be served `table`'s rows at all (not a staff-only table). */
export const familyMayRead = (table: TenantTable) => familyLinkOf(table).kind !== "staff";

const rows = (describe: string, condition: (caller: FamilyCaller) => SQL): FamilyLink => ({ kind: "rows", describe, condition });

/**
 * The builders of a declaration that need no table of their own. Module tables use `family` from
 * platform/auth/family-links.ts, which adds the ways through a family's children and mobile.
 */
export const familyLinks = {
  /** A condition of its own, for a way the builders do not express (a chat room the family is a member of). */
  rows,
  /** Rows whose `column` names a row of `table` the family reaches (`target`: the column named; its id by default). */
  through: (column: AnyPgColumn, table: TenantTable, target: AnyPgColumn = table.id) =>
    rows(`${column.name} names a ${getTableName(table)} row of the family`, (c) =>
      inArray(column, sql`(select ${target} from ${table} where ${and(eq(table.tenantId, c.tenantId), familyCondition(table, c))})`),
    ),
  /** Rows about the family's own user: sent to them, made by them. */
  user: (column: AnyPgColumn) => rows(`${column.name} is the family's user`, (c) => eq(column, c.userId)),
  /** Any of several ways (a task set for a child, their class or their group). */
  anyOf: (...links: FamilyLink[]): FamilyLink =>
    rows(links.map((l) => (l.kind === "rows" ? l.describe : l.kind)).join(" or "), (c) => or(...links.map((l) => linkCondition(l, c))) as SQL),
  /** A way that holds only for rows that also meet a condition of their own (approved materials of a child's class). */
  when: (what: string, condition: SQL, link: FamilyLink): FamilyLink =>
    rows(`${what} and ${link.kind === "rows" ? link.describe : link.kind}`, (c) => and(condition, linkCondition(link, c)) as SQL),
  school: { kind: "school" } as FamilyLink,
  staff: { kind: "staff" } as FamilyLink,
  /** A link's condition for one caller, to combine in a link of one's own (true for the school's rows, false for staff-only). */
  condition: linkCondition,
};

function linkCondition(link: FamilyLink, caller: FamilyCaller): SQL {
  if (link.kind === "school") return sql`true`;
  if (link.kind === "staff") return sql`false`;
  return link.condition(caller);
}
