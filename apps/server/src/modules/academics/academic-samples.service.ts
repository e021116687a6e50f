import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batches, courseClasses, courses, subjects } from "./academics.table.js";

// Rows made straight in a school for the isolation suites' samples (other modules' too: a
// classroom needs a batch and a class), so no module writes another's tables. Never used by a request.

export const sampleBatch = (scope: TenantScope) => scope.insert(batches, { name: `Year ${sampleTag()}`, startDate: "2026-06-01", endDate: "2027-03-31" });

export const sampleCourse = (scope: TenantScope) => scope.insert(courses, { name: `Course ${sampleTag()}`, kind: "madrasa" });

/** A class of a new course. */
export async function sampleCourseClass(scope: TenantScope) {
  const course = await sampleCourse(scope);
  return scope.insert(courseClasses, { courseId: course.id, name: "Class 5", order: 5 });
}

/** A subject any course may teach. */
export const sampleSubject = (scope: TenantScope) => scope.insert(subjects, { name: `Subject ${sampleTag()}` });
