import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { studentGroups, students } from "./students.table.js";

// Rows made straight in a school for the isolation suites' samples (other modules' too: an
// enrolment needs a student), so no module writes another's tables. Never used by a request.

const tag = () => Math.random().toString(36).slice(2, 10);

export const sampleStudent = (scope: TenantScope) => scope.insert(students, { admissionNo: `S-${tag()}`, name: "Sample Student" });

export const sampleStudentGroup = (scope: TenantScope) => scope.insert(studentGroups, { name: `Group ${tag()}` });
