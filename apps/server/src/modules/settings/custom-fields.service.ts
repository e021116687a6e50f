import {
  AdmissionRow,
  type CustomFieldEntity,
  DateOnly,
  FileUpload,
  type FormField,
  IMAGE_TYPES,
  keyFromLabel,
  studentResource,
  UPLOAD_LIMITS,
  type UploadType,
} from "@taleem/contract";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { decodeUpload, requireUploads, type UploadBatch } from "../../platform/files/uploads.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type CustomFieldRecord, customFields } from "./custom-fields.table.js";

export interface FieldTarget {
  entity: CustomFieldEntity;
  recordId?: number | null;
}

/** Keys a custom field may not take: a single admission or student spreads its custom fields onto the record. */
const RESERVED: Record<CustomFieldEntity, ReadonlySet<string>> = {
  admission: new Set(Object.keys(AdmissionRow.shape).map((k) => k.toLowerCase())),
  student: new Set(Object.keys(studentResource.row.shape).map((k) => k.toLowerCase())),
  record: new Set(["id", "recordid", "source", "createdat"]),
};
export const isReservedKey = (entity: CustomFieldEntity, key: string) => RESERVED[entity].has(key.toLowerCase());

const targetWhere = (t: FieldTarget): SQL =>
  and(eq(customFields.entity, t.entity), t.recordId ? eq(customFields.recordId, t.recordId) : isNull(customFields.recordId)) as SQL;

/**
 * A key for a field the school named but gave no key: made from the label ("Blood group" ->
 * bloodGroup, "field" for a label with no Latin letters), with 2, 3, ... added while the target
 * already has it or it names a built-in field. Two saves racing for one key meet the unique
 * index, and the second is told the key is taken.
 */
export async function freeKey(scope: TenantScope, target: FieldTarget, label: string): Promise<string> {
  const base = (keyFromLabel(label) || "field").slice(0, 36);
  const rows = await scope.db
    .select({ key: customFields.key })
    .from(customFields)
    .where(scope.where(customFields, targetWhere(target), sql`lower(${customFields.key}) like ${`${base.toLowerCase()}%`}`));
  const taken = new Set(rows.map((r) => r.key.toLowerCase()));
  for (let n = 1; ; n++) {
    const key = n === 1 ? base : `${base}${n}`;
    if (!taken.has(key.toLowerCase()) && !isReservedKey(target.entity, key)) return key;
  }
}

/** A target's field definitions in form order; active ones only unless asked. */
export async function fieldsOf(scope: TenantScope, target: FieldTarget, includeInactive = false): Promise<CustomFieldRecord[]> {
  return scope.db
    .select()
    .from(customFields)
    .where(scope.where(customFields, targetWhere(target), includeInactive ? undefined : eq(customFields.status, "active")))
    .orderBy(asc(customFields.order), asc(customFields.id));
}

const acceptedTypes = (f: CustomFieldRecord): UploadType[] => [
  ...(f.accept.includes("image") ? IMAGE_TYPES : []),
  ...(f.accept.includes("pdf") ? (["application/pdf"] as const) : []),
];

/** A definition as a form shows it, with the form's own required rule. */
export const formFieldOf = (f: CustomFieldRecord, required = f.required): FormField => ({
  key: f.key,
  builtin: false,
  kind: f.kind,
  label: f.label,
  labels: f.labels,
  required,
  options: f.options,
  multiple: f.multiple,
  min: f.min,
  max: f.max,
  maxLength: f.kind === "text" ? (f.maxLength ?? DEFAULT_TEXT_MAX) : f.maxLength,
  accept: f.kind === "file" ? acceptedTypes(f) : [],
  maxBytes: f.kind === "file" ? UPLOAD_LIMITS.fileBytes : null,
});

const DEFAULT_TEXT_MAX = 500;

/** A body carrying files inline: their decoded limit in base64, and room for the rest. */
export const INLINE_FILES_BODY_LIMIT = Math.ceil(UPLOAD_LIMITS.submissionBytes / 3) * 4 + 512 * 1024;

/** Refuses files that together pass the submission limit. */
export function checkBatchSize(batch: UploadBatch, field: string) {
  if (batch.totalBytes > UPLOAD_LIMITS.submissionBytes) {
    throw badRequest("upload.too_large", `The files together may be at most ${UPLOAD_LIMITS.submissionBytes / 1024 / 1024} MB.`, {
      field,
      maxBytes: UPLOAD_LIMITS.submissionBytes,
    });
  }
}

export interface ValueRules {
  /** The body field values sit under, named in errors ("customfields", "data"). */
  field: string;
  /** Whether a definition must have a value; default its own `required`. */
  required?: (f: CustomFieldRecord) => boolean;
  /** Keys with no definition: refused (forms, records) or kept as they are (students' older data). */
  unknown: "refuse" | "keep";
  /** Inline files (FileUpload) are checked and stored through this batch; without one they are refused. */
  batch?: UploadBatch;
  /** Whether a file may be the path of an earlier upload of the school (signed-in callers), or must come inline (strangers). */
  paths: boolean;
  /** The permission key whose readers may read stored files. */
  module: string;
}

interface Issue {
  field: string;
  message: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && !v.length);

/**
 * Values checked against their definitions: each a value of its kind within its bounds, choices
 * from the options, files of an accepted type (inline ones checked by content and stored), every
 * required one present. Every problem is reported at once (400, params.fields and issues).
 */
export async function checkCustomValues(
  scope: TenantScope,
  defs: CustomFieldRecord[],
  values: Record<string, unknown>,
  rules: ValueRules,
): Promise<Record<string, unknown>> {
  const issues: Issue[] = [];
  const out: Record<string, unknown> = {};
  const byKey = new Map(defs.map((d) => [d.key.toLowerCase(), d]));
  const filePaths: { key: string; path: string; def: CustomFieldRecord }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const def = byKey.get(key.toLowerCase());
    const name = `${rules.field}.${key}`;
    if (!def) {
      if (rules.unknown === "keep") out[key] = value;
      else issues.push({ field: name, message: `There is no field ${key} on this form.` });
      continue;
    }
    if (isEmpty(value)) continue;
    const bad = (message: string) => issues.push({ field: name, message: `${def.label}: ${message}` });
    switch (def.kind) {
      case "text": {
        if (typeof value !== "string" && typeof value !== "number") bad("give a text.");
        else {
          const text = String(value).trim();
          const max = def.maxLength ?? DEFAULT_TEXT_MAX;
          if (text.length > max) bad(`at most ${max} characters.`);
          else out[def.key] = text;
        }
        break;
      }
      case "number": {
        const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
        if (!Number.isFinite(n)) bad("give a number.");
        else if (def.min !== null && n < def.min) bad(`at least ${def.min}.`);
        else if (def.max !== null && n > def.max) bad(`at most ${def.max}.`);
        else out[def.key] = n;
        break;
      }
      case "date": {
        if (!DateOnly.safeParse(value).success) bad("give a real date as YYYY-MM-DD.");
        else out[def.key] = value;
        break;
      }
      case "choice": {
        const chosen = def.multiple ? (Array.isArray(value) ? value : [value]) : [value];
        const allowed = def.options.map((o) => o.value);
        const wrong = chosen.filter((c) => typeof c !== "string" || !allowed.includes(c));
        if (!def.multiple && Array.isArray(value)) bad("choose one option.");
        else if (wrong.length) bad(`${wrong.map(String).join(", ")} is not one of: ${allowed.join(", ")}.`);
        else out[def.key] = def.multiple ? [...new Set(chosen)] : chosen[0];
        break;
      }
      case "file": {
        const types = acceptedTypes(def);
        const inline = FileUpload.safeParse(value);
        if (inline.success) {
          if (!rules.batch) bad("upload the file first and give its path.");
          else {
            try {
              out[def.key] = rules.batch.add(decodeUpload(inline.data, { types, maxBytes: UPLOAD_LIMITS.fileBytes, field: name }), rules.module);
            } catch (e) {
              if (e instanceof AppError) bad(e.message);
              else throw e;
            }
          }
          break;
        }
        const path = typeof value === "string" ? value : typeof value === "object" && value && "path" in value ? (value as { path: unknown }).path : undefined;
        if (typeof path !== "string" || !rules.paths) bad(rules.paths ? "give the path of an uploaded file." : "attach the file.");
        else filePaths.push({ key: def.key, path, def });
        break;
      }
    }
  }
  for (const f of filePaths) {
    try {
      const found = await requireUploads(scope, [f.path], { types: acceptedTypes(f.def), field: `${rules.field}.${f.key}` });
      out[f.key] = found.get(f.path);
    } catch (e) {
      if (e instanceof AppError) issues.push({ field: `${rules.field}.${f.key}`, message: `${f.def.label}: ${e.message}` });
      else throw e;
    }
  }
  const required = rules.required ?? ((f: CustomFieldRecord) => f.required);
  for (const def of defs) {
    if (required(def) && isEmpty(out[def.key]) && !issues.some((i) => i.field === `${rules.field}.${def.key}`)) {
      issues.push({ field: `${rules.field}.${def.key}`, message: `${def.label} is required.` });
    }
  }
  if (issues.length) throw invalidValues(issues);
  return out;
}

export function invalidValues(issues: Issue[]) {
  return badRequest("custom_fields.invalid", `Invalid input. ${issues.map((i) => i.message).join("; ")}`, {
    fields: [...new Set(issues.map((i) => i.field))],
    issues,
  });
}

/**
 * The students hook: a student's custom field values checked against the school's student
 * fields. Keys the school has not defined are kept (data from before the fields existed).
 */
export async function checkStudentCustomFields(scope: TenantScope, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const defs = await fieldsOf(scope, { entity: "student" });
  if (!defs.length) return values;
  return checkCustomValues(scope, defs, values, { field: "customFields", unknown: "keep", module: "students", paths: true });
}
