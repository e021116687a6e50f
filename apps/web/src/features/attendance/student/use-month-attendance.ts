import { type AttendanceMeaning, childAttendance } from "@taleem/contract";
import { schoolDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { monthEnd, monthStart } from "./calendar-days";

export interface DayMark {
  date: string;
  meaning: AttendanceMeaning;
  code: string;
}

/**
 * A student's day marks of one month, up to the school's today (a month still to come is not
 * asked for). Parents reach their own children, staff with attendance view any student.
 */
export function useMonthAttendance(studentId: number | null, month: string) {
  const today = schoolDay();
  const from = monthStart(month);
  const end = monthEnd(month);
  const to = end < today ? end : today;
  const query = useActionQuery(childAttendance, { query: { studentId: studentId ?? 0, from, to } }, { enabled: !!studentId && from <= today });
  const marks: DayMark[] = (query.data?.attendances ?? []).map((a) => ({ date: a.date, meaning: a.meaning as AttendanceMeaning, code: a.code }));
  return { ...query, marks, future: from > today };
}
