import { childTasks, markTask, taskChildren, taskLogResource, taskResource, taskTypeResource, tickTask } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { sampleEnrolment } from "../academics/enrolment-samples.service.js";
import {
  newTaskValues,
  requireDayOfChild,
  requireReachableChild,
  sampleClassroomTask,
  sampleTask,
  sampleTaskOfChild,
  taskChangeValues,
} from "./task-checks.service.js";
import { childrenOfTask, markTaskDay, presentTaskLogs, presentTasks, tickChildTask } from "./task-marks.service.js";
import { tellParentsOfTask } from "./task-notices.service.js";
import { childTasksOn, countOpen, STANDARD_TASK_TYPES, setTaskStudents, taskStudentIds } from "./tasks.service.js";
import { taskLogs, tasks, taskTypes } from "./tasks.table.js";

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

  serveResource(app, taskResource, tasks, {
    present: (ctx, rows) => presentTasks(ctx.scope, rows),
    beforeCreate: (ctx, input) => newTaskValues(ctx, input),
    afterCreate: async (ctx, task, input) => {
      if (task.targetKind === "students") await setTaskStudents(ctx.scope, task.id, input.studentIds!);
      await tellParentsOfTask(services, ctx, task, await taskStudentIds(ctx.scope, task));
    },
    beforeUpdate: (ctx, existing, input) => taskChangeValues(ctx.scope, existing, input),
    afterUpdate: async (ctx, task, input) => {
      if (task.targetKind === "students" && input.studentIds?.length) await setTaskStudents(ctx.scope, task.id, input.studentIds);
      else if (task.targetKind !== "students") await setTaskStudents(ctx.scope, task.id, []);
    },
    sample: sampleTask,
  });

  serveResource(app, taskLogResource, taskLogs, {
    present: (ctx, rows) => presentTaskLogs(ctx.scope, rows),
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
      const { enrolment, task } = await sampleTaskOfChild(scope);
      return { taskId: task.id, studentId: enrolment.studentId, date: task.dueOn, status: "done" as const };
    },
  });

  serveAction(
    app,
    taskChildren,
    async (ctx, { params, query }) => {
      const { task, date, fallsDue, dates, rows } = await childrenOfTask(ctx.scope, params.id, query.date);
      const done = rows.filter((r) => r.status === "done" || r.status === "late").length;
      return { message: "Task children fetched", task, date, fallsDue, dates, rows, count: rows.length, done, notDone: rows.length - done };
    },
    { sample: async (scope) => ({ params: { id: (await sampleClassroomTask(scope)).id }, query: {} }) },
  );

  serveAction(app, markTask, async (ctx, { body }) => ({ message: "Marks saved", saved: await markTaskDay(ctx, body) }), {
    sample: async (scope) => {
      const { enrolment, task } = await sampleTaskOfChild(scope);
      return { body: { taskId: task.id, date: task.dueOn, entries: [{ studentId: enrolment.studentId, status: "done" as const }] } };
    },
  });

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
      const { status, date } = await tickChildTask(ctx, body);
      return { message: status === "done" ? "Marked done" : "Marked done late", studentId: body.studentId, status, date };
    },
    {
      sample: async (scope) => {
        const { enrolment, task } = await sampleTaskOfChild(scope);
        return { body: { taskId: task.id, studentId: enrolment.studentId } };
      },
    },
  );
}
