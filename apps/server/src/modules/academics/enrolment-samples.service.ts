import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom } from "./classrooms.service.js";
import { enrolmentValues, insertEnrolments } from "./enrolments.service.js";

/**
 * An active enrolment of a new student in a new classroom, made straight in a school for the
 * isolation suites' samples. Never used by a request.
 */
export async function sampleEnrolment(scope: TenantScope) {
  const [student, room] = await Promise.all([sampleStudent(scope), sampleClassroom(scope)]);
  const [made] = await insertEnrolments(scope, [enrolmentValues(student.id, await requireClassroom(scope, room.id), "2026-06-01")]);
  return made!;
}
