import { z } from "zod";
import type { UploadKind } from "./admissions/common.js";
import type { ColumnSpec, FieldSpec, FilterKind } from "./resource.js";
import { DateOnly, Email, Instant, Mobile, Money, RowId, TimeOfDay } from "./values.js";

/**
 * How a field behaves on create: `optional` may be left out or null (and the row then holds
 * null), `required` must be given, `default` is filled in when left out, `readOnly` is in the
 * row only (joined or computed on the server).
 */
export type FieldMode = "optional" | "required" | "default" | "readOnly";

interface FieldState {
  /** What a body may carry; readOnly fields have none. */
  input?: z.ZodType;
  /** The input when the field is required (a text must then be non-empty). */
  requiredInput?: z.ZodType;
  /** The value in a reply row, before a null is allowed for an optional field. */
  output: z.ZodType;
  mode: FieldMode;
  defaultValue?: unknown;
  /** How the generic form shows it; false keeps it out of the form. */
  form: Omit<FieldSpec, "key" | "required"> | false;
  column?: Omit<ColumnSpec, "key" | "sortable">;
  filter?: FilterKind | "range";
  search?: boolean;
  sort?: boolean;
  /** Given when adding only: not in the update body (a key fixed once made, a first password). */
  writeOnce?: boolean;
  /** In bodies only, never in a reply row (a password; ids the reply shows joined instead). */
  writeOnly?: boolean;
}

/**
 * One field of a resource, written once: its input and reply schemas and the hints a screen
 * needs. Each method returns a new field, so a base can be shared and refined.
 */
export class Field<I extends z.ZodType, O extends z.ZodType, M extends FieldMode, C extends boolean = false> {
  declare readonly _types: { input: I; output: O; mode: M; writeOnce: C };
  constructor(readonly state: FieldState) {}

  private with<I2 extends z.ZodType = I, O2 extends z.ZodType = O, M2 extends FieldMode = M, C2 extends boolean = C>(patch: Partial<FieldState>) {
    return new Field<I2, O2, M2, C2>({ ...this.state, ...patch });
  }

  /** Must be given on create (and, for a text, not empty). */
  required(): Field<I, O, "required", C> {
    return this.with({ mode: "required", input: this.state.requiredInput ?? this.state.input });
  }
  /** Filled in with `value` when a create leaves it out. */
  default(value: z.input<I>): Field<I, O, "default", C> {
    return this.with({ mode: "default", defaultValue: value });
  }
  /** A list filter on this field: exact by default; `range` adds `<key>From` and `<key>To`. */
  filter(kind: FilterKind | "range" = "exact") {
    return this.with({ filter: kind });
  }
  /** Searched by the list's `q`. */
  search() {
    return this.with({ search: true });
  }
  /** The list may sort by it. */
  sort() {
    return this.with({ sort: true });
  }
  /** A column of the list (and of the phone card, in declaration order). */
  column(kind?: ColumnSpec["kind"]) {
    return this.with({ column: { ...(kind ? { kind } : {}) } });
  }
  /** The card title of the list on a phone, where the table does not fit. */
  summary() {
    return this.with({ column: { ...this.state.column, summary: true } });
  }
  /** Not in the generic form (set by a custom screen or by the server). */
  hidden() {
    return this.with({ form: false });
  }
  /** In the form only when adding (a password, say). */
  createOnly() {
    return this.with({ form: this.state.form && { ...this.state.form, createOnly: true } });
  }
  /**
   * Given only when adding: in the create body and the adding form, not in the update body (a key
   * stored values depend on; a first password, which other calls change).
   */
  writeOnce() {
    return this.createOnly().with<I, O, M, true>({ writeOnce: true });
  }
  /** In bodies only, never in a reply row (a password; role ids the reply shows joined instead). */
  writeOnly() {
    return this.with<I, z.ZodNever, M>({ writeOnly: true, output: z.never() });
  }
  /**
   * A day that has already come (a birth date): a later one is refused with "The date cannot be in
   * the future". "Today" is the earliest time zone's (UTC+14), so a school ahead of UTC is never
   * refused its own today; the form also opens its picker some years back.
   */
  past() {
    const input = (this.state.input as z.ZodString).refine((v) => v <= latestToday(), "The date cannot be in the future");
    return this.with({ input, requiredInput: input, form: this.state.form && { ...this.state.form, past: true } });
  }
  /** Overrides of the form's input (another kind, a reference). */
  form(spec: Partial<Omit<FieldSpec, "key" | "required">>) {
    return this.with({ form: { ...(this.state.form || { kind: "text" }), ...spec } });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any field, whatever its schemas
export type AnyField = Field<any, any, FieldMode, boolean>;
export type FieldMap = Record<string, AnyField>;

const base = <I extends z.ZodType, O extends z.ZodType>(state: Omit<FieldState, "mode"> & { mode?: FieldMode }) =>
  new Field<I, O, "optional">({ mode: "optional", ...state });

/** A short text, trimmed; not empty when required. */
export const text = (max = 120) =>
  base<z.ZodString, z.ZodString>({
    input: z.string().trim().max(max),
    requiredInput: z.string().trim().min(1).max(max),
    output: z.string(),
    form: { kind: "text" },
  });

/** A name in the person's own script (Arabic, Urdu, Malayalam, Tamil). */
export const nativeText = (max = 120) => text(max).form({ kind: "text", native: true });

/** A longer text, shown as a text area. */
export const longText = (max = 2000) => text(max).form({ kind: "textarea" });

/** A whole number between `min` and `max`. */
export const int = (min = 0, max = 2_147_483_647) =>
  base<z.ZodNumber, z.ZodNumber>({ input: z.number().int().min(min).max(max), output: z.number(), form: { kind: "number" } });

/**
 * An amount of money in integer minor units (paise, fils) of the school's currency: never a
 * float. The form takes it in major units (12.50) and sends minor units (1250).
 */
export const money = (max = 100_000_000_000) => base<z.ZodNumber, z.ZodNumber>({ input: Money.max(max), output: z.number(), form: { kind: "money" } });

/** Today's date somewhere on Earth already (UTC+14), as YYYY-MM-DD. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A calendar date (YYYY-MM-DD). */
export const date = () => base<typeof DateOnly, z.ZodString>({ input: DateOnly, output: z.string(), form: { kind: "date" } });

/** The database's time of day (HH:MM:SS) as HH:MM. */
const ClockTime = z.preprocess((v) => (typeof v === "string" ? v.slice(0, 5) : v), z.string());

/** A time of day (HH:MM); the reply drops the seconds the database keeps. */
export const time = () => base<typeof TimeOfDay, typeof ClockTime>({ input: TimeOfDay, output: ClockTime, form: { kind: "text" } });

export const email = () => base<typeof Email, z.ZodString>({ input: Email, output: z.string(), form: { kind: "email" } });

/** A mobile number as typed; the server stores it in E.164 with the school's country. */
export const phone = () => base<typeof Mobile, z.ZodString>({ input: Mobile, output: z.string(), form: { kind: "phone" } });

export const bool = () => base<z.ZodBoolean, z.ZodBoolean>({ input: z.boolean(), output: z.boolean(), form: { kind: "switch" } });

/** One of an enumeration's values, chosen from a select that names each. */
export const choice = <E extends z.ZodEnum>(values: E) =>
  base<E, E>({ input: values, output: values, form: { kind: "select", options: values.options as readonly string[] } });

/** Another resource's row, chosen from its list by `label`. */
export const ref = (resource: string, label = "name") =>
  base<typeof RowId, z.ZodNumber>({ input: RowId, output: z.number(), form: { kind: "select", ref: { resource, label } } });

/** A path among this school's uploads, `/admin/api/upload/<name>` or a public file's open path (a logo), of these extensions. */
const uploadPathOf = (extensions: string, message: string) =>
  z
    .string()
    .trim()
    .max(300)
    .regex(new RegExp(`^/admin/(api/upload|open/upload/\\d{1,10})/[A-Za-z0-9_-]{22}\\.(${extensions})$`), message);

export const ImageUploadPath = uploadPathOf("jpg|png|webp", "Give the path of an image uploaded to this school");
/** A document is a photo or a PDF (a worksheet, a task's instructions). */
export const UploadPath = uploadPathOf("jpg|png|webp|pdf", "Give the path of a file uploaded to this school");
/** A recording (a recitation). */
export const AudioUploadPath = uploadPathOf("mp3|m4a|aac|ogg", "Give the path of a recording uploaded to this school");
const PATHS: Record<UploadKind, z.ZodString> = { image: ImageUploadPath, document: UploadPath, audio: AudioUploadPath };

export type { UploadKind };

/** The bodies' schemas of upload fields: the server checks each named file is the school's own. */
const uploadInputs = z.registry<{ upload: UploadKind }>();

/**
 * A file uploaded to this school first (POST /admin/api/upload), by its path: never a web address,
 * which could point anywhere (another site, an internal host). The server also checks the upload
 * is this school's and of the kind's types (400 naming the field otherwise).
 */
export const upload = (kind: UploadKind) => {
  const input = PATHS[kind].clone();
  uploadInputs.add(input, { upload: kind });
  return base<z.ZodString, z.ZodString>({ input, output: z.string(), form: { kind: "upload", upload: kind } });
};

/** The upload fields of a body (a resource's create or update), through optional, nullable and default. */
export function uploadFieldsOf(body: z.ZodType): Record<string, UploadKind> {
  if (!(body instanceof z.ZodObject)) return {};
  const out: Record<string, UploadKind> = {};
  for (const [key, schema] of Object.entries(body.shape as Record<string, z.ZodType>)) {
    let s: z.ZodType = schema;
    while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    const meta = uploadInputs.get(s);
    if (meta) out[key] = meta.upload;
  }
  return out;
}

/** A field whose body and reply differ (a student's guardians: ids in, names out). */
export const shaped = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => base<I, O>({ input, output, form: false });

/** In the reply only: joined from another table or computed by the server. */
export const readOnly = <O extends z.ZodType>(output: O) => new Field<z.ZodNever, O, "readOnly">({ mode: "readOnly", output, form: false });

/** The instant a row was made, in every row. */
export const createdAt = readOnly(Instant).sort();

type Types<F> = F extends Field<infer I, infer O, infer M, infer C> ? { input: I; output: O; mode: M; writeOnce: C } : never;
type RowShape<F extends FieldMap> = {
  [K in keyof F as Types<F[K]>["output"] extends z.ZodNever ? never : K]: Types<F[K]>["mode"] extends "optional"
    ? z.ZodNullable<Types<F[K]>["output"]>
    : Types<F[K]>["output"];
};
type Writable<F extends FieldMap> = { [K in keyof F as Types<F[K]>["mode"] extends "readOnly" ? never : K]: F[K] };
type CreateShape<F extends FieldMap> = {
  [K in keyof Writable<F>]: Types<F[K]>["mode"] extends "required"
    ? Types<F[K]>["input"]
    : Types<F[K]>["mode"] extends "default"
      ? z.ZodDefault<Types<F[K]>["input"]>
      : z.ZodOptional<z.ZodNullable<Types<F[K]>["input"]>>;
};
type UpdateShape<F extends FieldMap> = {
  [K in keyof Writable<F> as Types<F[K]>["writeOnce"] extends true ? never : K]: Types<F[K]>["mode"] extends "optional"
    ? z.ZodOptional<z.ZodNullable<Types<F[K]>["input"]>>
    : z.ZodOptional<Types<F[K]>["input"]>;
};

export type RowSchemaOf<F extends FieldMap> = z.ZodObject<{ id: z.ZodNumber } & RowShape<F>>;
export type CreateSchemaOf<F extends FieldMap> = z.ZodObject<CreateShape<F>>;
export type UpdateSchemaOf<F extends FieldMap> = z.ZodObject<UpdateShape<F> & { id: typeof RowId }>;

const entries = (fields: FieldMap) => Object.entries(fields).map(([k, f]) => [k, f.state] as const);

/** The reply row: the id, then each field as the reply carries it (null where optional); write-only fields are left out. */
export function rowSchema<F extends FieldMap>(fields: F): RowSchemaOf<F> {
  const shape = Object.fromEntries(
    entries(fields)
      .filter(([, s]) => !s.writeOnly)
      .map(([k, s]) => [k, s.mode === "optional" ? s.output.nullable() : s.output]),
  );
  return z.object({ id: z.number(), ...shape }) as unknown as RowSchemaOf<F>;
}

/** The create body: required fields, defaults filled in, the rest optional or null. */
export function createSchema<F extends FieldMap>(fields: F): CreateSchemaOf<F> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of entries(fields)) {
    if (!s.input) continue;
    if (s.mode === "required") shape[k] = s.input;
    else if (s.mode === "default") shape[k] = s.input.default(s.defaultValue as never);
    else shape[k] = s.input.nullish();
  }
  return z.object(shape) as unknown as CreateSchemaOf<F>;
}

/**
 * The update body: the id, and every field optional with no defaults, so a PUT changes only what
 * it names (a default would silently reset a field the caller left out); null clears an
 * optional field.
 */
export function updateSchema<F extends FieldMap>(fields: F): UpdateSchemaOf<F> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of entries(fields)) {
    if (!s.input || s.writeOnce) continue;
    const input = s.mode === "required" || s.mode === "default" ? (s.requiredInput ?? s.input) : s.input.nullable();
    shape[k] = input.optional();
  }
  return z.object({ ...shape, id: RowId }) as unknown as UpdateSchemaOf<F>;
}

/** Filters, search, sort, columns and form fields, in the order the fields are declared. */
export function screenHints(fields: FieldMap) {
  const filters: Record<string, FilterKind> = {};
  const search: string[] = [];
  const sortable: string[] = [];
  const columns: ColumnSpec[] = [];
  const form: FieldSpec[] = [];
  for (const [key, s] of entries(fields)) {
    if (s.filter === "range") Object.assign(filters, { [`${key}From`]: "from", [`${key}To`]: "to" });
    else if (s.filter) filters[key] = s.filter;
    if (s.search) search.push(key);
    if (s.sort) sortable.push(key);
    if (s.column) columns.push({ key, ...s.column, ...(s.sort ? { sortable: true } : {}) });
    if (s.form && s.input) form.push({ key, ...s.form, ...(s.mode === "required" ? { required: true } : {}) });
  }
  return { filters, search, sortable, columns, fields: form };
}
