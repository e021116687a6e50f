import { z } from "zod";
import type { CacheArea } from "./action.js";
import type { UploadKind } from "./admissions/common.js";
import {
  type CreateSchemaOf,
  createdAt,
  createSchema,
  type FieldMap,
  type RowSchemaOf,
  rowSchema,
  screenHints,
  type UpdateSchemaOf,
  updateSchema,
} from "./fields.js";
import type { ModuleKey } from "./platform/permissions.js";

/** How a list filter compares a query value with a column. */
export type FilterKind = "exact" | "search" | "boolean" | "from" | "to";

/** A form field of the generic ResourceForm. */
export interface FieldSpec {
  key: string;
  /**
   * The input. `rows` is a list of small records (an examination's subjects with their marks):
   * the form keeps it as an array and the screen gives its input (`render`), for there is no one
   * way to edit every kind of row.
   */
  kind: "text" | "textarea" | "number" | "money" | "select" | "multiselect" | "date" | "email" | "phone" | "password" | "switch" | "upload" | "rows";
  /** Fixed options for a select (value and i18n key). */
  options?: readonly string[];
  /** Options loaded from another resource's list (its path), shown by `label`. */
  ref?: { resource: string; label: string };
  required?: boolean;
  /** Shown only on create (a password, say). */
  createOnly?: boolean;
  /** Typed in the person's own script: the input follows the letters' direction. */
  native?: boolean;
  /** A date that cannot be later than today (a birth date): the picker opens years back. */
  past?: boolean;
  /** What an `upload` field takes: an image (picked, or taken with a phone's camera) or a document. */
  upload?: UploadKind;
}

export interface ColumnSpec {
  key: string;
  /**
   * How a cell shows its value: `name` adds the native-script form (`<key>Native`) beneath;
   * `phone` keeps digits left to right in any page; `year` is a number without grouping; `money`
   * is integer minor units shown in the school's currency and grouping (lakhs in India).
   */
  kind?: "text" | "name" | "status" | "date" | "number" | "money" | "year" | "phone" | "boolean" | "tags";
  sortable?: boolean;
  /** Shown as the card's title where the list becomes cards (a phone). */
  summary?: boolean;
}

export interface ResourceDefinition<Row extends z.ZodObject = z.ZodObject, Create extends z.ZodType = z.ZodType, Update extends z.ZodObject = z.ZodObject> {
  /** Path under /admin/api, exactly as the specification names it. */
  path: string;
  /** Permission and plan key. */
  module: ModuleKey;
  /** Other resources' paths whose lists and details a change of its rows makes stale. */
  refreshes: readonly string[];
  /** The areas whose cached GET replies a change of its rows makes stale; by default its module. */
  invalidates: readonly CacheArea[];
  /** i18n namespace and key stem: `${i18n}.title`, `${i18n}.fields.${key}`; "ns:key" for a key inside a namespace. */
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

export interface ResourceDeclaration<F extends FieldMap, Create extends z.ZodType> {
  path: string;
  module: ModuleKey;
  /** Other resources whose lists show its rows (a classroom's count of enrolments, say). */
  refreshes?: readonly string[];
  /** Areas besides its module whose GET replies read its rows: its module is always refreshed. */
  invalidates?: readonly CacheArea[];
  i18n: string;
  /**
   * Every field once, in the order the list and the form show them; `id` and `createdAt` come with
   * every row (declare `createdAt: field.createdAt.column("date")` to show it as a column).
   */
  fields: F;
  /** `field` or `-field`; the default is `-createdAt`. */
  defaultSort?: string;
  /** Filters that are not a field (served by a filter hook on the server), with their kind. */
  filters?: Record<string, FilterKind>;
  /** Checks across fields of the create body (give a name or a student, say). */
  refine?: (create: CreateSchemaOf<F & { createdAt: typeof createdAt }>) => Create;
}

/**
 * A resource from its fields: the reply row, the create and update bodies, the list's filters,
 * search, sort and columns and the form's fields are all derived from one declaration.
 */
export function defineResource<F extends FieldMap, Create extends z.ZodType = CreateSchemaOf<F & { createdAt: typeof createdAt }>>(
  decl: ResourceDeclaration<F, Create>,
): ResourceDefinition<RowSchemaOf<F & { createdAt: typeof createdAt }>, Create, UpdateSchemaOf<F & { createdAt: typeof createdAt }>> {
  const fields = { ...decl.fields, createdAt: decl.fields.createdAt ?? createdAt } as F & { createdAt: typeof createdAt };
  const hints = screenHints(fields);
  const create = createSchema(fields);
  return {
    path: decl.path,
    module: decl.module,
    refreshes: decl.refreshes ?? [],
    invalidates: [decl.module, ...(decl.invalidates ?? []).filter((a) => a !== decl.module)],
    i18n: decl.i18n,
    row: rowSchema(fields),
    create: decl.refine ? decl.refine(create) : (create as unknown as Create),
    update: updateSchema(fields),
    ...hints,
    filters: { ...hints.filters, ...decl.filters },
    defaultSort: decl.defaultSort ?? "-createdAt",
  };
}

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
  /** Present on the receipt calls, which the spec says answer `success: false` when they fail. */
  success: z.literal(false).optional(),
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  redirect: z.string().optional(),
  error_message: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
