import {
  CustomRecordAddData,
  CustomRecordDataQuery,
  CustomRecordDetail,
  CustomRecordEntry,
  CustomRecordRow,
  customRecordResource,
  DateOnly,
  ListQuery,
  listReply,
  RowId,
} from "@taleem/contract";
import { asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { UploadStore, withUploads } from "../../platform/files/uploads.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { searchPattern } from "../../platform/resources/list-filters.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { fieldsOf, formFieldOf, INLINE_FILES_BODY_LIMIT } from "../custom-fields/custom-fields.service.js";
import { addEntry, entryCount, newPublicToken, presentEntries, presentRecords, requireCustomRecord } from "./custom-records.service.js";
import { customRecordEntries, customRecords } from "./custom-records.table.js";
import { registerOpenRecordRoutes } from "./open-record.routes.js";

const day = (key: string, v: string) => {
  if (!DateOnly.safeParse(v).success) throw badRequest("filter.invalid", `The filter ${key} must be a date (YYYY-MM-DD).`, { field: key });
  return new Date(`${v}T00:00:00Z`);
};

/** The school's own record types, the rows they collect, and their public forms. */
export function registerCustomRecordsModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, db, customRecordResource, customRecords, {
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

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["records"];

  r.get("/admin/api/custom-record/all", {
    config: { permission: ["records", "view"] },
    schema: { tags, summary: "Every active record type, by name (for pickers)", response: { 200: listReply(CustomRecordRow) } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const rows = await db
        .select()
        .from(customRecords)
        .where(ctx.scope.where(customRecords, eq(customRecords.status, "active")))
        .orderBy(asc(customRecords.name), asc(customRecords.id))
        .limit(1000);
      return { rows: await presentRecords(ctx.scope, rows, ctx.principal.tenantCode), count: rows.length, message: "Custom records fetched successfully" };
    },
  });

  r.get("/admin/api/custom-record/data", {
    config: { permission: ["records", "view"] },
    schema: {
      tags,
      summary: "Rows collected by the school's record types, newest first",
      description: "Filters: recordId, source (admin, public), from and to (YYYY-MM-DD, by the day the row came in), q (any value).",
      querystring: ListQuery.extend(CustomRecordDataQuery.shape),
      response: { 200: listReply(CustomRecordEntry) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const q = req.query;
      const conditions: (SQL | undefined)[] = [
        q.recordId !== undefined ? eq(customRecordEntries.recordId, q.recordId) : undefined,
        q.source ? eq(customRecordEntries.source, q.source) : undefined,
        q.from ? gte(customRecordEntries.createdAt, day("from", q.from)) : undefined,
        q.to ? lt(customRecordEntries.createdAt, new Date(day("to", q.to).getTime() + 86_400_000)) : undefined,
        q.q ? sql`${customRecordEntries.data}::text ilike ${searchPattern(q.q)}` : undefined,
      ];
      const where = ctx.scope.where(customRecordEntries, ...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customRecordEntries)
          .where(where)
          .orderBy(desc(customRecordEntries.createdAt), desc(customRecordEntries.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(customRecordEntries).where(where),
      ]);
      return { rows: await presentEntries(ctx.scope, rows), count: total?.n ?? 0, message: "Custom record data fetched successfully" };
    },
  });

  r.get("/admin/api/custom-record/id/:id", {
    config: { permission: ["records", "view"] },
    schema: {
      tags,
      summary: "One collected row (entry) by its id",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), data: CustomRecordEntry }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.find(customRecordEntries, req.params.id, "Custom record data");
      const [data] = await presentEntries(ctx.scope, [row]);
      return { message: "Custom record data fetched successfully", data: data! };
    },
  });

  r.get("/admin/api/custom-record/:id", {
    config: { permission: ["records", "view"] },
    schema: {
      tags,
      summary: "One record type with its active fields in form order",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), data: CustomRecordDetail }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const record = await requireCustomRecord(ctx.scope, req.params.id);
      const [[row], defs] = await Promise.all([
        presentRecords(ctx.scope, [record], ctx.principal.tenantCode),
        fieldsOf(ctx.scope, { entity: "record", recordId: record.id }),
      ]);
      return { message: "Custom record fetched successfully", data: { ...row!, fields: defs.map((d) => formFieldOf(d)) } };
    },
  });

  r.post("/admin/api/custom-record/adddata", {
    config: { permission: ["records", "add"] },
    bodyLimit: INLINE_FILES_BODY_LIMIT,
    schema: {
      tags,
      summary: "Add a row to a record type; values are checked against its fields",
      description:
        "Body: {recordId, data}. data holds a value per field key: text, number, date (YYYY-MM-DD), a choice's value (a list when it allows several), " +
        "and for file fields a FileUpload {name, data} or the path of an earlier upload. Every problem answers 400 custom_fields.invalid with params.fields.",
      body: CustomRecordAddData,
      response: { 200: z.object({ message: z.string(), data: CustomRecordEntry }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const { principal: p } = ctx;
      const row = await withUploads(store, p.tenantId, p.userId, (batch) =>
        ctx.scope.transaction(async (scope) => {
          const record = await requireCustomRecord(scope, req.body.recordId);
          if (record.status !== "active") throw badRequest("custom_record.inactive", `${record.name} is inactive.`, { field: "recordId" });
          const entry = await addEntry(scope, record, req.body.data, { source: "admin", userId: p.userId, batch });
          await recordChange(scope.db, {
            tenantId: scope.tenantId,
            userId: p.userId,
            action: "create",
            entity: "custom_record_entries",
            entityId: entry.id,
            after: entry,
            ip: ctx.ip,
          });
          return entry;
        }),
      );
      const [data] = await presentEntries(ctx.scope, [row]);
      return { message: "Custom record data added successfully", data: data! };
    },
  });

  r.delete("/admin/api/custom-record/data/:id", {
    config: { permission: ["records", "delete"] },
    schema: {
      tags,
      summary: "Delete one collected row (a spam submission, say)",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await ctx.scope.transaction(async (scope) => {
        const row = await scope.findOptional(customRecordEntries, req.params.id);
        if (!row) throw notFound("Custom record data");
        await scope.remove(customRecordEntries, row.id);
        await recordChange(scope.db, {
          tenantId: scope.tenantId,
          userId: ctx.principal.userId,
          action: "delete",
          entity: "custom_record_entries",
          entityId: row.id,
          before: row,
          ip: ctx.ip,
        });
      });
      return { message: "Custom record data deleted successfully" };
    },
  });

  registerOpenRecordRoutes(app, services, store);
}
