import { sessionResource, subjectResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { requireCourse } from "./academics.service.js";
import { sittings, subjects } from "./academics.table.js";

function assertTimes(startTime: string, endTime: string) {
  if (endTime.slice(0, 5) <= startTime.slice(0, 5)) throw badRequest("session.times", "The end time must be after the start time.", { field: "endTime" });
}

/**
 * Subjects (names unique within their course, or among the general ones; codes unique) and
 * sessions, the sittings of the day (names unique): their unique indexes refuse a repeat.
 */
export function registerSubjectAndSessionRoutes(app: FastifyInstance) {
  serveResource(app, subjectResource, subjects, {
    beforeCreate: async (ctx, input) => {
      if (input.courseId) await requireCourse(ctx.scope, input.courseId);
      // An empty code is no code: two subjects without one do not clash.
      return { ...input, code: input.code || null };
    },
    beforeUpdate: async (ctx, _existing, input) => {
      const { id: _id, ...values } = input;
      if (values.courseId) await requireCourse(ctx.scope, values.courseId);
      if (values.code !== undefined) values.code = values.code || null;
      return values;
    },
    sample: async () => ({ name: `Fiqh ${Math.random().toString(36).slice(2, 8)}`, status: "active" as const }),
  });

  serveResource(app, sessionResource, sittings, {
    beforeCreate: async (_ctx, input) => {
      assertTimes(input.startTime, input.endTime);
      return input;
    },
    beforeUpdate: async (_ctx, existing, input) => {
      const { id: _id, ...values } = input;
      assertTimes(values.startTime ?? existing.startTime, values.endTime ?? existing.endTime);
      return values;
    },
    sample: async () => ({ name: `Morning ${Math.random().toString(36).slice(2, 8)}`, startTime: "07:00", endTime: "12:30", status: "active" as const }),
  });
}
