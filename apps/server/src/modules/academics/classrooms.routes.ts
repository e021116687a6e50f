import { type ClassroomSubject, classroomResource, classroomStudents, classroomSubjects, getClassroom } from "@taleem/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { presentBrief, studentsByIds } from "../students/students.service.js";
import { sampleBatch, sampleCourseClass } from "./academic-samples.service.js";
import { assertSubjectFitsCourse, requireBatch, requireCourseClass, requireSubjects, subjectsByIds } from "./academics.service.js";
import { describe, requireClassroom, requireTeachers, userNames } from "./classrooms.service.js";
import { type ClassroomRecord, classrooms, classroomSubjects as subjectLinks } from "./classrooms.table.js";
import { activeCounts, activeEnrolmentsOf, enrolmentCount } from "./enrolments.service.js";

type Assignment = { subjectId: number; teacherId?: number | null };

async function subjectsOf(scope: TenantScope, classroomIds: number[]): Promise<Map<number, ClassroomSubject[]>> {
  if (!classroomIds.length) return new Map();
  const links = await scope.db
    .select()
    .from(subjectLinks)
    .where(scope.where(subjectLinks, inArray(subjectLinks.classroomId, classroomIds)))
    .orderBy(asc(subjectLinks.id));
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

/** Classrooms with their names, subjects, class teacher and active student count joined. */
async function presentClassrooms(scope: TenantScope, rows: ClassroomRecord[]) {
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
  return infos.map((c) => ({
    ...c,
    classTeacherName: c.classTeacherId ? (teachers.get(c.classTeacherId) ?? null) : null,
    subjects: subjects.get(c.id) ?? [],
    studentCount: counts.get(c.id) ?? 0,
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
  await scope.db.delete(subjectLinks).where(scope.where(subjectLinks, eq(subjectLinks.classroomId, classroomId)));
  const unique = [...new Map(list.map((a) => [a.subjectId, a])).values()];
  await scope.insertMany(
    subjectLinks,
    unique.map((a) => ({ classroomId, subjectId: a.subjectId, teacherId: a.teacherId ?? null })),
  );
}

/**
 * Classrooms (path classRoom): divisions of a course class in a batch, with subjects and teachers.
 * A division's name is unique in its class and batch (its index); a classroom with enrolments
 * cannot be deleted (their declared reference).
 */
export function registerClassroomsModule(app: FastifyInstance, _services: Services) {
  serveResource(app, classroomResource, classrooms, {
    present: (ctx, rows) => presentClassrooms(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const { subjects: _s, ...values } = input;
      await requireBatch(ctx.scope, input.batchId);
      const cls = await requireCourseClass(ctx.scope, input.courseClassId);
      await requireTeachers(ctx.scope, [input.classTeacherId], "classTeacherId");
      return { ...values, courseId: cls.courseId };
    },
    afterCreate: async (ctx, row, input) => {
      if (input.subjects.length) await setSubjects(ctx.scope, row.id, row.courseId, input.subjects);
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
      return { ...values, courseId };
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.subjects) await setSubjects(ctx.scope, row.id, row.courseId, input.subjects);
    },
    inUse: { code: "classroom.has_enrolments", advice: "Set it inactive instead of deleting." },
    sample: async (scope) => {
      const [batch, cls] = await Promise.all([sampleBatch(scope), sampleCourseClass(scope)]);
      return { batchId: batch.id, courseClassId: cls.id, name: "A", status: "active" as const, subjects: [] };
    },
  });

  // The list engine serves lists only; a page that shows one classroom reads it here, through the
  // same presenter, so its label, subjects and count match the list's row.
  serveAction(app, getClassroom, async (ctx, { params }) => {
    const row = await ctx.scope.find(classrooms, params.id, "Classroom");
    const [data] = await presentClassrooms(ctx.scope, [row]);
    return { message: "Classroom fetched successfully", data: data! };
  });

  serveAction(app, classroomSubjects, async (ctx, { params }) => {
    const room = await requireClassroom(ctx.scope, params.id);
    const rows = (await subjectsOf(ctx.scope, [room.id])).get(room.id) ?? [];
    return { message: "Classroom subjects fetched successfully", rows, count: rows.length };
  });

  serveAction(app, classroomStudents, async (ctx, { params }) => {
    const room = await requireClassroom(ctx.scope, params.id);
    const enrolled = await activeEnrolmentsOf(ctx.scope, room.id);
    const people = await studentsByIds(
      ctx.scope,
      enrolled.map((e) => e.studentId),
    );
    const byId = new Map(people.map((p) => [p.id, p]));
    const rows = enrolled.filter((e) => byId.has(e.studentId)).map((e) => ({ ...presentBrief(byId.get(e.studentId)!), enrollmentId: e.id, rollNo: e.rollNo }));
    return { message: "Classroom students fetched successfully", rows, count: rows.length };
  });
}
