import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { hours } from "./timetable.table.js";

/** A Monday hour of a new classroom, made straight in a school for the isolation suites' samples. */
export async function sampleHour(scope: TenantScope) {
  const room = await sampleClassroom(scope);
  return scope.insert(hours, { classroomId: room.id, dayOfWeek: 1, startTime: "08:00", endTime: "08:45" });
}
