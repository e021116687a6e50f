import type { courseEnrolments } from "@taleem/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/db-types.js";
import { notFound } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { presentBrief, requireStudent, studentsByIds } from "../students/students.service.js";
import { requireCourse } from "./academics.service.js";
import { classroomInfos } from "./classrooms.service.js";
import { presentEnrolments, RECORD_TOKEN } from "./enrolments.service.js";
import { enrolments } from "./enrolments.table.js";

/** An enrolment's record as the office prints it, with the links that verify it publicly. */
export async function enrolmentRecordOf(scope: TenantScope, tenantCode: string, id: number) {
  const [row] = await scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.id, id)))
    .limit(1);
  if (!row) throw notFound("Enrolment");
  const [[data], student, tenant] = await Promise.all([presentEnrolments(scope, [row]), requireStudent(scope, row.studentId), tenantOf(scope)]);
  const tail = `${row.recordToken}/${encodeURIComponent(tenantCode)}`;
  return {
    ...data!,
    photo: student.photo,
    school: tenant.name,
    verifyPath: `/admin/open/enrollment/record/${tail}`,
    verifyPage: `/open/enrollment/${tail}`,
  };
}

/** What the public verification of an enrolment shows, from its token and the school's code; 404 for anything unknown. */
export async function verifiedEnrolment(db: Db, record: string, code: string) {
  if (!RECORD_TOKEN.test(record)) throw notFound("Record");
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(and(eq(sql`lower(${tenants.code})`, code.trim().toLowerCase()), eq(tenants.status, "active")))
    .limit(1);
  if (!tenant) throw notFound("Record");
  return new TenantScope(db, tenant.id).transaction(async (scope) => {
    const [row] = await scope.db
      .select()
      .from(enrolments)
      .where(scope.where(enrolments, eq(enrolments.recordToken, record)))
      .limit(1);
    if (!row) throw notFound("Record");
    const [student, rooms] = await Promise.all([requireStudent(scope, row.studentId), classroomInfos(scope, [row.classroomId])]);
    const room = rooms.get(row.classroomId)!;
    return {
      name: student.name,
      school: tenant.name,
      class: room.label,
      batch: room.batchName,
      status: row.status,
      startedOn: row.startedOn,
      endedOn: row.endedOn,
    };
  });
}

/** A page of a course's enrolments, newest first, with the count of all that match. */
export async function enrolmentsOfCourse(scope: TenantScope, courseId: number, q: z.infer<typeof courseEnrolments.query>) {
  await requireCourse(scope, courseId);
  const where = scope.where(
    enrolments,
    eq(enrolments.courseId, courseId),
    q.status ? eq(enrolments.status, q.status) : undefined,
    q.batchId ? eq(enrolments.batchId, q.batchId) : undefined,
    q.classroomId ? eq(enrolments.classroomId, q.classroomId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(enrolments)
      .where(where)
      .orderBy(desc(enrolments.startedOn), desc(enrolments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    scope.db.select({ n: count() }).from(enrolments).where(where),
  ]);
  return { rows: await presentEnrolments(scope, rows), count: total?.n ?? 0 };
}

/** A course's active students (one batch's if given), by classroom and roll number. */
export async function studentsOfCourse(scope: TenantScope, courseId: number, batchId: number | undefined) {
  await requireCourse(scope, courseId);
  const rows = await scope.db
    .select()
    .from(enrolments)
    .where(scope.where(enrolments, eq(enrolments.courseId, courseId), eq(enrolments.status, "active"), batchId ? eq(enrolments.batchId, batchId) : undefined))
    .orderBy(enrolments.classroomId, enrolments.rollNo, enrolments.id);
  const [people, rooms] = await Promise.all([
    studentsByIds(
      scope,
      rows.map((e) => e.studentId),
    ),
    classroomInfos(
      scope,
      rows.map((e) => e.classroomId),
    ),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows
    .filter((e) => byId.has(e.studentId))
    .map((e) => ({
      ...presentBrief(byId.get(e.studentId)!),
      enrollmentId: e.id,
      classroomId: e.classroomId,
      classroomLabel: rooms.get(e.classroomId)?.label ?? "",
      rollNo: e.rollNo,
    }));
}
