import { examResource, examStudents, examsOfBatchCourse } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { classroomIdsOfCourse, requireClassroom } from "../academics/classrooms.service.js";
import { exams } from "./exams.table.js";
import { samplePaper } from "./exams-samples.service.js";
import { masterIdsOfBatch, newPaperValues, paperChangeValues, papersOfBatchCourse, paperWithStudents, presentPapers } from "./papers.service.js";

/** Papers: made by saving a term, their date, times and marks changed here; the marks-entry grid. */
export function registerPapers(app: FastifyInstance) {
  serveResource(app, examResource, exams, {
    present: (ctx, rows) => presentPapers(ctx.scope, rows),
    filters: {
      batchId: (value, ctx) => inArray(exams.examMasterId, masterIdsOfBatch(ctx.scope, Number(value) || 0)),
      courseId: (value, ctx) => inArray(exams.classroomId, classroomIdsOfCourse(ctx.scope, Number(value) || 0)),
    },
    beforeCreate: (ctx, input) => newPaperValues(ctx.scope, input),
    beforeUpdate: (ctx, existing, input) => paperChangeValues(ctx.scope, existing, input),
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
      const rows = await papersOfBatchCourse(ctx.scope, params.batchId, params.courseId);
      return { rows, count: rows.length, message: "Exams fetched successfully" };
    },
    {
      sample: async (scope) => {
        const { batchId, classroomId } = await samplePaper(scope);
        const room = await requireClassroom(scope, classroomId);
        return { params: { batchId, courseId: room.courseId } };
      },
    },
  );

  serveAction(app, examStudents, async (ctx, { params }) => ({ message: "Students fetched successfully", data: await paperWithStudents(ctx, params.id) }), {
    sample: async (scope) => ({ params: { id: (await samplePaper(scope, true)).exam.id } }),
  });
}
