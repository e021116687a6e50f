import type { FastifyInstance } from "fastify";
import type { Services } from "../../platform/services.js";
import { serveExamDocuments } from "./exam-documents.routes.js";
import { registerExamMasters } from "./exam-masters.routes.js";
import { registerExamSetMarks } from "./exam-set-marks.routes.js";
import { registerExamSets } from "./exam-sets.routes.js";
import { registerGrades } from "./grades.routes.js";
import { registerPapers } from "./papers.routes.js";
import { registerResults } from "./results.routes.js";

/**
 * Exams and results: the grade scale, terms (exam masters) and their papers, marks (one, a
 * classroom's sheet, a student's, an uploaded sheet), exam sets with ranked report cards, the
 * analysis, remarks, publishing to parents, and the documents (mark sheets, rank lists).
 */
export function registerExamsModule(app: FastifyInstance, services: Services) {
  registerGrades(app);
  registerExamMasters(app);
  registerPapers(app);
  registerResults(app);
  registerExamSets(app, services);
  registerExamSetMarks(app);
  serveExamDocuments(app, services);
}
