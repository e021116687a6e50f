import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { studentGroups, students } from "./students.table.js";

// Rows made straight in a school for the isolation suites' samples (other modules' too: an
// enrolment needs a student), so no module writes another's tables. Never used by a request.

export const sampleStudent = (scope: TenantScope) => scope.insert(students, { admissionNo: `S-${sampleTag()}`, name: "Sample Student" });

export const sampleStudentGroup = (scope: TenantScope) => scope.insert(studentGroups, { name: `Group ${sampleTag()}` });
