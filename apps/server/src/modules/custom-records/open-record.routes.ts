import { ErrorReply, PublicRecordForm, PublicRecordSubmit, UPLOAD_LIMITS } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError, notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { fieldsOf, formFieldOf, INLINE_FILES_BODY_LIMIT } from "../custom-fields/custom-fields.service.js";
import { findOpenTenant, publicSchool } from "../custom-fields/public-form.js";
import { addEntry, PUBLIC_TOKEN } from "./custom-records.service.js";
import { customRecords } from "./custom-records.table.js";

/** Submissions per address per form per hour, and form reads per address per minute. */
export const RECORD_SUBMITS_PER_HOUR = 20;
const RECORD_READS_PER_MINUTE = 120;

const Params = z.object({ record: z.string().max(200), code: z.string().max(60) });

/** A record type's public form: GET shows it, POST sends a row. Reached by its unguessable token and the school's code. */
export function registerOpenRecordRoutes(app: FastifyInstance, services: Services, store: UploadStore) {
  const { db, attempts } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["records"];

  async function openRecord(params: z.infer<typeof Params>) {
    const { record, code } = params;
    if (!PUBLIC_TOKEN.test(record)) throw notFound("Form");
    const tenant = await findOpenTenant(db, code);
    const scope = new TenantScope(db, tenant.id);
    const [row] = await db
      .select()
      .from(customRecords)
      .where(scope.where(customRecords, eq(customRecords.publicToken, record), and(eq(customRecords.isPublic, true), eq(customRecords.status, "active"))))
      .limit(1);
    if (!row) throw notFound("Form");
    return { tenant, scope, row };
  }

  r.get("/admin/open/field/record/:record/:code", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "The public form of a record type (hostel request, transport form): its name and fields",
      description: "Only record types the school made public and active answer; anything else is a 404.",
      params: Params,
      response: { 200: PublicRecordForm, 404: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      if ((await attempts.hit(`record-form-read:${req.ip}`, 60)) > RECORD_READS_PER_MINUTE) {
        throw new AppError(429, "rate_limited", "Too many requests. Try again in a minute.");
      }
      const { tenant, scope, row } = await openRecord(req.params);
      const defs = await fieldsOf(scope, { entity: "record", recordId: row.id });
      return {
        message: "Form fetched successfully",
        school: publicSchool(tenant),
        record: { name: row.name, labels: row.labels, description: row.description },
        fields: defs.map((d) => formFieldOf(d)),
        limits: { submissionBytes: UPLOAD_LIMITS.submissionBytes },
      };
    },
  });

  r.post("/admin/open/field/record/:record/:code", {
    config: { access: "open" },
    bodyLimit: INLINE_FILES_BODY_LIMIT,
    schema: {
      tags,
      summary: "Send a row through a record type's public form (rate-limited per address)",
      description:
        `Body: {data}, a value per field key as GET shows them; file fields take {name, data} (a data URL or base64; JPEG, PNG, WebP or PDF as the field accepts, ` +
        `at most ${UPLOAD_LIMITS.fileBytes / 1024 / 1024} MB each, ${UPLOAD_LIMITS.submissionBytes / 1024 / 1024} MB together). ` +
        `Every problem answers 400 custom_fields.invalid with params.fields. At most ${RECORD_SUBMITS_PER_HOUR} submissions per address per form per hour (429).`,
      params: Params,
      body: PublicRecordSubmit,
      response: { 200: z.object({ message: z.string(), id: z.number() }), 400: ErrorReply, 404: ErrorReply, 429: ErrorReply },
    },
    handler: async (req) => {
      if ((await attempts.hit(`record-form-submit:${req.params.record.slice(0, 60)}:${req.ip}`, 3600)) > RECORD_SUBMITS_PER_HOUR) {
        throw new AppError(429, "rate_limited", "Too many submissions from this address. Please try again later.");
      }
      const { tenant, row } = await openRecord(req.params);
      const entry = await withUploads(store, tenant.id, null, (batch) =>
        new TenantScope(db, tenant.id).transaction(async (scope) => {
          const made = await addEntry(scope, row, req.body.data, { source: "public", userId: null, batch });
          await recordChange(scope.db, {
            tenantId: tenant.id,
            userId: null,
            action: "create",
            entity: "custom_record_entries",
            entityId: made.id,
            after: made,
            ip: req.ip,
          });
          return made;
        }),
      );
      return { message: "Thank you. Your form has been received.", id: entry.id };
    },
  });
}
