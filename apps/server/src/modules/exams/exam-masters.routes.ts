import { examMasterResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { conflict } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { sampleSubject } from "../academics/academic-samples.service.js";
import { requireBatch } from "../academics/academics.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { masterResultCount, presentMasters, saveMasterParts } from "./exam-masters.service.js";
import { examMasters } from "./exams.table.js";

/**
 * A term's examination: saving it keeps its classrooms and subjects and makes the papers they
 * lack; a term whose papers hold marks cannot be deleted.
 */
export function registerExamMasters(app: FastifyInstance) {
  serveResource(app, examMasterResource, examMasters, {
    present: (ctx, rows) => presentMasters(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await requireBatch(ctx.scope, input.batchId);
      const { classroomIds: _c, subjects: _s, ...values } = input;
      return values;
    },
    afterCreate: async (ctx, row, input) => saveMasterParts(ctx.scope, row, input.classroomIds, input.subjects),
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, classroomIds: _c, subjects: _s, ...values } = input;
      if (values.batchId !== undefined && values.batchId !== existing.batchId) {
        await requireBatch(ctx.scope, values.batchId);
        if (await masterResultCount(ctx.scope, existing.id))
          throw conflict("exam_master.has_results", "This examination already has marks; its batch cannot change.", { field: "batchId" });
      }
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.classroomIds !== undefined || input.subjects !== undefined || input.batchId !== undefined)
        await saveMasterParts(ctx.scope, row, input.classroomIds, input.subjects);
    },
    beforeDelete: async (ctx, existing) => {
      const n = await masterResultCount(ctx.scope, existing.id);
      if (n)
        throw conflict("exam_master.has_results", `This examination has ${n} result(s) in its papers; delete the results first or set it inactive.`, {
          results: n,
        });
    },
    inUse: { code: "exam_master.in_use", advice: "Take it out of the exam sets first, or set it inactive." },
    sample: async (scope) => {
      const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
      return {
        name: `Half-yearly ${sampleTag()}`,
        batchId: room.batchId,
        startDate: "2026-09-20",
        endDate: "2026-09-30",
        classroomIds: [room.id],
        subjects: [{ subjectId: subject.id, maxMarks: 100, passMarks: 35 }],
        status: "active" as const,
      };
    },
  });
}
