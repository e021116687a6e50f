import { AdmissionDecision, AdmissionEnrol, AdmissionEnrolReply, AdmissionLetter, AdmissionReject, DecisionReply, LetterReply } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { contextOf, type RequestContext } from "../../platform/resources/resource-context.js";
import type { Services } from "../../platform/services.js";
import { enrolAdmission } from "./admission-enrol.service.js";
import { type LetterResult, sendLetter } from "./admission-letters.service.js";
import { presentAdmissions, refuseIfEnrolled, requireAdmission, requireStatus } from "./admissions.service.js";
import { admissions } from "./admissions.table.js";

type Decision = z.infer<typeof AdmissionDecision>;

const LETTERS_NOTE =
  "Letters come from the school's document templates (purpose admission.approval or admission.rejection) in the guardian's language, else the school's, else English. " +
  "Channels left out: e-mail when the guardian gave one, and WhatsApp when the provider is configured, else SMS; without a provider they wait in the outbox.";

/** Decisions on applications, their letters, and enrolment. */
export function registerAdmissionActions(app: FastifyInstance, { db, messenger }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["admissions"];

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
      await recordChange(scope.db, {
        tenantId: scope.tenantId,
        userId: ctx.principal.userId,
        action: input.status === "approved" ? "approve" : "reject",
        entity: "admissions",
        entityId: a.id,
        before: a,
        after: updated,
        ip: ctx.ip,
      });
      return updated;
    });
    // Letters go after the decision is stored: a failing gateway never undoes a decision.
    const letters: LetterResult[] = input.notify
      ? await sendLetter(ctx.scope, messenger, row, input.status === "approved" ? "approval" : "rejection", input.channels)
      : [];
    const [data] = await presentAdmissions(ctx.scope, [await requireAdmission(ctx.scope, row.id)]);
    return { data: data!, letters };
  }

  r.post("/admin/api/admission/approve", {
    config: { permission: ["admissions", "approve"] },
    schema: {
      tags,
      summary: "Approve an application (status rejected rejects it), and send the letter unless notify is false",
      description: LETTERS_NOTE,
      body: AdmissionDecision,
      response: { 200: DecisionReply },
    },
    handler: async (req) => {
      const out = await decide(contextOf(req, db), req.body);
      return { message: req.body.status === "approved" ? "Admission approved successfully" : "Admission rejected successfully", ...out };
    },
  });

  r.post("/admin/api/admission/reject", {
    config: { permission: ["admissions", "approve"] },
    schema: {
      tags,
      summary: "Reject an application with an optional reason ({{reason}} in the letter), and send the letter unless notify is false",
      description: LETTERS_NOTE,
      body: AdmissionReject,
      response: { 200: DecisionReply },
    },
    handler: async (req) => {
      const out = await decide(contextOf(req, db), { ...req.body, status: "rejected" });
      return { message: "Admission rejected successfully", ...out };
    },
  });

  for (const kind of ["approval", "rejection"] as const) {
    r.post(`/admin/api/admission/send-${kind}-letter`, {
      config: { permission: ["admissions", "approve"] },
      schema: {
        tags,
        summary: `Send the ${kind} letter again (the application must be ${kind === "approval" ? "approved or enrolled" : "rejected"})`,
        description: LETTERS_NOTE,
        body: AdmissionLetter,
        response: { 200: LetterReply },
      },
      handler: async (req) => {
        const ctx = contextOf(req, db);
        const a = await requireAdmission(ctx.scope, req.body.id);
        requireStatus(a, kind === "approval" ? ["approved", "enrolled"] : ["rejected"], `the ${kind} letter`);
        const letters = await sendLetter(ctx.scope, messenger, a, kind, req.body.channels);
        const failed = letters.every((l) => l.status === "failed");
        return { message: failed ? "The letter could not be sent" : `The ${kind} letter was sent`, letters };
      },
    });
  }

  r.post("/admin/api/admission/enrollstudent", {
    config: { permission: ["admissions", "approve"] },
    schema: {
      tags,
      summary: "Enrol an approved applicant: the student, the parent's account (linked or made) and the enrolment, in one transaction",
      description:
        "The guardian's mobile number finds the school's user (given a Parent profile if they lack one) or makes one with no password: " +
        "they sign in the first time with a one-time code and then set a password. The student's admission number is admissionNo, else the application number.",
      body: AdmissionEnrol,
      response: { 200: AdmissionEnrolReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const out = await ctx.scope.transaction((scope) => enrolAdmission(ctx, scope, req.body));
      return {
        message: `Student enrolled in ${out.classroom}${out.parentCreated ? "; a parent account was made" : ""}`,
        studentId: out.studentId,
        enrolmentId: out.enrolmentId,
        parentUserId: out.parentUserId,
        parentCreated: out.parentCreated,
      };
    },
  });
}
