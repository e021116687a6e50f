import { can } from "@taleem/contract";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { AppError } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { ClassroomInfo } from "../academics/classrooms.service.js";
import { entryOfHour, teachesClassroom } from "../academics/timetable.service.js";

/** Late changes: whoever may delete marks (the admin, by default) may change any past register; it is audited. */
export const mayChangeOldRegisters = (p: UserPrincipal) => can(p.permissions, "attendance", "delete");

/**
 * Whether this person keeps a classroom's register (a day's, or an hour's when `hourId` is
 * given): a role that manages attendance keeps every one; a teacher keeps their own class's
 * (its class teacher) and their own hours (the hour's teacher on the timetable). A class with no
 * class teacher has its day register taken by its teachers, as My classes asks them to.
 */
export async function keepsRegister(scope: TenantScope, principal: UserPrincipal, classroom: ClassroomInfo, hourId?: number | null): Promise<boolean> {
  if (can(principal.permissions, "attendance", "manage")) return true;
  const me = principal.userId;
  if (classroom.classTeacherId === me) return true;
  if (hourId) {
    const entry = await entryOfHour(scope, hourId);
    return entry?.status === "active" && entry.teacherId === me;
  }
  return classroom.classTeacherId === null && teachesClassroom(scope, me, classroom.id);
}

export const notYourRegister = () =>
  new AppError(
    403,
    "attendance.not_your_register",
    "Only the class teacher, the teacher of this hour or someone who manages attendance can save this register.",
    { field: "classroomId" },
  );

/** Refuses, unless this person keeps the register. */
export async function requireKeeper(scope: TenantScope, principal: UserPrincipal, classroom: ClassroomInfo, hourId?: number | null) {
  if (!(await keepsRegister(scope, principal, classroom, hourId))) throw notYourRegister();
}
