import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId, Status } from "../values.js";
import { StudentBrief } from "./student.js";

/** A subject taught in a classroom, and by whom. */
export const ClassroomSubject = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  subjectCode: z.string().nullable(),
  teacherId: z.number().nullable(),
  teacherName: z.string().nullable(),
});
export type ClassroomSubject = z.infer<typeof ClassroomSubject>;

const SubjectAssignment = z.object({ subjectId: RowId, teacherId: RowId.nullish() });

/** A division of a course class in a batch: Class 5-A, 2026-27. */
export const classroomResource = defineResource({
  path: "classRoom",
  module: "academics",
  i18n: "academics:classrooms",
  fields: {
    batchId: field.ref("batch").required().filter(),
    courseClassId: field.ref("course/class").required().filter(),
    /** The course of the class, kept on the classroom by the server. */
    courseId: field.readOnly(z.number()).filter(),
    className: field.readOnly(z.string()),
    /** The division: A, B, Boys, Girls. */
    name: field.text(40).required().search().sort(),
    /** Class and division together: "Class 5-A". */
    label: field.readOnly(z.string()).column(),
    courseName: field.readOnly(z.string()).column(),
    batchName: field.readOnly(z.string()).column(),
    capacity: field.int(1, 1000),
    room: field.text(60),
    /** A user with a staff profile. */
    classTeacherId: field.ref("user").filter(),
    classTeacherName: field.readOnly(z.string().nullable()).column(),
    /** Replaces the classroom's subjects (each with an optional teacher). */
    subjects: field.shaped(z.array(SubjectAssignment).max(40), z.array(ClassroomSubject)).default([]),
    studentCount: field.readOnly(z.number()).column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type ClassroomRow = z.infer<typeof classroomResource.row>;

/** The list serves lists only; a page that shows one classroom reads it here, as its list row shows it. */
export const getClassroom = defineAction({
  method: "GET",
  path: "/admin/api/classRoom/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "One classroom with its names, subjects, teachers and active student count",
  params: IdParams,
  reply: z.object({ message: z.string(), data: classroomResource.row }),
  errors: [404],
});

const listOf = <T extends z.ZodType>(row: T) => z.object({ message: z.string(), rows: z.array(row), count: z.number() });

export const classroomSubjects = defineAction({
  method: "GET",
  path: "/admin/api/classRoom/subjects/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "A classroom's subjects and their teachers",
  params: IdParams,
  reply: listOf(ClassroomSubject),
  errors: [404],
});

/** A student of a classroom, with their enrolment. */
export const ClassroomStudent = StudentBrief.extend({ enrollmentId: z.number(), rollNo: z.number().nullable() });
export type ClassroomStudent = z.infer<typeof ClassroomStudent>;

export const classroomStudents = defineAction({
  method: "GET",
  path: "/admin/api/classRoom/students/:id",
  module: "academics",
  permission: ["academics", "view"],
  family: "scoped",
  summary: "The students actively enrolled in a classroom, by roll number",
  params: IdParams,
  reply: listOf(ClassroomStudent),
  errors: [404],
});
