import { addDays, type ClassStudentsReply, can, type MyClassesReply, type TeachingClassroom, type TeachingHour, type TeachingPaper } from "@taleem/contract";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { forbidden } from "../../platform/http/errors.js";
import { subjectNames } from "../academics/academics.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { activeCounts, activeEnrolmentsOf } from "../academics/enrolments.service.js";
import { classroomsTaughtBy, hhmm, hoursTaughtBy, teachesClassroom } from "../academics/timetable.service.js";
import { dayRegistersOf } from "../attendance/register-status.service.js";
import { schoolDays, weekdayOf } from "../attendance/school-days.service.js";
import { checklistsDueTo } from "../checklists/checklists.service.js";
import { papersAwaitingMarks } from "../exams/results.service.js";
import { groupsLedBy, sittingsLedBy } from "../hifz/sessions.service.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";

/** How far "this week" reaches: the day asked for and the six after it, so the list always looks ahead. */
const WEEK_DAYS = 7;

/**
 * A teacher's day and week, each figure from the module that owns it: classrooms and hours
 * (academics), day registers (attendance), halqas and sittings (hifz), papers awaiting marks
 * (exams), checklists due (checklists). About fifteen statements whatever the school's size.
 *
 * Whose is what: a classroom's day register waits for its class teacher, or for its subject
 * teachers when it has none; a paper's marks wait for the teacher of its subject there and for
 * the class teacher, who answers for the class's report card; a sitting waits for its teacher on
 * its day until something is logged. Each waits only for a role that may do it (adds registers,
 * hifz logs, results or checklist submissions).
 */
export async function myClassesOf(ctx: RequestContext, asked?: string): Promise<MyClassesReply> {
  const { scope } = ctx;
  const me = ctx.principal.userId;
  // Only what this role may do waits for it: a teacher without marks entry is not asked for marks.
  const may = (module: string) => can(ctx.principal.permissions, module, "add");
  const days = await schoolDays(scope);
  const date = asked ?? days.today;
  const taught = await classroomsTaughtBy(scope, me, date);
  const weekTo = addDays(date, WEEK_DAYS - 1);
  const { batch, rooms } = taught;
  const roomIds = rooms.map((r) => r.room.id);
  const [hours, registers, counts, sittings, groups, papers, checklists] = await Promise.all([
    hoursTaughtBy(scope, me, roomIds),
    dayRegistersOf(scope, roomIds, date),
    activeCounts(scope, roomIds),
    sittingsLedBy(scope, me, date, weekTo),
    groupsLedBy(scope, me),
    may("exams") ? papersAwaitingMarks(scope, roomIds, date) : [],
    may("checklists") ? checklistsDueTo(scope, me, date) : [],
  ]);
  const inBatch = (d: string) => !!batch && d >= batch.startDate && d <= batch.endDate;
  const workingDay = days.isWorking(date);

  const byRoom = new Map(rooms.map((r) => [r.room.id, r]));
  const mine = papers.filter((p) => {
    const r = byRoom.get(p.classroomId);
    return p.missing > 0 && !!r && (r.classTeacher || r.subjects.some((s) => s.id === p.subjectId));
  });
  const paperSubjects = await subjectNames(
    scope,
    mine.map((p) => p.subjectId),
  );

  const classrooms: TeachingClassroom[] = rooms.map(({ room, classTeacher, subjects }) => {
    const students = counts.get(room.id) ?? 0;
    const taken = registers.get(room.id);
    const expected = workingDay && inBatch(date) && date <= days.today && students > 0;
    const responsible = classTeacher || (room.classTeacherId === null && subjects.length > 0);
    return {
      classroomId: room.id,
      label: room.label,
      courseName: room.courseName,
      batchName: room.batchName,
      room: room.room,
      students,
      classTeacher,
      subjects,
      register: {
        expected,
        taken: !!taken,
        byName: taken?.byName ?? null,
        at: taken?.at ?? null,
        waiting: expected && !taken && responsible && may("attendance"),
      },
      marksMissing: mine.filter((p) => p.classroomId === room.id).reduce((n, p) => n + p.missing, 0),
    };
  });

  const week: TeachingHour[] = [];
  for (let i = 0; i < WEEK_DAYS; i++) {
    const day = addDays(date, i);
    if (!days.isWorking(day) || !inBatch(day)) continue;
    const weekday = weekdayOf(day);
    for (const h of hours.filter((x) => x.dayOfWeek === weekday)) {
      const r = byRoom.get(h.classroomId);
      week.push({
        hourId: h.id,
        date: day,
        dayOfWeek: h.dayOfWeek,
        startTime: hhmm(h.startTime) ?? "",
        endTime: hhmm(h.endTime) ?? "",
        label: h.label,
        classroomId: h.classroomId,
        classroomLabel: r?.room.label ?? "",
        courseName: r?.room.courseName ?? "",
        subjectId: h.subjectId,
        subjectName: r?.subjects.find((s) => s.id === h.subjectId)?.name ?? "",
      });
    }
  }

  const paperRows: TeachingPaper[] = mine.map((p) => ({
    ...p,
    classroomLabel: byRoom.get(p.classroomId)?.room.label ?? "",
    courseName: byRoom.get(p.classroomId)?.room.courseName ?? "",
    subjectName: paperSubjects.get(p.subjectId) ?? "",
  }));
  const sittingRows = sittings.map((s) => ({
    sessionId: s.id,
    date: s.date,
    startTime: hhmm(s.startTime),
    endTime: hhmm(s.endTime),
    groupId: s.recitationGroupId,
    groupName: s.recitationGroupName,
    seated: s.hafizIds.length,
    logCount: s.logCount,
    waiting: s.date === date && s.logCount === 0 && may("hifz"),
  }));
  const waiting = {
    registers: classrooms.filter((c) => c.register.waiting).length,
    sittings: sittingRows.filter((s) => s.waiting).length,
    marks: paperRows.length,
    checklists: checklists.length,
  };
  return {
    message: "My classes",
    date,
    workingDay,
    weekFrom: date,
    weekTo,
    classrooms,
    hours: week,
    groups,
    sittings: sittingRows,
    papers: paperRows,
    checklists,
    waiting: { ...waiting, total: waiting.registers + waiting.sittings + waiting.marks + waiting.checklists },
  };
}

/**
 * A classroom's class list for its teachers, or for staff who may view attendance or academics
 * (the office, a head teacher). Another school's classroom is a 404 before anything else.
 */
export async function classStudentsFor(ctx: RequestContext, classroomId: number): Promise<ClassStudentsReply> {
  const { scope, principal } = ctx;
  const room = await requireClassroom(scope, classroomId);
  const staffView = can(principal.permissions, "attendance", "view") || can(principal.permissions, "academics", "view");
  if (!staffView && !(await teachesClassroom(scope, principal.userId, room.id)))
    throw forbidden(homeOf(principal), "Only the teachers of this class may see its class list.");
  const enrolled = await activeEnrolmentsOf(scope, room.id);
  const people = new Map(
    (
      await studentsByIds(
        scope,
        enrolled.map((e) => e.studentId),
      )
    ).map((p) => [p.id, p]),
  );
  const rows = enrolled
    .filter((e) => people.has(e.studentId))
    .map((e) => ({ ...presentBrief(people.get(e.studentId)!), enrollmentId: e.id, rollNo: e.rollNo }))
    .sort((a, b) => (a.rollNo ?? Number.MAX_SAFE_INTEGER) - (b.rollNo ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name));
  return { message: "Class students", classroom: { id: room.id, label: room.label }, rows, count: rows.length };
}
