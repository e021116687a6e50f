import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/db-types.js";
import { notFound } from "../http/errors.js";
import { type FamilyCaller, familyCondition } from "./family-scope.js";
import { TENANT_SETTING } from "./row-security.js";
import type { TenantTable } from "./tenant-table.js";

// Generic table parameters defeat drizzle's overloads; the methods are typed by their signatures.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

/**
 * The one way module code reaches tenant data: every read and write through a scope carries the
 * tenant's id, so no route writes its own tenant filter. Another tenant's id is simply not found.
 * A scope made for a family caller (a role limited to its linked students) also carries each
 * table's declared family link (family-scope.ts): another family's child is simply not found too.
 */
export class TenantScope {
  constructor(
    readonly db: Db,
    readonly tenantId: number,
    /** True for a scope `transaction` made: its transaction has the tenant set already. */
    private readonly tenantSet = false,
    /** The family this scope is narrowed to; undefined for staff and for the school's own work. */
    readonly family?: FamilyCaller,
  ) {}

  /** The tenant condition for `table` (and the family's, for a family's scope), and'ed with any further conditions. */
  where(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), this.family ? familyCondition(table, this.family) : undefined, ...conditions) as SQL;
  }

  /**
   * The same school's scope without the family's narrowing, for work the school does on a
   * family's request that reads beyond the family (a child's rank among the class, a notification
   * to the teacher). Its rows must not reach the family's reply unless they are the family's.
   */
  school(): TenantScope {
    return this.family ? new TenantScope(this.db, this.tenantId, this.tenantSet) : this;
  }

  /**
   * id -> a text column (the name, by default) of this tenant's rows with these ids, for the
   * names a reply shows beside its ids. Nulls and repeats are skipped; no ids, no query.
   */
  async namesById(
    table: TenantTable & { name?: AnyPgColumn },
    ids: readonly (number | null | undefined)[],
    column?: AnyPgColumn,
  ): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
    const label = column ?? table.name;
    if (!unique.length || !label) return new Map();
    const rows: { id: number; name: string }[] = await (this.db as Loose)
      .select({ id: table.id, name: label })
      .from(table)
      .where(this.where(table, inArray(table.id, unique)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** How many of this tenant's rows of `table` meet the conditions. */
  async count(table: TenantTable, ...conditions: (SQL | undefined)[]): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(table as Loose)
      .where(this.where(table, ...conditions));
    return row?.n ?? 0;
  }

  async find<T extends TenantTable>(table: T, id: number, what?: string): Promise<T["$inferSelect"]> {
    const [row] = await this.db
      .select()
      .from(table as Loose)
      .where(this.where(table, eq(table.id, id)))
      .limit(1);
    if (!row) throw notFound(what);
    return row as T["$inferSelect"];
  }

  async findOptional<T extends TenantTable>(table: T, id: number): Promise<T["$inferSelect"] | undefined> {
    const [row] = await this.db
      .select()
      .from(table as Loose)
      .where(this.where(table, eq(table.id, id)))
      .limit(1);
    return row as T["$inferSelect"] | undefined;
  }

  async insert<T extends TenantTable>(table: T, values: Omit<T["$inferInsert"], "tenantId">): Promise<T["$inferSelect"]> {
    const rows = (await this.db
      .insert(table as Loose)
      .values({ ...values, tenantId: this.tenantId } as T["$inferInsert"])
      .returning()) as Loose[];
    return rows[0] as T["$inferSelect"];
  }

  async insertMany<T extends TenantTable>(table: T, values: Omit<T["$inferInsert"], "tenantId">[]): Promise<T["$inferSelect"][]> {
    if (!values.length) return [];
    const rows = await this.db
      .insert(table as Loose)
      .values(values.map((v) => ({ ...v, tenantId: this.tenantId })) as T["$inferInsert"][])
      .returning();
    return rows as T["$inferSelect"][];
  }

  async update<T extends TenantTable>(table: T, id: number, values: Partial<T["$inferInsert"]>, what?: string): Promise<T["$inferSelect"]> {
    const { tenantId: _t, id: _i, ...rest } = values as Record<string, unknown>;
    // Nothing to change (a body naming only the id): the row as it is.
    if (!Object.keys(rest).length) return this.find(table, id, what);
    const [row] = await this.db
      .update(table as Loose)
      .set(rest as Partial<T["$inferInsert"]>)
      .where(this.where(table, eq(table.id, id)))
      .returning();
    if (!row) throw notFound(what);
    return row as T["$inferSelect"];
  }

  async remove(table: TenantTable, id: number, what?: string): Promise<void> {
    const rows = await this.db
      .delete(table as Loose)
      .where(this.where(table, eq(table.id, id)))
      .returning({ id: table.id });
    if (!rows.length) throw notFound(what);
  }

  /**
   * Runs `fn` in one transaction with a scope bound to it and the tenant set on the transaction
   * (`taleem.tenant_id`, transaction-local), so row-level security shows and accepts only this
   * school's rows even where a statement forgets `where` (platform/tenancy/row-security.ts). A
   * nested call is a savepoint of a transaction that has it set already.
   */
  transaction<R>(fn: (scope: TenantScope) => Promise<R>): Promise<R> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (!this.tenantSet) await db.execute(sql`select set_config(${TENANT_SETTING}, ${String(this.tenantId)}, true)`);
      return fn(new TenantScope(db, this.tenantId, true, this.family));
    });
  }
}
