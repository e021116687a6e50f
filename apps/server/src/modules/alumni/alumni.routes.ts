import { type AlumnusRow, alumniResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireStudent, setStudentStatus, studentMobile, studentsByIds } from "../students/students.service.js";
import { alumnusOfStudent } from "./alumni.service.js";
import { type AlumnusRecord, alumni } from "./alumni.table.js";

async function presentAlumni(scope: TenantScope, rows: AlumnusRecord[]): Promise<AlumnusRow[]> {
  const people = await studentsByIds(
    scope,
    rows.map((r) => r.studentId).filter((id): id is number => id !== null),
  );
  return rows.map((a) => ({
    id: a.id,
    studentId: a.studentId,
    admissionNo: people.find((p) => p.id === a.studentId)?.admissionNo ?? null,
    name: a.name,
    nameNative: a.nameNative,
    yearOfLeaving: a.yearOfLeaving,
    leftOn: a.leftOn,
    destination: a.destination,
    occupation: a.occupation,
    mobile: a.mobile,
    email: a.email,
    address: a.address,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
  }));
}

/**
 * Former students. An alumni record made from a student takes their name and marks them alumni;
 * one record per student.
 */
export function registerAlumniModule(app: FastifyInstance, { db }: Services) {
  async function linkStudent(scope: TenantScope, studentId: number, exceptId?: number) {
    const student = await requireStudent(scope, studentId);
    const existing = await alumnusOfStudent(scope, studentId);
    if (existing && existing.id !== exceptId) throw conflict("alumni.exists", `${student.name} already has an alumni record.`, { field: "studentId" });
    await setStudentStatus(scope, [studentId], "alumni");
    return student;
  }

  serveResource(app, db, alumniResource, alumni, {
    present: (ctx, rows) => presentAlumni(ctx.scope, rows),
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
      if (values.studentId && values.studentId !== existing.studentId) await linkStudent(ctx.scope, values.studentId, existing.id);
      if (values.mobile) values.mobile = studentMobile(values.mobile, (await tenantOf(ctx.scope)).country);
      return values;
    },
    sample: async () => ({ name: "Sample Alumnus", yearOfLeaving: 2020, destination: "Jamia Nooriya" }),
  });
}
