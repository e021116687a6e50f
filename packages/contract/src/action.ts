import { z } from "zod";
import type { CRUD_ACTIONS, MODULES, ModuleKey } from "./platform/permissions.js";
import { RowId } from "./values.js";

/** A module and one of its actions: what a role must be granted to make a call. */
export type Permission = { [M in ModuleKey]: readonly [M, (typeof CRUD_ACTIONS)[number] | (typeof MODULES)[M][number]] }[ModuleKey];

/** Who may make a call: a school's signed-in user (the default), anyone, or a platform admin. */
export type Access = "user" | "open" | "platform";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * A reply that is a file (a PDF, a spreadsheet, an uploaded picture) rather than JSON: the content
 * types it comes in and the content-disposition header that names it. The OpenAPI document
 * describes the call's 200 reply from this.
 */
export interface FileReply {
  readonly kind: "file";
  readonly types: readonly [string, ...string[]];
  /** The header as sent, `{id}` standing for a value of the call; none for a file used in place (a font). */
  readonly disposition?: string;
}

export const FILE_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv",
  json: "application/json",
  woff2: "font/woff2",
  text: "text/plain",
} as const;

/** A file reply of these types; `name` (with `{id}`-style placeholders) is what it is saved as. */
export function fileReply(types: string | readonly [string, ...string[]], name?: string): FileReply {
  return { kind: "file", types: typeof types === "string" ? [types] : types, ...(name ? { disposition: `attachment; filename="${name}"` } : {}) };
}

export const isFileReply = (reply: unknown): reply is FileReply => typeof reply === "object" && reply !== null && (reply as FileReply).kind === "file";

/**
 * How a call's rows reach a family's own children, for a role limited to its linked students
 * (the built-in Parent, a school's own Guardian role):
 * - `"scoped"`: what it reads comes through the request's scope, which narrows every table to the
 *   family's rows by the table's declared family link (the server's family-scope.ts);
 * - `"staff"`: a staff tool that cannot be narrowed (a PDF of a whole class's marks, a job over
 *   the school): such a role is refused (403) even when it is granted the module;
 * - `{ student: "query.student" }`: about the one student its input names there (`params.`,
 *   `query.` or `body.`): another family's child answers 404 before the handler runs, and what it
 *   reads is narrowed as for `"scoped"`.
 * Every GET of a school's user declares it; a call that declares none does not start.
 */
export type FamilyReach = "scoped" | "staff" | { student: `${"params" | "query" | "body"}.${string}` };

/** A module, or an area every school has: where a call lives, and what a cached reply is made of. */
export type CacheArea = ModuleKey | "auth" | "account" | "dashboard" | "platform" | "health";

/**
 * What a change makes stale in the web's cache: the GET replies that read any of these areas
 * (see `reads`), or `"everything"` (a change under every screen: the school's settings, a wipe).
 */
export type Invalidates = readonly CacheArea[] | "everything";

/** What a GET's reply is made of (see `reads`): a change to any of these areas makes it stale. */
export type Reads = readonly CacheArea[] | "everything";

export interface ActionDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | FileReply = z.ZodType | FileReply,
  X extends Access = Access,
> {
  method: Method;
  /** The whole path, with `:param`s, exactly as the specification names it. */
  path: string;
  /**
   * Where it lives (the OpenAPI tag and the server's module folder): a module a role is granted,
   * or an area every school has (sign-in, a person's own account, the dashboard composed of other
   * modules' figures, health, the platform's own). The permission names what the role needs.
   */
  module: CacheArea;
  access: X;
  /** What the caller's role must allow; a user call without one is open to every signed-in user. */
  permission?: Permission;
  summary: string;
  description?: string;
  body: B;
  query: Q;
  params: P;
  reply: R;
  /** Statuses besides 200 the call answers on purpose (400 and 401 are implied where they apply). */
  errors: readonly number[];
  /** Resource paths whose lists and details the web refreshes after the call succeeds. */
  refreshes: readonly string[];
  /**
   * The areas whose cached GET replies the web refreshes after the call succeeds; by default the
   * call's own module. A call that changes nothing (a preview, a PDF) says `[]`.
   */
  invalidates: Invalidates;
  /**
   * The areas a GET's reply is made of, so a change to any of them refreshes it; by default its
   * own module. A reply that joins another module's rows names it; one that composes every
   * module's figures (a dashboard, a parent's home) says `"everything"`.
   */
  reads: Reads;
  /** A GET that changes data (an import): it needs the x-requested-with header like any change. */
  changesData?: boolean;
  /** How its rows reach a family's own children (see `FamilyReach`); every GET of a school's user says. */
  family?: FamilyReach;
}

type Declared<B, Q, P, R, X> = {
  method: Method;
  path: string;
  module: ActionDefinition["module"];
  access?: X;
  permission?: Permission;
  summary: string;
  description?: string;
  body?: B;
  query?: Q;
  params?: P;
  reply: R;
  errors?: readonly number[];
  refreshes?: readonly string[];
  invalidates?: Invalidates;
  reads?: Reads;
  changesData?: boolean;
  family?: FamilyReach;
};

/**
 * A custom call, declared once: the server serves it with `serveAction` (permission, schemas,
 * transaction, audit) and the web calls it with `useAction`, typed from the same object.
 */
export function defineAction<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | FileReply = z.ZodType,
  X extends Access = "user",
>(decl: Declared<B, Q, P, R, X>): ActionDefinition<B, Q, P, R, X> {
  const access = (decl.access ?? "user") as X;
  if (access !== "user" && decl.permission) throw new Error(`${decl.method} ${decl.path}: only a user call takes a permission`);
  if (access === "user" && decl.method === "GET" && !decl.family) throw new Error(`${decl.method} ${decl.path}: declare how its rows reach a family (family)`);
  const params = decl.path.match(/:[A-Za-z]+/g) ?? [];
  const declared = decl.params instanceof z.ZodObject ? Object.keys(decl.params.shape) : [];
  const missing = params.map((p) => p.slice(1)).filter((p) => !declared.includes(p));
  if (missing.length) throw new Error(`${decl.method} ${decl.path}: declare the path parameters ${missing.join(", ")}`);
  return {
    ...decl,
    access,
    body: decl.body as B,
    query: decl.query as Q,
    params: decl.params as P,
    errors: decl.errors ?? [],
    refreshes: decl.refreshes ?? [],
    invalidates: decl.invalidates ?? [decl.module],
    reads: decl.reads ?? [decl.module],
  };
}

/** The path parameters `{ id }` most row actions take. */
export const IdParams = z.object({ id: RowId });

// biome-ignore lint/suspicious/noExplicitAny: any action, whatever its schemas
export type AnyAction = ActionDefinition<any, any, any, any, Access>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a caller sends: the body, query and path parameters as their schemas take them. */
export type ActionInput<A extends AnyAction> = { body: In<A["body"]>; query: In<A["query"]>; params: In<A["params"]> };
/** What a handler receives, parsed. */
export type ActionParsed<A extends AnyAction> = { body: Out<A["body"]>; query: Out<A["query"]>; params: Out<A["params"]> };
/** The reply as the client reads it. */
export type ActionReply<A extends AnyAction> = A["reply"] extends z.ZodType ? z.output<A["reply"]> : Blob;
/** The reply as a handler may return it (an instant as a Date, say). */
export type ActionResult<A extends AnyAction> = A["reply"] extends z.ZodType ? z.input<A["reply"]> : unknown;

export { actionUrl } from "./action-url.js";
