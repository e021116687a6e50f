import { resultResource, saveClassResults } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { results } from "./exams.table.js";
import { samplePaper } from "./exams-samples.service.js";
import { checkResult, paperStudentIds, presentResults, requirePaper, resultProblem, upsertResults } from "./results.service.js";

/** Results one by one (the resource) and a whole classroom's sheet for one paper at once. */
export function registerResults(app: FastifyInstance) {
  serveResource(app, resultResource, results, {
    present: (ctx, rows) => presentResults(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      const marks = input.status === "present" ? (input.marks ?? null) : null;
      await checkResult(ctx.scope, { examId: input.examId, studentId: input.studentId, marks, status: input.status });
      return { ...input, marks, remarks: input.remarks ?? null };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const status = values.status ?? existing.status;
      // Marking someone absent or exempt clears their marks; present needs marks.
      const marks = status === "present" ? (values.marks !== undefined ? values.marks : existing.marks) : null;
      if (status !== "present" && values.marks !== undefined && values.marks !== null)
        throw badRequest("result.bad_marks", "An absent or exempt student has no marks.", { field: "marks" });
      await checkResult(ctx.scope, { examId: existing.examId, studentId: existing.studentId, marks, status });
      return { ...values, status, marks };
    },
    sample: async (scope) => {
      const { exam, studentId } = await samplePaper(scope, true);
      return { examId: exam.id, studentId, marks: 42, status: "present" as const };
    },
  });

  serveAction(
    app,
    saveClassResults,
    async (ctx, { body }) => {
      const { exam, master } = await requirePaper(ctx.scope, body.examId);
      const allowed = await paperStudentIds(ctx.scope, exam, master.startDate);
      const seen = new Set<number>();
      const problems: { row: number; studentId: number; field: string; message: string }[] = [];
      body.results.forEach((r, i) => {
        const problem = seen.has(r.studentId)
          ? { field: "studentId", message: `Student ${r.studentId} appears twice.` }
          : resultProblem(exam, allowed, { studentId: r.studentId, marks: r.marks, status: r.status });
        seen.add(r.studentId);
        if (problem) problems.push({ row: i, studentId: r.studentId, ...problem });
      });
      if (problems.length)
        throw badRequest("result.sheet_invalid", `${problems.length} row(s) cannot be saved; nothing was saved.`, { field: "results", problems });
      const saved = await upsertResults(
        ctx.scope,
        body.results.map((r) => ({
          examId: exam.id,
          studentId: r.studentId,
          marks: r.status === "present" ? r.marks : null,
          status: r.status,
          remarks: r.remarks === undefined ? undefined : (r.remarks ?? null),
        })),
      );
      await ctx.audit({ action: "update", entity: "results", entityId: exam.id, details: { saved: saved.length } });
      return { message: `${saved.length} result(s) saved`, saved: saved.length, rows: await presentResults(ctx.scope, saved) };
    },
    {
      sample: async (scope) => {
        const { exam, studentId } = await samplePaper(scope, true);
        return { body: { examId: exam.id, results: [{ studentId, marks: 50, status: "present" as const }] } };
      },
    },
  );
}
