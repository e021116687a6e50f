import { COMBINE_RULES, RANK_RULES, RESULT_STATUSES } from "@taleem/contract";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { date, foreignKey, index, integer, numeric, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family, linkedStudentIds } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, statusColumn, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { batches, courses, subjects } from "../academics/academics.table.js";
import { classrooms } from "../academics/classrooms.table.js";
import { students } from "../students/students.table.js";

/** A band of a grade scale: the school's (no course, no batch), a course's or a batch's. */
export const grades = tenantTable(
  "grades",
  {
    name: text().notNull(),
    minPercent: integer().notNull(),
    maxPercent: integer().notNull(),
    description: text(),
    courseId: integer(),
    batchId: integer(),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("grades_name_key", { code: "grade.name_taken", message: "This scale already has a grade with this name.", field: "name" })).on(
      t.tenantId,
      sql`coalesce(${t.courseId}, 0)`,
      sql`coalesce(${t.batchId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index("grades_min_idx").on(t.tenantId, t.minPercent, t.id),
    textSortIndex("grades_name_idx", t.tenantId, t.name, t.id),
    searchIndex("grades_search_idx", t.name),
    index("grades_course_idx").on(t.tenantId, t.courseId),
    index("grades_batch_idx").on(t.tenantId, t.batchId),
    foreignKey({ name: "grades_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "grades_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
  ],
);
export type GradeRecord = typeof grades.$inferSelect;
declareReference(grades, grades.courseId, courses, "grades");
declareReference(grades, grades.batchId, batches, "grades");

/** A term's examination for a batch. */
export const examMasters = tenantTable(
  "exam_masters",
  {
    name: text().notNull(),
    batchId: integer().notNull(),
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    status: statusColumn(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("exam_masters_name_key", {
        code: "exam_master.name_taken",
        message: "This batch already has an examination with this name.",
        field: "name",
      }),
    ).on(t.tenantId, t.batchId, sql`lower(${t.name})`),
    textSortIndex("exam_masters_name_idx", t.tenantId, t.name, t.id),
    searchIndex("exam_masters_search_idx", t.name),
    index("exam_masters_start_idx").on(t.tenantId, t.startDate, t.id),
    index("exam_masters_batch_idx").on(t.tenantId, t.batchId),
    foreignKey({ name: "exam_masters_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
  ],
);
export type ExamMasterRecord = typeof examMasters.$inferSelect;
declareReference(examMasters, examMasters.batchId, batches, "examinations");

/** The classrooms that sit a term's examination. */
export const examMasterClassrooms = tenantTable("exam_master_classrooms", { examMasterId: integer().notNull(), classroomId: integer().notNull() }, (t) => [
  uniqueIndex("exam_master_classrooms_key").on(t.tenantId, t.examMasterId, t.classroomId),
  index("exam_master_classrooms_classroom_idx").on(t.tenantId, t.classroomId),
  foreignKey({
    name: "exam_master_classrooms_master_fk",
    columns: [t.tenantId, t.examMasterId],
    foreignColumns: [examMasters.tenantId, examMasters.id],
  }).onDelete("cascade"),
  foreignKey({ name: "exam_master_classrooms_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
]);
declareReference(examMasterClassrooms, examMasterClassrooms.classroomId, classrooms, "examinations");

/** A subject of a term's examination, with its maximum and pass marks, in the order printed. */
export const examMasterSubjects = tenantTable(
  "exam_master_subjects",
  {
    examMasterId: integer().notNull(),
    subjectId: integer().notNull(),
    maxMarks: integer().notNull(),
    passMarks: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("exam_master_subjects_key").on(t.tenantId, t.examMasterId, t.subjectId),
    index("exam_master_subjects_subject_idx").on(t.tenantId, t.subjectId),
    foreignKey({
      name: "exam_master_subjects_master_fk",
      columns: [t.tenantId, t.examMasterId],
      foreignColumns: [examMasters.tenantId, examMasters.id],
    }).onDelete("cascade"),
    foreignKey({ name: "exam_master_subjects_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
  ],
);
declareReference(examMasterSubjects, examMasterSubjects.subjectId, subjects, "examinations");

/** One paper: a term's examination for a classroom in a subject. */
export const exams = tenantTable(
  "exams",
  {
    examMasterId: integer().notNull(),
    classroomId: integer().notNull(),
    subjectId: integer().notNull(),
    date: date({ mode: "string" }),
    startTime: time(),
    endTime: time(),
    maxMarks: integer().notNull(),
    passMarks: integer().notNull(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("exams_paper_key", {
        code: "exam.exists",
        message: "This classroom already has a paper in this subject for this examination.",
        field: "subjectId",
      }),
    ).on(t.tenantId, t.examMasterId, t.classroomId, t.subjectId),
    index("exams_date_idx").on(t.tenantId, t.date, t.id),
    index("exams_classroom_idx").on(t.tenantId, t.classroomId),
    index("exams_subject_idx").on(t.tenantId, t.subjectId),
    foreignKey({ name: "exams_master_fk", columns: [t.tenantId, t.examMasterId], foreignColumns: [examMasters.tenantId, examMasters.id] }).onDelete("cascade"),
    foreignKey({ name: "exams_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "exams_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
  ],
);
export type ExamRecord = typeof exams.$inferSelect;
declareReference(exams, exams.classroomId, classrooms, "exams");
declareReference(exams, exams.subjectId, subjects, "exams");

/** A student's result in one paper: marks (halves allowed), or absent or exempt with none. */
export const results = tenantTable(
  "results",
  {
    examId: integer().notNull(),
    studentId: integer().notNull(),
    marks: numeric({ precision: 6, scale: 1, mode: "number" }),
    status: text({ enum: RESULT_STATUSES }).notNull().default("present"),
    remarks: text(),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("results_student_key", { code: "result.exists", message: "This student already has a result in this exam.", field: "studentId" }),
    ).on(t.tenantId, t.examId, t.studentId),
    index("results_student_idx").on(t.tenantId, t.studentId),
    index("results_status_idx").on(t.tenantId, t.status),
    foreignKey({ name: "results_exam_fk", columns: [t.tenantId, t.examId], foreignColumns: [exams.tenantId, exams.id] }),
    foreignKey({ name: "results_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
export type ResultRecord = typeof results.$inferSelect;
declareReference(results, results.examId, exams, "results");
declareReference(results, results.studentId, students, "exam results");

/** The terms of one report card, how they combine, who is ranked, and whether parents see it. */
export const examSets = tenantTable(
  "exam_sets",
  {
    name: text().notNull(),
    batchId: integer().notNull(),
    combine: text({ enum: COMBINE_RULES }).notNull().default("total"),
    rankRule: text({ enum: RANK_RULES }).notNull().default("passedAll"),
    /** Set while parents may see it. */
    publishedAt: timestamp({ withTimezone: true }),
    /** When parents were told; they are told once, however often it is published again. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex(
      uniqueMeaning("exam_sets_name_key", { code: "exam_set.name_taken", message: "This batch already has an exam set with this name.", field: "name" }),
    ).on(t.tenantId, t.batchId, sql`lower(${t.name})`),
    textSortIndex("exam_sets_name_idx", t.tenantId, t.name, t.id),
    searchIndex("exam_sets_search_idx", t.name),
    index("exam_sets_batch_idx").on(t.tenantId, t.batchId),
    index("exam_sets_published_idx").on(t.tenantId, t.publishedAt),
    foreignKey({ name: "exam_sets_batch_fk", columns: [t.tenantId, t.batchId], foreignColumns: [batches.tenantId, batches.id] }),
  ],
);
export type ExamSetRecord = typeof examSets.$inferSelect;
declareReference(examSets, examSets.batchId, batches, "exam sets");

/** A term of an exam set, with its weight (per cent) when the set is weighted. */
export const examSetComponents = tenantTable(
  "exam_set_components",
  {
    examSetId: integer().notNull(),
    examMasterId: integer().notNull(),
    weight: integer(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("exam_set_components_key").on(t.tenantId, t.examSetId, t.examMasterId),
    index("exam_set_components_master_idx").on(t.tenantId, t.examMasterId),
    foreignKey({ name: "exam_set_components_set_fk", columns: [t.tenantId, t.examSetId], foreignColumns: [examSets.tenantId, examSets.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ name: "exam_set_components_master_fk", columns: [t.tenantId, t.examMasterId], foreignColumns: [examMasters.tenantId, examMasters.id] }),
  ],
);
declareReference(examSetComponents, examSetComponents.examMasterId, examMasters, "exam sets");

/** A teacher's remarks on a student's report card of a set. */
export const examRemarks = tenantTable("exam_remarks", { examSetId: integer().notNull(), studentId: integer().notNull(), remarks: text().notNull() }, (t) => [
  uniqueIndex("exam_remarks_key").on(t.tenantId, t.examSetId, t.studentId),
  index("exam_remarks_student_idx").on(t.tenantId, t.studentId),
  foreignKey({ name: "exam_remarks_set_fk", columns: [t.tenantId, t.examSetId], foreignColumns: [examSets.tenantId, examSets.id] }).onDelete("cascade"),
  foreignKey({ name: "exam_remarks_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
]);
declareReference(examRemarks, examRemarks.studentId, students, "report card remarks");

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(grades, family.school);
declareFamilyLink(examMasters, family.school);
declareFamilyLink(examMasterClassrooms, family.school);
declareFamilyLink(examMasterSubjects, family.school);
declareFamilyLink(exams, family.school);
declareFamilyLink(examSets, family.when("published", isNotNull(examSets.publishedAt), family.school));
declareFamilyLink(examSetComponents, family.school);
declareFamilyLink(
  results,
  family.rows(
    "a linked student's mark on a paper of a published set",
    (c) =>
      and(
        inArray(results.studentId, linkedStudentIds(c)),
        inArray(
          results.examId,
          sql`(select ${exams.id} from ${exams} inner join ${examSetComponents} on ${and(eq(examSetComponents.tenantId, exams.tenantId), eq(examSetComponents.examMasterId, exams.examMasterId))} inner join ${examSets} on ${and(eq(examSets.tenantId, examSetComponents.tenantId), eq(examSets.id, examSetComponents.examSetId))} where ${and(eq(exams.tenantId, c.tenantId), isNotNull(examSets.publishedAt))})`,
        ),
      ) as SQL,
  ),
);
declareFamilyLink(
  examRemarks,
  family.rows(
    "a linked student's remark in a published set",
    (c) =>
      and(
        inArray(examRemarks.studentId, linkedStudentIds(c)),
        inArray(
          examRemarks.examSetId,
          sql`(select ${examSets.id} from ${examSets} where ${and(eq(examSets.tenantId, c.tenantId), isNotNull(examSets.publishedAt))})`,
        ),
      ) as SQL,
  ),
);
