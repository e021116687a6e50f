import { examSetRemarks, saveStudentResult, studentExamResults, updateBulkRemarks, updateRemarks, uploadResults } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudent } from "../students/students.service.js";
import { saveSetRemarks, saveSetResults, saveStudentRemarks, setRemarks, studentResults } from "./exam-set-marks.service.js";
import { requireSet } from "./exam-sets.service.js";
import { sampleSet } from "./exams-samples.service.js";
import { uploadSetResults } from "./results-upload.service.js";

/** One student's marks, remarks, the sheet upload, and a student's results for their parent. */
export function registerExamSetMarks(app: FastifyInstance) {
  serveAction(
    app,
    saveStudentResult,
    async (ctx, { body }) => ({ message: "Results saved", data: await saveSetResults(ctx, body) }),

    {
      sample: async (scope) => {
        const s = await sampleSet(scope, true);
        return { body: { examsetId: s.set.id, studentId: s.studentId, results: [{ examId: s.exam.id, marks: 61, status: "present" as const }] } };
      },
    },
  );

  serveAction(
    app,
    updateRemarks,
    async (ctx, { body }) => {
      await saveStudentRemarks(ctx, body);
      return { message: body.remarks ? "Remarks saved" : "Remarks cleared" };
    },

    {
      sample: async (scope) => {
        const s = await sampleSet(scope, true);
        return { body: { examsetId: s.set.id, studentId: s.studentId, remarks: "Works hard" } };
      },
    },
  );

  serveAction(
    app,
    updateBulkRemarks,
    async (ctx, { body }) => {
      const saved = await saveSetRemarks(ctx, body);
      return { message: `${saved} remark(s) saved`, saved };
    },

    {
      sample: async (scope) => {
        const s = await sampleSet(scope, true);
        return { body: { examsetId: s.set.id, data: [{ studentId: s.studentId, remarks: "Consistent" }] } };
      },
    },
  );

  serveAction(
    app,
    examSetRemarks,
    async (ctx, { params, query }) => {
      const rows = await setRemarks(ctx.scope, params.id, query.classroomId);
      return { message: "Remarks fetched successfully", rows, count: rows.length };
    },

    { sample: async (scope) => ({ params: { id: (await sampleSet(scope, true)).set.id } }) },
  );

  serveAction(
    app,
    uploadResults,
    async (ctx, { body }) => {
      await requireSet(ctx.scope, body.examsetId);
      const saved = await uploadSetResults(ctx.scope, body);
      await ctx.audit({ action: "update", entity: "results", entityId: body.examsetId, details: { uploaded: body.fileName, saved } });
      return { message: `${saved} result(s) saved`, saved };
    },
    {
      bodyLimit: 12 * 1024 * 1024,
      sample: async (scope) => {
        const s = await sampleSet(scope, true);
        const student = await requireStudent(scope, s.studentId);
        const csv = `Admission No,${s.subject.name}\n${student.admissionNo},44\n`;
        return { body: { examsetId: s.set.id, fileName: "marks.csv", data: Buffer.from(csv).toString("base64") } };
      },
    },
  );

  serveAction(
    app,
    studentExamResults,
    async (ctx, { params }) => {
      const rows = await studentResults(ctx, params.id);
      return rows ? { message: "Results fetched successfully", rows } : { message: "No results", rows: [] };
    },

    { sample: async (scope) => ({ params: { id: (await sampleStudent(scope)).id } }) },
  );
}
