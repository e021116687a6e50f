import {
  activeCustomRecords,
  addCustomRecordData,
  customRecordData,
  customRecordDetail,
  customRecordEntry,
  customRecordResource,
  DateOnly,
  deleteCustomRecordData,
} from "@taleem/contract";
import { asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { UploadStore, withUploads } from "../../platform/files/uploads.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { searchPattern } from "../../platform/resources/list-filters.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { fieldsOf, formFieldOf, INLINE_FILES_BODY_LIMIT } from "../settings/custom-fields.service.js";
import { addEntry, entryCount, insertCustomRecord, newPublicToken, presentEntries, presentRecords, requireCustomRecord } from "./custom-records.service.js";
import { customRecordEntries, customRecords } from "./custom-records.table.js";
import { registerOpenRecordRoutes } from "./open-record.routes.js";

const day = (key: string, v: string) => {
  if (!DateOnly.safeParse(v).success) throw badRequest("filter.invalid", `The filter ${key} must be a date (YYYY-MM-DD).`, { field: key });
  return new Date(`${v}T00:00:00Z`);
};

/** A row collected by a record type made in `scope`'s school: the isolation suite's row of another school. */
async function sampleEntry(scope: TenantScope) {
  const record = await insertCustomRecord(scope, "Sample record type");
  return scope.insert(customRecordEntries, { recordId: record.id, data: {}, source: "admin" });
}

/** The school's own record types, the rows they collect, and their public forms. */
export function registerCustomRecordsModule(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, customRecordResource, customRecords, {
    present: (ctx, rows) => presentRecords(ctx.scope, rows, ctx.principal.tenantCode),
    beforeCreate: async (_ctx, input) => ({ ...input, publicToken: newPublicToken() }),
    beforeDelete: async (ctx, existing) => {
      const n = await entryCount(ctx.scope, existing.id);
      if (n) {
        throw conflict("custom_record.has_entries", `${existing.name} has ${n} row(s). Set it inactive instead of deleting.`, { entries: n });
      }
    },
    sample: async () => ({ name: `Hostel request ${Math.random().toString(36).slice(2, 8)}`, labels: {}, isPublic: false, status: "active" as const }),
  });

  serveAction(app, activeCustomRecords, async (ctx) => {
    const rows = await ctx.scope.db
      .select()
      .from(customRecords)
      .where(ctx.scope.where(customRecords, eq(customRecords.status, "active")))
      .orderBy(asc(customRecords.name), asc(customRecords.id))
      .limit(1000);
    return { rows: await presentRecords(ctx.scope, rows, ctx.principal.tenantCode), count: rows.length, message: "Custom records fetched successfully" };
  });

  serveAction(app, customRecordData, async (ctx, { query: q }) => {
    const conditions: (SQL | undefined)[] = [
      q.recordId !== undefined ? eq(customRecordEntries.recordId, q.recordId) : undefined,
      q.source ? eq(customRecordEntries.source, q.source) : undefined,
      q.from ? gte(customRecordEntries.createdAt, day("from", q.from)) : undefined,
      q.to ? lt(customRecordEntries.createdAt, new Date(day("to", q.to).getTime() + 86_400_000)) : undefined,
      q.q ? sql`${customRecordEntries.data}::text ilike ${searchPattern(q.q)}` : undefined,
    ];
    const where = ctx.scope.where(customRecordEntries, ...conditions);
    const rows = await ctx.scope.db
      .select()
      .from(customRecordEntries)
      .where(where)
      .orderBy(desc(customRecordEntries.createdAt), desc(customRecordEntries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await ctx.scope.db.select({ n: count() }).from(customRecordEntries).where(where);
    return { rows: await presentEntries(ctx.scope, rows), count: total?.n ?? 0, message: "Custom record data fetched successfully" };
  });

  serveAction(
    app,
    customRecordEntry,
    async (ctx, { params }) => {
      const row = await ctx.scope.find(customRecordEntries, params.id, "Custom record data");
      const [data] = await presentEntries(ctx.scope, [row]);
      return { message: "Custom record data fetched successfully", data: data! };
    },
    { sample: async (scope) => ({ params: { id: (await sampleEntry(scope)).id } }) },
  );

  serveAction(app, customRecordDetail, async (ctx, { params }) => {
    const record = await requireCustomRecord(ctx.scope, params.id);
    const [row] = await presentRecords(ctx.scope, [record], ctx.principal.tenantCode);
    const defs = await fieldsOf(ctx.scope, { entity: "record", recordId: record.id });
    return { message: "Custom record fetched successfully", data: { ...row!, fields: defs.map((d) => formFieldOf(d)) } };
  });

  serveAction(
    app,
    addCustomRecordData,
    async (ctx, { body }) => {
      const { principal: p } = ctx;
      const row = await withUploads(store, p.tenantId, p.userId, async (batch) => {
        const record = await requireCustomRecord(ctx.scope, body.recordId);
        if (record.status !== "active") throw badRequest("custom_record.inactive", `${record.name} is inactive.`, { field: "recordId" });
        const entry = await addEntry(ctx.scope, record, body.data, { source: "admin", userId: p.userId, batch });
        await ctx.audit({ action: "create", entity: "custom_record_entries", entityId: entry.id, after: entry });
        return entry;
      });
      const [data] = await presentEntries(ctx.scope, [row]);
      return { message: "Custom record data added successfully", data: data! };
    },
    {
      bodyLimit: INLINE_FILES_BODY_LIMIT,
      sample: async (scope) => ({ body: { recordId: (await insertCustomRecord(scope, "Sample record type")).id, data: {} } }),
    },
  );

  serveAction(
    app,
    deleteCustomRecordData,
    async (ctx, { params }) => {
      const row = await ctx.scope.findOptional(customRecordEntries, params.id);
      if (!row) throw notFound("Custom record data");
      await ctx.scope.remove(customRecordEntries, row.id);
      await ctx.audit({ action: "delete", entity: "custom_record_entries", entityId: row.id, before: row });
      return { message: "Custom record data deleted successfully" };
    },
    { sample: async (scope) => ({ params: { id: (await sampleEntry(scope)).id } }) },
  );

  registerOpenRecordRoutes(app, services, store);
}
