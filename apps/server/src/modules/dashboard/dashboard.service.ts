import type { DashboardSummary, SetupProgress } from "@taleem/contract";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { academicsMade, activeBatch } from "../academics/academics.service.js";
import { classroomCount } from "../academics/classrooms.service.js";
import { enrolmentCount } from "../academics/enrolments.service.js";
import { hourCount } from "../academics/timetable.service.js";
import { admissionCount } from "../admissions/admissions.service.js";
import { birthdaysOn, studentCount } from "../students/students.service.js";

/**
 * Everything the dashboard shows, asked of the modules that own it, in the request's transaction.
 * One statement after another: a transaction is one connection, so running them side by side
 * would only queue them. The dashboard owns no data of its own.
 */
export async function dashboardSummary(scope: TenantScope): Promise<DashboardSummary> {
  const today = await schoolToday(scope);
  const setup: SetupProgress = {
    ...(await academicsMade(scope)),
    classrooms: await classroomCount(scope),
    students: await studentCount(scope),
    enrolments: await enrolmentCount(scope, { status: "active" }),
    hours: await hourCount(scope),
  };
  // This year's classrooms: last year's stay active for their history but are not today's classes.
  const year = await activeBatch(scope);
  return {
    today,
    students: await studentCount(scope, "active"),
    classrooms: year ? await classroomCount(scope, { active: true, batchId: year.id }) : 0,
    yearId: year?.id ?? null,
    pendingAdmissions: await admissionCount(scope, "pending"),
    birthdays: await birthdaysOn(scope, today),
    setup,
  };
}
