import type { AnyAction } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { type ActionOptions, serveAction } from "../actions/serve-action.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { type JobRegistry, jobs } from "./job-registry.js";

/**
 * Serves a declared progress call (`GET .../:job`, reply `jobProgress(result)`) for the jobs of
 * `kind`: read from memory, no transaction, so polling costs no query beyond the session's.
 * Another school's job id answers 404. The isolation suite's sample starts an empty job.
 */
export function serveJobProgress<A extends AnyAction>(app: FastifyInstance, action: A, kind: string, registry: JobRegistry = jobs) {
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
