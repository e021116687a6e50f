import { z } from "zod";
import { defineAction } from "../action.js";
import { DateOnly, RowId } from "../values.js";
import { TaskLogStatus, taskResource } from "./tasks.js";

/** One child of a task with their completion on the day asked (status null: not done yet). */
export const TaskChild = z.object({
  studentId: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  status: TaskLogStatus.nullable(),
  note: z.string().nullable(),
  mark: z.number().nullable(),
});
export type TaskChild = z.infer<typeof TaskChild>;

/**
 * GET task/:id/students: who the task reaches, each with their status on one of its days (its due
 * date, or for a repeating task the day asked or today's), the ones without a log "not done yet".
 */
export const taskChildren = defineAction({
  method: "GET",
  path: "/admin/api/task/:id/students",
  module: "tasks",
  permission: ["tasks", "view"],
  family: "scoped",
  summary: "A task's children with their completion on one of its days: who has done it and who has not",
  params: z.object({ id: RowId }),
  query: z.object({ date: DateOnly.optional() }),
  reply: z.object({
    message: z.string(),
    task: taskResource.row,
    /** The day shown; `dates` are the task's days up to its last (at most a year of them). */
    date: z.string(),
    fallsDue: z.boolean(),
    dates: z.array(z.string()),
    rows: z.array(TaskChild),
    count: z.number(),
    done: z.number(),
    notDone: z.number(),
  }),
  errors: [404],
});

/** POST task/mark: a teacher marks the children of one of a task's days in one call (twice changes nothing more). */
export const markTask = defineAction({
  method: "POST",
  path: "/admin/api/task/mark",
  module: "tasks",
  permission: ["tasks", "add"],
  summary: "Mark a task's children for one of its days: done, late or not done, with a note and a mark",
  description: "One upsert keyed by task, student and day: sending the same marks again updates them and makes no second log.",
  body: z.object({
    taskId: RowId,
    date: DateOnly,
    entries: z
      .array(
        z.object({ studentId: RowId, status: TaskLogStatus, note: z.string().trim().max(300).nullish(), mark: z.number().int().min(0).max(1000).nullish() }),
      )
      .min(1)
      .max(1000)
      .refine((e) => new Set(e.map((x) => x.studentId)).size === e.length, "A student is listed twice"),
  }),
  reply: z.object({ message: z.string(), saved: z.number() }),
  errors: [404],
  refreshes: ["tasklog", "task"],
});

/** A task as a family sees it on a day, with their child's completion. */
export const ChildTask = z.object({
  id: z.number(),
  title: z.string(),
  typeName: z.string(),
  /** A standard task type's key (the app names it in the reader's language while the school has not renamed it). */
  typeKey: z.string().nullable(),
  instructions: z.string().nullable(),
  attachments: z.array(z.string()),
  assignedOn: z.string(),
  dueOn: z.string(),
  repeat: taskResource.row.shape.repeat,
  /** The day of the task this is (today for a repeating one, the due date otherwise). */
  date: z.string(),
  status: TaskLogStatus.nullable(),
  note: z.string().nullable(),
  mark: z.number().nullable(),
});
export type ChildTask = z.infer<typeof ChildTask>;

/**
 * GET user/api/home/tasks: a child's tasks of a day (today by default): those falling due that day
 * and those set and not yet due, each with the child's completion; `pending` counts the open ones.
 */
export const childTasks = defineAction({
  method: "GET",
  path: "/user/api/home/tasks",
  module: "tasks",
  family: "scoped",
  summary: "A child's tasks of a day with their completion (a parent: their own children only)",
  query: z.object({ student: RowId, date: DateOnly.optional() }),
  reply: z.object({ message: z.string(), studentId: z.number(), date: z.string(), rows: z.array(ChildTask), count: z.number(), pending: z.number() }),
  errors: [403, 404],
});

/** POST user/api/home/tasks/done: a parent ticks their own child's task done (late after its day). */
export const tickTask = defineAction({
  method: "POST",
  path: "/user/api/home/tasks/done",
  module: "tasks",
  summary: "Tick a child's task done for one of its days (a parent: their own children; no marks)",
  // Strict: a family cannot set a mark or a status of its own choosing.
  body: z.strictObject({ taskId: RowId, studentId: RowId, date: DateOnly.optional(), note: z.string().trim().max(300).optional() }),
  reply: z.object({ message: z.string(), studentId: z.number(), status: TaskLogStatus, date: z.string() }),
  errors: [403, 404],
  refreshes: ["tasklog"],
});
