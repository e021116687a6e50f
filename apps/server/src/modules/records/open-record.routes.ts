import { PUBLIC_FORM_RATES, publicRecordForm, submitPublicRecord, UPLOAD_LIMITS } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/db-types.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import { type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError, notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { fieldsOf, formFieldOf, INLINE_FILES_BODY_LIMIT } from "../settings/custom-fields.service.js";
import { findOpenTenant, publicSchool } from "../settings/public-form.js";
import { addEntry, PUBLIC_TOKEN } from "./custom-records.service.js";
import { customRecords } from "./custom-records.table.js";

/**
 * The public, active record type behind a form's address and the school it belongs to, read in
 * the school's own transaction (`fn`); anything else is simply not found.
 */
async function inOpenRecord<R>(
  db: Db,
  params: { record: string; code: string },
  fn: (found: { tenant: Awaited<ReturnType<typeof findOpenTenant>>; scope: TenantScope; row: typeof customRecords.$inferSelect }) => Promise<R>,
): Promise<R> {
  if (!PUBLIC_TOKEN.test(params.record)) throw notFound("Form");
  const tenant = await findOpenTenant(db, params.code);
  return new TenantScope(db, tenant.id).transaction(async (scope) => {
    const [row] = await scope.db
      .select()
      .from(customRecords)
      .where(
        scope.where(customRecords, eq(customRecords.publicToken, params.record), and(eq(customRecords.isPublic, true), eq(customRecords.status, "active"))),
      )
      .limit(1);
    if (!row) throw notFound("Form");
    return fn({ tenant, scope, row });
  });
}

/** A record type's public form: GET shows it, POST sends a row. Reached by its unguessable token and the school's code. */
export function registerOpenRecordRoutes(app: FastifyInstance, { attempts }: Services, store: UploadStore) {
  serveAction(app, publicRecordForm, async (ctx, { params }) => {
    if ((await attempts.hit(`record-form-read:${ctx.ip}`, 60)) > PUBLIC_FORM_RATES.readsPerMinute) {
      throw new AppError(429, "rate_limited", "Too many requests. Try again in a minute.");
    }
    return inOpenRecord(ctx.db, params, async ({ tenant, scope, row }) => {
      const defs = await fieldsOf(scope, { entity: "record", recordId: row.id });
      return {
        message: "Form fetched successfully",
        school: publicSchool(tenant),
        record: { name: row.name, labels: row.labels, description: row.description },
        fields: defs.map((d) => formFieldOf(d)),
        limits: { submissionBytes: UPLOAD_LIMITS.submissionBytes },
      };
    });
  });

  serveAction(
    app,
    submitPublicRecord,
    async (ctx, { params, body }) => {
      if ((await attempts.hit(`record-form-submit:${params.record.slice(0, 60)}:${ctx.ip}`, 3600)) > PUBLIC_FORM_RATES.recordSubmitsPerHour) {
        throw new AppError(429, "rate_limited", "Too many submissions from this address. Please try again later.");
      }
      const entry = await inOpenRecord(ctx.db, params, ({ tenant, scope, row }) =>
        withUploads(store, tenant.id, null, async (batch) => {
          const made = await addEntry(scope, row, body.data, { source: "public", userId: null, batch });
          // A stranger's call: no user to record, only the address.
          await recordChange(scope.db, {
            tenantId: tenant.id,
            userId: null,
            action: "create",
            entity: "custom_record_entries",
            entityId: made.id,
            after: made,
            ip: ctx.ip,
          });
          return made;
        }),
      );
      return { message: "Thank you. Your form has been received.", id: entry.id };
    },
    { bodyLimit: INLINE_FILES_BODY_LIMIT },
  );
}
