import { TASK_TARGETS, TaskLogStatus, TaskRepeat } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { courses } from "../academics/academics.table.js";
import { classrooms } from "../academics/classrooms.table.js";
import { enrolments } from "../academics/enrolments.table.js";
import { studentGroupMembers, studentGroups, students } from "../students/students.table.js";

/** A kind of task: homework, memorise, revise, project (builtinKey), and the school's own. */
export const taskTypes = tenantTable(
  "task_types",
  {
    name: text().notNull(),
    nameNative: text(),
    builtinKey: text(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("task_types_name_key", { code: "task_type.exists", message: "There is already a task type with this name.", field: "name" })).on(
      t.tenantId,
      sql`lower(${t.name})`,
    ),
    uniqueIndex("task_types_builtin_key").on(t.tenantId, t.builtinKey),
    textSortIndex("task_types_sort_idx", t.tenantId, t.name, t.id),
    index("task_types_status_idx").on(t.tenantId, t.status),
    searchIndex("task_types_search_idx", t.name),
  ],
);
export type TaskTypeRecord = typeof taskTypes.$inferSelect;

/**
 * A task set to exactly one target (the database holds it to that): listed students
 * (task_students), a group, a classroom or a course. A repeating task is this one row; the days it
 * falls due are computed from its repeat, never written ahead.
 */
export const tasks = tenantTable(
  "tasks",
  {
    title: text().notNull(),
    taskTypeId: integer().notNull(),
    instructions: text(),
    attachment1: text(),
    attachment2: text(),
    attachment3: text(),
    targetKind: text({ enum: TASK_TARGETS }).notNull(),
    classroomId: integer(),
    groupId: integer(),
    courseId: integer(),
    assignedOn: date({ mode: "string" }).notNull(),
    dueOn: date({ mode: "string" }).notNull(),
    repeat: text({ enum: TaskRepeat.options as [TaskRepeat, ...TaskRepeat[]] })
      .notNull()
      .default("none"),
    repeatDays: integer().array(),
    repeatUntil: date({ mode: "string" }),
    setBy: integer(),
  },
  (t) => [
    check(
      "tasks_target_check",
      sql`(${t.targetKind} = 'classroom') = (${t.classroomId} is not null) and (${t.targetKind} = 'group') = (${t.groupId} is not null) and (${t.targetKind} = 'course') = (${t.courseId} is not null)`,
    ),
    check("tasks_dates_check", sql`${t.dueOn} >= ${t.assignedOn}`),
    check(
      "tasks_repeat_check",
      sql`(${t.repeat} = 'none') = (${t.repeatUntil} is null) and (${t.repeatUntil} is null or ${t.repeatUntil} >= ${t.dueOn}) and (${t.repeat} <> 'weekdays' or cardinality(${t.repeatDays}) > 0)`,
    ),
    foreignKey({ name: "tasks_type_fk", columns: [t.tenantId, t.taskTypeId], foreignColumns: [taskTypes.tenantId, taskTypes.id] }),
    foreignKey({ name: "tasks_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "tasks_group_fk", columns: [t.tenantId, t.groupId], foreignColumns: [studentGroups.tenantId, studentGroups.id] }),
    foreignKey({ name: "tasks_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    index("tasks_type_idx").on(t.tenantId, t.taskTypeId),
    index("tasks_classroom_idx").on(t.tenantId, t.classroomId, t.dueOn),
    index("tasks_group_idx").on(t.tenantId, t.groupId),
    index("tasks_course_idx").on(t.tenantId, t.courseId),
    index("tasks_target_idx").on(t.tenantId, t.targetKind),
    index("tasks_repeat_idx").on(t.tenantId, t.repeat),
    index("tasks_due_idx").on(t.tenantId, t.dueOn, t.id),
    index("tasks_assigned_idx").on(t.tenantId, t.assignedOn, t.id),
    textSortIndex("tasks_title_idx", t.tenantId, t.title, t.id),
    searchIndex("tasks_search_idx", t.title),
  ],
);
export type TaskRecord = typeof tasks.$inferSelect;
declareReference(tasks, tasks.taskTypeId, taskTypes, "tasks");
declareReference(tasks, tasks.classroomId, classrooms, "tasks");
declareReference(tasks, tasks.groupId, studentGroups, "tasks");
declareReference(tasks, tasks.courseId, courses, "tasks");

/** The students of a task set to students by name: part of the task, gone with it. */
export const taskStudents = tenantTable(
  "task_students",
  {
    taskId: integer().notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("task_students_key").on(t.tenantId, t.taskId, t.studentId),
    index("task_students_student_idx").on(t.tenantId, t.studentId),
    foreignKey({ name: "task_students_task_fk", columns: [t.tenantId, t.taskId], foreignColumns: [tasks.tenantId, tasks.id] }).onDelete("cascade"),
    foreignKey({ name: "task_students_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }).onDelete("cascade"),
  ],
);

/** One child's completion of a task on one of its days: one row per (task, student, day). */
export const taskLogs = tenantTable(
  "task_logs",
  {
    taskId: integer().notNull(),
    studentId: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    status: text({ enum: TaskLogStatus.options as [TaskLogStatus, ...TaskLogStatus[]] }).notNull(),
    note: text(),
    mark: integer(),
    markedBy: integer(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("task_logs_key", { code: "tasklog.exists", message: "This child's task is already logged for this day.", field: "date" })).on(
      t.tenantId,
      t.taskId,
      t.studentId,
      t.date,
    ),
    index("task_logs_student_idx").on(t.tenantId, t.studentId, t.date),
    index("task_logs_date_idx").on(t.tenantId, t.date, t.id),
    index("task_logs_status_idx").on(t.tenantId, t.status),
    foreignKey({ name: "task_logs_task_fk", columns: [t.tenantId, t.taskId], foreignColumns: [tasks.tenantId, tasks.id] }),
    foreignKey({ name: "task_logs_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
export type TaskLogRecord = typeof taskLogs.$inferSelect;
declareReference(taskLogs, taskLogs.taskId, tasks, "logs");
declareReference(taskLogs, taskLogs.studentId, students, "task logs");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(taskTypes, family.school);
declareFamilyLink(taskStudents, family.student(taskStudents.studentId));
declareFamilyLink(taskLogs, family.student(taskLogs.studentId));
// A task reaches a family when it is set for one of its children, their group, their class or their course.
declareFamilyLink(
  tasks,
  family.anyOf(
    family.through(tasks.id, taskStudents, taskStudents.taskId),
    family.through(tasks.groupId, studentGroupMembers, studentGroupMembers.groupId),
    family.through(tasks.classroomId, enrolments, enrolments.classroomId),
    family.through(tasks.courseId, enrolments, enrolments.courseId),
  ),
);
