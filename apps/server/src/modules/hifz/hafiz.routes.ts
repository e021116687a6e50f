import { bulkUpdateHafiz, createHafizRecords, hafizResource } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleCourse } from "../academics/academic-samples.service.js";
import { requireCourse } from "../academics/academics.service.js";
import { activeEnrolmentsOfCourse } from "../academics/enrolments.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { checkHafizRefs, presentHafiz } from "./hafiz.service.js";
import { hafiz } from "./hafiz.table.js";

export const sampleHafiz = async (scope: TenantScope) => scope.insert(hafiz, { studentId: (await sampleStudent(scope)).id });

/**
 * Hafiz students: one record per student in the programme (its teacher, halqa, mushaf layout,
 * direction and targets); several changed at once; a course's students brought in at once.
 */
export function registerHafiz(app: FastifyInstance) {
  serveResource(app, hafizResource, hafiz, {
    present: (ctx, rows) => presentHafiz(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await requireStudent(ctx.scope, input.studentId);
      await checkHafizRefs(ctx.scope, input);
      return { ...input, startedOn: input.startedOn ?? (await schoolToday(ctx.scope)) };
    },
    beforeUpdate: async (ctx, _existing, input) => {
      await checkHafizRefs(ctx.scope, input);
      return input;
    },
    sample: async (scope) => ({
      studentId: (await sampleStudent(scope)).id,
      layoutName: "madani-604",
      direction: "backward" as const,
      targetUnit: "lines" as const,
      dailyTarget: 5,
      manzilCycleDays: 30,
      target: "quran" as const,
      status: "active" as const,
    }),
  });

  serveAction(
    app,
    bulkUpdateHafiz,
    async (ctx, { body }) => {
      const ids = [...new Set(body.ids)];
      await checkHafizRefs(ctx.scope, body.changes);
      const changed = await ctx.scope.db
        .update(hafiz)
        .set({ ...body.changes, updatedAt: new Date() })
        .where(ctx.scope.where(hafiz, inArray(hafiz.id, ids)))
        .returning({ id: hafiz.id });
      // All or nothing: one id of another school (or none at all) undoes the lot.
      if (changed.length !== ids.length) throw notFound("Hafiz");
      await ctx.audit({ action: "update", entity: "hafiz", entityId: ids[0]!, details: { ids, changes: body.changes } });
      return { message: `${changed.length} hafiz student(s) updated`, count: changed.length };
    },
    { sample: async (scope) => ({ body: { ids: [(await sampleHafiz(scope)).id], changes: { dailyTarget: 7 } } }) },
  );

  serveAction(
    app,
    createHafizRecords,
    async (ctx, { params, body: b }) => {
      const { scope } = ctx;
      const course = await requireCourse(scope, params.id);
      await checkHafizRefs(scope, b);
      const studentIds = [...new Set((await activeEnrolmentsOfCourse(scope, course.id)).map((e) => e.studentId))];
      const startedOn = b.startedOn ?? (await schoolToday(scope));
      const juz =
        b.target === "juz_range" ? { fromJuz: Math.min(b.fromJuz!, b.toJuz!), toJuz: Math.max(b.fromJuz!, b.toJuz!) } : { fromJuz: null, toJuz: null };
      const made = studentIds.length
        ? await scope.db
            .insert(hafiz)
            .values(
              studentIds.map((studentId) => ({
                tenantId: scope.tenantId,
                studentId,
                courseId: course.id,
                startedOn,
                target: b.target,
                teacherId: b.teacherId ?? null,
                recitationGroupId: b.recitationGroupId ?? null,
                ...juz,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: hafiz.id })
        : [];
      await ctx.audit({ action: "create", entity: "hafiz", entityId: course.id, details: { created: made.length } });
      return { message: `${made.length} memorisation record(s) created`, created: made.length, existing: studentIds.length - made.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleCourse(scope)).id }, body: { target: "quran" as const } }) },
  );
}
