import { can, givesTarget, TARGET_FIELDS, targetsNamed, taskFallsDueOn, type taskResource, taskScheduleProblem } from "@taleem/contract";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireCourse } from "../academics/academics.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { sampleEnrolment } from "../academics/enrolment-samples.service.js";
import { groupMemberIds, requireStudent, requireStudents } from "../students/students.service.js";
import { taskReaches, taskStudentIds } from "./tasks.service.js";
import { type TaskRecord, tasks, taskTypes } from "./tasks.table.js";

type Target = { studentIds?: number[] | null; groupId?: number | null; classroomId?: number | null; courseId?: number | null };

/** The one target a body names (400 naming the field when none or several), each of this school (404 otherwise). */
export async function resolveTarget(scope: TenantScope, t: Target) {
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
export function checkSchedule(s: Pick<TaskRecord, "assignedOn" | "dueOn" | "repeat" | "repeatDays" | "repeatUntil">) {
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
export async function requireReachableChild(ctx: RequestContext, studentId: number, action: "view" | "add") {
  // In a family's scope another family's child is not found.
  await requireStudent(ctx.scope, studentId);
  if (!ctx.scope.family && !can(ctx.principal.permissions, "tasks", action)) {
    throw new AppError(403, "forbidden", "You do not have permission to do this.");
  }
}

/** A task type and a task of a classroom of the school, for the isolation suite. */
export const sampleTask = async (scope: TenantScope) => {
  const type = await scope.insert(taskTypes, { name: `Reading ${sampleTag()}` });
  const room = await sampleClassroom(scope);
  return { title: "Read chapter 3", taskTypeId: type.id, classroomId: room.id, assignedOn: "2026-01-05", dueOn: "2026-01-06", repeat: "none" as const };
};

/** A task set to a classroom, for the isolation suite. */
export const sampleClassroomTask = async (scope: TenantScope) => scope.insert(tasks, { ...(await sampleTask(scope)), targetKind: "classroom" });

/** A task set to the classroom of an enrolled child, and the enrolment, for the isolation suite. */
export async function sampleTaskOfChild(scope: TenantScope) {
  const enrolment = await sampleEnrolment(scope);
  const task = await scope.insert(tasks, { ...(await sampleTask(scope)), classroomId: enrolment.classroomId, targetKind: "classroom" });
  return { enrolment, task };
}

/** A new task, checked: its type, its one target and its schedule; set by the caller. */
export async function newTaskValues(ctx: Pick<RequestContext, "scope" | "principal">, input: z.infer<typeof taskResource.create>) {
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
}

/** A change to a task, checked as it will stand: its type, its target and its schedule. */
export async function taskChangeValues(scope: TenantScope, existing: TaskRecord, input: z.infer<typeof taskResource.update>) {
  const { id: _id, studentIds: _s, ...fields } = input;
  if (input.taskTypeId) await scope.find(taskTypes, input.taskTypeId, "Task type");
  // A new target named replaces the old one; only clearing the current one leaves none (refused).
  const given = pickTarget(input);
  const chosen = Object.fromEntries(Object.entries(given).filter(([, v]) => givesTarget(v)));
  const current = { ...existing, studentIds: existing.targetKind === "students" ? await taskStudentIds(scope, existing) : null };
  const target = Object.keys(given).length ? await resolveTarget(scope, Object.keys(chosen).length ? chosen : { ...current, ...given }) : {};
  const schedule = checkSchedule({ ...existing, ...stripUndefined(fields), assignedOn: fields.assignedOn ?? existing.assignedOn });
  return { ...fields, ...target, ...schedule };
}

/** A log names a day the task falls due and a child it reaches. */
export async function requireDayOfChild(scope: TenantScope, taskId: number, studentId: number, date: string) {
  const [task] = await Promise.all([scope.find(tasks, taskId, "Task"), requireStudent(scope, studentId)]);
  requireFallsDue(task, date);
  if (!(await taskReaches(scope, task, studentId))) throw badRequest("task.not_set", "This student is not set this task.", { field: "studentId" });
}

/** Refuses a day the task does not fall due on. */
export function requireFallsDue(task: TaskRecord, date: string) {
  if (!taskFallsDueOn(task, date)) throw badRequest("task.not_due", `The task does not fall due on ${date}.`, { field: "date", date });
}

const pickTarget = (input: Target): Target => Object.fromEntries(Object.values(TARGET_FIELDS).flatMap((k) => (input[k] !== undefined ? [[k, input[k]]] : [])));
const stripUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
