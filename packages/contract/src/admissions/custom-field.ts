import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Status } from "../values.js";
import { Localised } from "./common.js";

/** What a custom field belongs to: students, admission applications, or one of the school's own record types. */
export const CustomFieldEntity = z.enum(["student", "admission", "record"]);
export type CustomFieldEntity = z.infer<typeof CustomFieldEntity>;
export const CustomFieldKind = z.enum(["text", "number", "date", "choice", "file"]);
export type CustomFieldKind = z.infer<typeof CustomFieldKind>;
/** What a file field accepts. */
export const FileAccept = z.enum(["image", "pdf"]);

/** A field's key: how its value is stored and named in imports (a letter first, then letters, digits, _). */
export const FieldKey = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, "Use a letter first, then letters, digits or _ (at most 40)");

/**
 * A key from the school's label: "Blood group" -> bloodGroup (ASCII letters and digits only; ""
 * when the label has none, a label in Malayalam say). Web and server derive it the same way.
 */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join("");
  return /^[a-zA-Z]/.test(key) ? key.slice(0, 40) : "";
}

export const ChoiceOption = z.object({
  value: z.string().trim().min(1).max(100),
  labels: Localised(100).optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

/** A field a school adds to students, admission applications or one of its record types. */
const fieldResource = defineResource({
  path: "field",
  module: "settings",
  i18n: "forms:customFields",
  fields: {
    entity: field.choice(CustomFieldEntity).required().filter().column().createOnly(),
    /** The record type, for entity record. */
    recordId: field.ref("custom-record").filter().createOnly(),
    /**
     * How its value is stored and named in imports. Left out, the server makes it from the label
     * (keyFromLabel), with a number added when the target already has that key.
     */
    key: field.shaped(FieldKey, z.string()).default("").search().sort().column().form({ kind: "text", createOnly: true }),
    /** The label in the school's own words; `labels` per language where given. */
    label: field.text(200).required().search().sort().column(),
    labels: field.shaped(Localised(), Localised()).default({}),
    kind: field.choice(CustomFieldKind).required().filter().column().createOnly(),
    required: field.bool().default(false).column("boolean"),
    /** Choice fields: the allowed values. */
    options: field.shaped(z.array(ChoiceOption).max(100), z.array(ChoiceOption)).default([]),
    /** Choice fields: more than one value may be chosen. */
    multiple: field.bool().default(false),
    /** Number fields: bounds. */
    min: field.shaped(z.number().finite(), z.number()).form({ kind: "number" }),
    max: field.shaped(z.number().finite(), z.number()).form({ kind: "number" }),
    /** Text fields: the longest value (default 500). */
    maxLength: field.int(1, 5000),
    /** File fields: images (JPEG, PNG, WebP) and or PDF. */
    accept: field.shaped(z.array(FileAccept).min(1).max(2), z.array(FileAccept)).default(["image", "pdf"]),
    order: field.int(0, 10_000).default(0).sort().column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "order",
});
/** Key, entity, record type and kind are fixed once a field is made: stored values depend on them. */
export const customFieldResource = {
  ...fieldResource,
  update: fieldResource.update.omit({ entity: true, recordId: true, key: true, kind: true }),
};
export const CustomFieldRow = customFieldResource.row;
export type CustomFieldRow = z.infer<typeof CustomFieldRow>;

/** A field as a form shows it (admission form, a record type's public form). */
export const FormField = z.object({
  key: z.string(),
  /** Built-in fields of the form, or the school's own. */
  builtin: z.boolean(),
  kind: z.enum(["text", "textarea", "number", "date", "choice", "file", "email", "phone"]),
  label: z.string(),
  labels: Localised(),
  required: z.boolean(),
  options: z.array(ChoiceOption),
  multiple: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  maxLength: z.number().nullable(),
  /** File fields: accepted MIME types and the largest size in bytes. */
  accept: z.array(z.string()),
  maxBytes: z.number().nullable(),
});
export type FormField = z.infer<typeof FormField>;

/** GET field/record/{id}: the fields of one of the school's record types, in form order. */
export const recordFields = defineAction({
  method: "GET",
  path: "/admin/api/field/record/:id",
  module: "settings",
  permission: ["records", "view"],
  family: "scoped",
  summary: "The fields of one of the school's record types, in form order (inactive ones included, marked)",
  params: IdParams,
  reply: z.object({ message: z.string(), rows: z.array(CustomFieldRow), count: z.number() }),
  errors: [404],
});
