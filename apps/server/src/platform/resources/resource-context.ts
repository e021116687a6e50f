import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { userOf } from "../auth/auth.plugin.js";
import type { UserPrincipal } from "../auth/principal.js";
import { TenantScope } from "../tenancy/tenant-scope.js";

/** What a module's service needs of a request: the caller, a tenant-bound scope and where from. */
export interface RequestContext {
  principal: UserPrincipal;
  scope: TenantScope;
  ip: string;
}

export function contextOf(req: FastifyRequest, db: Db): RequestContext {
  const principal = userOf(req);
  return { principal, scope: new TenantScope(db, principal.tenantId), ip: req.ip };
}

/** The same context bound to a transaction. */
export function withScope(ctx: RequestContext, scope: TenantScope): RequestContext {
  return { ...ctx, scope };
}
