import type { bulkUpdateHall, hallResource } from "@taleem/contract";
import { and, asc, count, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireTeachers } from "../academics/classrooms.service.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { presentBrief, requireStudent, requireStudents, studentsByIds } from "../students/students.service.js";
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

export const sampleHall = (scope: TenantScope) => scope.insert(halls, { name: `Hall ${sampleTag()}`, kind: "dormitory", capacity: 40 });

/** A hall with one student in it, for the isolation suite. */
export async function sampleMember(scope: TenantScope) {
  const [hall, student] = await Promise.all([sampleHall(scope), sampleStudent(scope)]);
  await scope.insert(hallStudents, { hallId: hall.id, kind: hall.kind, studentId: student.id });
  return { id: hall.id, studentId: student.id };
}

/** Refuses more students than the hall holds, naming the hall and its capacity. */
function assertRoom(hall: Pick<HallRecord, "name" | "capacity">, size: number) {
  if (size > hall.capacity) {
    throw conflict("hall.full", `${hall.name} holds ${hall.capacity} students; this would make it ${size}.`, {
      field: "studentIds",
      hall: hall.name,
      capacity: hall.capacity,
      count: size,
    });
  }
}

/** A new hall, checked: its warden a teacher of the school. */
export async function newHallValues(scope: TenantScope, input: z.infer<typeof hallResource.create>) {
  await requireTeachers(scope, [input.wardenId], "wardenId");
  return input;
}

/** A change to a hall, checked against the students it holds: still room for them, still their gender. */
export async function hallChangeValues(scope: TenantScope, existing: HallRecord, input: z.infer<typeof hallResource.update>) {
  const { id, ...values } = input;
  await requireTeachers(scope, [values.wardenId], "wardenId");
  const hall = { ...existing, ...values };
  if (values.capacity !== undefined) assertRoom(hall, await hallSize(scope, id));
  if (values.gender && values.gender !== existing.gender) {
    const people = await studentsByIds(
      scope,
      (await studentsOfHall(scope, id)).map((s) => s.id),
    );
    assertGender(hall, people, "gender");
  }
  return values;
}

/** A hall as its reply shows it, with its students. */
export async function hallWithStudents(scope: TenantScope, id: number) {
  const hall = await scope.find(halls, id, "Hall");
  const [shown] = await presentHalls(scope, [hall]);
  const rows = await studentsOfHall(scope, hall.id);
  return { hall: shown!, rows };
}

/**
 * Puts students in a hall (with `replace`, only them), moving any from another hall of the same
 * kind; refuses more than the hall holds or a student of another gender. Answers the hall, its
 * size now, and who joined, left and moved from where.
 */
export async function updateHallStudents(ctx: Pick<RequestContext, "scope" | "audit">, body: z.infer<typeof bulkUpdateHall.body>) {
  const { scope } = ctx;
  const hall = await lockHall(scope, body.id);
  const people = await requireStudents(scope, body.studentIds);
  assertGender(hall, people, "studentIds");
  const wanted = people.map((p) => p.id);
  // Where these students are now in a hall of this kind: elsewhere is a move.
  const places = await scope.db
    .select({ studentId: hallStudents.studentId, hallId: hallStudents.hallId })
    .from(hallStudents)
    .where(scope.where(hallStudents, eq(hallStudents.kind, hall.kind), inArray(hallStudents.studentId, wanted)));
  const here = new Set(places.filter((p) => p.hallId === hall.id).map((p) => p.studentId));
  const elsewhere = places.filter((p) => p.hallId !== hall.id);
  const removed = body.replace
    ? await scope.db
        .delete(hallStudents)
        .where(scope.where(hallStudents, eq(hallStudents.hallId, hall.id), notInArray(hallStudents.studentId, wanted)))
        .returning({ id: hallStudents.id })
    : [];
  if (elsewhere.length) {
    await scope.db.delete(hallStudents).where(
      scope.where(
        hallStudents,
        and(
          eq(hallStudents.kind, hall.kind),
          ne(hallStudents.hallId, hall.id),
          inArray(
            hallStudents.studentId,
            elsewhere.map((p) => p.studentId),
          ),
        ),
      ),
    );
  }
  const joining = wanted.filter((s) => !here.has(s));
  await scope.insertMany(
    hallStudents,
    joining.map((studentId) => ({ hallId: hall.id, kind: hall.kind, studentId })),
  );
  const size = await hallSize(scope, hall.id);
  assertRoom(hall, size);
  const from = await scope.namesById(
    halls,
    elsewhere.map((p) => p.hallId),
  );
  const moved = elsewhere.map((p) => ({
    studentId: p.studentId,
    name: people.find((s) => s.id === p.studentId)?.name ?? "",
    fromHallId: p.hallId,
    fromHall: from.get(p.hallId) ?? "",
  }));
  await ctx.audit({ action: "update", entity: "halls", entityId: hall.id, details: { studentIds: wanted, replace: body.replace, moved } });
  return { hall, size, added: joining.length, removed: removed.length, moved };
}

/** Takes a student out of a hall (404 when not in it); answers the student, the hall and its size now. */
export async function removeFromHall(ctx: Pick<RequestContext, "scope" | "audit">, hallId: number, studentId: number) {
  const hall = await lockHall(ctx.scope, hallId);
  const student = await requireStudent(ctx.scope, studentId);
  const gone = await ctx.scope.db
    .delete(hallStudents)
    .where(ctx.scope.where(hallStudents, eq(hallStudents.hallId, hall.id), eq(hallStudents.studentId, student.id)))
    .returning({ id: hallStudents.id });
  if (!gone.length) throw notFound(`${student.name} in ${hall.name}`);
  await ctx.audit({ action: "update", entity: "halls", entityId: hall.id, details: { removed: student.id } });
  const size = await hallSize(ctx.scope, hall.id);
  return { student, hall, size };
}
