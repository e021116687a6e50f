import type { FieldSpec, ResourceDefinition } from "@taleem/contract";
import { majorToMinor, minorToMajor } from "./money";

export type FormValues = Record<string, unknown>;
type Mode = "create" | "edit";

interface ZodLike {
  safeParse(v: unknown): {
    success: boolean;
    error?: { issues: { code: string; path: PropertyKey[]; minimum?: unknown; maximum?: unknown; origin?: string; format?: string; input?: unknown }[] };
  };
  shape?: Record<string, { _zod?: { def?: { type?: string; defaultValue?: unknown } } }>;
}

const TEXT_KINDS = new Set(["text", "textarea", "email", "phone", "password", "upload"]);
/** A structured value (a name per language, say) that a field's own `render` input edits: kept as it is. */
const isPlainObject = (v: unknown): v is Record<string, unknown> => Object.prototype.toString.call(v) === "[object Object]";

/** A schema default (status 'active', language 'en') as the form's starting value. */
function schemaDefault(definition: ResourceDefinition, key: string): unknown {
  const def = (definition.create as unknown as ZodLike).shape?.[key]?._zod?.def;
  return def?.type === "default" ? def.defaultValue : undefined;
}

function emptyOf(field: FieldSpec): unknown {
  if (field.kind === "multiselect" || field.kind === "rows") return [];
  if (field.kind === "switch") return false;
  if (field.kind === "date") return null;
  return "";
}

/** The form's values for a new row (schema defaults) or an existing one (its values as inputs hold them). */
export function initialValues(definition: ResourceDefinition, fields: readonly FieldSpec[], source?: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = source ? source[f.key] : schemaDefault(definition, f.key);
    if (v === undefined || v === null) out[f.key] = emptyOf(f);
    else if (isPlainObject(v) || f.kind === "rows") out[f.key] = v;
    else if (f.kind === "multiselect") out[f.key] = (v as unknown[]).map(String);
    else if (f.kind === "switch") out[f.key] = Boolean(v);
    else if (f.kind === "number") out[f.key] = typeof v === "number" ? v : Number(v);
    // Minor units (paise) as the major units a person types: 125050 is "1250.50".
    else if (f.kind === "money") out[f.key] = minorToMajor(Number(v));
    else out[f.key] = f.kind === "date" ? String(v).slice(0, 10) : String(v);
  }
  return out;
}

/** One value as the API takes it: trimmed text, numbers, ids; an emptied input is null. */
function toApi(field: FieldSpec, value: unknown): unknown {
  if (isPlainObject(value) || field.kind === "rows") return value;
  if (TEXT_KINDS.has(field.kind) || field.kind === "select") {
    const s = String(value ?? "");
    const trimmed = field.kind === "password" ? s : s.trim();
    return trimmed === "" ? (field.required ? "" : null) : trimmed;
  }
  if (field.kind === "number") return value === "" || value === null || value === undefined ? null : Number(value);
  if (field.kind === "money") {
    if (value === "" || value === null || value === undefined) return null;
    // Not an amount (three decimals of rupees) goes as typed, for the schema to name the field.
    return majorToMinor(value as string) ?? String(value);
  }
  if (field.kind === "multiselect") return ((value as string[]) ?? []).map((v) => (field.ref ? Number(v) : v));
  if (field.kind === "date") return value ? String(value) : null;
  return value;
}

/**
 * The request body: on create every filled field; on edit only what changed, with `id`. An
 * optional field emptied on edit is sent as null, which clears it.
 */
export function toBody(fields: readonly FieldSpec[], values: FormValues, mode: Mode, initial: FormValues, id?: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.createOnly && mode === "edit") continue;
    const v = toApi(f, values[f.key]);
    if (mode === "create") {
      // An empty answer is left out: a required one is then reported as missing, and one a
      // resource's own rule makes optional (an alumnus's name, given a student) is not refused.
      // A list of rows left empty is left out too: a rule that is an object or nothing (a fee
      // master's fine rule) starts as an empty list in the form.
      if (v !== null && v !== "" && !(f.kind === "rows" && Array.isArray(v) && v.length === 0)) body[f.key] = v;
      continue;
    }
    const before = toApi(f, initial[f.key]);
    if (JSON.stringify(v) !== JSON.stringify(before)) body[f.key] = v;
  }
  return mode === "edit" ? { id, ...body } : body;
}

export interface Issue {
  field: string;
  code: string;
  minimum?: number;
  maximum?: number;
  origin?: string;
  format?: string;
}

/** Client validation with the resource's own create or update schema; one issue per field. */
export function validate(definition: ResourceDefinition, mode: Mode, body: Record<string, unknown>): Issue[] {
  const schema = (mode === "create" ? definition.create : definition.update) as unknown as ZodLike;
  const result = schema.safeParse(body);
  if (result.success || !result.error) return [];
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const i of result.error.issues) {
    const field = String(i.path[0] ?? "");
    if (!field || seen.has(field)) continue;
    seen.add(field);
    out.push({
      field,
      code: i.input === undefined && i.code === "invalid_type" ? "required" : i.code,
      minimum: typeof i.minimum === "number" ? i.minimum : undefined,
      maximum: typeof i.maximum === "number" ? i.maximum : undefined,
      origin: i.origin,
      format: i.format,
    });
  }
  return out;
}

/** The admin namespace key (and values) that explains an issue to the reader. */
export function issueKey(issue: Issue, field: FieldSpec | undefined): [string, Record<string, unknown>] {
  const { code, origin, minimum, maximum, format } = issue;
  if (code === "required") return ["validation.required", {}];
  if (code === "too_small" && origin === "array") return [minimum === 1 ? "validation.chooseOne" : "validation.chooseMin", { min: minimum }];
  if (code === "too_small" && origin === "string") return [minimum === 1 ? "validation.required" : "validation.minLength", { min: minimum }];
  if (code === "too_big" && origin === "string") return ["validation.maxLength", { max: maximum }];
  if (code === "too_big" && origin === "array") return ["validation.chooseMax", { max: maximum }];
  if (code === "too_small") return ["validation.min", { min: minimum }];
  if (code === "too_big") return ["validation.max", { max: maximum }];
  if (code === "invalid_format" && format === "email") return ["validation.email", {}];
  if (code === "invalid_format" && field?.kind === "phone") return ["validation.phone", {}];
  if (code === "invalid_format") return ["validation.format", {}];
  if (code === "invalid_value") return ["validation.choose", {}];
  if (code === "custom" && field?.past) return ["validation.notFuture", {}];
  return ["validation.invalid", {}];
}
