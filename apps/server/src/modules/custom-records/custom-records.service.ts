import { randomBytes } from "node:crypto";
import type { CustomRecordEntry, CustomRecordRow } from "@taleem/contract";
import { count, eq, inArray } from "drizzle-orm";
import { users } from "../../platform/auth/users.table.js";
import type { UploadBatch } from "../../platform/files/uploads.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { checkBatchSize, checkCustomValues, fieldsOf } from "../custom-fields/custom-fields.service.js";
import { type CustomRecordEntryRecord, type CustomRecordRecord, customRecordEntries, customRecords } from "./custom-records.table.js";

/** 256 random bits, base64url: the public form's address. */
export const newPublicToken = () => randomBytes(32).toString("base64url");
export const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The public form's API path (GET the form, POST a row): for integrations and the web page's own calls. */
export const publicRecordPath = (r: CustomRecordRecord, code: string) =>
  r.isPublic ? `/admin/open/field/record/${r.publicToken}/${encodeURIComponent(code)}` : null;

/** The web page parents open; the web app is served from the same origin as the API. */
export const publicRecordPage = (r: CustomRecordRecord, code: string) => (r.isPublic ? `/open/record/${r.publicToken}/${encodeURIComponent(code)}` : null);

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

export async function presentRecords(scope: TenantScope, rows: CustomRecordRecord[], code: string): Promise<CustomRecordRow[]> {
  const counts = await entryCounts(
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    labels: r.labels,
    description: r.description,
    isPublic: r.isPublic,
    publicPath: publicRecordPath(r, code),
    publicPage: publicRecordPage(r, code),
    status: r.status,
    entries: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function presentEntries(scope: TenantScope, rows: CustomRecordEntryRecord[]): Promise<CustomRecordEntry[]> {
  if (!rows.length) return [];
  const recordIds = [...new Set(rows.map((r) => r.recordId))];
  const userIds = [...new Set(rows.map((r) => r.submittedBy).filter((id): id is number => id !== null))];
  const [records, people] = await Promise.all([
    scope.db
      .select({ id: customRecords.id, name: customRecords.name })
      .from(customRecords)
      .where(scope.where(customRecords, inArray(customRecords.id, recordIds))),
    userIds.length
      ? scope.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(scope.where(users, inArray(users.id, userIds)))
      : Promise.resolve([]),
  ]);
  const recordName = new Map(records.map((r) => [r.id, r.name]));
  const userName = new Map(people.map((u) => [u.id, u.name]));
  return rows.map((e) => ({
    id: e.id,
    recordId: e.recordId,
    recordName: recordName.get(e.recordId) ?? "",
    data: e.data,
    source: e.source,
    submittedBy: e.submittedBy,
    submittedByName: e.submittedBy ? (userName.get(e.submittedBy) ?? null) : null,
    createdAt: e.createdAt.toISOString(),
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
