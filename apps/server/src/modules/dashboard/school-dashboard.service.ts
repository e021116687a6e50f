import { addDays, can, DASHBOARD_MAX_DAYS, type SchoolDashboard, type SchoolDashboardQuery, type StudentDashboard } from "@taleem/contract";
import { inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { activeBatch, requireBatch, requireCourse } from "../academics/academics.service.js";
import { classroomInfos, classroomsOfBatch } from "../academics/classrooms.service.js";
import { activeCounts, activeEnrolmentsOfStudents, activeStudentIds } from "../academics/enrolments.service.js";
import { admissionCount } from "../admissions/admissions.service.js";
import { dayRegisterTally } from "../attendance/attendance-percentages.service.js";
import { registersTakenOn } from "../attendance/register-status.service.js";
import { salaahTally } from "../attendance/salaah.service.js";
import { datesOf, daysFrom, schoolDays } from "../attendance/school-days.service.js";
import { staffToday } from "../attendance/staff-attendance.service.js";
import { examinationsInProgress, examSetCounts, resultsOfStudent } from "../exams/exam-sets.service.js";
import { feeSummary } from "../fees/fee-card.service.js";
import { feeCollection } from "../fees/fee-dashboard.service.js";
import { hifzOfStudent, hifzSchoolFigures } from "../hifz/progress.service.js";
import { presentBrief, requireStudent, studentStatusCounts } from "../students/students.service.js";
import { taskTally } from "../tasks/tasks.service.js";

type Who = (studentId: AnyPgColumn) => SQL | undefined;

/** A whole-number percentage, null with nothing to count. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The range asked for, or this month to today; 400 naming the field when it runs backwards or is too long. */
function rangeOf(q: SchoolDashboardQuery, today: string) {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (monthStart(to) <= to ? monthStart(to) : to);
  if (from > to) throw badRequest("dashboard.bad_range", "The range ends before it starts.", { field: "to" });
  if (daysFrom(from, to) >= DASHBOARD_MAX_DAYS) {
    throw badRequest("dashboard.range_too_long", `At most ${DASHBOARD_MAX_DAYS} days at once.`, { field: "to", max: DASHBOARD_MAX_DAYS });
  }
  return { from, to };
}

/**
 * The office's dashboard. Every figure is asked of the module that owns it, one statement after
 * another (a request's transaction is one connection). A module the caller's role cannot view
 * gives null, never an error.
 */
export async function schoolDashboard(ctx: RequestContext, q: SchoolDashboardQuery): Promise<SchoolDashboard> {
  const { scope, principal } = ctx;
  const may = (module: string) => can(principal.permissions, module, "view");
  const days = await schoolDays(scope);
  const { today } = days;
  const { from, to } = rangeOf(q, today);
  // Another school's batch or course is a 404 like any other id.
  if (q.batch) await requireBatch(scope, q.batch);
  if (q.course) await requireCourse(scope, q.course);
  const batchId = q.batch ?? (await activeBatch(scope))?.id;
  const filtered = q.batch !== undefined || q.course !== undefined;
  const who: Who | undefined = filtered ? (column) => inArray(column, activeStudentIds(scope, { batchId: q.batch, courseId: q.course })) : undefined;
  // The classrooms in view: the batch's (the active one by default) that are active, of the course when one is chosen.
  const rooms = batchId ? (await classroomsOfBatch(scope, batchId)).filter((r) => r.status === "active" && (!q.course || r.courseId === q.course)) : [];
  const roomIds = rooms.map((r) => r.id);
  const counts = await activeCounts(scope, roomIds);
  const last = to < today ? to : today;
  const workingDays = from <= last ? datesOf(from, last).filter(days.isWorking).length : 0;

  let students: SchoolDashboard["students"] = null;
  if (may("students")) {
    const byStatus = await studentStatusCounts(scope, who);
    students = {
      total: byStatus.reduce((n, s) => n + s.count, 0),
      byStatus,
      // Two courses may both have a "Class 4-A": such a label says its course.
      byClass: rooms
        .filter((r) => (counts.get(r.id) ?? 0) > 0)
        .map((r) => ({
          classroomId: r.id,
          label: rooms.filter((o) => o.label === r.label).length > 1 ? `${r.label} · ${r.courseName}` : r.label,
          count: counts.get(r.id) ?? 0,
        })),
    };
  }

  let attendance: SchoolDashboard["attendance"] = null;
  let prayers: SchoolDashboard["prayers"] = null;
  let staff: SchoolDashboard["staff"] = null;
  if (may("attendance")) {
    const { rules } = days;
    const trendRows = await dayRegisterTally(scope, { from, to: last, classroomIds: roomIds, byDate: true, rules });
    const byDate = new Map(trendRows.map((r) => [r.date, r]));
    const trend =
      from <= last
        ? datesOf(from, last)
            .filter((d) => days.isWorking(d) || byDate.has(d))
            .map((date) => {
              const r = byDate.get(date) ?? { present: 0, absent: 0, marked: 0 };
              return { date, present: r.present, absent: r.absent, marked: r.marked, percent: percent(r.present, r.marked) };
            })
        : [];
    const todays =
      today >= from && today <= to
        ? byDate.get(today)
        : (await dayRegisterTally(scope, { from: today, to: today, classroomIds: roomIds, byDate: true, rules }))[0];
    // The registers expected today: the classrooms in view that have children (as the attendance office counts them).
    const expectedRooms = roomIds.filter((id) => (counts.get(id) ?? 0) > 0);
    const taken = await registersTakenOn(scope, expectedRooms, today);
    const expected = roomIds.reduce((n, id) => n + (counts.get(id) ?? 0), 0);
    const workingDay = days.isWorking(today);
    attendance = {
      expected,
      present: todays?.present ?? 0,
      absent: todays?.absent ?? 0,
      notMarked: Math.max(0, expected - (todays?.marked ?? 0)),
      registers: expectedRooms.length,
      registersNotTaken: workingDay ? expectedRooms.filter((id) => !taken.has(id)).length : null,
      workingDay,
      trend,
    };
    const p = await salaahTally(scope, today, today, who);
    prayers = { studentsLogged: p.students, logs: p.logs, prayed: p.prayed, missed: p.missed };
    const s = await staffToday(scope, principal.userId, true);
    staff = { in: s.staff.length, stillIn: s.inCount };
  }

  const hifz = may("hifz") ? await hifzSchoolFigures(scope, { from, to: last, workingDays, who }) : null;

  let exams: SchoolDashboard["exams"] = null;
  if (may("exams")) {
    const sets = await examSetCounts(scope, q.batch);
    exams = {
      inProgress: await examinationsInProgress(scope, today, q.course || q.batch ? roomIds : undefined),
      setsPublished: sets.published,
      setsUnpublished: sets.unpublished,
    };
  }

  let fees: SchoolDashboard["fees"] = null;
  if (may("fees")) {
    const t = await feeCollection(scope, { batchId: q.batch, courseId: q.course }, from, last, today);
    fees = {
      currency: (await tenantOf(scope)).currency,
      due: t.due,
      paid: t.collected,
      rate: percent(t.collected, t.due),
      overdue: t.overdue,
      overdueStudents: t.overdueStudents,
    };
  }

  const admissions = may("admissions") ? { pending: await admissionCount(scope, "pending") } : null;

  return {
    today,
    from,
    to,
    batchId: q.batch ?? null,
    courseId: q.course ?? null,
    students,
    attendance,
    prayers,
    hifz,
    exams,
    fees,
    admissions,
    staff,
  };
}

/**
 * One child's year for the office: the batch of their active enrolment (else the school's active
 * batch, else the last year), to today. Results are all of them, each marked published or not.
 */
export async function studentDashboard(ctx: RequestContext, studentId: number): Promise<StudentDashboard> {
  const { scope, principal } = ctx;
  const may = (module: string) => can(principal.permissions, module, "view");
  const student = await requireStudent(scope, studentId);
  const days = await schoolDays(scope);
  const { today } = days;
  const [enrolment] = await activeEnrolmentsOfStudents(scope, [studentId]);
  const batch = enrolment ? await requireBatch(scope, enrolment.batchId) : await activeBatch(scope);
  const from = batch && batch.startDate <= today ? batch.startDate : addDays(today, -364);
  const to = batch && batch.endDate < today && batch.endDate >= from ? batch.endDate : today;
  const room = enrolment ? (await classroomInfos(scope, [enrolment.classroomId])).get(enrolment.classroomId) : undefined;
  const month = monthStart(today);
  const one: Who = (column) => inArray(column, [studentId]);

  let attendance: StudentDashboard["attendance"] = null;
  let prayers: StudentDashboard["prayers"] = null;
  if (may("attendance")) {
    const [a] = await dayRegisterTally(scope, { from, to, studentId, byDate: false, rules: days.rules });
    const marked = a?.marked ?? 0;
    attendance = {
      marked,
      present: a?.present ?? 0,
      absent: a?.absent ?? 0,
      presentPercent: percent(a?.present ?? 0, marked),
      absentPercent: percent(a?.absent ?? 0, marked),
    };
    const p = await salaahTally(scope, from, to, one);
    prayers = { logs: p.logs, prayed: p.prayed, missed: p.missed, percent: percent(p.prayed, p.prayed + p.missed) };
  }

  let hifz: StudentDashboard["hifz"] = null;
  if (may("hifz")) {
    const workingDays = datesOf(month, today).filter(days.isWorking).length;
    const h = await hifzOfStudent(scope, studentId, { from: month, to: today, workingDays });
    hifz = h ? { enrolled: true, ...h } : { enrolled: false, memorisedPages: 0, pagesThisMonth: 0, position: null, behindTarget: null };
  }

  const results = may("exams") ? await resultsOfStudent(scope, studentId) : null;

  let fees: StudentDashboard["fees"] = null;
  if (may("fees")) {
    // The fee card's own totals, so the two screens cannot disagree.
    const t = await feeSummary(scope, studentId, today);
    fees = { currency: (await tenantOf(scope)).currency, due: t.amount - t.concession + t.fine, paid: t.paid, balance: t.balance, overdue: t.overdue };
  }

  const tasks = may("tasks") ? await taskTally(scope, studentId, from, to) : null;

  return {
    student: { ...presentBrief(student), classroomLabel: room?.label ?? null },
    from,
    to,
    attendance,
    prayers,
    hifz,
    results,
    fees,
    tasks,
  };
}
