import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleBatch, sampleCourseClass } from "./academic-samples.service.js";
import { classrooms } from "./classrooms.table.js";

/**
 * A classroom of a new batch and class, made straight in a school for the isolation suites'
 * samples (an enrolment or an hour needs one). Never used by a request.
 */
export async function sampleClassroom(scope: TenantScope) {
  const [batch, cls] = await Promise.all([sampleBatch(scope), sampleCourseClass(scope)]);
  return scope.insert(classrooms, { batchId: batch.id, courseClassId: cls.id, courseId: cls.courseId, name: "A" });
}
