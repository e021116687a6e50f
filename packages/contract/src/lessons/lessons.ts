import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, RowId } from "../values.js";

/**
 * One lesson of a syllabus: the syllabus of a subject for a class (Class 5 Fiqh) is its lessons in
 * order, shared by every division of the class; each division's teaching is logged against them.
 * `order` is unique per class and subject: left out, the lesson goes last; a PUT moving a lesson to
 * a taken place shifts the lessons between, so a reorder never collides.
 */
export const lessonResource = defineResource({
  path: "lesson",
  module: "lessons",
  i18n: "lessons:lessons",
  fields: {
    courseClassId: field.ref("course/class").required().writeOnce().filter(),
    className: field.readOnly(z.string()).column(),
    subjectId: field.ref("subject").required().writeOnce().filter(),
    subjectName: field.readOnly(z.string()).column(),
    order: field.int(1, 1000).sort().column("number"),
    title: field.text(200).required().search().column().summary(),
    /** The week of the school year it is planned for (1 = the batch's first week). */
    plannedWeek: field.int(1, 60).column("number"),
    plannedPeriods: field.int(1, 200).column("number"),
    description: field.longText(2000),
  },
  defaultSort: "order",
});
export type LessonRow = z.infer<typeof lessonResource.row>;

/** How far a lesson got on a day. */
export const LessonProgress = z.enum(["started", "continued", "completed"]);
export type LessonProgress = z.infer<typeof LessonProgress>;

export const LessonLogRow = z.object({
  id: z.number(),
  date: z.string(),
  classroomId: z.number(),
  lessonId: z.number(),
  lessonTitle: z.string(),
  teacherId: z.number(),
  teacherName: z.string(),
  progress: LessonProgress,
  percent: z.number().nullable(),
  note: z.string().nullable(),
});
export type LessonLogRow = z.infer<typeof LessonLogRow>;

/** POST lesson/log: what was taught on a day; the same lesson, day and classroom again updates it. */
export const logLesson = defineAction({
  method: "POST",
  path: "/admin/api/lesson/log",
  module: "lessons",
  permission: ["lessons", "add"],
  summary: "Log a lesson taught in a classroom on a day (the caller teaching, today, unless given); a second log of it that day updates the first",
  body: z.object({
    classroomId: RowId,
    lessonId: RowId,
    /** Today in the school when left out; never a day to come. */
    date: DateOnly.optional(),
    /** The caller when left out. */
    teacherId: RowId.optional(),
    progress: LessonProgress,
    percent: z.number().int().min(0).max(100).optional(),
    note: z.string().trim().max(1000).optional(),
  }),
  reply: z.object({ message: z.string(), data: LessonLogRow }),
  errors: [404],
  refreshes: ["lesson"],
});

/** Where a lesson stands in a classroom. */
export const LessonStatus = z.enum(["not_started", "started", "continued", "completed"]);
export type LessonStatus = z.infer<typeof LessonStatus>;

export const LessonProgressLine = z.object({
  id: z.number(),
  order: z.number(),
  title: z.string(),
  plannedWeek: z.number().nullable(),
  plannedPeriods: z.number().nullable(),
  status: LessonStatus,
  percent: z.number(),
  logs: z.array(LessonLogRow.omit({ classroomId: true, lessonId: true, lessonTitle: true })),
});

export const SubjectProgress = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  planned: z.number(),
  completed: z.number(),
  /** Completed lessons of planned, 0 to 100. */
  percent: z.number(),
  /** Lessons planned by this week (of those with a planned week); null when none has one. */
  expected: z.number().nullable(),
  /** Lessons behind the plan (negative: ahead); null without planned weeks. */
  behind: z.number().nullable(),
  lessons: z.array(LessonProgressLine),
});
export type SubjectProgress = z.infer<typeof SubjectProgress>;

/**
 * GET lesson/logs: a classroom's progress against its syllabus, per subject. The office and
 * teachers name the classroom (or a student); a family names its own child, whose classroom is
 * read (another family's child is 404).
 */
export const lessonProgress = defineAction({
  method: "GET",
  path: "/admin/api/lesson/logs",
  module: "lessons",
  family: "scoped",
  summary:
    "Progress of a classroom (or a student's classroom) against its syllabus: each lesson's status and logs, and per subject lessons completed of planned and how far behind the planned week",
  query: z
    .object({ classroomId: RowId.optional(), studentId: RowId.optional(), subjectId: RowId.optional() })
    .refine((q) => q.classroomId || q.studentId, { message: "Give the classroom or the student", path: ["classroomId"] }),
  reply: z.object({
    message: z.string(),
    studentId: z.number().nullable(),
    classroomId: z.number(),
    classroomLabel: z.string(),
    /** The week of the school year today falls in (1 = the batch's first). */
    week: z.number(),
    subjects: z.array(SubjectProgress),
  }),
  errors: [404],
});
