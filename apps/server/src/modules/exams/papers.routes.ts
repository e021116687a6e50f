import { examResource, examStudents, examsOfBatchCourse } from "@taleem/contract";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { requireBatch, requireCourse, requireSubject } from "../academics/academics.service.js";
import { classroomIdsOfCourse, requireClassroom } from "../academics/classrooms.service.js";
import { requireMaster } from "./exam-masters.service.js";
import { requireVisiblePaper } from "./exam-sets.service.js";
import { examMasters, exams, results } from "./exams.table.js";
import { samplePaper } from "./exams-samples.service.js";
import { paperGrid, presentPapers } from "./papers.service.js";

/** Papers: made by saving a term, their date, times and marks changed here; the marks-entry grid. */
export function registerPapers(app: FastifyInstance) {
  serveResource(app, examResource, exams, {
    present: (ctx, rows) => presentPapers(ctx.scope, rows),
    filters: {
      batchId: (value, ctx) =>
        inArray(
          exams.examMasterId,
          ctx.scope.db
            .select({ id: examMasters.id })
            .from(examMasters)
            .where(ctx.scope.where(examMasters, eq(examMasters.batchId, Number(value) || 0))),
        ),
      courseId: (value, ctx) => inArray(exams.classroomId, classroomIdsOfCourse(ctx.scope, Number(value) || 0)),
    },
    beforeCreate: async (ctx, input) => {
      const [master, room] = await Promise.all([requireMaster(ctx.scope, input.examMasterId), requireClassroom(ctx.scope, input.classroomId)]);
      const subject = await requireSubject(ctx.scope, input.subjectId);
      if (room.batchId !== master.batchId)
        throw badRequest("exam.other_batch", `${room.label} is a classroom of another batch than ${master.name}.`, { field: "classroomId" });
      if (subject.courseId !== null && subject.courseId !== room.courseId)
        throw badRequest("subject.other_course", `The subject ${subject.name} belongs to another course.`, { field: "subjectId" });
      return { ...input, date: input.date ?? null, startTime: input.startTime ?? null, endTime: input.endTime ?? null };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const max = values.maxMarks ?? existing.maxMarks;
      const pass = values.passMarks ?? existing.passMarks;
      if (pass > max) throw badRequest("exam.pass_above_max", "The pass mark must not be above the maximum.", { field: "passMarks" });
      if (values.maxMarks !== undefined) {
        const [above] = await ctx.scope.db
          .select({ id: results.id })
          .from(results)
          .where(ctx.scope.where(results, and(eq(results.examId, existing.id), gt(results.marks, max))))
          .limit(1);
        if (above) throw conflict("exam.marks_above_max", `Some marks of this paper are above ${max}.`, { field: "maxMarks" });
      }
      return values;
    },
    sample: async (scope) => {
      const { master, classroomId } = await samplePaper(scope);
      const { subject } = await samplePaper(scope);
      return { examMasterId: master.id, classroomId, subjectId: subject.id, date: "2026-09-21", maxMarks: 50, passMarks: 18 };
    },
  });

  serveAction(
    app,
    examsOfBatchCourse,
    async (ctx, { params }) => {
      await Promise.all([requireBatch(ctx.scope, params.batchId), requireCourse(ctx.scope, params.courseId)]);
      const rows = await ctx.scope.db
        .select()
        .from(exams)
        .where(
          ctx.scope.where(
            exams,
            inArray(exams.classroomId, classroomIdsOfCourse(ctx.scope, params.courseId)),
            inArray(
              exams.examMasterId,
              ctx.scope.db
                .select({ id: examMasters.id })
                .from(examMasters)
                .where(ctx.scope.where(examMasters, eq(examMasters.batchId, params.batchId))),
            ),
          ),
        )
        .orderBy(exams.date, exams.id);
      return { rows: await presentPapers(ctx.scope, rows), count: rows.length, message: "Exams fetched successfully" };
    },
    {
      sample: async (scope) => {
        const { batchId, classroomId } = await samplePaper(scope);
        const room = await requireClassroom(scope, classroomId);
        return { params: { batchId, courseId: room.courseId } };
      },
    },
  );

  serveAction(
    app,
    examStudents,
    async (ctx, { params }) => {
      const exam = await ctx.scope.find(exams, params.id, "Exam");
      await requireVisiblePaper(ctx, exam.id);
      const master = await requireMaster(ctx.scope, exam.examMasterId);
      const [row] = await presentPapers(ctx.scope, [exam]);
      return { message: "Students fetched successfully", data: { exam: row!, students: await paperGrid(ctx.scope, exam, master.startDate) } };
    },
    { sample: async (scope) => ({ params: { id: (await samplePaper(scope, true)).exam.id } }) },
  );
}
