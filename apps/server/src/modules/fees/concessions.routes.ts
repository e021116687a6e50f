import { concessionResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, requireBatch } from "../academics/academics.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { groupNames, requireStudent, requireStudentGroup, studentNames } from "../students/students.service.js";
import { type FeeConcessionRecord, feeConcessions } from "./fees.table.js";

async function presentConcessions(scope: TenantScope, rows: FeeConcessionRecord[]) {
  const [b, g, s] = await Promise.all([
    batchNames(
      scope,
      rows.map((r) => r.batchId),
    ),
    groupNames(
      scope,
      rows.map((r) => r.groupId),
    ),
    studentNames(
      scope,
      rows.map((r) => r.studentId),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    targetName: (r.level === "batch" ? b.get(r.batchId ?? 0) : r.level === "group" ? g.get(r.groupId ?? 0) : s.get(r.studentId ?? 0)) ?? "",
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Keeps only the target of the concession's level, and checks it is this school's. */
async function target(scope: TenantScope, input: { level?: string; batchId?: number | null; groupId?: number | null; studentId?: number | null }) {
  if (input.level === "batch" && input.batchId) await requireBatch(scope, input.batchId);
  if (input.level === "group" && input.groupId) await requireStudentGroup(scope, input.groupId);
  if (input.level === "student" && input.studentId) await requireStudent(scope, input.studentId);
  return {
    batchId: input.level === "batch" ? input.batchId : null,
    groupId: input.level === "group" ? input.groupId : null,
    studentId: input.level === "student" ? input.studentId : null,
  };
}

/**
 * Concessions for a batch, a group or one student. They reach dues when dues are made or
 * updated (generate-payments, update-payments, a due added or changed), never a due with money on it.
 */
export function registerConcessions(app: FastifyInstance) {
  serveResource(app, concessionResource, feeConcessions, {
    present: (ctx, rows) => presentConcessions(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const { targetName: _t, ...values } = input as typeof input & { targetName?: string };
      return { ...values, ...(await target(ctx.scope, input)), value: input.kind === "waiver" ? 0 : (input.value ?? 0) };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const level = values.level ?? existing.level;
      const merged = {
        level,
        batchId: values.batchId ?? existing.batchId,
        groupId: values.groupId ?? existing.groupId,
        studentId: values.studentId ?? existing.studentId,
      };
      return { ...values, ...(await target(ctx.scope, merged)) };
    },
    inUse: { code: "fee_concession.in_use", advice: "Dues carry it on their ledger; set it inactive instead." },
    sample: async (scope) => {
      const student = await sampleStudent(scope);
      return {
        name: `Sibling ${sampleTag()}`,
        level: "student" as const,
        studentId: student.id,
        kind: "percent" as const,
        value: 1000,
        heads: null,
        priority: 0,
        reason: "Second child",
        fundSource: "sibling" as const,
        validFrom: "2026-04-01",
        validTo: "2027-03-31",
        status: "active" as const,
      };
    },
  });
}
