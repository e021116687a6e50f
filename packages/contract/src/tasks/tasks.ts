import { z } from "zod";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId, Status } from "../values.js";

/**
 * Tasks and homework: the school's task types, a task set to students, a group, a classroom or a
 * course (exactly one), and each child's completion of it on a day it falls due.
 */

/** Who a task is for: exactly one kind, named by the one target field the body gives. */
export const TASK_TARGETS = ["students", "group", "classroom", "course"] as const;
export const TaskTarget = z.enum(TASK_TARGETS);
export type TaskTarget = z.infer<typeof TaskTarget>;

/**
 * How a task repeats: once (due on its due date), daily, or on chosen weekdays, from the due date
 * until `repeatUntil`. One row, whatever the days: the days it falls due are computed.
 */
export const TaskRepeat = z.enum(["none", "daily", "weekdays"]);
export type TaskRepeat = z.infer<typeof TaskRepeat>;

/** ISO weekdays (1 Monday ... 7 Sunday), each once. */
export const Weekdays = z
  .array(z.coerce.number().int().min(1).max(7))
  .max(7)
  .refine((days) => new Set(days).size === days.length, "A day is given twice");

/** A child's completion of a task on a day. */
export const TaskLogStatus = z.enum(["done", "late", "not_done"]);
export type TaskLogStatus = z.infer<typeof TaskLogStatus>;

/** The longest a task repeats: a school year. */
export const TASK_MAX_REPEAT_DAYS = 366;

/** The kinds of task: the four every school starts with (STANDARD_TASK_TYPES on the server) and its own. */
export const taskTypeResource = defineResource({
  path: "taskTypes",
  module: "tasks",
  i18n: "tasks:types",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type TaskTypeRow = z.infer<typeof taskTypeResource.row>;

/** The body's target fields, one per kind of target. */
export const TARGET_FIELDS = { students: "studentIds", group: "groupId", classroom: "classroomId", course: "courseId" } as const;

/** Whether a body gives a target field a value (an empty list of students gives none: a form's untouched field). */
export const givesTarget = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** The kinds of target a body names. */
export const targetsNamed = (b: Partial<Record<(typeof TARGET_FIELDS)[TaskTarget], unknown>>) =>
  (Object.keys(TARGET_FIELDS) as TaskTarget[]).filter((kind) => givesTarget(b[TARGET_FIELDS[kind]]));

/** A task's days as a whole: what is wrong with them (the field and why), or null. Create and update both ask. */
export function taskScheduleProblem(t: {
  assignedOn: string;
  dueOn: string;
  repeat: TaskRepeat;
  repeatDays?: number[] | null;
  repeatUntil?: string | null;
}): { path: string[]; message: string } | null {
  if (t.dueOn < t.assignedOn) return { path: ["dueOn"], message: "The due date cannot be before the assigned date" };
  if (t.repeat === "none") return null;
  if (!t.repeatUntil) return { path: ["repeatUntil"], message: "Give the last day a repeating task falls due" };
  if (t.repeatUntil < t.dueOn) return { path: ["repeatUntil"], message: "A task cannot stop repeating before its due date" };
  const span = (Date.parse(t.repeatUntil) - Date.parse(t.dueOn)) / 86_400_000;
  if (span > TASK_MAX_REPEAT_DAYS) return { path: ["repeatUntil"], message: `A task repeats for at most ${TASK_MAX_REPEAT_DAYS} days` };
  if (t.repeat === "weekdays" && !t.repeatDays?.length) return { path: ["repeatDays"], message: "Choose the weekdays the task falls due" };
  return null;
}

export const taskResource = defineResource({
  path: "task",
  module: "tasks",
  i18n: "tasks:tasks",
  fields: {
    title: field.nativeText(200).required().search().sort().column().summary(),
    taskTypeId: field.ref("taskTypes").required().filter(),
    typeName: field.readOnly(z.string()).column(),
    /** In the teacher's own language and script. */
    instructions: field.longText(4000).form({ kind: "textarea", native: true }),
    // One file per field is what the engine offers: three cover a worksheet and its pages.
    attachment1: field.upload("document"),
    attachment2: field.upload("document"),
    attachment3: field.upload("document"),
    /** Exactly one of the four targets below; the server keeps which in `targetKind`. */
    targetKind: field.readOnly(TaskTarget).filter().column("status"),
    targetName: field.readOnly(z.string()).column(),
    classroomId: field.ref("classRoom", "label").filter(),
    groupId: field.ref("student-group").filter(),
    courseId: field.ref("course").filter(),
    studentIds: field.shaped(z.array(RowId).max(500), z.array(z.number())).form({ kind: "multiselect", ref: { resource: "student", label: "name" } }),
    /** Defaults to the school's today. */
    assignedOn: field.date().filter("range").sort().column("date"),
    dueOn: field.date().required().filter("range").sort().column("date"),
    repeat: field.choice(TaskRepeat).default("none").filter(),
    /** The weekdays a `weekdays` task falls due. */
    repeatDays: field.shaped(Weekdays, z.array(z.number())).form({ kind: "multiselect", options: ["1", "2", "3", "4", "5", "6", "7"] }),
    repeatUntil: field.date(),
    setBy: field.readOnly(z.number().nullable()),
    setByName: field.readOnly(z.string().nullable()),
  },
  defaultSort: "-dueOn",
  refine: (create) =>
    create.superRefine((b, ctx) => {
      if (targetsNamed(b).length !== 1) {
        ctx.addIssue({ code: "custom", message: "Set the task for exactly one of: students, a group, a classroom or a course", path: ["classroomId"] });
      }
      const problem = taskScheduleProblem({ ...b, assignedOn: b.assignedOn ?? b.dueOn });
      if (problem) ctx.addIssue({ code: "custom", ...problem });
    }),
});
export type TaskRow = z.infer<typeof taskResource.row>;

export const taskLogResource = defineResource({
  path: "tasklog",
  module: "tasks",
  i18n: "tasks:logs",
  fields: {
    taskId: field.ref("task", "title").required().filter(),
    taskTitle: field.readOnly(z.string()).column(),
    studentId: field.ref("student").required().filter(),
    studentName: field.readOnly(z.string()).column().summary(),
    /** The day of the task this completion is for (one of the days it falls due). */
    date: field.date().required().filter("range").sort().column("date"),
    status: field.choice(TaskLogStatus).required().filter().column("status"),
    note: field.text(300),
    mark: field.int(0, 1000).column("number"),
    markedBy: field.readOnly(z.number().nullable()),
  },
  defaultSort: "-date",
});
export type TaskLogRow = z.infer<typeof taskLogResource.row>;

/** The ISO weekday (1 Monday ... 7 Sunday) of a YYYY-MM-DD date. */
export const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** Whether a task falls due on a day: its due date, or a day of its repeat. */
export function taskFallsDueOn(t: Pick<TaskRow, "dueOn" | "repeat" | "repeatDays" | "repeatUntil">, date: string): boolean {
  if (t.repeat === "none" || !t.repeatUntil) return date === t.dueOn;
  if (date < t.dueOn || date > t.repeatUntil) return false;
  return t.repeat === "daily" || !!t.repeatDays?.includes(isoWeekday(date));
}
