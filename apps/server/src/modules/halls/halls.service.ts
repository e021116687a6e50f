import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";
import { type HallRecord, hallStudents, halls } from "./halls.table.js";

/** Halls with their warden's name and how many students they hold. */
export async function presentHalls(scope: TenantScope, rows: HallRecord[]) {
  if (!rows.length) return [];
  const [wardens, counts] = await Promise.all([
    scope.namesById(
      users,
      rows.map((r) => r.wardenId),
    ),
    scope.db
      .select({ hallId: hallStudents.hallId, n: count() })
      .from(hallStudents)
      .where(
        scope.where(
          hallStudents,
          inArray(
            hallStudents.hallId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(hallStudents.hallId),
  ]);
  return rows.map((h) => ({
    ...h,
    wardenName: h.wardenId ? (wardens.get(h.wardenId) ?? null) : null,
    studentCount: counts.find((c) => c.hallId === h.id)?.n ?? 0,
  }));
}

/** A hall of the school, locked until the transaction ends: two offices filling it at once are counted one after the other. */
export async function lockHall(scope: TenantScope, id: number): Promise<HallRecord> {
  const [hall] = await scope.db
    .select()
    .from(halls)
    .where(scope.where(halls, eq(halls.id, id)))
    .for("update");
  if (!hall) throw notFound("Hall");
  return hall;
}

/** The students of a hall, by name, with since when they are in it. */
export async function studentsOfHall(scope: TenantScope, hallId: number) {
  const places = await scope.db
    .select()
    .from(hallStudents)
    .where(scope.where(hallStudents, eq(hallStudents.hallId, hallId)));
  const people = await studentsByIds(
    scope,
    places.map((p) => p.studentId),
  );
  const since = new Map(places.map((p) => [p.studentId, p.createdAt.toISOString()]));
  return people.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id).map((s) => ({ ...presentBrief(s), since: since.get(s.id) ?? "" }));
}

export const hallSize = (scope: TenantScope, hallId: number) => scope.count(hallStudents, eq(hallStudents.hallId, hallId));

/** Refuses students of the other gender than a boys' or girls' hall, naming the first. */
export function assertGender(hall: Pick<HallRecord, "name" | "gender">, people: { id: number; name: string; gender: string | null }[], field: string) {
  const wrong = hall.gender ? people.find((p) => p.gender && p.gender !== hall.gender) : undefined;
  if (wrong) {
    throw badRequest("hall.wrong_gender", `${wrong.name} cannot be in ${hall.name}: it is a ${hall.gender} hall.`, {
      field,
      name: wrong.name,
      hall: hall.name,
      gender: hall.gender,
    });
  }
}

/**
 * The people told of a hall's absentees besides its warden: the office, i.e. the active users of an
 * administration-area role that may see halls (teachers of the parent area are not told of every hall).
 */
export async function hallOffice(scope: TenantScope): Promise<number[]> {
  const rows = await scope.db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(
      scope.where(
        users,
        eq(users.status, "active"),
        eq(roles.status, "active"),
        eq(roles.area, "admin"),
        sql`(${roles.permissions} @> '{"halls":["view"]}'::jsonb or ${roles.permissions} @> '{"*":["*"]}'::jsonb)`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
