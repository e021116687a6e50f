import type { LinkedChild } from "@taleem/contract";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { linkedStudents } from "../students/students.service.js";

/**
 * The signed-in person's own children, through the guardians table, each with the class they
 * are in now: the newest active enrolment (a student may be active in one classroom per batch).
 */
export async function linkedChildren(scope: TenantScope, userId: number): Promise<LinkedChild[]> {
  const children = await linkedStudents(scope, userId);
  if (!children.length) return [];
  const active = await activeEnrolmentsOfStudents(
    scope,
    children.map((c) => c.id),
  );
  const newestFirst = [...active].sort((a, b) => b.startedOn.localeCompare(a.startedOn) || b.id - a.id);
  const current = new Map<number, number>();
  for (const e of newestFirst) if (!current.has(e.studentId)) current.set(e.studentId, e.classroomId);
  const rooms = await classroomInfos(scope, [...current.values()]);
  return children.map((c) => {
    const classroomId = current.get(c.id) ?? null;
    const room = classroomId ? rooms.get(classroomId) : undefined;
    return {
      id: c.id,
      name: c.name,
      nameNative: c.nameNative,
      admissionNo: c.admissionNo,
      status: c.status,
      relation: c.relation,
      classroomId,
      className: room?.label ?? null,
      batchName: room?.batchName ?? null,
    };
  });
}
