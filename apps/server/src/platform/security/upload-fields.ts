import { field, UPLOAD_KINDS } from "@taleem/contract";
import { requireUploads } from "../files/uploads.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";

/**
 * Upload fields of a body, by key (`field.upload(...)` in a resource):
 * the schema has checked the path's form; here each path given must name an upload of this school
 * of the field's types. Another school's file, or one never uploaded, answers 400 naming the field.
 */
export async function checkUploadFields(scope: TenantScope, fields: Record<string, field.UploadKind>, body: unknown) {
  const values = (body ?? {}) as Record<string, unknown>;
  for (const [key, kind] of Object.entries(fields)) {
    const path = values[key];
    if (typeof path === "string" && path) await requireUploads(scope, [path], { types: UPLOAD_KINDS[kind].types, field: key });
  }
}

/** The upload fields of a resource's bodies, found once when it is served. */
export const uploadFieldsOfBodies = (...bodies: unknown[]) =>
  Object.assign({}, ...bodies.map((b) => field.uploadFieldsOf(b as Parameters<typeof field.uploadFieldsOf>[0]))) as Record<string, field.UploadKind>;
