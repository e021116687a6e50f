import { randomBytes } from "node:crypto";
import type { CustomRecordEntry, CustomRecordRow } from "@taleem/contract";
import { count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { users } from "../../platform/auth/users.table.js";
import type { UploadBatch } from "../../platform/files/uploads.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { checkBatchSize, checkCustomValues, fieldsOf } from "../settings/custom-fields.service.js";
import { type CustomRecordEntryRecord, type CustomRecordRecord, customRecordEntries, customRecords } from "./custom-records.table.js";

/** 256 random bits, base64url: the public form's address. */
export const newPublicToken = () => randomBytes(32).toString("base64url");
export const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The public form's API path (GET the form, POST a row): for integrations and the web page's own calls. */
export const publicRecordPath = (r: CustomRecordRecord, code: string) =>
  r.isPublic ? `/admin/open/field/record/${r.publicToken}/${encodeURIComponent(code)}` : null;

/** The web page parents open; the web app is served from the same origin as the API. */
export const publicRecordPage = (r: CustomRecordRecord, code: string) => (r.isPublic ? `/open/record/${r.publicToken}/${encodeURIComponent(code)}` : null);

/** A record type made straight in `scope`'s school, private and empty (the isolation suite's row of another school). */
export const insertCustomRecord = (scope: TenantScope, name: string): Promise<CustomRecordRecord> =>
  scope.insert(customRecords, { name, publicToken: newPublicToken() });

/** One of the school's record types, or 404. */
export function requireCustomRecord(scope: TenantScope, id: number): Promise<CustomRecordRecord> {
  return scope.find(customRecords, id, "Custom record");
}

export async function entryCounts(scope: TenantScope, recordIds: number[]): Promise<Map<number, number>> {
  if (!recordIds.length) return new Map();
  const rows = await scope.db
    .select({ recordId: customRecordEntries.recordId, n: count() })
    .from(customRecordEntries)
    .where(scope.where(customRecordEntries, inArray(customRecordEntries.recordId, recordIds)))
    .groupBy(customRecordEntries.recordId);
  return new Map(rows.map((r) => [r.recordId, r.n]));
}

/** Reply rows: each record type's public addresses (when public) and how many rows it has collected. */
export async function presentRecords(scope: TenantScope, rows: CustomRecordRecord[], code: string): Promise<z.input<typeof CustomRecordRow>[]> {
  const counts = await entryCounts(
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, publicPath: publicRecordPath(r, code), publicPage: publicRecordPage(r, code), entries: counts.get(r.id) ?? 0 }));
}

/** Reply rows: each entry with its record type's name and who added it. */
export async function presentEntries(scope: TenantScope, rows: CustomRecordEntryRecord[]): Promise<z.input<typeof CustomRecordEntry>[]> {
  if (!rows.length) return [];
  const recordName = await scope.namesById(
    customRecords,
    rows.map((r) => r.recordId),
  );
  const userName = await scope.namesById(
    users,
    rows.map((r) => r.submittedBy),
  );
  return rows.map((e) => ({
    ...e,
    recordName: recordName.get(e.recordId) ?? "",
    submittedByName: e.submittedBy ? (userName.get(e.submittedBy) ?? null) : null,
  }));
}

/**
 * A row for a record type, its values checked against the type's active fields (required ones
 * present, files checked and stored), in the caller's transaction.
 */
export async function addEntry(
  scope: TenantScope,
  record: CustomRecordRecord,
  data: Record<string, unknown>,
  by: { source: "admin" | "public"; userId: number | null; batch: UploadBatch },
): Promise<CustomRecordEntryRecord> {
  const defs = await fieldsOf(scope, { entity: "record", recordId: record.id });
  const values = await checkCustomValues(scope, defs, data, {
    field: "data",
    unknown: "refuse",
    module: "records",
    batch: by.batch,
    paths: by.source === "admin",
  });
  checkBatchSize(by.batch, "data");
  await by.batch.save(scope);
  return scope.insert(customRecordEntries, { recordId: record.id, data: values, source: by.source, submittedBy: by.userId });
}

export async function entryCount(scope: TenantScope, recordId: number): Promise<number> {
  const [n] = await scope.db
    .select({ n: count() })
    .from(customRecordEntries)
    .where(scope.where(customRecordEntries, eq(customRecordEntries.recordId, recordId)));
  return n?.n ?? 0;
}
