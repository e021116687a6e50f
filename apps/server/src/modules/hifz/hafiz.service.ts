import type { HafizRow } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers, userNames } from "../academics/classrooms.service.js";
import { studentsByIds } from "../students/students.service.js";
import { type HafizRecord, hafiz } from "./hafiz.table.js";
import { layouts } from "./quran.service.js";
import { groupNames } from "./recitation.service.js";
import { recitationGroups } from "./recitation.table.js";

/** Hafiz rows as replies: the student's name and number, the teacher's and the group's names. */
export async function presentHafiz(scope: TenantScope, rows: HafizRecord[]): Promise<HafizRow[]> {
  const [kids, teachers, groups] = await Promise.all([
    studentsByIds(
      scope,
      rows.map((r) => r.studentId),
    ),
    userNames(
      scope,
      rows.map((r) => r.teacherId),
    ),
    groupNames(
      scope,
      rows.map((r) => r.recitationGroupId),
    ),
  ]);
  const byId = new Map(kids.map((k) => [k.id, k]));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    studentName: byId.get(r.studentId)?.name ?? "",
    admissionNo: byId.get(r.studentId)?.admissionNo ?? "",
    teacherName: r.teacherId ? (teachers.get(r.teacherId) ?? null) : null,
    recitationGroupName: r.recitationGroupId ? (groups.get(r.recitationGroupId) ?? null) : null,
  }));
}

/** A hafiz the caller may reach (a parent: their own child's); another school's is a 404. */
export async function requireHafiz(ctx: Pick<RequestContext, "scope" | "principal">, id: number): Promise<HafizRecord> {
  const [row] = await ctx.scope.db
    .select()
    .from(hafiz)
    .where(ctx.scope.where(hafiz, eq(hafiz.id, id)));
  if (!row) throw notFound("Hafiz");
  return row;
}

/** The hafiz record of a student the caller may reach. */
export async function hafizOfStudent(ctx: Pick<RequestContext, "scope" | "principal">, studentId: number): Promise<HafizRecord> {
  const [row] = await ctx.scope.db
    .select()
    .from(hafiz)
    .where(ctx.scope.where(hafiz, and(eq(hafiz.studentId, studentId))));
  if (!row) throw notFound("Hafiz");
  return row;
}

/** Teacher, group and layout named by a hafiz body, checked (400 naming the field). */
export async function checkHafizRefs(scope: TenantScope, b: { teacherId?: number | null; recitationGroupId?: number | null; layoutName?: string }) {
  await requireTeachers(scope, [b.teacherId], "teacherId");
  if (b.recitationGroupId && !(await scope.findOptional(recitationGroups, b.recitationGroupId)))
    throw badRequest("hifz.unknown_group", "There is no such recitation group.", { field: "recitationGroupId" });
  if (b.layoutName !== undefined && !(await layouts(scope)).some((l) => l.layoutName === b.layoutName))
    throw badRequest("hifz.unknown_layout", `There is no layout named ${b.layoutName}.`, { field: "layoutName", layoutName: b.layoutName });
}
