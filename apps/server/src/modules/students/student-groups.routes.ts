import { bulkUpdateStudentGroup, studentGroupMembers as groupMembersAction, removeFromStudentGroup, studentGroupResource } from "@taleem/contract";
import { asc, count, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent, sampleStudentGroup } from "./student-samples.service.js";
import { presentBrief, requireStudents } from "./students.service.js";
import { studentGroupMembers, studentGroups, students } from "./students.table.js";

type GroupRecord = typeof studentGroups.$inferSelect;

/** Groups with their member counts. */
async function presentGroups(scope: TenantScope, rows: GroupRecord[]) {
  if (!rows.length) return [];
  const counts = await scope.db
    .select({ groupId: studentGroupMembers.groupId, n: count() })
    .from(studentGroupMembers)
    .where(
      scope.where(
        studentGroupMembers,
        inArray(
          studentGroupMembers.groupId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(studentGroupMembers.groupId);
  return rows.map((g) => ({ ...g, studentCount: counts.find((c) => c.groupId === g.id)?.n ?? 0 }));
}

/** A group and a student of the school to put in it, for the isolation suite. */
async function sampleMembers(scope: TenantScope) {
  const [group, student] = await Promise.all([sampleStudentGroup(scope), sampleStudent(scope)]);
  return { id: group.id, studentIds: [student.id] };
}

/** Student groups: a named set of students (a Quran circle, a bus route, a tuition batch). */
export function registerStudentGroupRoutes(app: FastifyInstance) {
  serveResource(app, studentGroupResource, studentGroups, {
    present: (ctx, rows) => presentGroups(ctx.scope, rows),
    sample: async () => ({ name: `Group ${Math.random().toString(36).slice(2, 8)}`, status: "active" as const }),
  });

  serveAction(app, groupMembersAction, async (ctx, { params }) => {
    await ctx.scope.find(studentGroups, params.id, "Student group");
    const rows = await ctx.scope.db
      .select({ s: students })
      .from(studentGroupMembers)
      .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
      .where(ctx.scope.where(studentGroupMembers, eq(students.tenantId, studentGroupMembers.tenantId), eq(studentGroupMembers.groupId, params.id)))
      .orderBy(asc(students.name), asc(students.id));
    return { message: "Group students fetched successfully", rows: rows.map((x) => presentBrief(x.s)), count: rows.length };
  });

  serveAction(
    app,
    bulkUpdateStudentGroup,
    async (ctx, { body }) => {
      const { id, studentIds, replace } = body;
      const { scope } = ctx;
      await scope.find(studentGroups, id, "Student group");
      await requireStudents(scope, studentIds);
      const wanted = [...new Set(studentIds)];
      const before = new Set(
        (
          await scope.db
            .select({ studentId: studentGroupMembers.studentId })
            .from(studentGroupMembers)
            .where(scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id)))
        ).map((m) => m.studentId),
      );
      if (replace) {
        await scope.db
          .delete(studentGroupMembers)
          .where(
            scope.where(
              studentGroupMembers,
              eq(studentGroupMembers.groupId, id),
              wanted.length ? notInArray(studentGroupMembers.studentId, wanted) : undefined,
            ),
          );
      }
      if (wanted.length) {
        await scope.db
          .insert(studentGroupMembers)
          .values(wanted.map((studentId) => ({ tenantId: scope.tenantId, groupId: id, studentId })))
          .onConflictDoNothing();
      }
      const added = wanted.filter((s) => !before.has(s)).length;
      const removed = replace ? [...before].filter((s) => !wanted.includes(s)).length : 0;
      await ctx.audit({ action: "update", entity: "student_groups", entityId: id, details: { studentIds, replace } });
      return { message: "Group updated successfully", added, removed, count: replace ? wanted.length : before.size + added };
    },
    { sample: async (scope) => ({ body: { ...(await sampleMembers(scope)), replace: false } }) },
  );

  serveAction(
    app,
    removeFromStudentGroup,
    async (ctx, { body }) => {
      const { id, studentIds } = body;
      await ctx.scope.find(studentGroups, id, "Student group");
      const gone = await ctx.scope.db
        .delete(studentGroupMembers)
        .where(ctx.scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id), inArray(studentGroupMembers.studentId, studentIds)))
        .returning({ id: studentGroupMembers.id });
      await ctx.audit({ action: "update", entity: "student_groups", entityId: id, details: { removed: studentIds } });
      return { message: "Students removed from the group", removed: gone.length };
    },
    { sample: async (scope) => ({ body: await sampleMembers(scope) }) },
  );
}
