import { classStudents, myClasses } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { classStudentsFor, myClassesOf } from "./teaching.service.js";

/** A teacher's or Muawin's "My classes" and what waits for them, and a classroom's class list. */
export function registerTeachingModule(app: FastifyInstance) {
  serveAction(app, myClasses, async (ctx, { query }) => myClassesOf(ctx, query.date));
  serveAction(app, classStudents, async (ctx, { params }) => classStudentsFor(ctx, params.id), {
    sample: async (scope) => ({ params: { id: (await sampleClassroom(scope)).id } }),
  });
}
