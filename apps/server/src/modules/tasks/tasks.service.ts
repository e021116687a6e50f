import { type ChildTask, isoWeekday, type TaskChild, type TaskLogStatus, type TaskRow, taskFallsDueOn } from "@taleem/contract";
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { standardRows } from "../../platform/resources/standard-rows.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { courseNames } from "../academics/academics.service.js";
import { classroomInfos } from "../academics/classrooms.service.js";
import { activelyEnrolledIn, activeStudentIds } from "../academics/enrolments.service.js";
import { groupMemberIds, groupNames, groupsOfStudents, studentsByIds } from "../students/students.service.js";
import { type TaskRecord, taskLogs, taskStudents, tasks, taskTypes } from "./tasks.table.js";

/** The task types every school starts with. */
export const STANDARD_TASK_TYPES = standardRows({
  table: taskTypes,
  rows: [
    { builtinKey: "homework", name: "Homework", nameNative: "واجب منزلي" },
    { builtinKey: "memorise", name: "Memorise", nameNative: "حفظ" },
    { builtinKey: "revise", name: "Revise", nameNative: "مراجعة" },
    { builtinKey: "project", name: "Project", nameNative: "مشروع" },
  ],
  noun: "standard task type",
  deleteCode: "task_type.builtin",
});

/** The ids of the students a task reaches now (a class's or a course's active enrolments, a group's members, or its listed students). */
export async function taskStudentIds(scope: TenantScope, task: TaskRecord): Promise<number[]> {
  if (task.targetKind === "group") return groupMemberIds(scope, [task.groupId!]);
  if (task.targetKind === "students") {
    const rows = await scope.db
      .select({ id: taskStudents.studentId })
      .from(taskStudents)
      .where(scope.where(taskStudents, eq(taskStudents.taskId, task.id)));
    return rows.map((r) => r.id);
  }
  const by = task.targetKind === "classroom" ? { classroomId: task.classroomId! } : { courseId: task.courseId! };
  return [...new Set((await activeStudentIds(scope, by)).map((r) => r.id))];
}

/**
 * The tasks that reach some students (`who` narrows a student column to them): listed by name, or
 * set to their group, or to the classroom or course they are actively enrolled in. One SQL
 * condition with subqueries, so a list's row scope can use it too.
 */
export function tasksReaching(scope: TenantScope, who: (studentId: AnyPgColumn) => SQL | undefined): SQL {
  return or(
    inArray(
      tasks.id,
      scope.db
        .select({ id: taskStudents.taskId })
        .from(taskStudents)
        .where(scope.where(taskStudents, who(taskStudents.studentId))),
    ),
    inArray(tasks.groupId, groupsOfStudents(scope, who)),
    inArray(tasks.classroomId, activelyEnrolledIn(scope, "classroomId", who)),
    inArray(tasks.courseId, activelyEnrolledIn(scope, "courseId", who)),
  ) as SQL;
}

const reachingChild = (scope: TenantScope, studentId: number) => tasksReaching(scope, (column) => eq(column, studentId));

/** Whether a task reaches a child. */
export async function taskReaches(scope: TenantScope, task: TaskRecord, studentId: number): Promise<boolean> {
  return scope.count(tasks, eq(tasks.id, task.id), reachingChild(scope, studentId)).then((n) => n > 0);
}

/**
 * A child's tasks of a day: repeating tasks falling due that day, and one-off tasks set by then
 * and not yet past their due date, each with the child's completion of that day's occurrence.
 */
export async function childTasksOn(scope: TenantScope, studentId: number, date: string): Promise<ChildTask[]> {
  const found = await scope.db
    .select({ task: tasks, typeName: taskTypes.name, typeKey: taskTypes.builtinKey })
    .from(tasks)
    .innerJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.taskTypeId)))
    .where(
      scope.where(
        tasks,
        reachingChild(scope, studentId),
        lte(tasks.assignedOn, date),
        or(
          and(eq(tasks.repeat, "none"), gte(tasks.dueOn, date)),
          and(eq(tasks.repeat, "daily"), lte(tasks.dueOn, date), gte(tasks.repeatUntil, date)),
          and(eq(tasks.repeat, "weekdays"), lte(tasks.dueOn, date), gte(tasks.repeatUntil, date), sql`${isoWeekday(date)} = any(${tasks.repeatDays})`),
        ),
      ),
    )
    .orderBy(asc(tasks.dueOn), asc(tasks.id))
    .limit(200);
  const dayOf = (t: TaskRecord) => (t.repeat === "none" ? t.dueOn : date);
  const logs = found.length
    ? await scope.db
        .select()
        .from(taskLogs)
        .where(
          scope.where(
            taskLogs,
            eq(taskLogs.studentId, studentId),
            inArray(
              taskLogs.taskId,
              found.map((f) => f.task.id),
            ),
          ),
        )
    : [];
  return found.map(({ task: t, typeName, typeKey }) => {
    const log = logs.find((l) => l.taskId === t.id && l.date === dayOf(t));
    return {
      id: t.id,
      title: t.title,
      typeName,
      typeKey,
      instructions: t.instructions,
      attachments: attachmentsOf(t),
      assignedOn: t.assignedOn,
      dueOn: t.dueOn,
      repeat: t.repeat,
      date: dayOf(t),
      status: log?.status ?? null,
      note: log?.note ?? null,
      mark: log?.mark ?? null,
    };
  });
}

const isOpen = (status: TaskLogStatus | null) => status === null || status === "not_done";

/** A child's tasks still to do on a day (the parent's "today's tasks", and the home's count). */
export async function pendingTasksFor(scope: TenantScope, studentId: number, date: string): Promise<ChildTask[]> {
  return (await childTasksOn(scope, studentId, date)).filter((t) => isOpen(t.status));
}

export const countOpen = (rows: ChildTask[]) => rows.filter((t) => isOpen(t.status)).length;

export const attachmentsOf = (t: TaskRecord) => [t.attachment1, t.attachment2, t.attachment3].filter((a): a is string => !!a);

/**
 * The days a task falls due, up to a year of them: its due date, or each day of its repeat. A
 * repeat is never written ahead as rows; this is where its days come from.
 */
export function taskDates(t: Pick<TaskRow, "dueOn" | "repeat" | "repeatDays" | "repeatUntil">): string[] {
  const out: string[] = [];
  const day = new Date(`${t.dueOn}T00:00:00Z`);
  const last = t.repeatUntil ?? t.dueOn;
  for (let i = 0; i <= 366; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const d = day.toISOString().slice(0, 10);
    if (d > last) break;
    if (taskFallsDueOn(t, d)) out.push(d);
  }
  return out;
}

/** A task's children with their completion of one of its days; those without a log are not done yet. */
export async function taskChildrenOn(scope: TenantScope, task: TaskRecord, date: string): Promise<TaskChild[]> {
  const children = await studentsByIds(scope, await taskStudentIds(scope, task));
  if (!children.length) return [];
  const logs = await scope.db
    .select()
    .from(taskLogs)
    .where(
      scope.where(
        taskLogs,
        eq(taskLogs.taskId, task.id),
        eq(taskLogs.date, date),
        inArray(
          taskLogs.studentId,
          children.map((c) => c.id),
        ),
      ),
    );
  return children
    .map((s) => {
      const log = logs.find((l) => l.studentId === s.id);
      return {
        studentId: s.id,
        name: s.name,
        nameNative: s.nameNative,
        admissionNo: s.admissionNo,
        status: log?.status ?? null,
        note: log?.note ?? null,
        mark: log?.mark ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Logs of one day of a task, one upsert keyed by (task, student, day): sending the same again
 * updates the rows and never makes a second. `mark` and `note` left out keep what was there.
 */
export async function saveTaskLogs(
  scope: TenantScope,
  taskId: number,
  date: string,
  entries: { studentId: number; status: TaskLogStatus; note?: string | null; mark?: number | null }[],
  markedBy: number,
) {
  if (!entries.length) return [];
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return scope.db
    .insert(taskLogs)
    .values(
      entries.map((e) => ({
        tenantId: scope.tenantId,
        taskId,
        date,
        studentId: e.studentId,
        status: e.status,
        note: e.note ?? null,
        mark: e.mark ?? null,
        markedBy,
      })),
    )
    .onConflictDoUpdate({
      target: [taskLogs.tenantId, taskLogs.taskId, taskLogs.studentId, taskLogs.date],
      set: {
        status: excluded("status"),
        note: sql`coalesce(${excluded("note")}, ${taskLogs.note})`,
        mark: sql`coalesce(${excluded("mark")}, ${taskLogs.mark})`,
        markedBy: excluded("marked_by"),
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/**
 * What the task list shows beside a task's ids: its type's name and whom it is for (in a family's
 * scope, of a task set by name, only its own children are listed).
 */
export async function describeTasks(scope: TenantScope, rows: TaskRecord[]) {
  const ids = (pick: (t: TaskRecord) => number | null) => rows.flatMap((t) => pick(t) ?? []);
  const [types, rooms, groups, coursesById, listed] = await Promise.all([
    scope.namesById(
      taskTypes,
      ids((t) => t.taskTypeId),
    ),
    classroomInfos(
      scope,
      ids((t) => t.classroomId),
    ),
    groupNames(
      scope,
      ids((t) => t.groupId),
    ),
    courseNames(
      scope,
      ids((t) => t.courseId),
    ),
    listedStudents(
      scope,
      rows.filter((t) => t.targetKind === "students").map((t) => t.id),
    ),
  ]);
  const listedNames = await studentsByIds(scope, [...new Set(listed.map((l) => l.studentId))]);
  return rows.map((t) => {
    const studentIds = listed.filter((l) => l.taskId === t.id).map((l) => l.studentId);
    const targetName =
      t.targetKind === "classroom"
        ? (rooms.get(t.classroomId!)?.label ?? "")
        : t.targetKind === "group"
          ? (groups.get(t.groupId!) ?? "")
          : t.targetKind === "course"
            ? (coursesById.get(t.courseId!) ?? "")
            : listedNames
                .filter((s) => studentIds.includes(s.id))
                .map((s) => s.name)
                .join(", ");
    return { ...t, typeName: types.get(t.taskTypeId) ?? "", targetName, studentIds: t.targetKind === "students" ? studentIds : null };
  });
}

async function listedStudents(scope: TenantScope, taskIds: number[]) {
  if (!taskIds.length) return [];
  return scope.db
    .select({ taskId: taskStudents.taskId, studentId: taskStudents.studentId })
    .from(taskStudents)
    .where(scope.where(taskStudents, inArray(taskStudents.taskId, taskIds)));
}

/** Replaces the students of a task set to students by name. */
export async function setTaskStudents(scope: TenantScope, taskId: number, studentIds: number[]) {
  await scope.db.delete(taskStudents).where(scope.where(taskStudents, eq(taskStudents.taskId, taskId)));
  if (studentIds.length)
    await scope.insertMany(
      taskStudents,
      studentIds.map((studentId) => ({ taskId, studentId })),
    );
}

/**
 * A child's tasks over from..to (to no later than today) for the office: each day a task that
 * reaches them fell due counts as set, and as done when the child's log of that day says done or
 * late. At most 500 tasks are read.
 */
export async function taskTally(scope: TenantScope, studentId: number, from: string, to: string) {
  const found = await scope.db
    .select({ id: tasks.id, dueOn: tasks.dueOn, repeat: tasks.repeat, repeatDays: tasks.repeatDays, repeatUntil: tasks.repeatUntil })
    .from(tasks)
    .where(scope.where(tasks, reachingChild(scope, studentId), lte(tasks.dueOn, to), or(gte(tasks.dueOn, from), gte(tasks.repeatUntil, from))))
    .limit(500);
  const due = new Set(
    found.flatMap((t) =>
      taskDates(t)
        .filter((d) => d >= from && d <= to)
        .map((d) => `${t.id}:${d}`),
    ),
  );
  if (!due.size) return { set: 0, done: 0 };
  const logs = await scope.db
    .select({ taskId: taskLogs.taskId, date: taskLogs.date })
    .from(taskLogs)
    .where(
      scope.where(
        taskLogs,
        eq(taskLogs.studentId, studentId),
        inArray(taskLogs.status, ["done", "late"]),
        gte(taskLogs.date, from),
        lte(taskLogs.date, to),
        inArray(
          taskLogs.taskId,
          found.map((t) => t.id),
        ),
      ),
    );
  return { set: due.size, done: logs.filter((l) => due.has(`${l.taskId}:${l.date}`)).length };
}
