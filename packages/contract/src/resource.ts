import { z } from "zod";

/** How a list filter compares a query value with a column. */
export type FilterKind = "exact" | "search" | "boolean" | "from" | "to";

/** A form field of the generic ResourceForm. */
export interface FieldSpec {
  key: string;
  kind: "text" | "textarea" | "number" | "select" | "multiselect" | "date" | "email" | "phone" | "password" | "switch";
  /** Fixed options for a select (value and i18n key). */
  options?: readonly string[];
  /** Options loaded from another resource's list (its path), shown by `label`. */
  ref?: { resource: string; label: string };
  required?: boolean;
  /** Shown only on create (a password, say). */
  createOnly?: boolean;
}

export interface ColumnSpec {
  key: string;
  kind?: "text" | "status" | "date" | "number" | "boolean" | "tags";
  sortable?: boolean;
}

export interface ResourceDefinition<Row extends z.ZodObject = z.ZodObject, Create extends z.ZodObject = z.ZodObject, Update extends z.ZodObject = z.ZodObject> {
  /** Path under /admin/api, exactly as the specification names it. */
  path: string;
  /** Permission and plan key. */
  module: string;
  /** i18n namespace and key stem: `${i18n}.title`, `${i18n}.fields.${key}`. */
  i18n: string;
  row: Row;
  create: Create;
  update: Update;
  filters: Record<string, FilterKind>;
  /** Columns searched by `q`. */
  search: readonly string[];
  sortable: readonly string[];
  defaultSort: string;
  columns: readonly ColumnSpec[];
  fields: readonly FieldSpec[];
}

export function defineResource<Row extends z.ZodObject, Create extends z.ZodObject, Update extends z.ZodObject>(
  def: ResourceDefinition<Row, Create, Update>,
): ResourceDefinition<Row, Create, Update> {
  return def;
}

/** A row id: a positive integer the database can hold. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const Status = z.enum(["active", "inactive"]);
export type Status = z.infer<typeof Status>;

/** Pagination and sort understood by every list. */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const listReply = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int(), message: z.string() });

export const MessageReply = z.object({ message: z.string() });

/** Error body of every 4xx and 5xx reply. */
export const ErrorReply = z.object({
  /** Present on the sign-in calls, whose client reads it. */
  auth: z.literal(false).optional(),
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  redirect: z.string().optional(),
  error_message: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
