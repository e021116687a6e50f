import { asc, count, eq, inArray, notInArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent, sampleStudentGroup } from "./student-samples.service.js";
import { presentBrief, requireStudents } from "./students.service.js";
import { studentGroupMembers, studentGroups, students } from "./students.table.js";

type GroupRecord = typeof studentGroups.$inferSelect;

/** Groups with their member counts. */
export async function presentGroups(scope: TenantScope, rows: GroupRecord[]) {
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
export async function sampleMembers(scope: TenantScope) {
  const [group, student] = await Promise.all([sampleStudentGroup(scope), sampleStudent(scope)]);
  return { id: group.id, studentIds: [student.id] };
}

/** A group's students, by name (404 for a group not of the school). */
export async function groupStudents(scope: TenantScope, groupId: number) {
  await scope.find(studentGroups, groupId, "Student group");
  const rows = await scope.db
    .select({ s: students })
    .from(studentGroupMembers)
    .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
    .where(scope.where(studentGroupMembers, eq(students.tenantId, studentGroupMembers.tenantId), eq(studentGroupMembers.groupId, groupId)))
    .orderBy(asc(students.name), asc(students.id));
  return rows.map((x) => presentBrief(x.s));
}

/**
 * Puts students in a group; with `replace`, the group becomes exactly those students.
 * Answers how many joined, how many left and how many the group now has.
 */
export async function updateGroupMembers(ctx: Pick<RequestContext, "scope" | "audit">, change: { id: number; studentIds: number[]; replace?: boolean }) {
  const { id, studentIds, replace } = change;
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
        scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id), wanted.length ? notInArray(studentGroupMembers.studentId, wanted) : undefined),
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
  return { added, removed, count: replace ? wanted.length : before.size + added };
}

/** Takes students out of a group; answers how many were in it. */
export async function removeGroupMembers(ctx: Pick<RequestContext, "scope" | "audit">, id: number, studentIds: number[]) {
  await ctx.scope.find(studentGroups, id, "Student group");
  const gone = await ctx.scope.db
    .delete(studentGroupMembers)
    .where(ctx.scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, id), inArray(studentGroupMembers.studentId, studentIds)))
    .returning({ id: studentGroupMembers.id });
  await ctx.audit({ action: "update", entity: "student_groups", entityId: id, details: { removed: studentIds } });
  return gone.length;
}
