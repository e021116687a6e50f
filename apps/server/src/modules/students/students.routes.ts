import { RowId, StudentRow, studentResource } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict, notFound } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { hafizCountOfStudent, whole } from "../academics/academics.service.js";
import { alumnusOfStudent } from "../alumni/alumni.service.js";
import { checkStudentCustomFields } from "../custom-fields/custom-fields.service.js";
import { activeStudentIds, enrolmentCount } from "../enrolments/enrolments.service.js";
import { registerStudentGroupRoutes } from "./student-groups.routes.js";
import { assertAdmissionNoFree, guardianScope, presentStudents, setGuardians, studentMobile } from "./students.service.js";
import { studentGroupMembers, students } from "./students.table.js";

export function registerStudentsModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  serveResource(app, db, studentResource, students, {
    scope: (ctx) => guardianScope(ctx, students.id),
    filters: {
      classroomId: (v, ctx) => inArray(students.id, activeStudentIds(ctx.scope, { classroomId: whole("classroomId", v) })),
      batchId: (v, ctx) => inArray(students.id, activeStudentIds(ctx.scope, { batchId: whole("batchId", v) })),
      courseId: (v, ctx) => inArray(students.id, activeStudentIds(ctx.scope, { courseId: whole("courseId", v) })),
      groupId: (v, ctx) =>
        inArray(
          students.id,
          ctx.scope.db
            .select({ id: studentGroupMembers.studentId })
            .from(studentGroupMembers)
            .where(and(eq(studentGroupMembers.tenantId, ctx.scope.tenantId), eq(studentGroupMembers.groupId, whole("groupId", v)))),
        ),
    },
    present: (ctx, rows) => presentStudents(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await assertAdmissionNoFree(ctx.scope, input.admissionNo);
      const { country } = await tenantOf(ctx.scope);
      const { guardians: _g, ...values } = input;
      return { ...values, mobile: studentMobile(input.mobile, country), customFields: await checkStudentCustomFields(ctx.scope, input.customFields) };
    },
    afterCreate: async (ctx, row, input) => {
      if (input.guardians) await setGuardians(ctx.scope, row.id, input.guardians);
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, guardians: _g, ...values } = input;
      if (values.admissionNo !== undefined) await assertAdmissionNoFree(ctx.scope, values.admissionNo, existing.id);
      if (values.mobile) values.mobile = studentMobile(values.mobile, (await tenantOf(ctx.scope)).country);
      if (values.customFields) values.customFields = await checkStudentCustomFields(ctx.scope, values.customFields);
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.guardians) await setGuardians(ctx.scope, row.id, input.guardians);
    },
    beforeDelete: async (ctx, existing) => {
      const [enrolled, hafiz, alumnus] = await Promise.all([
        enrolmentCount(ctx.scope, { studentId: existing.id }),
        hafizCountOfStudent(ctx.scope, existing.id),
        alumnusOfStudent(ctx.scope, existing.id),
      ]);
      if (enrolled || hafiz || alumnus) {
        throw conflict(
          "student.has_history",
          `${existing.name} has ${enrolled} enrolment(s)${hafiz ? " and memorisation records" : ""}${alumnus ? " and an alumni record" : ""}. Mark the student as left instead of deleting.`,
          { enrolments: enrolled, hafiz, alumni: alumnus ? 1 : 0 },
        );
      }
    },
    sample: async () => ({
      admissionNo: `S-${Math.random().toString(36).slice(2, 10)}`,
      name: "Sample Student",
      nameNative: "طالب",
      status: "active" as const,
      customFields: {},
    }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/admin/api/student/:id", {
    config: { permission: ["students", "view"] },
    schema: {
      tags: ["students"],
      summary: "One student with their guardians (a parent reaches only their own children)",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), data: StudentRow }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const [row] = await db
        .select()
        .from(students)
        .where(ctx.scope.where(students, eq(students.id, req.params.id), guardianScope(ctx, students.id)))
        .limit(1);
      if (!row) throw notFound("Student");
      const [data] = await presentStudents(ctx.scope, [row]);
      return { message: "Student fetched successfully", data: data! };
    },
  });

  registerStudentGroupRoutes(app, services);
}
