import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { enrolmentListJoin, enrolments } from "../enrolments/enrolments.table.js";
import { hours } from "../timetable/timetable.table.js";

/**
 * The two reads attendance makes of other modules' rows, kept in this one file. Neither module's
 * service has them yet: a classroom's children *on a date* (enrolments' service knows only who is
 * active now, and a past register must keep a child who has since moved class) with their names
 * and the classroom's label in one statement (through the join the enrolments module declares for
 * its own list), and one timetable hour. They belong in enrolments.service.ts and
 * timetable.service.ts; moving them there changes no caller.
 */

export interface RosterLine {
  studentId: number;
  rollNo: number | null;
  name: string;
  nameNative: string | null;
  admissionNo: string;
  classroomLabel: string;
  startedOn: string;
  endedOn: string | null;
}

/** The children of a classroom on `date` (or, with `until`, at any time in date..until), roll order. */
export async function rosterOn(scope: TenantScope, classroomId: number, date: string, until = date): Promise<RosterLine[]> {
  const query = scope.db
    .selectDistinctOn([enrolments.studentId], {
      studentId: enrolments.studentId,
      rollNo: enrolments.rollNo,
      name: enrolmentListJoin.columns.studentName!,
      nameNative: enrolmentListJoin.columns.studentNameNative!,
      admissionNo: enrolmentListJoin.columns.admissionNo!,
      classroomLabel: enrolmentListJoin.columns.classroomLabel!,
      startedOn: enrolments.startedOn,
      endedOn: enrolments.endedOn,
    })
    .from(enrolments);
  const rows = await enrolmentListJoin
    .join(query)
    .where(
      scope.where(
        enrolments,
        eq(enrolments.classroomId, classroomId),
        lte(enrolments.startedOn, until),
        or(isNull(enrolments.endedOn), gt(enrolments.endedOn, date)),
        // An enrolment removed as a mistake (no end date) never had the child in class.
        sql`not (${enrolments.status} <> 'active' and ${enrolments.endedOn} is null)`,
      ),
    )
    .orderBy(asc(enrolments.studentId), sql`${enrolments.startedOn} desc`);
  // Roll order, then name: how the register is read out.
  return (rows as RosterLine[]).sort((a, b) => (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name));
}

export type HourBrief = { id: number; classroomId: number; dayOfWeek: number; startTime: string; endTime: string; label: string | null };

/** One timetable hour of this school, or undefined. */
export async function hourOf(scope: TenantScope, hourId: number): Promise<HourBrief | undefined> {
  const [row] = await scope.db
    .select({
      id: hours.id,
      classroomId: hours.classroomId,
      dayOfWeek: hours.dayOfWeek,
      startTime: hours.startTime,
      endTime: hours.endTime,
      label: hours.label,
    })
    .from(hours)
    .where(scope.where(hours, eq(hours.id, hourId)));
  return row;
}

/** A classroom's hours of a weekday, in time order. */
export async function hoursOfDay(scope: TenantScope, classroomId: number, dayOfWeek: number): Promise<HourBrief[]> {
  return scope.db
    .select({
      id: hours.id,
      classroomId: hours.classroomId,
      dayOfWeek: hours.dayOfWeek,
      startTime: hours.startTime,
      endTime: hours.endTime,
      label: hours.label,
    })
    .from(hours)
    .where(scope.where(hours, eq(hours.classroomId, classroomId), eq(hours.dayOfWeek, dayOfWeek)))
    .orderBy(asc(hours.startTime));
}
