import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/db-types.js";
import { type AuditEntry, recordChange } from "../audit/audit.service.js";
import { userOf } from "../auth/auth.plugin.js";
import type { UserPrincipal } from "../auth/principal.js";
import { TenantScope } from "../tenancy/tenant-scope.js";

/** A change as a handler reports it; the tenant, the caller and the address are the context's. */
export type Change = Omit<AuditEntry, "tenantId" | "userId" | "ip">;

/**
 * What a handler of a school's call is handed: the caller, a scope bound to the request's
 * transaction (the tenant set on it, so row-level security holds too), `audit` writing into that
 * transaction, and `afterCommit` for what must wait until the change is saved (a message).
 */
export interface RequestContext {
  principal: UserPrincipal;
  scope: TenantScope;
  ip: string;
  audit(change: Change): Promise<void>;
  afterCommit(fn: () => unknown): void;
}

/** The same context bound to another scope (a nested transaction). */
export function withScope(ctx: RequestContext, scope: TenantScope): RequestContext {
  return { ...ctx, scope, audit: (change) => recordChange(scope.db, auditEntry(ctx, scope, change)) };
}

const auditEntry = (ctx: Pick<RequestContext, "principal" | "ip">, scope: TenantScope, change: Change): AuditEntry => ({
  ...change,
  tenantId: scope.tenantId,
  userId: ctx.principal.userId,
  ip: ctx.ip,
});

/**
 * Runs `fn` for a signed-in school user: in one transaction with the tenant set (unless
 * `transaction` is false, for a call that waits on something slow outside the database, such as
 * Chromium), then the after-commit work, whose failures are logged and never undo the reply.
 */
export async function inRequestContext<R>(req: FastifyRequest, db: Db, transaction: boolean, fn: (ctx: RequestContext) => Promise<R>): Promise<R> {
  const principal = userOf(req);
  const later: (() => unknown)[] = [];
  const make = (scope: TenantScope): RequestContext => ({
    principal,
    scope,
    ip: req.ip,
    audit: (change) => recordChange(scope.db, auditEntry({ principal, ip: req.ip }, scope, change)),
    afterCommit: (work) => {
      later.push(work);
    },
  });
  // A role limited to its linked students works in its family's scope (platform/tenancy/family-scope.ts).
  const family = principal.linkedStudentsOnly ? { tenantId: principal.tenantId, userId: principal.userId } : undefined;
  const root = new TenantScope(db, principal.tenantId, false, family);
  const result = transaction ? await root.transaction((scope) => fn(make(scope))) : await fn(make(root));
  for (const work of later) {
    try {
      await work();
    } catch (err) {
      req.log.error({ err, route: req.routeOptions.url }, "after-commit work failed");
    }
  }
  return result;
}

/** What a handler of an open or platform call is handed: no school is known until it finds one. */
export interface OpenContext {
  principal: FastifyRequest["principal"];
  db: Db;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}
