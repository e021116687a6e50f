import { MaterialKind, MaterialStatus } from "@taleem/contract";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { check, foreignKey, index, integer, text, timestamp } from "drizzle-orm/pg-core";
import { family, linkedStudentIds } from "../../platform/auth/family-links.js";
import { declareFamilyLink, type FamilyCaller } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { courseClasses, subjects } from "../academics/academics.table.js";
import { classroomSubjects, classrooms } from "../academics/classrooms.table.js";
import { enrolments } from "../academics/enrolments.table.js";

/**
 * A learning material: exactly one of a file, a recording or an https link; for a classroom or a
 * course's class (not both) and/or a subject. New ones are pending until approved.
 */
export const materials = tenantTable(
  "materials",
  {
    title: text().notNull(),
    kind: text({ enum: MaterialKind.options as [MaterialKind, ...MaterialKind[]] }).notNull(),
    file: text(),
    recording: text(),
    link: text(),
    classroomId: integer(),
    courseClassId: integer(),
    subjectId: integer(),
    description: text(),
    status: text({ enum: MaterialStatus.options as [MaterialStatus, ...MaterialStatus[]] })
      .notNull()
      .default("pending"),
    reviewNote: text(),
    reviewedBy: integer(),
    reviewedAt: timestamp({ withTimezone: true }),
    /** When families were told of it: once, however often it is approved again after a change. */
    announcedAt: timestamp({ withTimezone: true }),
    uploadedById: integer(),
    uploaderName: text().notNull(),
    uploaderMobile: text(),
  },
  (t) => [
    check("materials_content_check", sql`num_nonnulls(${t.file}, ${t.recording}, ${t.link}) = 1`),
    check("materials_place_check", sql`not (${t.classroomId} is not null and ${t.courseClassId} is not null)`),
    foreignKey({ name: "materials_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }),
    foreignKey({ name: "materials_course_class_fk", columns: [t.tenantId, t.courseClassId], foreignColumns: [courseClasses.tenantId, courseClasses.id] }),
    foreignKey({ name: "materials_subject_fk", columns: [t.tenantId, t.subjectId], foreignColumns: [subjects.tenantId, subjects.id] }),
    index("materials_classroom_idx").on(t.tenantId, t.classroomId),
    index("materials_course_class_idx").on(t.tenantId, t.courseClassId),
    index("materials_subject_idx").on(t.tenantId, t.subjectId),
    index("materials_kind_idx").on(t.tenantId, t.kind),
    index("materials_status_idx").on(t.tenantId, t.status, t.createdAt),
    index("materials_uploader_idx").on(t.tenantId, t.uploadedById),
    textSortIndex("materials_title_idx", t.tenantId, t.title, t.id),
    searchIndex("materials_search_idx", t.title),
  ],
);
export type MaterialRecord = typeof materials.$inferSelect;
declareReference(materials, materials.classroomId, classrooms, "materials");
declareReference(materials, materials.courseClassId, courseClasses, "materials");
declareReference(materials, materials.subjectId, subjects, "materials");

/** The classrooms a family's children are in now. */
const childrensClassrooms = (c: FamilyCaller) =>
  sql`(select ${enrolments.classroomId} from ${enrolments} where ${and(eq(enrolments.tenantId, c.tenantId), eq(enrolments.status, "active"))} and ${enrolments.studentId} in ${linkedStudentIds(c)})`;

// A family reads the approved materials of its children's classes: of their classroom, of their
// classroom's class in the course, or of no class and a subject taught in their classroom.
declareFamilyLink(
  materials,
  family.rows(
    "an approved material of a class of the family's children",
    (c) =>
      and(
        eq(materials.status, "approved"),
        or(
          inArray(materials.classroomId, childrensClassrooms(c)),
          inArray(
            materials.courseClassId,
            sql`(select ${classrooms.courseClassId} from ${classrooms} where ${classrooms.tenantId} = ${c.tenantId} and ${classrooms.id} in ${childrensClassrooms(c)})`,
          ),
          and(
            isNull(materials.classroomId),
            isNull(materials.courseClassId),
            inArray(
              materials.subjectId,
              sql`(select ${classroomSubjects.subjectId} from ${classroomSubjects} where ${classroomSubjects.tenantId} = ${c.tenantId} and ${classroomSubjects.classroomId} in ${childrensClassrooms(c)})`,
            ),
          ),
        ),
      ) as SQL,
  ),
);
