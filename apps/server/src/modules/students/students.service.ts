import type { GuardianSummary, StudentBrief } from "@taleem/contract";
import { and, asc, desc, eq, inArray, notInArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { toE164 } from "../../platform/auth/phone.js";
import { roles } from "../../platform/auth/roles.table.js";
import { guardians, profiles, users } from "../../platform/auth/users.table.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { searchPattern } from "../../platform/resources/list-filters.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { declarePlanCounter } from "../settings/plan-usage.service.js";
import { type StudentRecord, studentGroupMembers, studentGroups, students } from "./students.table.js";

/** Row scoping for anything that belongs to a student: the platform's linked-students rule. */

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

const regexLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The admission number after the school's latest: the newest student's number with its last run
 * of digits raised past the highest of that series, keeping the width (S-0123 and S-0130 give
 * S-0131; 2026/7 gives 2026/8); "1" when the school has none. A suggestion: two clerks taking it
 * at once are told apart by the unique index (409 naming admissionNo).
 */
export async function nextAdmissionNumber(scope: TenantScope): Promise<string> {
  const [latest] = await scope.db
    .select({ no: students.admissionNo })
    .from(students)
    .where(scope.where(students))
    .orderBy(desc(students.createdAt), desc(students.id))
    .limit(1);
  if (!latest) return "1";
  const m = /^(.*?)(\d+)(\D*)$/.exec(latest.no);
  if (!m) return `${latest.no}-1`;
  const [, prefix = "", digits = "", suffix = ""] = m;
  const series = `^${regexLiteral(prefix.toLowerCase())}(\\d+)${regexLiteral(suffix.toLowerCase())}$`;
  const [row] = await scope.db
    .select({ max: sql<string | null>`max(substring(lower(${students.admissionNo}) from ${series})::numeric)` })
    .from(students)
    .where(scope.where(students, sql`lower(${students.admissionNo}) ~ ${series}`));
  const next = BigInt(row?.max ?? digits) + 1n;
  return `${prefix}${String(next).padStart(digits.length, "0")}${suffix}`;
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
  /** The school's own fields, checked; merged into what a student already has. */
  customFields?: Record<string, unknown>;
}

// PostgreSQL takes at most 65,535 bind parameters in one statement.
const MAX_BIND_PARAMETERS = 65_535;
/** The columns an import may leave empty. */
const OPTIONAL_COLUMNS = [students.nameNative, students.gender, students.dateOfBirth, students.mobile, students.email, students.address];
const UPSERT_COLUMNS = [students.tenantId, students.admissionNo, students.name, ...OPTIONAL_COLUMNS, students.customFields];
/** The most rows one upsert statement carries. */
export const UPSERT_CHUNK = Math.floor(MAX_BIND_PARAMETERS / UPSERT_COLUMNS.length);

const chunked = <T>(rows: T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;
// The database's name of a column: tables are declared in camel case, stored in snake case.
const columnName = (column: AnyPgColumn) => sql.identifier(toSnakeCase(column.name));
// An empty cell leaves the stored value as it is (coalesce with the row's own) and is null on a new row.
const keepIfEmpty = (column: AnyPgColumn) => sql`${columnName(column)} = coalesce(excluded.${columnName(column)}, ${students}.${columnName(column)})`;

/**
 * Creates the students of an import, or updates those whose admission number exists (matched
 * without case), in the caller's transaction: one query finds the existing rows and one
 * multi-row INSERT ... ON CONFLICT writes them, per chunk of rows. Empty optional values keep
 * what is stored. Returns each row's student id, in order, and the ids of the students that
 * were there before (only they can have enrolments or other records). Admission numbers must be
 * unique in `rows` (an import checks that first, naming the rows).
 */
export async function upsertStudents(
  scope: TenantScope,
  rows: StudentImportRow[],
): Promise<{ ids: number[]; existing: Set<number>; created: number; updated: number }> {
  const keys = rows.map((r) => r.admissionNo.toLowerCase());
  if (new Set(keys).size !== keys.length)
    throw badRequest("student.admission_no_repeated", "An admission number is repeated in the rows.", { field: "admissionNo" });
  const ids: number[] = [];
  const existed = new Set<string>();
  const existingIds = new Set<number>();
  let created = 0;
  for (const part of chunked(rows, UPSERT_CHUNK)) {
    const partKeys = part.map((r) => r.admissionNo.toLowerCase());
    const existing = await scope.db
      .select({ key: sql<string>`lower(${students.admissionNo})` })
      .from(students)
      .where(scope.where(students, inArray(sql`lower(${students.admissionNo})`, partKeys)));
    created += part.length - existing.length;
    for (const e of existing) existed.add(e.key);
    const values = part.map(
      (r) =>
        sql`(${scope.tenantId}, ${r.admissionNo}, ${r.name}, ${r.nameNative || null}, ${r.gender || null}, ${r.dateOfBirth || null}::date, ${r.mobile || null}, ${r.email || null}, ${r.address || null}, ${JSON.stringify(r.customFields ?? {})}::jsonb)`,
    );
    const written = await rowsOf<{ id: number; key: string }>(
      scope.db.execute(sql`
        insert into ${students} (${sql.join(
          UPSERT_COLUMNS.map((c) => columnName(c)),
          sql`, `,
        )})
        values ${sql.join(values, sql`, `)}
        on conflict (${columnName(students.tenantId)}, lower(${columnName(students.admissionNo)})) do update set
          ${columnName(students.admissionNo)} = excluded.${columnName(students.admissionNo)},
          ${columnName(students.name)} = excluded.${columnName(students.name)},
          ${sql.join(OPTIONAL_COLUMNS.map(keepIfEmpty), sql`, `)},
          ${columnName(students.customFields)} = ${students}.${columnName(students.customFields)} || excluded.${columnName(students.customFields)},
          ${columnName(students.updatedAt)} = now()
        returning ${columnName(students.id)} as id, lower(${columnName(students.admissionNo)}) as key`),
    );
    const byKey = new Map(written.map((w) => [w.key, Number(w.id)]));
    for (const key of partKeys) {
      const id = byKey.get(key)!;
      ids.push(id);
      if (existed.has(key)) existingIds.add(id);
    }
  }
  return { ids, existing: existingIds, created, updated: rows.length - created };
}

/**
 * A student made from values another module gathered (an enrolled admission), in the caller's
 * transaction; a taken admission number is refused by its unique index (student.admission_no_taken).
 */
export function insertStudent(scope: TenantScope, values: Omit<typeof students.$inferInsert, "tenantId">): Promise<StudentRecord> {
  return scope.insert(students, values);
}

/** Several students in one statement (a roll made elsewhere: a test's families, say). */
export function insertStudents(scope: TenantScope, values: Omit<typeof students.$inferInsert, "tenantId">[]): Promise<StudentRecord[]> {
  return scope.insertMany(students, values);
}

/** Students of the school, of one status when given. */
export const studentCount = (scope: TenantScope, status?: StudentRecord["status"]) => scope.count(students, status ? eq(students.status, status) : undefined);

// The plan's student limit counts the active students (settings shows it, and never imports students).
declarePlanCounter("students", (scope) => studentCount(scope, "active"));

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Active students born on `today`'s day and month, by name; 29 February's birthday is kept on 28 February in other years. */
export async function birthdaysOn(scope: TenantScope, today: string) {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const days = month === 2 && day === 28 && !isLeap(year) ? [28, 29] : [day];
  const rows = await scope.db
    .select()
    .from(students)
    .where(
      scope.where(
        students,
        eq(students.status, "active"),
        sql`extract(month from ${students.dateOfBirth}) = ${month}`,
        sql`extract(day from ${students.dateOfBirth}) in (${sql.join(
          days.map((d) => sql`${d}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(students.name))
    .limit(100);
  return rows.map((s) => ({ ...presentBrief(s), dateOfBirth: s.dateOfBirth!, turns: year - Number(s.dateOfBirth!.slice(0, 4)) }));
}

/** The groups some students belong to, as a subquery for another module's condition: `who` narrows the student column to them. */
export function groupsOfStudents(scope: TenantScope, who: (studentId: AnyPgColumn) => SQL | undefined) {
  return scope.db
    .select({ id: studentGroupMembers.groupId })
    .from(studentGroupMembers)
    .where(scope.where(studentGroupMembers, who(studentGroupMembers.studentId)));
}

/** Group names by id, for a reply naming a row's group. */
export const groupNames = (scope: TenantScope, ids: readonly (number | null | undefined)[]) => scope.namesById(studentGroups, ids);

/** The students of these groups (another school's group is a 404), each once. */
export async function groupMemberIds(scope: TenantScope, groupIds: number[]): Promise<number[]> {
  for (const id of groupIds) await scope.find(studentGroups, id, "Student group");
  if (!groupIds.length) return [];
  const rows = await scope.db
    .selectDistinct({ studentId: studentGroupMembers.studentId })
    .from(studentGroupMembers)
    .where(scope.where(studentGroupMembers, inArray(studentGroupMembers.groupId, groupIds)));
  return rows.map((r) => r.studentId);
}

/** Students by status (the dashboard's tally); `who`, when given, narrows them (enrolled in a batch or course). */
export async function studentStatusCounts(scope: TenantScope, who?: (studentId: AnyPgColumn) => SQL | undefined) {
  return scope.db
    .select({ status: students.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(students)
    .where(scope.where(students, who?.(students.id)))
    .groupBy(students.status)
    .orderBy(students.status);
}

/** Student names by id, for a reply naming a row's student. */
export const studentNames = (scope: TenantScope, ids: readonly (number | null | undefined)[]) => scope.namesById(students, ids);

/** A group of this school, or 404. */
export const requireStudentGroup = (scope: TenantScope, id: number) => scope.find(studentGroups, id, "Student group");

/** Which groups each of these students is in. */
export function groupMemberships(scope: TenantScope, studentIds: number[]): Promise<{ studentId: number; groupId: number }[]> {
  return scope.db
    .select({ studentId: studentGroupMembers.studentId, groupId: studentGroupMembers.groupId })
    .from(studentGroupMembers)
    .where(scope.where(studentGroupMembers, inArray(studentGroupMembers.studentId, studentIds)));
}

/** The members of a group, as a subquery for another module's condition. */
export function groupMembers(scope: TenantScope, groupId: number) {
  return scope.db
    .select({ id: studentGroupMembers.studentId })
    .from(studentGroupMembers)
    .where(scope.where(studentGroupMembers, eq(studentGroupMembers.groupId, groupId)));
}

/**
 * Locks a student's row (for no key update) for the rest of the caller's transaction, so that
 * another module's writes for one student (a fee collection) run one after the other; undefined
 * when this school has no such student.
 */
export async function lockStudent(scope: TenantScope, id: number): Promise<{ id: number; name: string } | undefined> {
  const [student] = await scope.db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(scope.where(students, eq(students.id, id)))
    .for("no key update");
  return student;
}

/**
 * Students' names and numbers as a subquery another module joins to its own rows (on `tenantId`
 * and `id`), so that a list of them shows, searches and sorts by the student in the same statement
 * (paging and counts stay in SQL). Named like the table: PostgreSQL flattens it into a plain join,
 * and the students' indexes serve it as before.
 */
export const studentColumns = (scope: TenantScope) =>
  scope.db
    .select({
      tenantId: students.tenantId,
      id: students.id,
      name: students.name,
      nameNative: students.nameNative,
      admissionNo: students.admissionNo,
      status: students.status,
    })
    .from(students)
    .as("students");

type Searched = { name: SQLWrapper; nameNative: SQLWrapper; admissionNo: SQLWrapper };

/** Students whose search term matches their name, native name or admission number (the students' trigram index); `s` is the table or `studentColumns`. */
export const studentMatches = (q: string, s: Searched = students): SQL =>
  or(sql`${s.name} ilike ${searchPattern(q)}`, sql`${s.admissionNo} ilike ${searchPattern(q)}`, sql`${s.nameNative} ilike ${searchPattern(q)}`) as SQL;

/**
 * Children by name, native name or admission number, or by a guardian's mobile (four digits or
 * more, from the guardians table): active students first, then by name.
 */
export function searchStudents(scope: TenantScope, q: string, limit: number) {
  const digits = q.replace(/\D/g, "");
  const byMobile =
    digits.length >= 4
      ? inArray(
          students.id,
          scope.db
            .select({ id: guardians.studentId })
            .from(guardians)
            .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
            .where(scope.where(guardians, sql`${users.mobile} like ${`%${digits}%`}`)),
        )
      : undefined;
  return scope.db
    .select({ id: students.id, name: students.name, nameNative: students.nameNative, admissionNo: students.admissionNo })
    .from(students)
    .where(scope.where(students, byMobile ? or(studentMatches(q), byMobile) : studentMatches(q)))
    .orderBy(sql`(${students.status} = 'active') desc`, asc(sql`lower(${students.name})`), asc(students.id))
    .limit(limit);
}
