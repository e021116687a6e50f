import { ListQuery, listReply, MAX_ID, type ResourceDefinition } from "@taleem/contract";
import { asc, count, desc, eq, getTableName, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { recordChange } from "../audit/audit.service.js";
import { badRequest, notFound } from "../http/errors.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import type { TenantTable } from "../tenancy/tenant-table.js";
import { checkDefinition, filterColumn, filterCondition, searchPattern, TEXT_COLUMNS } from "./list-filters.js";
import { contextOf, type RequestContext, withScope } from "./resource-context.js";

type Row<T extends TenantTable> = T["$inferSelect"];
type Values<T extends TenantTable> = Omit<T["$inferInsert"], "tenantId">;

/**
 * Per-resource behaviour, as small named hooks; the engine does the rest. Every hook that
 * changes data runs inside the request's transaction.
 */
export interface ResourceHooks<T extends TenantTable, Create, Update, Out> {
  /** Row scoping: what of the tenant's rows this caller may reach (a parent: their own children). */
  scope?: (ctx: RequestContext) => SQL | undefined;
  /** Filters that are not plain columns (users by role, say). */
  filters?: Record<string, (value: string, ctx: RequestContext) => SQL>;
  /** Reply rows from table rows: joins what the row shows, drops what must not leave. */
  present?: (ctx: RequestContext, rows: Row<T>[]) => Promise<Out[]>;
  beforeCreate?: (ctx: RequestContext, input: Create) => Promise<Values<T>>;
  afterCreate?: (ctx: RequestContext, row: Row<T>, input: Create) => Promise<void>;
  beforeUpdate?: (ctx: RequestContext, existing: Row<T>, input: Update) => Promise<Partial<Values<T>>>;
  afterUpdate?: (ctx: RequestContext, row: Row<T>, input: Update) => Promise<void>;
  /** Refuse (409) a delete that history depends on, or archive instead. */
  beforeDelete?: (ctx: RequestContext, existing: Row<T>) => Promise<void>;
  /**
   * What the audit log should show of a row beyond its columns (a user's role ids, say), so
   * changes kept in other tables are recorded with the row's.
   */
  auditView?: (ctx: RequestContext, row: Row<T>) => Promise<Record<string, unknown>>;
  /** Extra keys on the list reply (activeRoles, inactiveRoles). */
  listExtras?: (ctx: RequestContext, tenantWhere: SQL) => Promise<Record<string, unknown>>;
  /** A valid create body made in `scope`, for the generic isolation suite. */
  sample: (scope: TenantScope) => Promise<Create>;
}

export interface RegisteredResource {
  definition: ResourceDefinition;
  table: TenantTable;
  prefix: string;
  sample: (scope: TenantScope) => Promise<unknown>;
}

// Keyed by route, so an app built twice in one process (tests) lists each resource once.
const registered = new Map<string, RegisteredResource>();
/** Every resource served, for the isolation suite and the wipe check. Filled when buildApp runs. */
export const registeredResources = (): readonly RegisteredResource[] => [...registered.values()];

/** The largest page a list accepts: deeper pages are a sign of a bug or an abuse, not a reader. */
export const MAX_PAGE = 100_000;

const human = (def: ResourceDefinition) =>
  def.path
    .replace(/[-_]/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One declaration, four routes: `GET /{r}` (filters, page, limit, sort, q; reply rows, count,
 * message), `POST /{r}`, `PUT /{r}` (body carries id), `DELETE /{r}/{id}`, each tenant-scoped,
 * row-scoped, permission-checked, audited, and documented in OpenAPI.
 */
export function serveResource<T extends TenantTable, D extends ResourceDefinition, Out = z.infer<D["row"]>>(
  app: FastifyInstance,
  db: Db,
  def: D,
  table: T,
  hooks: ResourceHooks<T, z.infer<D["create"]>, z.infer<D["update"]>, Out>,
  prefix = "/admin/api",
) {
  const base = `${prefix}/${def.path}`;
  const entity = getTableName(table);
  const name = human(def);
  const columns = table as unknown as Record<string, PgColumn>;
  const present = hooks.present ?? (async (_ctx, rows) => rows as unknown as Out[]);
  const hookFilters = hooks.filters ?? {};
  checkDefinition(def, columns, Object.keys(hookFilters));
  registered.set(base, { definition: def as ResourceDefinition, table, prefix, sample: hooks.sample });

  const filterShape = Object.fromEntries([...Object.keys(def.filters), ...Object.keys(hookFilters)].map((k) => [k, z.string().max(200).optional()]));
  const querySchema = ListQuery.extend({ ...filterShape, page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1) });
  // Routes of a generic table: schemas validate and document; handlers read typed casts.
  const r = app;
  const tags = [def.module];

  const visible = (ctx: RequestContext, ...more: (SQL | undefined)[]) => ctx.scope.where(table, hooks.scope?.(ctx), ...more);

  r.get(base, {
    config: { permission: [def.module, "view"] },
    schema: { tags, summary: `List ${name}`, querystring: querySchema, response: { 200: listReply(def.row).passthrough() } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const q = req.query as ListQuery & Record<string, string | undefined>;
      const conditions: (SQL | undefined)[] = [];
      for (const [key, kind] of Object.entries(def.filters)) {
        const value = q[key];
        if (value === undefined || hookFilters[key]) continue;
        conditions.push(filterCondition(key, kind, filterColumn(columns, key, kind)!, String(value)));
      }
      for (const [key, build] of Object.entries(hookFilters)) {
        const value = q[key];
        if (value !== undefined) conditions.push(build(String(value), ctx));
      }
      if (q.q) {
        const term = searchPattern(q.q);
        const searched = def.search.map((k) => columns[k]).filter((c): c is PgColumn => !!c);
        if (searched.length) conditions.push(or(...searched.map((c) => ilike(c, term))));
      }
      const where = visible(ctx, ...conditions);
      const order = orderBy(def, columns, q.sort);
      // The page and the total in one round trip (a window count); only a page past the end needs a second query.
      const found = await db
        .select({ row: table as TenantTable, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(table as TenantTable)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const rows = found.map((f) => f.row);
      const total =
        found[0]?.total ??
        (q.page > 1
          ? ((
              await db
                .select({ n: count() })
                .from(table as TenantTable)
                .where(where)
            )[0]?.n ?? 0)
          : 0);
      const extras = hooks.listExtras ? await hooks.listExtras(ctx, visible(ctx)) : {};
      return { rows: await present(ctx, rows as Row<T>[]), count: total, message: `${capital(name)} list fetched successfully`, ...extras };
    },
  });

  const one = z.object({ message: z.string(), data: def.row });

  r.post(base, {
    config: { permission: [def.module, "add"] },
    schema: { tags, summary: `Add ${name}`, body: def.create, response: { 200: one } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const input = req.body as z.infer<D["create"]>;
      const row = await ctx.scope.transaction(async (scope) => {
        const c = withScope(ctx, scope);
        const values = hooks.beforeCreate ? await hooks.beforeCreate(c, input) : (input as unknown as Values<T>);
        const created = await scope.insert(table, values);
        await hooks.afterCreate?.(c, created, input);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "create",
          entity,
          entityId: created.id,
          after: await auditView(c, created),
          ip: ctx.ip,
        });
        return created;
      });
      const [out] = await present(ctx, [row]);
      return { message: `${capital(name)} added successfully`, data: out };
    },
  });

  r.put(base, {
    config: { permission: [def.module, "edit"] },
    schema: { tags, summary: `Update ${name}`, body: def.update, response: { 200: one } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const input = req.body as z.infer<D["update"]> & { id: number };
      const row = await ctx.scope.transaction(async (scope) => {
        const c = withScope(ctx, scope);
        const existing = await findVisible(c, input.id);
        const before = await auditView(c, existing);
        const { id: _id, ...rest } = input as Record<string, unknown>;
        const values = hooks.beforeUpdate ? await hooks.beforeUpdate(c, existing, input) : (rest as Partial<Values<T>>);
        const updated = Object.keys(values).length ? await scope.update(table, input.id, values as Partial<T["$inferInsert"]>, capital(name)) : existing;
        await hooks.afterUpdate?.(c, updated, input);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "update",
          entity,
          entityId: input.id,
          before,
          after: await auditView(c, updated),
          ip: ctx.ip,
        });
        return updated;
      });
      const [out] = await present(ctx, [row]);
      return { message: `${capital(name)} updated successfully`, data: out };
    },
  });

  r.delete(`${base}/:id`, {
    config: { permission: [def.module, "delete"] },
    schema: {
      tags,
      summary: `Delete ${name}`,
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { id } = req.params as { id: number };
      await ctx.scope.transaction(async (scope) => {
        const c = withScope(ctx, scope);
        const existing = await findVisible(c, id);
        const before = await auditView(c, existing);
        await hooks.beforeDelete?.(c, existing);
        await scope.remove(table, id, capital(name));
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "delete",
          entity,
          entityId: id,
          before,
          ip: ctx.ip,
        });
      });
      return { message: `${capital(name)} deleted successfully` };
    },
  });

  /** A row this caller may reach, or 404: another tenant's id or another family's child alike. */
  async function findVisible(ctx: RequestContext, id: number): Promise<Row<T>> {
    // An id no integer column can hold names no row (and must not reach the database as one).
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound(capital(name));
    const [row] = await ctx.scope.db
      .select()
      .from(table as TenantTable)
      .where(visible(ctx, eq(columns.id!, id)))
      .limit(1);
    if (!row) throw notFound(capital(name));
    return row as Row<T>;
  }

  async function auditView(ctx: RequestContext, row: Row<T>): Promise<Record<string, unknown>> {
    return hooks.auditView ? { ...row, ...(await hooks.auditView(ctx, row)) } : row;
  }
}

function orderBy(def: ResourceDefinition, columns: Record<string, PgColumn>, sort: string | undefined) {
  const wanted = sort ?? def.defaultSort;
  const field = wanted.replace(/^-/, "");
  if (!def.sortable.includes(field) || !columns[field]) {
    if (sort) throw badRequest("sort", `Cannot sort by ${field}. Sort by one of: ${def.sortable.join(", ")}.`, { field: "sort", allowed: def.sortable });
    return [asc(columns.id!)];
  }
  const dir = wanted.startsWith("-") ? desc : asc;
  const col = columns[field]!;
  // Text sorts as people read it, whatever the database's collation: "adam" beside "Adam", before "Bob".
  const key = TEXT_COLUMNS.has(col.columnType) && !col.enumValues?.length ? sql`lower(${col})` : col;
  return [dir(key), asc(columns.id!)];
}
