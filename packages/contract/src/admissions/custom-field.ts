import { z } from "zod";
import { ActiveStatus, updateOf } from "../academics/common.js";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
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

export const ChoiceOption = z.object({
  value: z.string().trim().min(1).max(100),
  labels: Localised(100).optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

export const CustomFieldRow = z.object({
  id: z.number(),
  entity: CustomFieldEntity,
  /** The record type, for entity record. */
  recordId: z.number().nullable(),
  key: z.string(),
  /** The label in the school's own words; `labels` per language where given. */
  label: z.string(),
  labels: Localised(),
  kind: CustomFieldKind,
  required: z.boolean(),
  /** Choice fields: the allowed values. */
  options: z.array(ChoiceOption),
  /** Choice fields: more than one value may be chosen. */
  multiple: z.boolean(),
  /** Number fields: bounds. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Text fields: the longest value (default 500). */
  maxLength: z.number().nullable(),
  /** File fields: images (JPEG, PNG, WebP) and or PDF. */
  accept: z.array(FileAccept),
  order: z.number(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type CustomFieldRow = z.infer<typeof CustomFieldRow>;

const fieldShape = {
  label: z.string().trim().min(1).max(200),
  labels: Localised(),
  required: z.boolean(),
  options: z.array(ChoiceOption).max(100),
  multiple: z.boolean(),
  min: z.number().finite().nullish(),
  max: z.number().finite().nullish(),
  maxLength: z.number().int().min(1).max(5000).nullish(),
  accept: z.array(FileAccept).min(1).max(2),
  order: z.number().int().min(0).max(10_000),
  status: ActiveStatus,
};

export const CustomFieldCreate = z.object({
  ...fieldShape,
  entity: CustomFieldEntity,
  recordId: RowId.nullish(),
  key: FieldKey,
  kind: CustomFieldKind,
  labels: fieldShape.labels.default({}),
  required: fieldShape.required.default(false),
  options: fieldShape.options.default([]),
  multiple: fieldShape.multiple.default(false),
  accept: fieldShape.accept.default(["image", "pdf"]),
  order: fieldShape.order.default(0),
  status: ActiveStatus.default("active"),
});
/** Key, entity, record type and kind are fixed once a field is made: stored values depend on them. */
export const CustomFieldUpdate = updateOf(fieldShape);

export const customFieldResource = defineResource({
  path: "field",
  module: "settings",
  i18n: "customFields",
  row: CustomFieldRow,
  create: CustomFieldCreate,
  update: CustomFieldUpdate,
  filters: { entity: "exact", recordId: "exact", kind: "exact", status: "exact" },
  search: ["label", "key"],
  sortable: ["order", "label", "key", "createdAt"],
  defaultSort: "order",
  columns: [
    { key: "label", sortable: true },
    { key: "key", sortable: true },
    { key: "entity" },
    { key: "kind" },
    { key: "required", kind: "boolean" },
    { key: "order", kind: "number", sortable: true },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "entity", kind: "select", options: ["student", "admission", "record"], required: true, createOnly: true },
    { key: "recordId", kind: "select", ref: { resource: "custom-record", label: "name" }, createOnly: true },
    { key: "key", kind: "text", required: true, createOnly: true },
    { key: "label", kind: "text", required: true },
    { key: "kind", kind: "select", options: ["text", "number", "date", "choice", "file"], required: true, createOnly: true },
    { key: "required", kind: "switch" },
    { key: "multiple", kind: "switch" },
    { key: "min", kind: "number" },
    { key: "max", kind: "number" },
    { key: "maxLength", kind: "number" },
    { key: "order", kind: "number" },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

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
