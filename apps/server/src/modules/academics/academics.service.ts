import { and, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import {
  type BatchRecord,
  batches,
  type CourseClassRecord,
  type CourseRecord,
  courseClasses,
  courses,
  type SubjectRecord,
  sittings,
  subjects,
} from "./academics.table.js";

/** What other modules ask of academic structure: look-ups by id, 404 for another school's. */
export const requireBatch = (scope: TenantScope, id: number): Promise<BatchRecord> => scope.find(batches, id, "Batch");
export const requireCourse = (scope: TenantScope, id: number): Promise<CourseRecord> => scope.find(courses, id, "Course");
export const requireCourseClass = (scope: TenantScope, id: number): Promise<CourseClassRecord> => scope.find(courseClasses, id, "Course class");
export const requireSubject = (scope: TenantScope, id: number): Promise<SubjectRecord> => scope.find(subjects, id, "Subject");
export const requireSitting = (scope: TenantScope, id: number) => scope.find(sittings, id, "Session");

/** The school's active batch, if one is marked. */
export async function activeBatch(scope: TenantScope): Promise<BatchRecord | undefined> {
  const [b] = await scope.db
    .select()
    .from(batches)
    .where(scope.where(batches, eq(batches.active, true)))
    .limit(1);
  return b;
}

/**
 * The year a school day belongs to: the active batch when it holds the day, else the latest-starting
 * batch that holds it, else the active batch. A school that makes next year active while this one
 * still runs keeps this year's classes on this year's days.
 */
export async function batchOfDay(scope: TenantScope, date: string): Promise<BatchRecord | undefined> {
  const [holding] = await scope.db
    .select()
    .from(batches)
    .where(scope.where(batches, lte(batches.startDate, date), gte(batches.endDate, date)))
    .orderBy(desc(batches.active), desc(batches.startDate))
    .limit(1);
  return holding ?? activeBatch(scope);
}

/** Subjects by id; every id must be one of the school's. */
export async function requireSubjects(scope: TenantScope, ids: number[]): Promise<SubjectRecord[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await scope.db
    .select()
    .from(subjects)
    .where(scope.where(subjects, inArray(subjects.id, unique)));
  const missing = unique.find((id) => !rows.some((s) => s.id === id));
  if (missing) throw notFound(`Subject ${missing}`);
  return rows;
}

/** A subject a classroom of `courseId` may teach: a general one or one of that course. */
export function assertSubjectFitsCourse(subject: SubjectRecord, courseId: number) {
  if (subject.courseId !== null && subject.courseId !== courseId) {
    throw badRequest("subject.other_course", `The subject ${subject.name} belongs to another course.`, { field: "subjects", subjectId: subject.id });
  }
}

/** id -> name maps, for reply rows of other modules. */
export const batchNames = (scope: TenantScope, ids: readonly (number | null | undefined)[]) => scope.namesById(batches, ids);
export const courseNames = (scope: TenantScope, ids: readonly (number | null | undefined)[]) => scope.namesById(courses, ids);
export const courseClassNames = (scope: TenantScope, ids: readonly (number | null | undefined)[]) => scope.namesById(courseClasses, ids);
export const subjectNames = (scope: TenantScope, ids: number[]) => scope.namesById(subjects, ids);
export const sittingNames = (scope: TenantScope, ids: number[]) => scope.namesById(sittings, ids);

/** Subjects and their codes, for the timetable's print. */
export async function subjectsByIds(scope: TenantScope, ids: number[]): Promise<Map<number, SubjectRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await scope.db
    .select()
    .from(subjects)
    .where(and(scope.where(subjects), inArray(subjects.id, unique)));
  return new Map(rows.map((s) => [s.id, s]));
}

/** The school's active courses by name, only those of `ids` when given (the admission form's offer). */
export async function activeCourses(scope: TenantScope, ids: number[] | null): Promise<{ id: number; name: string }[]> {
  if (ids && !ids.length) return [];
  return scope.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(scope.where(courses, eq(courses.status, "active"), ids ? inArray(courses.id, ids) : undefined))
    .orderBy(courses.name);
}

/** What of the academic structure a school has made (the setup checklist's first steps). */
export async function academicsMade(scope: TenantScope) {
  return { batches: await scope.count(batches), courses: await scope.count(courses), courseClasses: await scope.count(courseClasses) };
}

/** A course's own active subjects, by name. */
export async function courseSubjects(scope: TenantScope, courseId: number): Promise<SubjectRecord[]> {
  return scope.db
    .select()
    .from(subjects)
    .where(scope.where(subjects, eq(subjects.courseId, courseId), eq(subjects.status, "active")))
    .orderBy(subjects.name, subjects.id);
}
