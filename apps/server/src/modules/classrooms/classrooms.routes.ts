import { ClassroomRow, ClassroomStudent, ClassroomSubject, classroomResource, RowId } from "@taleem/contract";
import { asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict } from "../../platform/http/errors.js";
import { contextOf } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertSubjectFitsCourse, requireBatch, requireCourseClass, requireSubjects, subjectsByIds } from "../academics/academics.service.js";
import { batches, courseClasses, courses } from "../academics/academics.table.js";
import { activeCounts, activeEnrolmentsOf, enrolmentCount } from "../enrolments/enrolments.service.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";
import { type ClassroomInfo, describe, requireClassroom, requireTeachers, userNames } from "./classrooms.service.js";
import { type ClassroomRecord, classroomSubjects, classrooms } from "./classrooms.table.js";

type Assignment = { subjectId: number; teacherId?: number | null };

async function subjectsOf(scope: TenantScope, classroomIds: number[]): Promise<Map<number, ClassroomSubject[]>> {
  if (!classroomIds.length) return new Map();
  const links = await scope.db
    .select()
    .from(classroomSubjects)
    .where(scope.where(classroomSubjects, inArray(classroomSubjects.classroomId, classroomIds)))
    .orderBy(asc(classroomSubjects.id));
  const [subjects, teachers] = await Promise.all([
    subjectsByIds(
      scope,
      links.map((l) => l.subjectId),
    ),
    userNames(
      scope,
      links.map((l) => l.teacherId),
    ),
  ]);
  const out = new Map<number, ClassroomSubject[]>();
  for (const l of links) {
    const s = subjects.get(l.subjectId);
    const list = out.get(l.classroomId) ?? [];
    list.push({
      subjectId: l.subjectId,
      subjectName: s?.name ?? "",
      subjectCode: s?.code ?? null,
      teacherId: l.teacherId,
      teacherName: l.teacherId ? (teachers.get(l.teacherId) ?? null) : null,
    });
    out.set(l.classroomId, list);
  }
  return out;
}

async function presentClassrooms(scope: TenantScope, rows: ClassroomRecord[]): Promise<ClassroomRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [infos, subjects, counts, teachers] = await Promise.all([
    describe(scope, rows),
    subjectsOf(scope, ids),
    activeCounts(scope, ids),
    userNames(
      scope,
      rows.map((r) => r.classTeacherId),
    ),
  ]);
  return infos.map((c: ClassroomInfo) => ({
    id: c.id,
    batchId: c.batchId,
    batchName: c.batchName,
    courseId: c.courseId,
    courseName: c.courseName,
    courseClassId: c.courseClassId,
    className: c.className,
    name: c.name,
    label: c.label,
    capacity: c.capacity,
    room: c.room,
    classTeacherId: c.classTeacherId,
    classTeacherName: c.classTeacherId ? (teachers.get(c.classTeacherId) ?? null) : null,
    subjects: subjects.get(c.id) ?? [],
    studentCount: counts.get(c.id) ?? 0,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** Checks subjects and teachers of a classroom of `courseId`, then replaces its subject list. */
async function setSubjects(scope: TenantScope, classroomId: number, courseId: number, list: Assignment[]) {
  const subjects = await requireSubjects(
    scope,
    list.map((a) => a.subjectId),
  );
  for (const s of subjects) assertSubjectFitsCourse(s, courseId);
  await requireTeachers(
    scope,
    list.map((a) => a.teacherId),
    "subjects",
  );
  await scope.db.delete(classroomSubjects).where(scope.where(classroomSubjects, eq(classroomSubjects.classroomId, classroomId)));
  const unique = [...new Map(list.map((a) => [a.subjectId, a])).values()];
  await scope.insertMany(
    classroomSubjects,
    unique.map((a) => ({ classroomId, subjectId: a.subjectId, teacherId: a.teacherId ?? null })),
  );
}

async function assertDivisionFree(scope: TenantScope, batchId: number, courseClassId: number, name: string, exceptId?: number) {
  const [taken] = await scope.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(
      scope.where(
        classrooms,
        eq(classrooms.batchId, batchId),
        eq(classrooms.courseClassId, courseClassId),
        eq(sql`lower(${classrooms.name})`, name.toLowerCase()),
        exceptId ? ne(classrooms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict("classroom.name_taken", `This class already has a division ${name} in this batch.`, { field: "name" });
}

const listOf = <T extends z.ZodType>(row: T) => z.object({ message: z.string(), rows: z.array(row), count: z.number() });

/** Classrooms (path classRoom): divisions of a course class in a batch, with subjects and teachers. */
export function registerClassroomsModule(app: FastifyInstance, { db }: Services) {
  serveResource(app, db, classroomResource, classrooms, {
    present: (ctx, rows) => presentClassrooms(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const { subjects: _s, ...values } = input;
      await requireBatch(ctx.scope, input.batchId);
      const cls = await requireCourseClass(ctx.scope, input.courseClassId);
      await requireTeachers(ctx.scope, [input.classTeacherId], "classTeacherId");
      await assertDivisionFree(ctx.scope, input.batchId, input.courseClassId, input.name);
      return { ...values, courseId: cls.courseId };
    },
    afterCreate: async (ctx, row, input) => {
      if (input.subjects) await setSubjects(ctx.scope, row.id, row.courseId, input.subjects);
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, subjects: _s, ...values } = input;
      const moves =
        (values.batchId !== undefined && values.batchId !== existing.batchId) ||
        (values.courseClassId !== undefined && values.courseClassId !== existing.courseClassId);
      let courseId = existing.courseId;
      if (moves) {
        const enrolled = await enrolmentCount(ctx.scope, { classroomId: existing.id });
        if (enrolled) throw conflict("classroom.has_enrolments", "This classroom has enrolments; its batch and class cannot change.", { field: "batchId" });
        if (values.batchId !== undefined) await requireBatch(ctx.scope, values.batchId);
        if (values.courseClassId !== undefined) courseId = (await requireCourseClass(ctx.scope, values.courseClassId)).courseId;
      }
      if (values.classTeacherId !== undefined) await requireTeachers(ctx.scope, [values.classTeacherId], "classTeacherId");
      if (moves || values.name !== undefined) {
        await assertDivisionFree(
          ctx.scope,
          values.batchId ?? existing.batchId,
          values.courseClassId ?? existing.courseClassId,
          values.name ?? existing.name,
          existing.id,
        );
      }
      return { ...values, courseId };
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.subjects) await setSubjects(ctx.scope, row.id, row.courseId, input.subjects);
    },
    beforeDelete: async (ctx, existing) => {
      const enrolled = await enrolmentCount(ctx.scope, { classroomId: existing.id });
      if (enrolled) {
        throw conflict("classroom.has_enrolments", `This classroom has ${enrolled} enrolment(s). Set it inactive instead of deleting.`, {
          enrolments: enrolled,
        });
      }
    },
    sample: async (scope) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const batch = await scope.insert(batches, { name: `Year ${tag}`, startDate: "2026-06-01", endDate: "2027-03-31" });
      const course = await scope.insert(courses, { name: `Course ${tag}`, kind: "madrasa" });
      const cls = await scope.insert(courseClasses, { courseId: course.id, name: "Class 5", order: 5 });
      return { batchId: batch.id, courseClassId: cls.id, name: "A", status: "active" as const };
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];

  // The list engine serves lists only; a page that shows one classroom reads it here, through the
  // same presenter, so its label, subjects and count match the list's row.
  r.get("/admin/api/classRoom/:id", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "One classroom with its names, subjects, teachers and active student count",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), data: ClassroomRow }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const row = await ctx.scope.find(classrooms, req.params.id, "Classroom");
      const [data] = await presentClassrooms(ctx.scope, [row]);
      return { message: "Classroom fetched successfully", data: data! };
    },
  });

  r.get("/admin/api/classRoom/subjects/:id", {
    config: { permission: ["academics", "view"] },
    schema: { tags, summary: "A classroom's subjects and their teachers", params: z.object({ id: RowId }), response: { 200: listOf(ClassroomSubject) } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const room = await requireClassroom(ctx.scope, req.params.id);
      const rows = (await subjectsOf(ctx.scope, [room.id])).get(room.id) ?? [];
      return { message: "Classroom subjects fetched successfully", rows, count: rows.length };
    },
  });

  r.get("/admin/api/classRoom/students/:id", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "The students actively enrolled in a classroom, by roll number",
      params: z.object({ id: RowId }),
      response: { 200: listOf(ClassroomStudent) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const room = await requireClassroom(ctx.scope, req.params.id);
      const enrolled = await activeEnrolmentsOf(ctx.scope, room.id);
      const people = await studentsByIds(
        ctx.scope,
        enrolled.map((e) => e.studentId),
      );
      const byId = new Map(people.map((p) => [p.id, p]));
      const rows = enrolled
        .filter((e) => byId.has(e.studentId))
        .map((e) => ({ ...presentBrief(byId.get(e.studentId)!), enrollmentId: e.id, rollNo: e.rollNo }));
      return { message: "Classroom students fetched successfully", rows, count: rows.length };
    },
  });
}
