import {
  type AdmissionDecision,
  approveAdmission,
  enrolAdmission,
  type LetterResult,
  rejectAdmission,
  sendApprovalLetter,
  sendRejectionLetter,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { type RequestContext, withScope } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { enrolApplicant } from "./admission-enrol.service.js";
import { sendLetter } from "./admission-letters.service.js";
import { presentAdmissions, refuseIfEnrolled, requireAdmission, requireStatus, sampleApplication } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

type Decision = z.infer<typeof AdmissionDecision>;

/** A call naming a pending application of the school `scope` names, for the isolation suite. */
const sampleId = async (scope: TenantScope) => (await sampleApplication(scope)).id;

/**
 * Decisions on applications, their letters, and enrolment. A decision and its letters run with no
 * request transaction: the decision is stored in one transaction of its own, and the letters go
 * only once it is committed (a failing gateway never undoes a decision); the reply reports each.
 */
export function registerAdmissionActions(app: FastifyInstance, { messenger }: Services) {
  async function decide(ctx: RequestContext, input: Decision) {
    const row = await ctx.scope.transaction(async (scope) => {
      const a = await requireAdmission(scope, input.id, true);
      refuseIfEnrolled(a, input.status === "approved" ? "approving" : "rejecting");
      const updated = await scope.update(admissions, a.id, {
        status: input.status,
        decisionReason: input.reason ?? null,
        decidedAt: new Date(),
        decidedBy: ctx.principal.userId,
      });
      await withScope(ctx, scope).audit({
        action: input.status === "approved" ? "approve" : "reject",
        entity: "admissions",
        entityId: a.id,
        before: a,
        after: updated,
      });
      return updated;
    });
    const letters: LetterResult[] = input.notify
      ? await sendLetter(ctx.scope, messenger, row, input.status === "approved" ? "approval" : "rejection", input.channels)
      : [];
    const [data] = await ctx.scope.transaction(async (scope) => presentAdmissions(scope, [await requireAdmission(scope, row.id)]));
    return { data: data!, letters };
  }

  serveAction(
    app,
    approveAdmission,
    async (ctx, { body }) => {
      const out = await decide(ctx, body);
      return { message: body.status === "approved" ? "Admission approved successfully" : "Admission rejected successfully", ...out };
    },
    { transaction: false, sample: async (scope) => ({ body: { id: await sampleId(scope), status: "approved" as const, notify: false } }) },
  );

  serveAction(
    app,
    rejectAdmission,
    async (ctx, { body }) => ({ message: "Admission rejected successfully", ...(await decide(ctx, { ...body, status: "rejected" })) }),
    { transaction: false, sample: async (scope) => ({ body: { id: await sampleId(scope), notify: false } }) },
  );

  for (const [action, kind] of [
    [sendApprovalLetter, "approval"],
    [sendRejectionLetter, "rejection"],
  ] as const) {
    serveAction(
      app,
      action,
      async (ctx, { body }) => {
        const a = await ctx.scope.transaction(async (scope) => {
          const found = await requireAdmission(scope, body.id);
          requireStatus(found, kind === "approval" ? ["approved", "enrolled"] : ["rejected"], `the ${kind} letter`);
          return found;
        });
        const letters = await sendLetter(ctx.scope, messenger, a, kind, body.channels);
        const failed = letters.every((l) => l.status === "failed");
        return { message: failed ? "The letter could not be sent" : `The ${kind} letter was sent`, letters };
      },
      { transaction: false, sample: async (scope) => ({ body: { id: await sampleId(scope) } }) },
    );
  }

  serveAction(
    app,
    enrolAdmission,
    async (ctx, { body }) => {
      const out = await enrolApplicant(ctx, body);
      return {
        message: `Student enrolled in ${out.classroom}${out.parentCreated ? "; a parent account was made" : ""}`,
        studentId: out.studentId,
        enrolmentId: out.enrolmentId,
        parentUserId: out.parentUserId,
        parentCreated: out.parentCreated,
      };
    },
    // Another school's classroom id would do as well: the application is looked up first.
    { sample: async (scope) => ({ body: { id: await sampleId(scope), classroomId: 1 } }) },
  );
}
