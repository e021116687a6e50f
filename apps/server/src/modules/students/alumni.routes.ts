import { alumniResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { alumni } from "./alumni.table.js";
import { requireStudent, setStudentStatus, studentMobile, studentsByIds } from "./students.service.js";

/**
 * Former students. An alumni record made from a student takes their name and marks them alumni;
 * one record per student.
 */
export function registerAlumni(app: FastifyInstance) {
  // One record per student: the unique index refuses a second (alumni.exists).
  async function linkStudent(scope: TenantScope, studentId: number) {
    const student = await requireStudent(scope, studentId);
    await setStudentStatus(scope, [studentId], "alumni");
    return student;
  }

  serveResource(app, alumniResource, alumni, {
    // A linked-only role sees its own children's records, and none made from a name alone.
    present: async (ctx, rows) => {
      const people = await studentsByIds(
        ctx.scope,
        rows.flatMap((r) => r.studentId ?? []),
      );
      return rows.map((a) => ({ ...a, admissionNo: people.find((p) => p.id === a.studentId)?.admissionNo ?? null }));
    },
    beforeCreate: async (ctx, input) => {
      const student = input.studentId ? await linkStudent(ctx.scope, input.studentId) : undefined;
      const { country } = await tenantOf(ctx.scope);
      return {
        ...input,
        name: input.name ?? student!.name,
        nameNative: input.nameNative ?? student?.nameNative ?? null,
        mobile: studentMobile(input.mobile ?? student?.mobile, country) ?? null,
        email: input.email ?? student?.email ?? null,
        address: input.address ?? student?.address ?? null,
      };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      if (values.studentId && values.studentId !== existing.studentId) await linkStudent(ctx.scope, values.studentId);
      if (values.mobile) values.mobile = studentMobile(values.mobile, (await tenantOf(ctx.scope)).country);
      return values;
    },
    sample: async () => ({ name: "Sample Alumnus", yearOfLeaving: 2020, destination: "Jamia Nooriya" }),
  });
}
