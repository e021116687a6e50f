import type { markTask, tickTask } from "@taleem/contract";
import { taskFallsDueOn } from "@taleem/contract";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { userNames } from "../academics/classrooms.service.js";
import { studentsByIds } from "../students/students.service.js";
import { requireFallsDue, requireReachableChild } from "./task-checks.service.js";
import { describeTasks, saveTaskLogs, taskChildrenOn, taskDates, taskReaches, taskStudentIds } from "./tasks.service.js";
import { type TaskLogRecord, type TaskRecord, tasks } from "./tasks.table.js";

/** Tasks as their replies show them: described, with the setter's name. */
export async function presentTasks(scope: TenantScope, rows: TaskRecord[]) {
  const [described, setters] = await Promise.all([
    describeTasks(scope, rows),
    userNames(
      scope,
      rows.map((t) => t.setBy),
    ),
  ]);
  return described.map((t) => ({ ...t, setByName: t.setBy ? (setters.get(t.setBy) ?? null) : null }));
}

/** Task logs with the task's title and the child's name. */
export async function presentTaskLogs(scope: TenantScope, rows: TaskLogRecord[]) {
  const [titles, children] = await Promise.all([
    scope.namesById(
      tasks,
      rows.map((r) => r.taskId),
      tasks.title,
    ),
    studentsByIds(scope, [...new Set(rows.map((r) => r.studentId))]),
  ]);
  return rows.map((r) => ({ ...r, taskTitle: titles.get(r.taskId) ?? "", studentName: children.find((s) => s.id === r.studentId)?.name ?? "" }));
}

/** A task's children on a day with what each has done; a repeating task opens on today's day when it falls due today, else on its last day so far. */
export async function childrenOfTask(scope: TenantScope, taskId: number, askedDate: string | undefined) {
  const task = await scope.find(tasks, taskId, "Task");
  const dates = taskDates(task);
  const today = await schoolToday(scope);
  // A repeating task opens on today's day when it falls due today, else on its last day so far.
  const date = askedDate ?? (dates.includes(today) ? today : ([...dates].reverse().find((d) => d <= today) ?? dates[0]!));
  const rows = await taskChildrenOn(scope, task, date);
  const [row] = await presentTasks(scope, [task]);
  return { task: row!, date, fallsDue: taskFallsDueOn(task, date), dates, rows };
}

/** A teacher's marks for a day of a task, every child one it is set (400 naming a stranger); answers how many were saved. */
export async function markTaskDay(ctx: Pick<RequestContext, "scope" | "principal" | "audit">, body: z.infer<typeof markTask.body>) {
  const task = await ctx.scope.find(tasks, body.taskId, "Task");
  requireFallsDue(task, body.date);
  const reached = new Set(await taskStudentIds(ctx.scope, task));
  const stranger = body.entries.find((e) => !reached.has(e.studentId));
  if (stranger) throw badRequest("task.not_set", `Student ${stranger.studentId} is not set this task.`, { field: "entries", studentId: stranger.studentId });
  const saved = await saveTaskLogs(ctx.scope, task.id, body.date, body.entries, ctx.principal.userId);
  await ctx.audit({ action: "update", entity: "task_logs", entityId: task.id, details: { date: body.date, marked: saved.length } });
  return saved.length;
}

/** A family's (or staff's) tick of a child's task: late when ticked after its day. Answers the status and day. */
export async function tickChildTask(ctx: RequestContext, body: z.infer<typeof tickTask.body>) {
  await requireReachableChild(ctx, body.studentId, "add");
  const task = await ctx.scope.find(tasks, body.taskId, "Task");
  if (!(await taskReaches(ctx.scope, task, body.studentId))) throw notFound("Task");
  const today = await schoolToday(ctx.scope);
  const date = body.date ?? (task.repeat === "none" ? task.dueOn : today);
  requireFallsDue(task, date);
  if (date > today && task.repeat !== "none") throw badRequest("task.not_yet", "This day of the task has not come yet.", { field: "date" });
  // Ticked after its day, it is late; a family sets no mark (the teacher's stays).
  const status = today > date ? ("late" as const) : ("done" as const);
  await saveTaskLogs(ctx.scope, task.id, date, [{ studentId: body.studentId, status, note: body.note ?? null }], ctx.principal.userId);
  await ctx.audit({ action: "update", entity: "task_logs", entityId: task.id, details: { studentId: body.studentId, date, status } });
  return { status, date };
}
