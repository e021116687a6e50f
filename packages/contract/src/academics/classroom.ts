import { z } from "zod";
import { RowId } from "../admin/common.js";
import { defineResource } from "../resource.js";
import { ActiveStatus, updateOf } from "./common.js";
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

/** A division of a course class in a batch: Class 5-A, 2026-27. */
export const ClassroomRow = z.object({
  id: z.number(),
  batchId: z.number(),
  batchName: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  courseClassId: z.number(),
  className: z.string(),
  /** The division: A, B, Boys, Girls. */
  name: z.string(),
  /** Class and division together: "Class 5-A". */
  label: z.string(),
  capacity: z.number().nullable(),
  room: z.string().nullable(),
  classTeacherId: z.number().nullable(),
  classTeacherName: z.string().nullable(),
  subjects: z.array(ClassroomSubject),
  studentCount: z.number(),
  status: ActiveStatus,
  createdAt: z.string(),
});
export type ClassroomRow = z.infer<typeof ClassroomRow>;

const SubjectAssignment = z.object({ subjectId: RowId, teacherId: RowId.nullish() });
const classroomFields = {
  batchId: RowId,
  courseClassId: RowId,
  name: z.string().trim().min(1).max(40),
  capacity: z.number().int().min(1).max(1000).nullish(),
  room: z.string().trim().max(60).nullish(),
  /** A user with a staff profile. */
  classTeacherId: RowId.nullish(),
  /** Replaces the classroom's subjects (each with an optional teacher). */
  subjects: z.array(SubjectAssignment).max(40),
  status: ActiveStatus,
};
export const ClassroomCreate = z.object({ ...classroomFields, subjects: classroomFields.subjects.optional(), status: ActiveStatus.default("active") });
export const ClassroomUpdate = updateOf(classroomFields);

export const classroomResource = defineResource({
  path: "classRoom",
  module: "academics",
  i18n: "classrooms",
  row: ClassroomRow,
  create: ClassroomCreate,
  update: ClassroomUpdate,
  filters: { batchId: "exact", courseClassId: "exact", courseId: "exact", classTeacherId: "exact", status: "exact" },
  search: ["name"],
  sortable: ["name", "createdAt"],
  defaultSort: "name",
  columns: [
    { key: "label", sortable: false },
    { key: "courseName" },
    { key: "batchName" },
    { key: "classTeacherName" },
    { key: "studentCount", kind: "number" },
    { key: "status", kind: "status" },
  ],
  fields: [
    { key: "batchId", kind: "select", ref: { resource: "batch", label: "name" }, required: true },
    { key: "courseClassId", kind: "select", ref: { resource: "course/class", label: "name" }, required: true },
    { key: "name", kind: "text", required: true },
    { key: "capacity", kind: "number" },
    { key: "room", kind: "text" },
    { key: "classTeacherId", kind: "select", ref: { resource: "user", label: "name" } },
    { key: "status", kind: "select", options: ["active", "inactive"] },
  ],
});

/** A student of a classroom, with their enrolment. */
export const ClassroomStudent = StudentBrief.extend({ enrollmentId: z.number(), rollNo: z.number().nullable() });
export type ClassroomStudent = z.infer<typeof ClassroomStudent>;
