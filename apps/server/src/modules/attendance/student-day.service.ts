import { type AttendanceMeaning, type AttendanceRules, statusOf } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { hoursOfDay } from "../academics/timetable.service.js";
import { rulesOf } from "./attendance-codes.service.js";
import { attendanceCodes } from "./attendance-codes.table.js";
import { attendanceMarks } from "./registers.table.js";
import { weekdayOf } from "./school-days.service.js";

const hhmm = (t: string) => t.slice(0, 5);

/**
 * One student's day: the day register's mark, else the day as the school derives it from periods
 * (the first period, or present in at least N), each period of the classroom's timetable with its
 * mark, and whether the child was present for the day but missing from a period ("not in class").
 */
export async function studentDay(scope: TenantScope, studentId: number, date: string) {
  const [marks, rules, enrolled] = await Promise.all([
    scope.db
      .select({ hourId: attendanceMarks.hourId, classroomId: attendanceMarks.classroomId, meaning: attendanceMarks.meaning, code: attendanceCodes.code })
      .from(attendanceMarks)
      .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
      .where(scope.where(attendanceMarks, eq(attendanceMarks.studentId, studentId), eq(attendanceMarks.date, date))),
    rulesOf(scope),
    activeEnrolmentsOfStudents(scope, [studentId]),
  ]);
  const classroomId = marks[0]?.classroomId ?? enrolled[0]?.classroomId;
  const hours = classroomId ? await hoursOfDay(scope, classroomId, weekdayOf(date)) : [];
  const byHour = new Map(marks.map((m) => [m.hourId, m]));
  const attendances = hours.map((h) => {
    const m = byHour.get(h.id);
    return {
      hourId: h.id,
      startTime: hhmm(h.startTime),
      endTime: hhmm(h.endTime),
      label: h.label,
      status: m ? statusOf(m.meaning) : null,
      meaning: m?.meaning ?? null,
      code: m?.code ?? null,
    };
  });
  const periodMarks = attendances.filter((a) => a.meaning) as ((typeof attendances)[number] & { meaning: AttendanceMeaning; code: string })[];
  const day = dayOfMarks(byHour.get(0), periodMarks, rules);
  const notInClass = day?.status === "PRESENT" && periodMarks.some((p) => statusOf(p.meaning) === "ABSENT");
  return { message: "Attendance", studentId, date, day, attendances, notInClass };
}

/**
 * A student's day from their marks: the day register's mark, else derived from the periods (in
 * time order) by the school's rule (the first period, or present in at least N); null unmarked.
 */
export function dayOfMarks(
  dayMark: { meaning: AttendanceMeaning; code: string } | undefined,
  periodMarks: { meaning: AttendanceMeaning; code: string }[],
  rules: Pick<AttendanceRules, "dayFromPeriods" | "minPeriods">,
): { status: "PRESENT" | "ABSENT"; meaning: AttendanceMeaning; code: string } | null {
  if (dayMark) return { status: statusOf(dayMark.meaning), meaning: dayMark.meaning, code: dayMark.code };
  if (!periodMarks.length) return null;
  const first = periodMarks[0]!;
  const presentIn = periodMarks.filter((p) => statusOf(p.meaning) === "PRESENT");
  const present = rules.dayFromPeriods === "first_period" ? statusOf(first.meaning) === "PRESENT" : presentIn.length >= rules.minPeriods;
  const sample = present ? (presentIn[0] ?? first) : (periodMarks.find((p) => statusOf(p.meaning) === "ABSENT") ?? first);
  return { status: present ? "PRESENT" : "ABSENT", meaning: sample.meaning, code: sample.code };
}
