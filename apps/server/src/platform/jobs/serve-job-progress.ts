import type { AnyAction } from "@taleem/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ActionOptions, serveAction } from "../actions/serve-action.js";
import { readToken } from "../auth/auth.plugin.js";
import type { UserPrincipal } from "../auth/principal.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { type JobRegistry, type JobStarter, jobs } from "./job-registry.js";

/**
 * Serves a declared progress call (`GET .../:job`, reply `jobProgress(result)`) for the jobs of
 * `kind`: read from memory, no transaction, so polling costs no query beyond the session's.
 * Another school's job id answers 404. The isolation suite's sample starts an empty job. The
 * session that started the job is known from memory (see jobStarter), so on the embedded database,
 * whose one connection the job's transaction holds, its bar still moves.
 */
export function serveJobProgress<A extends AnyAction>(app: FastifyInstance, action: A, kind: string, registry: JobRegistry = jobs) {
  progressCalls.set(action.path, registry);
  const handler = async (ctx: { principal: { tenantId: number } }, input: { params: { job: string } }) =>
    registry.progress(ctx.principal.tenantId, kind, input.params.job);
  const sample = async (scope: TenantScope) => ({ params: { job: registry.start(scope, kind, 0, async () => null).job } });
  // The declaration's params and reply are the generic job shapes; the types cannot see that here.
  serveAction(app, action, handler as unknown as Parameters<typeof serveAction<A>>[2], {
    transaction: false,
    sample: sample as unknown as ActionOptions<A>["sample"],
  });
  app.addHook("onClose", () => registry.settled());
}

// The progress calls served, by route path, with the registry that holds their jobs.
const progressCalls = new Map<string, JobRegistry>();

/**
 * For the sign-in check of every request: on a job's progress call, the caller who started that
 * job when the request carries the same session token; undefined otherwise (or on any other call),
 * and the session is then read from the database as usual.
 */
export function jobStarter(req: FastifyRequest, token: string): UserPrincipal | undefined {
  const registry = req.routeOptions.url ? progressCalls.get(req.routeOptions.url) : undefined;
  const id = (req.params as { job?: unknown } | undefined)?.job;
  return registry && typeof id === "string" ? registry.starterOf(id, token) : undefined;
}

/** The caller of a call that starts a job, for `JobRegistry.start`: their progress polls then skip the database. */
export const jobStartedBy = (ctx: { principal: UserPrincipal; req: FastifyRequest }): JobStarter => ({ principal: ctx.principal, token: readToken(ctx.req) });
