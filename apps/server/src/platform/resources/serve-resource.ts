import { ListQuery, listReply, MAX_ID, type ResourceDefinition } from "@taleem/contract";
import { asc, count, desc, eq, getTableName, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { inRequestContext, type RequestContext } from "../actions/request-context.js";
import { errorReplies, operationId, SECURITY } from "../actions/serve-action.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { checkUploadFields, uploadFieldsOfBodies } from "../security/upload-fields.js";
import { familyMayRead } from "../tenancy/family-scope.js";
import { countReferences, describeCounts, referencesTo } from "../tenancy/references.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import type { TenantTable } from "../tenancy/tenant-table.js";
import { checkDefinition, filterColumn, filterCondition, searchPattern, TEXT_COLUMNS } from "./list-filters.js";
import { presentingSerializer } from "./reply-presenter.js";
import { type AnyStandardRows, ensureStandardRows, refuseFixedChange, refuseStandardDelete, type StandardRows } from "./standard-rows.js";

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
  /** A filter's value when the list is asked without it (open mistakes only: `{ isResolved: "false" }`). */
  defaultFilters?: Record<string, string>;
  /** Reply rows from table rows: joins what the row shows, drops what must not leave. */
  present?: (ctx: RequestContext, rows: Row<T>[]) => Promise<Out[]>;
  /**
   * What `present` joins, read by the list's own statement instead: the reply's extra columns
   * and the joins that bring them. A page then costs one query however many tables it shows;
   * `present` still shapes the rows of the other routes.
   */
  listJoin?: ListJoin;
  beforeCreate?: (ctx: RequestContext, input: Create) => Promise<Values<T>>;
  afterCreate?: (ctx: RequestContext, row: Row<T>, input: Create) => Promise<void>;
  beforeUpdate?: (ctx: RequestContext, existing: Row<T>, input: Update) => Promise<Partial<Values<T>>>;
  afterUpdate?: (ctx: RequestContext, row: Row<T>, input: Update) => Promise<void>;
  /** Refuse (409) a delete that history depends on, or archive instead. */
  beforeDelete?: (ctx: RequestContext, existing: Row<T>) => Promise<void>;
  /** What deleting does instead of erasing the row (a due is cancelled on the ledger): audited and answered as a delete. */
  remove?: (ctx: RequestContext, existing: Row<T>) => Promise<void>;
  /**
   * The refusal when other modules' rows still refer to the row (their declared references):
   * its code and what to do instead. Default: `<path>.in_use`, "Set it inactive instead."
   */
  inUse?: { code: string; advice: string };
  /**
   * What the audit log should show of a row beyond its columns (a user's role ids, say), so
   * changes kept in other tables are recorded with the row's.
   */
  auditView?: (ctx: RequestContext, row: Row<T>) => Promise<Record<string, unknown>>;
  /** Extra keys on the list reply (activeRoles, inactiveRoles). */
  listExtras?: (ctx: RequestContext, tenantWhere: SQL) => Promise<Record<string, unknown>>;
  /**
   * The rows every school has (standard-rows.ts): given to a school lacking them before any of
   * these routes runs, refused deletion, their fixed fields kept.
   */
  standard?: StandardRows<T>;
  /** A valid create body made in `scope`, for the generic isolation suite. */
  sample: (scope: TenantScope) => Promise<Create>;
}

/** Joined reply columns of a list (see `ResourceHooks.listJoin`). */
export interface ListJoin {
  columns: Record<string, SQL.Aliased | SQL | PgColumn>;
  // biome-ignore lint/suspicious/noExplicitAny: a dynamic select of any table; the joins are the hook's own
  join: (query: any) => any;
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
export function serveResource<T extends TenantTable, D extends ResourceDefinition, Out = z.input<D["row"]>>(
  app: FastifyInstance,
  def: D,
  table: T,
  hooks: ResourceHooks<T, z.infer<D["create"]>, z.infer<D["update"]>, Out>,
  prefix = "/admin/api",
) {
  const { db } = app.services;
  const base = `${prefix}/${def.path}`;
  const entity = getTableName(table);
  const name = human(def);
  const columns = table as unknown as Record<string, PgColumn>;
  const present = hooks.present ?? (async (_ctx, rows) => rows as unknown as Out[]);
  const standard: AnyStandardRows | undefined = hooks.standard;
  const hookFilters = hooks.filters ?? {};
  checkDefinition(def, columns, Object.keys(hookFilters));
  const uploadFields = uploadFieldsOfBodies(def.create, def.update);
  registered.set(base, { definition: def as ResourceDefinition, table, prefix, sample: hooks.sample });

  const filterShape = Object.fromEntries([...Object.keys(def.filters), ...Object.keys(hookFilters)].map((k) => [k, z.string().max(200).optional()]));
  const querySchema = ListQuery.extend({ ...filterShape, page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1) });
  // Routes of a generic table: schemas validate and document; handlers read typed casts.
  const docs = (method: string, url: string, summary: string, statuses: number[]) => ({
    tags: [def.module],
    summary,
    operationId: operationId(method, url),
    security: SECURITY,
    errors: errorReplies("user", statuses, true),
  });
  const route = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    action: string,
    summary: string,
    statuses: number[],
    schema: object,
    run: (ctx: RequestContext, req: FastifyRequest) => Promise<unknown>,
  ) => {
    const { errors, ...doc } = docs(method, url, summary, statuses);
    const s = schema as { response: { 200?: unknown } };
    app.route({
      method,
      url,
      // A family's role reaches the rows its table's family link allows (its scope narrows every
      // query); a table that cannot be narrowed is staff-only.
      config: { permission: [def.module, action], ...(familyMayRead(table) ? {} : { staffOnly: true }) },
      schema: { ...doc, ...schema, response: { ...s.response, ...errors } },
      // Replies shaped by a presenter compiled from their schema, not parsed row by row.
      serializerCompiler: presentingSerializer,
      handler: (req) =>
        inRequestContext(req, db, true, async (ctx) => {
          if (standard) await ensureStandardRows(ctx.scope, standard);
          return run(ctx, req);
        }),
    });
  };

  const visible = (ctx: RequestContext, ...more: (SQL | undefined)[]) => ctx.scope.where(table, hooks.scope?.(ctx), ...more);

  route("GET", base, "view", `List ${name}`, [], { querystring: querySchema, response: { 200: listReply(def.row).passthrough() } }, async (ctx, req) => {
    const q = { ...hooks.defaultFilters, ...(req.query as object) } as ListQuery & Record<string, string | undefined>;
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
    if (q.q) conditions.push(searchCondition(def, columns, q.q));
    const where = visible(ctx, ...conditions);
    const order = orderBy(def, columns, q.sort);
    const counted = ctx.scope.db
      .select({ n: count() })
      .from(table as TenantTable)
      .where(where);
    // The page and the total in one round trip. The total is a sub-select (run once): a window
    // count would read every matching row in full before the first page could leave the index.
    // Only a page past the end, which carries no row, needs a second query.
    const page = ctx.scope.db
      .select({ ...hooks.listJoin?.columns, row: table as TenantTable, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(table as TenantTable)
      .$dynamic();
    const found: ({ row: Row<T>; total: number } & Record<string, unknown>)[] = await (hooks.listJoin ? hooks.listJoin.join(page) : page)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const rows = hooks.listJoin
      ? (found.map(({ row, total: _t, ...extra }) => ({ ...row, ...extra })) as unknown as Out[])
      : await present(
          ctx,
          found.map((f) => f.row),
        );
    const total = found[0]?.total ?? (q.page > 1 ? ((await counted)[0]?.n ?? 0) : 0);
    const extras = hooks.listExtras ? await hooks.listExtras(ctx, visible(ctx)) : {};
    return { rows, count: total, message: `${capital(name)} list fetched successfully`, ...extras };
  });

  const one = z.object({ message: z.string(), data: def.row });

  route("POST", base, "add", `Add ${name}`, [404, 409], { body: def.create, response: { 200: one } }, async (ctx, req) => {
    const input = req.body as z.infer<D["create"]>;
    await checkUploadFields(ctx.scope, uploadFields, input);
    const values = hooks.beforeCreate ? await hooks.beforeCreate(ctx, input) : (input as unknown as Values<T>);
    const created = await ctx.scope.insert(table, values);
    await hooks.afterCreate?.(ctx, created, input);
    await ctx.audit({ action: "create", entity, entityId: created.id, after: await auditView(ctx, created) });
    const [out] = await present(ctx, [created]);
    return { message: `${capital(name)} added successfully`, data: out };
  });

  route("PUT", base, "edit", `Update ${name}`, [404, 409], { body: def.update, response: { 200: one } }, async (ctx, req) => {
    const input = req.body as z.infer<D["update"]> & { id: number };
    const existing = await findVisible(ctx, input.id);
    await checkUploadFields(ctx.scope, uploadFields, input);
    const before = await auditView(ctx, existing);
    const { id: _id, ...rest } = input as Record<string, unknown>;
    if (standard) refuseFixedChange(standard, existing, rest);
    const values = hooks.beforeUpdate ? await hooks.beforeUpdate(ctx, existing, input) : (rest as Partial<Values<T>>);
    const updated = Object.keys(values).length ? await ctx.scope.update(table, input.id, values as Partial<T["$inferInsert"]>, capital(name)) : existing;
    await hooks.afterUpdate?.(ctx, updated, input);
    await ctx.audit({ action: "update", entity, entityId: input.id, before, after: await auditView(ctx, updated) });
    const [out] = await present(ctx, [updated]);
    return { message: `${capital(name)} updated successfully`, data: out };
  });

  route(
    "DELETE",
    `${base}/:id`,
    "delete",
    `Delete ${name}`,
    [404, 409],
    { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: z.object({ message: z.string() }) } },
    async (ctx, req) => {
      const { id } = req.params as { id: number };
      const existing = await findVisible(ctx, id);
      const before = await auditView(ctx, existing);
      if (standard) refuseStandardDelete(standard, existing);
      await hooks.beforeDelete?.(ctx, existing);
      if (hooks.remove) {
        await hooks.remove(ctx, existing);
        await ctx.audit({ action: "delete", entity, entityId: id, before });
        return { message: `${capital(name)} deleted successfully` };
      }
      const counts = await countReferences(ctx.scope, table, id);
      if (Object.keys(counts).length) {
        const inUse = hooks.inUse ?? { code: `${def.path}.in_use`, advice: "Set it inactive instead of deleting." };
        // Every kind of referring row is in the params (0 when none), so a translated refusal has all its numbers.
        const params = { ...Object.fromEntries(referencesTo(table).map((r) => [r.what, 0])), ...counts };
        throw conflict(inUse.code, `This ${name} has ${describeCounts(counts)}. ${inUse.advice}`, params);
      }
      await ctx.scope.remove(table, id, capital(name));
      await ctx.audit({ action: "delete", entity, entityId: id, before });
      return { message: `${capital(name)} deleted successfully` };
    },
  );

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

/** `q` over the declared search columns: any of them containing it (their trigram index serves it). */
export function searchCondition(def: ResourceDefinition, columns: Record<string, PgColumn>, q: string): SQL | undefined {
  const term = searchPattern(q);
  const searched = def.search.map((k) => columns[k]).filter((c): c is PgColumn => !!c);
  return searched.length ? or(...searched.map((c) => ilike(c, term))) : undefined;
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
