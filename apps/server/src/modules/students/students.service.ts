import type { GuardianSummary, StudentBrief } from "@taleem/contract";
import { and, asc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { toE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { guardians, profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { type StudentRecord, students } from "./students.table.js";

/**
 * Row scoping for anything that belongs to a student: a caller whose role reaches only linked
 * students (the built-in Parent role, or a school's own role that says so) reaches only the
 * children linked to them in `guardians`; staff and admins reach every student their permissions
 * allow. Undefined means no restriction.
 */
export function guardianScope(ctx: RequestContext, studentId: AnyPgColumn): SQL | undefined {
  const p = ctx.principal;
  if (!p.linkedStudentsOnly) return undefined;
  return inArray(
    studentId,
    ctx.scope.db
      .select({ id: guardians.studentId })
      .from(guardians)
      .where(and(eq(guardians.tenantId, p.tenantId), eq(guardians.userId, p.userId))),
  );
}

export const presentBrief = (s: StudentRecord): StudentBrief => ({
  id: s.id,
  admissionNo: s.admissionNo,
  name: s.name,
  nameNative: s.nameNative,
  photo: s.photo,
  status: s.status,
});

/** A student as a reply shows them: the row with its parent links. */
export type StudentReply = StudentRecord & { guardians: z.infer<typeof GuardianSummary>[] };

/** Reply rows for students, with their guardians joined (the reply schema does the rest). */
export async function presentStudents(scope: TenantScope, rows: StudentRecord[]): Promise<StudentReply[]> {
  if (!rows.length) return [];
  const links = await scope.db
    .select({ studentId: guardians.studentId, userId: users.id, name: users.name, mobile: users.mobile, relation: guardians.relation })
    .from(guardians)
    .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
    .where(
      scope.where(
        guardians,
        inArray(
          guardians.studentId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(guardians.id));
  return rows.map((s) => ({ ...s, guardians: links.filter((l) => l.studentId === s.id).map(({ studentId: _s, ...g }) => g) }));
}

/** The students linked to a user in `guardians` (a parent's children), with the relation, by name. */
export async function linkedStudents(scope: TenantScope, userId: number): Promise<(StudentRecord & { relation: string })[]> {
  const rows = await scope.db
    .select({ s: students, relation: guardians.relation })
    .from(guardians)
    .innerJoin(students, and(eq(students.tenantId, guardians.tenantId), eq(students.id, guardians.studentId)))
    .where(scope.where(guardians, eq(guardians.userId, userId)))
    .orderBy(asc(students.name), asc(students.id));
  return rows.map((r) => ({ ...r.s, relation: r.relation }));
}

/** A student of this school, or 404. */
export async function requireStudent(scope: TenantScope, id: number): Promise<StudentRecord> {
  return scope.find(students, id, "Student");
}

/** Every id a student of this school, or 404 naming the first that is not. */
export async function requireStudents(scope: TenantScope, ids: number[]): Promise<StudentRecord[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await scope.db
    .select()
    .from(students)
    .where(scope.where(students, inArray(students.id, unique)));
  if (found.length !== unique.length) {
    const missing = unique.filter((id) => !found.some((s) => s.id === id));
    throw notFound(`Student ${missing[0]}`);
  }
  return found;
}

/** Students by id, in the order of `ids` (missing ones skipped). */
export async function studentsByIds(scope: TenantScope, ids: number[]): Promise<StudentRecord[]> {
  if (!ids.length) return [];
  const rows = await scope.db
    .select()
    .from(students)
    .where(scope.where(students, inArray(students.id, [...new Set(ids)])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((s): s is StudentRecord => !!s);
}

/** Sets students' status (left at year end, alumni). */
export async function setStudentStatus(scope: TenantScope, ids: number[], status: StudentRecord["status"]) {
  if (!ids.length) return;
  await scope.db
    .update(students)
    .set({ status })
    .where(scope.where(students, inArray(students.id, ids)));
}

/** A mobile number as typed, stored in E.164 with the school's country as the default. */
export const studentMobile = (mobile: string | null | undefined, country: string) => (mobile ? toE164(mobile, country) : mobile);

/**
 * Replaces a student's parent links. Each user must be one of the school's with a parent-area
 * profile (a teacher who is also a parent holds both).
 */
export async function setGuardians(scope: TenantScope, studentId: number, wanted: { userId: number; relation: string }[]) {
  const userIds = [...new Set(wanted.map((g) => g.userId))];
  if (userIds.length) {
    const parents = await scope.db
      .selectDistinct({ id: profiles.userId })
      .from(profiles)
      .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
      .where(scope.where(profiles, inArray(profiles.userId, userIds), eq(roles.area, "parent")));
    const missing = userIds.filter((id) => !parents.some((p) => p.id === id));
    if (missing.length) {
      throw badRequest("student.guardian_not_parent", `User ${missing[0]} is not a parent of this school.`, { field: "guardians", userId: missing[0] });
    }
  }
  await scope.db
    .delete(guardians)
    .where(scope.where(guardians, eq(guardians.studentId, studentId), userIds.length ? notInArray(guardians.userId, userIds) : undefined));
  for (const g of wanted) {
    await scope.db
      .insert(guardians)
      .values({ tenantId: scope.tenantId, userId: g.userId, studentId, relation: g.relation })
      .onConflictDoUpdate({ target: [guardians.tenantId, guardians.userId, guardians.studentId], set: { relation: g.relation } });
  }
}

export interface StudentImportRow {
  admissionNo: string;
  name: string;
  nameNative?: string | null;
  gender?: "male" | "female" | null;
  dateOfBirth?: string | null;
  mobile?: string | null;
  email?: string | null;
  address?: string | null;
}

/**
 * Creates the students of an import, or updates those whose admission number exists, in the
 * caller's transaction. Returns each row's student id, in order.
 */
export async function upsertStudents(scope: TenantScope, rows: StudentImportRow[]): Promise<{ ids: number[]; created: number; updated: number }> {
  const existing = rows.length
    ? await scope.db
        .select({ id: students.id, key: sql<string>`lower(${students.admissionNo})` })
        .from(students)
        .where(
          scope.where(
            students,
            inArray(
              sql`lower(${students.admissionNo})`,
              rows.map((r) => r.admissionNo.toLowerCase()),
            ),
          ),
        )
    : [];
  const byKey = new Map(existing.map((e) => [e.key, e.id]));
  const ids: number[] = [];
  let created = 0;
  let updated = 0;
  for (const r of rows) {
    const id = byKey.get(r.admissionNo.toLowerCase());
    const values = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null && v !== "")) as Partial<StudentImportRow>;
    if (id) {
      await scope.update(students, id, values);
      ids.push(id);
      updated++;
    } else {
      const row = await scope.insert(students, { ...values, admissionNo: r.admissionNo, name: r.name });
      byKey.set(r.admissionNo.toLowerCase(), row.id);
      ids.push(row.id);
      created++;
    }
  }
  return { ids, created, updated };
}

/**
 * A student made from values another module gathered (an enrolled admission), in the caller's
 * transaction; a taken admission number is refused by its unique index (student.admission_no_taken).
 */
export function insertStudent(scope: TenantScope, values: Omit<typeof students.$inferInsert, "tenantId">): Promise<StudentRecord> {
  return scope.insert(students, values);
}
