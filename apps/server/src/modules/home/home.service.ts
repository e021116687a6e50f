import type { HomeData, HomeEnrollment, HomeToday } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { notFound } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { courseSubjects, subjectsByIds } from "../academics/academics.service.js";
import { classroomInfos, subjectsTaught } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents, enrolmentsOfStudent } from "../academics/enrolments.service.js";
import { weekOf } from "../academics/timetable.service.js";
import { marksBetween, registersTakenBetween } from "../attendance/registers.service.js";
import { classroomStudentIds, dailyPrayerCount, groupedLogs } from "../attendance/salaah.service.js";
import { datesOf, schoolDays, weekdayOf } from "../attendance/school-days.service.js";
import { unreadCount } from "../communication/notifications.service.js";
import { latestPublishedCard } from "../exams/report-cards.service.js";
import { nextFeeDue } from "../fees/fee-card.service.js";
import { latestLessonOfStudent } from "../hifz/logs.service.js";
import { recentMaterialsFor } from "../materials/materials.service.js";
import { linkedStudents } from "../students/students.service.js";
import { pendingTasksFor } from "../tasks/tasks.service.js";
import { attendanceComparison, attendanceEntries, daysOf, lastSchoolDays, salaahComparison, salaahDays, todayState } from "./home-figures.js";

/** How far back the home's `attendance` entries reach (today included). */
export const ATTENDANCE_DAYS = 30;
/** How many materials the home's card lists. */
const MATERIALS_SHOWN = 5;

/**
 * One of the caller's own children (guardian links, the check `/user/api/home/children` and the
 * child calls of salaah, fees and exams make); any other id, of this school or another, is 404.
 */
export async function requireOwnChild(ctx: Pick<RequestContext, "scope" | "principal">, studentId: number) {
  const child = (await linkedStudents(ctx.scope, ctx.principal.userId)).find((s) => s.id === studentId);
  if (!child) throw notFound("Student");
  return child;
}

/** The time of day in the school's zone, HH:MM. */
const nowIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date()).slice(0, 5);

/** A child's enrolments with their classroom's names, newest first, and the current one (the newest active). */
async function enrolmentsWithNames(scope: TenantScope, studentId: number) {
  const rows = await enrolmentsOfStudent(scope, studentId);
  const rooms = await classroomInfos(
    scope,
    rows.map((e) => e.classroomId),
  );
  const enrollments: HomeEnrollment[] = rows.map((e) => {
    const room = rooms.get(e.classroomId);
    return {
      id: e.id,
      classroomId: e.classroomId,
      className: room?.label ?? "",
      batchId: e.batchId,
      batchName: room?.batchName ?? "",
      courseId: e.courseId,
      courseName: room?.courseName ?? "",
      status: e.status,
      startedOn: e.startedOn,
    };
  });
  const current = enrollments.find((e) => e.status === "active") ?? null;
  return { enrollments, current, activeRooms: [...new Set(enrollments.filter((e) => e.status === "active").map((e) => e.classroomId))] };
}

/** The next hour of the week from now: today's still to start, else the next working day's first. */
function nextLesson(week: Awaited<ReturnType<typeof weekOf>>, today: string, now: string, isWorking: (date: string) => boolean): HomeToday["nextLesson"] {
  for (let k = 0; k < 8; k++) {
    const date = addDays(today, k);
    if (!isWorking(date)) continue;
    const day = weekdayOf(date);
    const hour = week.hours.find((h) => h.dayOfWeek === day && (k > 0 || h.startTime.slice(0, 5) > now));
    if (!hour) continue;
    const entry = week.timetable.find((t) => t.hourId === hour.id);
    return {
      date,
      startTime: hour.startTime.slice(0, 5),
      endTime: hour.endTime.slice(0, 5),
      subjectId: entry?.subjectId ?? null,
      subjectName: entry?.subjectName ?? hour.label ?? null,
      teacherName: entry?.teacherName ?? null,
    };
  }
  return null;
}

/**
 * A child's home data: every figure from the service of the module that owns it, in a bounded
 * number of queries (none per day, subject or classmate).
 */
export async function homeData(ctx: RequestContext, studentId: number): Promise<HomeData> {
  const { scope } = ctx;
  const child = await requireOwnChild(ctx, studentId);
  const [days, tenant, { enrollments, current, activeRooms }] = await Promise.all([schoolDays(scope), tenantOf(scope), enrolmentsWithNames(scope, studentId)]);
  const { today, rules, isWorking } = days;
  const roomIds = current ? [current.classroomId] : [];
  const schoolWeek = lastSchoolDays(today, 7, isWorking, addDays);
  const calendarWeek = datesOf(addDays(today, -6), today);
  const monthFrom = addDays(today, -(ATTENDANCE_DAYS - 1));
  const marksFrom = schoolWeek[0] && schoolWeek[0] < monthFrom ? schoolWeek[0] : monthFrom;

  const week = await weekOf(scope, { classroomIds: roomIds, studentId });
  const starts = new Map(week.hours.map((h) => [h.id, h.startTime.slice(0, 5)]));
  const startOf = (hourId: number) => starts.get(hourId);

  // The class's averages are read beyond a family's scope: only the averages reach the reply.
  const wholeClass = scope.school();
  const [childMarks, classMarks, registers, classmates] = await Promise.all([
    marksBetween(scope, { studentId }, marksFrom, today),
    current && schoolWeek[0] ? marksBetween(wholeClass, { classroomId: current.classroomId }, schoolWeek[0], today) : Promise.resolve([]),
    registersTakenBetween(scope, roomIds, monthFrom, today),
    current ? classroomStudentIds(wholeClass, current.classroomId) : Promise.resolve([]),
  ]);
  const childDays = daysOf(childMarks, rules, startOf);
  // The classmates' days; the child's own come from their marks (they may have moved class this week).
  const classDays = daysOf(
    classMarks.filter((m) => m.studentId !== studentId),
    rules,
    startOf,
  );
  for (const [key, day] of childDays) classDays.set(key, day);
  const weeklyAttendance = schoolWeek.map((date) => {
    const day = childDays.get(`${studentId}/${date}`);
    return { date, status: day?.status ?? null, meaning: day?.meaning ?? null, code: day?.code ?? null };
  });

  const praying = [...new Set([studentId, ...classmates])];
  const grouped = await groupedLogs(wholeClass, praying, calendarWeek[0]!, today);
  const of = await dailyPrayerCount(scope);
  const weeklySalaahLogs = salaahDays(studentId, calendarWeek, grouped, of);

  const [tasks, hifz, card, fee, materials, unread, taught] = await Promise.all([
    pendingTasksFor(scope, studentId, today),
    latestLessonOfStudent(scope, studentId),
    latestPublishedCard(scope, studentId),
    nextFeeDue(scope, studentId, today),
    recentMaterialsFor(scope, activeRooms, MATERIALS_SHOWN),
    unreadCount(scope, ctx.principal.userId),
    subjectsTaught(scope, roomIds),
  ]);

  const subjectIds = [...new Set([...(current ? (taught.get(current.classroomId) ?? []) : []), ...week.timetable.map((t) => t.subjectId)])];
  const subjectRows = subjectIds.length ? [...(await subjectsByIds(scope, subjectIds)).values()] : current ? await courseSubjects(scope, current.courseId) : [];
  const todayMark = childDays.get(`${studentId}/${today}`);

  return {
    student: { id: child.id, name: child.name, nameNative: child.nameNative, admissionNo: child.admissionNo },
    subjects: subjectRows.map((s) => ({ id: s.id, name: s.name, code: s.code })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    enrollments,
    enrolledClass: current
      ? {
          enrollmentId: current.id,
          classroomId: current.classroomId,
          className: current.className,
          batchId: current.batchId,
          batchName: current.batchName,
          courseId: current.courseId,
          courseName: current.courseName,
        }
      : null,
    attendance: attendanceEntries(studentId, monthFrom, registers, childMarks, startOf),
    weeklyAttendance,
    weeklySalaahLogs,
    todaysPendingTasks: tasks,
    salaahComparisonData: salaahComparison(studentId, calendarWeek, grouped, of),
    attendanceComparisonData: attendanceComparison(studentId, schoolWeek, praying, classDays),
    today: {
      date: today,
      attendance: { state: todayState(todayMark), code: todayMark?.code ?? null, meaning: todayMark?.meaning ?? null },
      prayers: weeklySalaahLogs[weeklySalaahLogs.length - 1]!,
      nextLesson: nextLesson(week, today, nowIn(tenant.timeZone), isWorking),
      hifz,
      feeDue: fee,
      latestResult: card
        ? { kind: card.source.kind, id: card.source.id, name: card.source.name, percent: card.percent, grade: card.grade, passed: card.passed }
        : null,
      materials,
      unreadNotifications: unread,
    },
    asOf: new Date().toISOString(),
  };
}

/** The courses a person's children are enrolled in now. */
export async function childrensCourses(ctx: Pick<RequestContext, "scope" | "principal">): Promise<Set<number>> {
  const children = await linkedStudents(ctx.scope, ctx.principal.userId);
  const active = await activeEnrolmentsOfStudents(
    ctx.scope,
    children.map((c) => c.id),
  );
  return new Set(active.map((e) => e.courseId));
}
