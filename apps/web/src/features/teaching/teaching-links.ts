import { dateFormatter } from "../../lib/format";

/** Where each action opens, in the parent area (where Staff and Muawin work). */
export const links = {
  /** The day's register of a classroom, or one timetable hour's. */
  register: (classroomId: number, date: string, hourId?: number) =>
    `/parent/register?${new URLSearchParams({ classroomId: String(classroomId), date, ...(hourId ? { hourId: String(hourId) } : {}) })}`,
  /** A sitting to log, or a halqa's sittings to choose from. */
  sitting: (sessionId: number) => `/parent/halqa?sessionId=${sessionId}`,
  halqa: (groupId: number) => `/parent/halqa?groupId=${groupId}`,
  marks: (examId: number) => `/parent/exams/marks/${examId}`,
  classList: (classroomId: number) => `/parent/classes?classroom=${classroomId}`,
  setTask: "/parent/tasks/new",
  tasks: "/parent/tasks",
  checklists: "/parent/checklists",
  classes: "/parent/classes",
};

/** "Friday 28 November" in the reader's language. */
export function dayName(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return dateFormatter({ weekday: "long", day: "numeric", month: "long", timeZone: "UTC", calendar: "gregory" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** "08:00" in the reader's digits ("08:00", "٠٨:٠٠"). */
export function timeName(time: string | null): string {
  if (!time) return "";
  const [h, m] = time.split(":").map(Number);
  // The 24-hour clock, as school timetables are written (and no Latin "AM" inside an Urdu line).
  return dateFormatter({ hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 0, 1, h, m)));
}
