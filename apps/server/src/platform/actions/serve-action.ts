import { type ActionParsed, type ActionResult, type AnyAction, ErrorReply, isFileReply } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { requireFamilyStudent } from "../auth/family-links.js";
import type { UserPrincipal } from "../auth/principal.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { inRequestContext, type OpenContext, type RequestContext } from "./request-context.js";

export interface ActionOptions<A extends AnyAction> {
  /** false: no request transaction (the handler opens its own, around its database work). */
  transaction?: boolean;
  /** A larger body than the default 2 MB (files sent inline). */
  bodyLimit?: number;
  /** Who may call at all, decided from the session before the body is read (see `mayCall` in the route config). */
  mayCall?: (p: UserPrincipal) => boolean;
  /**
   * A valid call made in `scope` (another school's, for the isolation suite): path parameters,
   * query and body naming that school's rows.
   */
  sample?: (scope: TenantScope) => Promise<Partial<ActionParsed<A>>>;
}

type Handler<A extends AnyAction> = A["access"] extends "user"
  ? (ctx: RequestContext & OpenContext, input: ActionParsed<A>) => Promise<ActionResult<A>>
  : (ctx: OpenContext, input: ActionParsed<A>) => Promise<ActionResult<A>>;

export interface RegisteredAction {
  action: AnyAction;
  sample?: (scope: TenantScope) => Promise<Record<string, unknown>>;
}
// Keyed by method and path, so an app built twice in one process (tests) lists each call once.
const registered = new Map<string, RegisteredAction>();
/** Every declared action served, for the isolation suite. Filled when buildApp runs. */
export const registeredActions = (): readonly RegisteredAction[] => [...registered.values()];

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input, named by field",
  401: "No session, or it expired",
  403: "The caller's role does not allow it",
  404: "Not found (another school's ids too)",
  409: "Conflicts with the data as it is",
  413: "Too large",
  429: "Too many attempts",
  503: "Busy; try again",
};

/** Either the session cookie or the x-access-token header. */
export const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { cookie: [] }];

/** A stable OpenAPI operation id from the method and path: `post_admin_api_enrollment_transfer`. */
export const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}_${path
    .replace(/^\//, "")
    .replace(/:([A-Za-z]+)/g, "by_$1")
    .replace(/[^A-Za-z0-9]+/g, "_")}`;

/** The error replies a call documents: what it declares, and what its access implies. */
export function errorReplies(access: AnyAction["access"], declared: readonly number[], hasInput: boolean) {
  const statuses = new Set(declared);
  if (hasInput) statuses.add(400);
  if (access !== "open") statuses.add(401).add(403);
  return Object.fromEntries([...statuses].sort().map((s) => [s, ErrorReply.describe(ERROR_TEXT[s] ?? "Error")]));
}

/**
 * Serves one declared action: its schemas, permission and access come from the declaration;
 * a school user's handler runs in the request's transaction with a typed context.
 */
export function serveAction<A extends AnyAction>(app: FastifyInstance, action: A, handler: Handler<A>, options: ActionOptions<A> = {}) {
  const { db } = app.services;
  registered.set(`${action.method} ${action.path}`, { action, sample: options.sample as RegisteredAction["sample"] });
  const file = isFileReply(action.reply) ? action.reply : undefined;
  // The input naming the one student a call is about, checked against a family's children first.
  const named = typeof action.family === "object" ? action.family.student.split(".") : undefined;
  app.route({
    method: action.method,
    url: action.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: action.access,
      ...(action.permission ? { permission: action.permission } : {}),
      ...(action.changesData ? { changesData: true } : {}),
      ...(action.family === "staff" ? { staffOnly: true } : {}),
      ...(options.mayCall ? { mayCall: options.mayCall } : {}),
      // The OpenAPI document describes a file reply from its declaration (platform/http/api-docs.ts).
      ...(file ? { fileReply: file } : {}),
    },
    schema: {
      tags: [action.module],
      summary: action.summary,
      ...(action.description ? { description: action.description } : {}),
      operationId: operationId(action.method, action.path),
      ...(action.access !== "open" ? { security: SECURITY } : {}),
      ...(action.body ? { body: action.body } : {}),
      ...(action.query ? { querystring: action.query } : {}),
      ...(action.params ? { params: action.params } : {}),
      response: { ...(file ? {} : { 200: action.reply }), ...errorReplies(action.access, action.errors, !!(action.body || action.query || action.params)) },
    },
    handler: async (req, reply) => {
      const input = { body: req.body, query: req.query, params: req.params } as ActionParsed<A>;
      const open: OpenContext = { principal: req.principal, db, ip: req.ip, req, reply };
      // The declaration's access decided the handler's context type; here both are one function.
      const run = handler as (ctx: OpenContext | (RequestContext & OpenContext), input: ActionParsed<A>) => Promise<unknown>;
      if (action.access !== "user") return run(open, input);
      return inRequestContext(req, db, options.transaction !== false, async (ctx) => {
        if (named) await requireFamilyStudent(ctx.scope, (input as Record<string, Record<string, unknown> | undefined>)[named[0]!]?.[named[1]!]);
        return run({ ...open, ...ctx }, input);
      });
    },
  });
}
