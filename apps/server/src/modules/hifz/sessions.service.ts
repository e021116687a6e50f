import type { HifzSessionRow, SittingAttendance } from "@taleem/contract";
import { asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers, userNames } from "../academics/classrooms.service.js";
import { hafiz } from "./hafiz.table.js";
import { hifzLogs } from "./logs.table.js";
import { groupNames, memberCounts } from "./recitation.service.js";
import { recitationGroups } from "./recitation.table.js";
import { type HifzSessionRecord, hifzSessionStudents, hifzSessions } from "./sessions.table.js";

/** Sittings as replies: group and teacher names, who is seated, how many logs. */
export async function presentSessions(scope: TenantScope, rows: HifzSessionRecord[]): Promise<HifzSessionRow[]> {
  const ids = rows.map((r) => r.id);
  const [groups, teachers, seats, logs] = await Promise.all([
    groupNames(
      scope,
      rows.map((r) => r.recitationGroupId),
    ),
    userNames(
      scope,
      rows.map((r) => r.teacherId),
    ),
    ids.length
      ? scope.db
          .select({ sessionId: hifzSessionStudents.sessionId, hafizId: hifzSessionStudents.hafizId })
          .from(hifzSessionStudents)
          .where(scope.where(hifzSessionStudents, inArray(hifzSessionStudents.sessionId, ids)))
      : [],
    ids.length
      ? scope.db
          .select({ sessionId: hifzLogs.sessionId, n: count() })
          .from(hifzLogs)
          .where(scope.where(hifzLogs, inArray(hifzLogs.sessionId, ids)))
          .groupBy(hifzLogs.sessionId)
      : [],
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    recitationGroupName: r.recitationGroupId ? (groups.get(r.recitationGroupId) ?? null) : null,
    teacherName: r.teacherId ? (teachers.get(r.teacherId) ?? null) : null,
    hafizIds: seats
      .filter((s) => s.sessionId === r.id)
      .map((s) => s.hafizId)
      .sort((a, b) => a - b),
    logCount: logs.find((l) => l.sessionId === r.id)?.n ?? 0,
  }));
}

export async function checkSessionRefs(scope: TenantScope, b: { teacherId?: number | null; recitationGroupId?: number | null }, path = "") {
  await requireTeachers(scope, [b.teacherId], `${path}teacherId`);
  if (b.recitationGroupId && !(await scope.findOptional(recitationGroups, b.recitationGroupId)))
    throw badRequest("hifz.unknown_group", "There is no such recitation group.", { field: `${path}recitationGroupId` });
}

/** Seats hafiz in a sitting (another school's hafiz: 404); a seat already taken keeps its attendance unless one is given. */
export async function seat(scope: TenantScope, sessionId: number, hafizIds: number[], attendance?: SittingAttendance) {
  const unique = [...new Set(hafizIds)];
  if (!unique.length) return;
  const found = await scope.db
    .select({ id: hafiz.id })
    .from(hafiz)
    .where(scope.where(hafiz, inArray(hafiz.id, unique)));
  if (found.length !== unique.length) throw notFound("Hafiz");
  const insert = scope.db
    .insert(hifzSessionStudents)
    .values(unique.map((hafizId) => ({ tenantId: scope.tenantId, sessionId, hafizId, attendance: attendance ?? "present" })));
  await (attendance
    ? insert.onConflictDoUpdate({
        target: [hifzSessionStudents.tenantId, hifzSessionStudents.sessionId, hifzSessionStudents.hafizId],
        set: { attendance: sql`excluded.attendance`, updatedAt: new Date() },
      })
    : insert.onConflictDoNothing());
}

/** The active members of a group, to seat in its sittings. */
export async function groupMembers(scope: TenantScope, groupId: number | null | undefined): Promise<number[]> {
  if (!groupId) return [];
  const rows = await scope.db
    .select({ id: hafiz.id })
    .from(hafiz)
    .where(scope.where(hafiz, eq(hafiz.recitationGroupId, groupId), eq(hafiz.status, "active")));
  return rows.map((r) => r.id);
}

export const requireSession = (scope: TenantScope, id: number) => scope.find(hifzSessions, id, "Sitting");

/** The sittings a teacher leads from..to, as replies (group, seats, how many logs), in date and time order. */
export async function sittingsLedBy(scope: TenantScope, teacherId: number, from: string, to: string): Promise<HifzSessionRow[]> {
  const rows = await scope.db
    .select()
    .from(hifzSessions)
    .where(scope.where(hifzSessions, eq(hifzSessions.teacherId, teacherId), gte(hifzSessions.date, from), lte(hifzSessions.date, to)))
    .orderBy(asc(hifzSessions.date), asc(hifzSessions.startTime), asc(hifzSessions.id));
  return rows.length ? presentSessions(scope, rows) : [];
}

/** The active halqas (recitation groups) a teacher leads, with their active members counted. */
export async function groupsLedBy(scope: TenantScope, teacherId: number) {
  const rows = await scope.db
    .select({ id: recitationGroups.id, name: recitationGroups.name })
    .from(recitationGroups)
    .where(scope.where(recitationGroups, eq(recitationGroups.teacherId, teacherId), eq(recitationGroups.status, "active")))
    .orderBy(asc(recitationGroups.name));
  const members = await memberCounts(
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ groupId: r.id, name: r.name, members: members.get(r.id) ?? 0 }));
}
