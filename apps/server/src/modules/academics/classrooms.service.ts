import { and, eq, inArray } from "drizzle-orm";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, courseClassNames, courseNames } from "./academics.service.js";
import { type ClassroomRecord, classroomSubjects, classrooms } from "./classrooms.table.js";

export interface ClassroomInfo extends ClassroomRecord {
  /** "Class 5-A". */
  label: string;
  className: string;
  batchName: string;
  courseName: string;
}

/** Class and division as people say it: "Class 5-A". */
export const classroomLabel = (className: string, division: string) => `${className}-${division}`;

/** Classrooms with their names resolved, by id. */
export async function classroomInfos(scope: TenantScope, ids: number[]): Promise<Map<number, ClassroomInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select()
    .from(classrooms)
    .where(scope.where(classrooms, inArray(classrooms.id, unique)));
  return new Map((await describe(scope, rows)).map((c) => [c.id, c]));
}

export async function describe(scope: TenantScope, rows: ClassroomRecord[]): Promise<ClassroomInfo[]> {
  const [classes, batchesById, coursesById] = await Promise.all([
    courseClassNames(
      scope,
      rows.map((r) => r.courseClassId),
    ),
    batchNames(
      scope,
      rows.map((r) => r.batchId),
    ),
    courseNames(
      scope,
      rows.map((r) => r.courseId),
    ),
  ]);
  return rows.map((r) => {
    const className = classes.get(r.courseClassId) ?? "";
    return {
      ...r,
      className,
      label: classroomLabel(className, r.name),
      batchName: batchesById.get(r.batchId) ?? "",
      courseName: coursesById.get(r.courseId) ?? "",
    };
  });
}

/** A classroom of this school with its names, or 404. */
export async function requireClassroom(scope: TenantScope, id: number): Promise<ClassroomInfo> {
  const row = await scope.find(classrooms, id, "Classroom");
  const [info] = await describe(scope, [row]);
  return info!;
}

/**
 * A teacher is an active user of the school with a staff profile: any role that is not a family's
 * (one reaching only linked students, like Parent); an admin who teaches counts. Refuses anyone else by name of the field.
 */
export async function requireTeachers(scope: TenantScope, ids: (number | null | undefined)[], field: string) {
  const unique = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (!unique.length) return;
  const found = await scope.db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(users, inArray(users.id, unique), eq(users.status, "active"), eq(roles.linkedStudentsOnly, false)));
  const missing = unique.find((id) => !found.some((f) => f.id === id));
  if (missing) throw badRequest("teacher.not_staff", `User ${missing} is not an active staff member of this school.`, { field, userId: missing });
}

/** The active staff user with this mobile (E.164), for the public period form. */
export async function staffByMobile(scope: TenantScope, mobile: string) {
  const [found] = await scope.db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.tenantId, users.tenantId), eq(profiles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(users, eq(users.mobile, mobile), eq(users.status, "active"), eq(roles.linkedStudentsOnly, false)))
    .limit(1);
  return found;
}

/** id -> name of users (teachers). */
export const userNames = (scope: TenantScope, ids: (number | null)[]) => scope.namesById(users, ids);

/** Classrooms of a course class (a class cannot go while it has divisions). */
export async function classroomsOfCourseClass(scope: TenantScope, courseClassId: number) {
  return scope.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(scope.where(classrooms, eq(classrooms.courseClassId, courseClassId)));
}

/** The classrooms of a course in a batch, with their names. */
export async function classroomsOfCourse(scope: TenantScope, courseId: number, batchId: number): Promise<ClassroomInfo[]> {
  const rows = await scope.db
    .select()
    .from(classrooms)
    .where(scope.where(classrooms, eq(classrooms.courseId, courseId), eq(classrooms.batchId, batchId)));
  return describe(scope, rows);
}

/** Every classroom of a batch, with their names (a school-wide import matches its classroom column against them). */
export async function classroomsOfBatch(scope: TenantScope, batchId: number): Promise<ClassroomInfo[]> {
  const rows = await scope.db
    .select()
    .from(classrooms)
    .where(scope.where(classrooms, eq(classrooms.batchId, batchId)));
  return describe(scope, rows);
}

/** Classrooms of the school, active only when asked. */
/** The school's classrooms; only active ones, or one year's, when asked. */
export const classroomCount = (scope: TenantScope, only: { active?: boolean; batchId?: number } = {}) =>
  scope.count(classrooms, and(only.active ? eq(classrooms.status, "active") : undefined, only.batchId ? eq(classrooms.batchId, only.batchId) : undefined));

/** classroomId -> the subjects it lists as taught (a classroom listing none is absent from the map). */
export async function subjectsTaught(scope: TenantScope, classroomIds: number[]): Promise<Map<number, number[]>> {
  const unique = [...new Set(classroomIds)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select({ classroomId: classroomSubjects.classroomId, subjectId: classroomSubjects.subjectId })
    .from(classroomSubjects)
    .where(scope.where(classroomSubjects, inArray(classroomSubjects.classroomId, unique)));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.classroomId, [...(out.get(r.classroomId) ?? []), r.subjectId]);
  return out;
}

/** Ids of a course's classrooms: a subquery for other modules' list filters. */
export const classroomIdsOfCourse = (scope: TenantScope, courseId: number) =>
  scope.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(scope.where(classrooms, eq(classrooms.courseId, courseId)));
