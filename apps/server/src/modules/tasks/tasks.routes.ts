import {
  can,
  childTasks,
  givesTarget,
  markTask,
  TARGET_FIELDS,
  targetsNamed,
  taskChildren,
  taskFallsDueOn,
  taskLogResource,
  taskResource,
  taskScheduleProblem,
  taskTypeResource,
  tickTask,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError, badRequest, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireCourse } from "../academics/academics.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { requireClassroom, userNames } from "../academics/classrooms.service.js";
import { sampleEnrolment } from "../academics/enrolment-samples.service.js";
import { groupMemberIds, requireStudent, requireStudents, studentsByIds } from "../students/students.service.js";
import { tellParentsOfTask } from "./task-notices.service.js";
import {
  childTasksOn,
  countOpen,
  describeTasks,
  STANDARD_TASK_TYPES,
  saveTaskLogs,
  setTaskStudents,
  taskChildrenOn,
  taskDates,
  taskReaches,
  taskStudentIds,
} from "./tasks.service.js";
import { type TaskRecord, taskLogs, tasks, taskTypes } from "./tasks.table.js";

type Target = { studentIds?: number[] | null; groupId?: number | null; classroomId?: number | null; courseId?: number | null };

/** The one target a body names (400 naming the field when none or several), each of this school (404 otherwise). */
async function resolveTarget(scope: TenantScope, t: Target) {
  const named = targetsNamed(t);
  if (named.length !== 1) {
    throw badRequest("task.target", "Set the task for exactly one of: students, a group, a classroom or a course", { field: "classroomId" });
  }
  const kind = named[0]!;
  if (kind === "classroom") await requireClassroom(scope, t.classroomId!);
  if (kind === "group") await groupMemberIds(scope, [t.groupId!]);
  if (kind === "course") await requireCourse(scope, t.courseId!);
  if (kind === "students") await requireStudents(scope, t.studentIds!);
  return {
    targetKind: kind,
    classroomId: kind === "classroom" ? t.classroomId! : null,
    groupId: kind === "group" ? t.groupId! : null,
    courseId: kind === "course" ? t.courseId! : null,
  };
}

/** The repeat's fields as stored: days only for a weekdays task, an end only for a repeating one. */
function checkSchedule(s: Pick<TaskRecord, "assignedOn" | "dueOn" | "repeat" | "repeatDays" | "repeatUntil">) {
  const problem = taskScheduleProblem(s);
  if (problem) throw badRequest("task.schedule", problem.message, { field: problem.path[0] });
  return {
    assignedOn: s.assignedOn,
    dueOn: s.dueOn,
    repeat: s.repeat,
    repeatDays: s.repeat === "weekdays" ? [...new Set(s.repeatDays)].sort() : null,
    repeatUntil: s.repeat === "none" ? null : s.repeatUntil,
  };
}

/** The child a caller may see and tick: a parent their own (404 otherwise), staff with tasks view any. */
async function requireReachableChild(ctx: RequestContext, studentId: number, action: "view" | "add") {
  // In a family's scope another family's child is not found.
  await requireStudent(ctx.scope, studentId);
  if (!ctx.scope.family && !can(ctx.principal.permissions, "tasks", action)) {
    throw new AppError(403, "forbidden", "You do not have permission to do this.");
  }
}

const sampleTask = async (scope: TenantScope) => {
  const type = await scope.insert(taskTypes, { name: `Reading ${sampleTag()}` });
  const room = await sampleClassroom(scope);
  return { title: "Read chapter 3", taskTypeId: type.id, classroomId: room.id, assignedOn: "2026-01-05", dueOn: "2026-01-06", repeat: "none" as const };
};

/**
 * Tasks and homework: task types (the standard four given on a school's first visit), tasks set
 * to one target with an optional repeat, each child's completion (tasklog), a task's children with
 * who has done it, a teacher's marking in one call, and a family's view and tick of its own child's.
 */
export function registerTasksModule(app: FastifyInstance, services: Services) {
  serveResource(app, taskTypeResource, taskTypes, {
    standard: STANDARD_TASK_TYPES,
    sample: async () => ({ name: `Reading ${sampleTag()}`, status: "active" as const }),
  });

  const present = async (ctx: RequestContext, rows: TaskRecord[]) => {
    const [described, setters] = await Promise.all([
      describeTasks(ctx.scope, rows),
      userNames(
        ctx.scope,
        rows.map((t) => t.setBy),
      ),
    ]);
    return described.map((t) => ({ ...t, setByName: t.setBy ? (setters.get(t.setBy) ?? null) : null }));
  };

  serveResource(app, taskResource, tasks, {
    present,
    beforeCreate: async (ctx, input) => {
      const { studentIds: _s, ...fields } = input;
      await ctx.scope.find(taskTypes, input.taskTypeId, "Task type");
      const target = await resolveTarget(ctx.scope, input);
      const schedule = checkSchedule({
        ...input,
        assignedOn: input.assignedOn ?? (await schoolToday(ctx.scope)),
        repeatDays: input.repeatDays ?? null,
        repeatUntil: input.repeatUntil ?? null,
      });
      return { ...fields, ...target, ...schedule, setBy: ctx.principal.userId };
    },
    afterCreate: async (ctx, task, input) => {
      if (task.targetKind === "students") await setTaskStudents(ctx.scope, task.id, input.studentIds!);
      await tellParentsOfTask(services, ctx, task, await taskStudentIds(ctx.scope, task));
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, studentIds: _s, ...fields } = input;
      if (input.taskTypeId) await ctx.scope.find(taskTypes, input.taskTypeId, "Task type");
      // A new target named replaces the old one; only clearing the current one leaves none (refused).
      const given = pickTarget(input);
      const chosen = Object.fromEntries(Object.entries(given).filter(([, v]) => givesTarget(v)));
      const current = { ...existing, studentIds: existing.targetKind === "students" ? await taskStudentIds(ctx.scope, existing) : null };
      const target = Object.keys(given).length ? await resolveTarget(ctx.scope, Object.keys(chosen).length ? chosen : { ...current, ...given }) : {};
      const schedule = checkSchedule({ ...existing, ...stripUndefined(fields), assignedOn: fields.assignedOn ?? existing.assignedOn });
      return { ...fields, ...target, ...schedule };
    },
    afterUpdate: async (ctx, task, input) => {
      if (task.targetKind === "students" && input.studentIds?.length) await setTaskStudents(ctx.scope, task.id, input.studentIds);
      else if (task.targetKind !== "students") await setTaskStudents(ctx.scope, task.id, []);
    },
    sample: sampleTask,
  });

  serveResource(app, taskLogResource, taskLogs, {
    present: async (ctx, rows) => {
      const [titles, children] = await Promise.all([
        ctx.scope.namesById(
          tasks,
          rows.map((r) => r.taskId),
          tasks.title,
        ),
        studentsByIds(ctx.scope, [...new Set(rows.map((r) => r.studentId))]),
      ]);
      return rows.map((r) => ({ ...r, taskTitle: titles.get(r.taskId) ?? "", studentName: children.find((s) => s.id === r.studentId)?.name ?? "" }));
    },
    beforeCreate: async (ctx, input) => {
      await requireDayOfChild(ctx.scope, input.taskId, input.studentId, input.date);
      return { ...input, markedBy: ctx.principal.userId };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      await requireDayOfChild(ctx.scope, values.taskId ?? existing.taskId, values.studentId ?? existing.studentId, values.date ?? existing.date);
      return { ...values, markedBy: ctx.principal.userId };
    },
    sample: async (scope) => {
      const enrolment = await sampleEnrolment(scope);
      const task = await scope.insert(tasks, {
        ...(await sampleTask(scope)),
        classroomId: enrolment.classroomId,
        targetKind: "classroom",
      });
      return { taskId: task.id, studentId: enrolment.studentId, date: task.dueOn, status: "done" as const };
    },
  });

  serveAction(
    app,
    taskChildren,
    async (ctx, { params, query }) => {
      const task = await ctx.scope.find(tasks, params.id, "Task");
      const dates = taskDates(task);
      const today = await schoolToday(ctx.scope);
      // A repeating task opens on today's day when it falls due today, else on its last day so far.
      const date = query.date ?? (dates.includes(today) ? today : ([...dates].reverse().find((d) => d <= today) ?? dates[0]!));
      const rows = await taskChildrenOn(ctx.scope, task, date);
      const [row] = await present(ctx, [task]);
      const done = rows.filter((r) => r.status === "done" || r.status === "late").length;
      return {
        message: "Task children fetched",
        task: row!,
        date,
        fallsDue: taskFallsDueOn(task, date),
        dates,
        rows,
        count: rows.length,
        done,
        notDone: rows.length - done,
      };
    },
    { sample: async (scope) => ({ params: { id: (await scope.insert(tasks, { ...(await sampleTask(scope)), targetKind: "classroom" })).id }, query: {} }) },
  );

  serveAction(
    app,
    markTask,
    async (ctx, { body }) => {
      const task = await ctx.scope.find(tasks, body.taskId, "Task");
      requireFallsDue(task, body.date);
      const reached = new Set(await taskStudentIds(ctx.scope, task));
      const stranger = body.entries.find((e) => !reached.has(e.studentId));
      if (stranger)
        throw badRequest("task.not_set", `Student ${stranger.studentId} is not set this task.`, { field: "entries", studentId: stranger.studentId });
      const saved = await saveTaskLogs(ctx.scope, task.id, body.date, body.entries, ctx.principal.userId);
      await ctx.audit({ action: "update", entity: "task_logs", entityId: task.id, details: { date: body.date, marked: saved.length } });
      return { message: "Marks saved", saved: saved.length };
    },
    {
      sample: async (scope) => {
        const enrolment = await sampleEnrolment(scope);
        const task = await scope.insert(tasks, { ...(await sampleTask(scope)), classroomId: enrolment.classroomId, targetKind: "classroom" });
        return { body: { taskId: task.id, date: task.dueOn, entries: [{ studentId: enrolment.studentId, status: "done" as const }] } };
      },
    },
  );

  serveAction(
    app,
    childTasks,
    async (ctx, { query }) => {
      await requireReachableChild(ctx, query.student, "view");
      const date = query.date ?? (await schoolToday(ctx.scope));
      const rows = await childTasksOn(ctx.scope, query.student, date);
      return { message: "Tasks fetched", studentId: query.student, date, rows, count: rows.length, pending: countOpen(rows) };
    },
    { sample: async (scope) => ({ query: { student: (await sampleEnrolment(scope)).studentId } }) },
  );

  serveAction(
    app,
    tickTask,
    async (ctx, { body }) => {
      await requireReachableChild(ctx, body.studentId, "add");
      const task = await ctx.scope.find(tasks, body.taskId, "Task");
      if (!(await taskReaches(ctx.scope, task, body.studentId))) throw notFound("Task");
      const today = await schoolToday(ctx.scope);
      const date = body.date ?? (task.repeat === "none" ? task.dueOn : today);
      requireFallsDue(task, date);
      if (date > today && task.repeat !== "none") throw badRequest("task.not_yet", "This day of the task has not come yet.", { field: "date" });
      // Ticked after its day, it is late; a family sets no mark (the teacher's stays).
      const status = today > date ? "late" : "done";
      await saveTaskLogs(ctx.scope, task.id, date, [{ studentId: body.studentId, status, note: body.note ?? null }], ctx.principal.userId);
      await ctx.audit({ action: "update", entity: "task_logs", entityId: task.id, details: { studentId: body.studentId, date, status } });
      return { message: status === "done" ? "Marked done" : "Marked done late", studentId: body.studentId, status, date };
    },
    {
      sample: async (scope) => {
        const enrolment = await sampleEnrolment(scope);
        const task = await scope.insert(tasks, { ...(await sampleTask(scope)), classroomId: enrolment.classroomId, targetKind: "classroom" });
        return { body: { taskId: task.id, studentId: enrolment.studentId } };
      },
    },
  );

  /** A log names a day the task falls due and a child it reaches. */
  async function requireDayOfChild(scope: TenantScope, taskId: number, studentId: number, date: string) {
    const [task] = await Promise.all([scope.find(tasks, taskId, "Task"), requireStudent(scope, studentId)]);
    requireFallsDue(task, date);
    if (!(await taskReaches(scope, task, studentId))) throw badRequest("task.not_set", "This student is not set this task.", { field: "studentId" });
  }
}

function requireFallsDue(task: TaskRecord, date: string) {
  if (!taskFallsDueOn(task, date)) throw badRequest("task.not_due", `The task does not fall due on ${date}.`, { field: "date", date });
}

const pickTarget = (input: Target): Target => Object.fromEntries(Object.values(TARGET_FIELDS).flatMap((k) => (input[k] !== undefined ? [[k, input[k]]] : [])));
const stripUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
