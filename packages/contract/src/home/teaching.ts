import { z } from "zod";
import { ClassroomStudent } from "../academics/classroom.js";
import { defineAction, IdParams } from "../action.js";
import { ChecklistFrequency } from "../checklists/periods.js";
import { DateOnly } from "../values.js";

/**
 * A teacher's or Muawin's day: the classrooms, timetable hours and halqas they teach, and what is
 * waiting for them (a register not taken, a sitting not logged, marks not entered, a checklist
 * due). Each figure comes from the module that owns it.
 */

/** The day register of a classroom on the reply's date. */
export const TeachingRegister = z.object({
  /** The school expects it: a working day inside the batch, and the class has students. */
  expected: z.boolean(),
  taken: z.boolean(),
  byName: z.string().nullable(),
  at: z.string().nullable(),
  /** Expected, not taken, and this person's to take (the class teacher, or a subject's teacher when the class has none). */
  waiting: z.boolean(),
});
export type TeachingRegister = z.infer<typeof TeachingRegister>;

export const TeachingSubject = z.object({ id: z.number(), name: z.string() });

/** A classroom this person is class teacher of, or teaches a subject in. */
export const TeachingClassroom = z.object({
  classroomId: z.number(),
  /** "Class 5-A". */
  label: z.string(),
  courseName: z.string(),
  batchName: z.string(),
  room: z.string().nullable(),
  /** Students actively enrolled. */
  students: z.number(),
  classTeacher: z.boolean(),
  /** The subjects this person teaches there. */
  subjects: z.array(TeachingSubject),
  register: TeachingRegister,
  /** Results still missing in this classroom's papers that wait for this person. */
  marksMissing: z.number(),
});
export type TeachingClassroom = z.infer<typeof TeachingClassroom>;

/** A timetable hour this person teaches, on its date in the reply's week. */
export const TeachingHour = z.object({
  hourId: z.number(),
  date: DateOnly,
  /** 1 Monday ... 7 Sunday. */
  dayOfWeek: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  label: z.string().nullable(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  /** The classroom's course: two courses may each have a "Class 5-A". */
  courseName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
});
export type TeachingHour = z.infer<typeof TeachingHour>;

/** A halqa (recitation group) this person leads. */
export const TeachingGroup = z.object({ groupId: z.number(), name: z.string(), members: z.number() });
export type TeachingGroup = z.infer<typeof TeachingGroup>;

/** A memorisation sitting this person leads in the reply's week. */
export const TeachingSitting = z.object({
  sessionId: z.number(),
  date: DateOnly,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  seated: z.number(),
  logCount: z.number(),
  /** On the reply's date and nothing logged yet. */
  waiting: z.boolean(),
});
export type TeachingSitting = z.infer<typeof TeachingSitting>;

/** A paper of an examination in progress whose marks are not all entered, for this person to enter. */
export const TeachingPaper = z.object({
  examId: z.number(),
  examName: z.string(),
  classroomId: z.number(),
  classroomLabel: z.string(),
  courseName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  date: DateOnly.nullable(),
  students: z.number(),
  entered: z.number(),
  missing: z.number(),
});
export type TeachingPaper = z.infer<typeof TeachingPaper>;

/** A checklist due from this person in its current period, not yet submitted (or sent back). */
export const TeachingChecklist = z.object({
  checklistId: z.number(),
  name: z.string(),
  frequency: ChecklistFrequency,
  startDate: DateOnly,
  endDate: DateOnly,
  /** Sent back by the office: submit it again. */
  sentBack: z.boolean(),
});
export type TeachingChecklist = z.infer<typeof TeachingChecklist>;

/** How many of each are waiting. */
export const TeachingWaiting = z.object({
  registers: z.number(),
  sittings: z.number(),
  marks: z.number(),
  checklists: z.number(),
  total: z.number(),
});
export type TeachingWaiting = z.infer<typeof TeachingWaiting>;

export const MyClassesReply = z.object({
  message: z.string(),
  /** The day asked for (today in the school's zone by default). */
  date: DateOnly,
  workingDay: z.boolean(),
  /** Monday..Sunday of the date's week. */
  weekFrom: DateOnly,
  weekTo: DateOnly,
  classrooms: z.array(TeachingClassroom),
  /** This week's hours, in date and time order; today's are those with `date` equal to the reply's. */
  hours: z.array(TeachingHour),
  groups: z.array(TeachingGroup),
  /** This week's sittings, in date and time order. */
  sittings: z.array(TeachingSitting),
  papers: z.array(TeachingPaper),
  checklists: z.array(TeachingChecklist),
  waiting: TeachingWaiting,
});
export type MyClassesReply = z.infer<typeof MyClassesReply>;

/** "My classes" and "Waiting for you": everything a teacher or Muawin teaches on a day and its week. */
export const myClasses = defineAction({
  method: "GET",
  path: "/user/api/home/my-classes",
  module: "account",
  family: "scoped",
  summary: "The signed-in teacher's classrooms, hours and halqas of a day and its week, with what is waiting for them",
  description:
    "Classrooms they are class teacher of or teach a subject in (the active batch), their timetable hours of the week, the halqas and sittings they lead, " +
    "papers of examinations in progress whose marks they have not all entered, and checklists due from them. A profile that teaches nothing gets empty lists.",
  query: z.object({ date: DateOnly.optional() }),
  reply: MyClassesReply,
  // Hours, registers, sittings, papers and checklists of the teacher's week.
  reads: ["account", "academics", "attendance", "hifz", "exams", "checklists"],
});

export const ClassStudentsReply = z.object({
  message: z.string(),
  classroom: z.object({ id: z.number(), label: z.string() }),
  rows: z.array(ClassroomStudent),
  count: z.number(),
});
export type ClassStudentsReply = z.infer<typeof ClassStudentsReply>;

/** A classroom's class list, for its teachers (and staff who may view attendance or academics); a family's role is refused. */
export const classStudents = defineAction({
  method: "GET",
  path: "/user/api/home/classstudents/:id",
  module: "academics",
  summary: "A classroom's students (active enrolment, roll order), for a teacher of that classroom",
  description: "For the classroom's class teacher or a teacher of one of its subjects, or a profile that may view attendance or academics. Parents: 403.",
  params: IdParams,
  reply: ClassStudentsReply,
  errors: [403, 404],
  family: "staff",
});
