import { getStudent, nextAdmissionNo, studentResource } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { notFound } from "../../platform/http/errors.js";
import { whole } from "../../platform/resources/list-filters.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { activeStudentIds } from "../academics/enrolments.service.js";
import { checkStudentCustomFields } from "../settings/custom-fields.service.js";
import { registerAlumni } from "./alumni.routes.js";
import { linkGuardians, parentAccount } from "./guardian-accounts.service.js";
import { registerStudentGroupRoutes } from "./student-groups.routes.js";
import { registerStudentImport } from "./student-import.routes.js";
import { nextAdmissionNumber, presentStudents, setGuardians, studentMobile } from "./students.service.js";
import { studentGroupMembers, students } from "./students.table.js";

/**
 * Students. The admission number is unique (its index refuses a repeat); a student with history
 * elsewhere (enrolments, memorisation, an alumni record: those modules' declared references)
 * cannot be deleted, only marked left.
 */
export function registerStudentsModule(app: FastifyInstance, _services: Services) {
  registerAlumni(app);
  serveResource(app, studentResource, students, {
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
      const { country } = await tenantOf(ctx.scope);
      const { guardians: _g, guardianName: _n, guardianMobile: _m, guardianRelation: _r, ...values } = input;
      return { ...values, mobile: studentMobile(input.mobile, country), customFields: await checkStudentCustomFields(ctx.scope, input.customFields) };
    },
    afterCreate: async (ctx, row, input) => {
      if (input.guardians.length) await setGuardians(ctx.scope, row.id, input.guardians);
      // The guardian typed with the student: their account, made or found by mobile, in this same transaction.
      if (input.guardianName && input.guardianMobile) {
        const { country } = await tenantOf(ctx.scope);
        const parent = await parentAccount(ctx.scope, country, { name: input.guardianName, mobile: input.guardianMobile }, "guardianMobile");
        await linkGuardians(ctx.scope, [{ userId: parent.id, studentId: row.id, relation: input.guardianRelation ?? "guardian" }]);
      }
    },
    beforeUpdate: async (ctx, _existing, input) => {
      const { id: _id, guardians: _g, ...values } = input;
      if (values.mobile) values.mobile = studentMobile(values.mobile, (await tenantOf(ctx.scope)).country);
      if (values.customFields) values.customFields = await checkStudentCustomFields(ctx.scope, values.customFields);
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.guardians) await setGuardians(ctx.scope, row.id, input.guardians);
    },
    inUse: { code: "student.has_history", advice: "Mark the student as left instead of deleting." },
    sample: async () => ({
      admissionNo: `S-${Math.random().toString(36).slice(2, 10)}`,
      name: "Sample Student",
      nameNative: "طالب",
      status: "active" as const,
      customFields: {},
      guardians: [],
    }),
  });

  serveAction(app, getStudent, async (ctx, { params }) => {
    const [row] = await ctx.scope.db
      .select()
      .from(students)
      .where(ctx.scope.where(students, eq(students.id, params.id)))
      .limit(1);
    if (!row) throw notFound("Student");
    const [data] = await presentStudents(ctx.scope, [row]);
    return { message: "Student fetched successfully", data: data! };
  });

  serveAction(app, nextAdmissionNo, async (ctx) => ({ message: "Next admission number", admissionNo: await nextAdmissionNumber(ctx.scope) }));

  registerStudentGroupRoutes(app);
  registerStudentImport(app);
}
