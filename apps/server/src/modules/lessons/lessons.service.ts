import type { LessonProgress, LessonStatus, SubjectProgress } from "@taleem/contract";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireBatch, subjectNames } from "../academics/academics.service.js";
import { type ClassroomInfo, userNames } from "../academics/classrooms.service.js";
import { type LessonRecord, lessonLogs, lessons } from "./lessons.table.js";

/** The lessons of the same syllabus (class and subject) as `lesson`. */
const sameSyllabus = (lesson: Pick<LessonRecord, "courseClassId" | "subjectId">) => [
  eq(lessons.courseClassId, lesson.courseClassId),
  eq(lessons.subjectId, lesson.subjectId),
];

/** The number after the syllabus's last lesson. */
export async function nextOrder(scope: TenantScope, syllabus: Pick<LessonRecord, "courseClassId" | "subjectId">) {
  const [row] = await scope.db
    .select({ last: sql<number>`coalesce(max(${lessons.order}), 0)`.mapWith(Number) })
    .from(lessons)
    .where(scope.where(lessons, ...sameSyllabus(syllabus)));
  return (row?.last ?? 0) + 1;
}

// Above any order a syllabus holds: rows pass through here while they shift, so the unique order
// (checked row by row, not at the end of the statement) never sees two lessons on one number.
const PARKED = 1_000_000;

/**
 * Frees `to` for `lesson`: when another lesson holds it, the lessons from `to` to the moving
 * lesson's old place shift one step toward that place. The caller then writes `to` on the lesson.
 */
export async function makeRoomAt(scope: TenantScope, lesson: LessonRecord, to: number) {
  if (to === lesson.order) return;
  const taken = await scope.count(lessons, ...sameSyllabus(lesson), eq(lessons.order, to));
  if (!taken) return;
  const up = to < lesson.order;
  const [low, high] = up ? [to, lesson.order - 1] : [lesson.order + 1, to];
  const shift = (set: SQL, ...where: SQL[]) =>
    scope.db
      .update(lessons)
      .set({ order: set })
      .where(scope.where(lessons, ...sameSyllabus(lesson), ...where));
  await shift(sql`${2 * PARKED}`, sql`${lessons.id} = ${lesson.id}`);
  await shift(sql`${lessons.order} + ${PARKED + (up ? 1 : -1)}`, sql`${lessons.order} between ${low} and ${high}`);
  await shift(sql`${lessons.order} - ${PARKED}`, sql`${lessons.order} > ${PARKED} and ${lessons.order} < ${2 * PARKED}`);
}

const DAY = 86_400_000;
/** The week of the batch `day` falls in: 1 is the batch's first week. */
const weekOf = (start: string, day: string) => Math.max(1, Math.floor((Date.parse(day) - Date.parse(start)) / DAY / 7) + 1);

/** Where a lesson stands from its logs: completed once any day completed it, else its latest day's word. */
function statusOf(logs: { progress: LessonProgress; percent: number | null }[]): { status: LessonStatus; percent: number } {
  if (!logs.length) return { status: "not_started", percent: 0 };
  if (logs.some((l) => l.progress === "completed")) return { status: "completed", percent: 100 };
  return { status: logs.at(-1)!.progress, percent: Math.max(0, ...logs.map((l) => l.percent ?? 0)) };
}

/** A classroom's progress against its class's syllabus, per subject (one subject when asked). */
export async function progressOf(scope: TenantScope, room: ClassroomInfo, today: string, subjectId?: number) {
  const plan = await scope.db
    .select()
    .from(lessons)
    .where(scope.where(lessons, eq(lessons.courseClassId, room.courseClassId), subjectId ? eq(lessons.subjectId, subjectId) : undefined))
    .orderBy(asc(lessons.subjectId), asc(lessons.order));
  const logs = plan.length
    ? await scope.db
        .select()
        .from(lessonLogs)
        .where(
          scope.where(
            lessonLogs,
            eq(lessonLogs.classroomId, room.id),
            inArray(
              lessonLogs.lessonId,
              plan.map((l) => l.id),
            ),
          ),
        )
        .orderBy(asc(lessonLogs.date), asc(lessonLogs.id))
    : [];
  const [subjects, teachers, batch] = await Promise.all([
    subjectNames(
      scope,
      plan.map((l) => l.subjectId),
    ),
    userNames(
      scope,
      logs.map((l) => l.teacherId),
    ),
    requireBatch(scope, room.batchId),
  ]);
  const week = weekOf(batch.startDate, today);
  const bySubject = new Map<number, SubjectProgress>();
  for (const lesson of plan) {
    const own = logs.filter((l) => l.lessonId === lesson.id);
    const line = {
      id: lesson.id,
      order: lesson.order,
      title: lesson.title,
      plannedWeek: lesson.plannedWeek,
      plannedPeriods: lesson.plannedPeriods,
      ...statusOf(own),
      logs: own.map((l) => ({
        id: l.id,
        date: l.date,
        teacherId: l.teacherId,
        teacherName: teachers.get(l.teacherId) ?? "",
        progress: l.progress,
        percent: l.percent,
        note: l.note,
      })),
    };
    const s = bySubject.get(lesson.subjectId) ?? {
      subjectId: lesson.subjectId,
      subjectName: subjects.get(lesson.subjectId) ?? "",
      planned: 0,
      completed: 0,
      percent: 0,
      expected: null,
      behind: null,
      lessons: [],
    };
    s.lessons.push(line);
    bySubject.set(lesson.subjectId, s);
  }
  for (const s of bySubject.values()) {
    s.planned = s.lessons.length;
    s.completed = s.lessons.filter((l) => l.status === "completed").length;
    s.percent = Math.round((100 * s.completed) / s.planned);
    const weeks = s.lessons.filter((l) => l.plannedWeek !== null);
    if (weeks.length) {
      s.expected = weeks.filter((l) => l.plannedWeek! <= week).length;
      s.behind = s.expected - s.completed;
    }
  }
  return { week, subjects: [...bySubject.values()] };
}
