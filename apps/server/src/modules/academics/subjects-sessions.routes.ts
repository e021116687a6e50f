import { type SessionRow, type SubjectRow, sessionResource, subjectResource } from "@taleem/contract";
import { eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { assertNameFree, requireCourse } from "./academics.service.js";
import { type SubjectRecord, sittings, subjects } from "./academics.table.js";

const presentSubject = (s: SubjectRecord): SubjectRow => ({
  id: s.id,
  name: s.name,
  code: s.code ?? null,
  courseId: s.courseId,
  status: s.status,
  createdAt: s.createdAt.toISOString(),
});
const presentSession = (s: typeof sittings.$inferSelect): SessionRow => ({
  id: s.id,
  name: s.name,
  startTime: s.startTime.slice(0, 5),
  endTime: s.endTime.slice(0, 5),
  status: s.status,
  createdAt: s.createdAt.toISOString(),
});

/** Subject names are unique within their course (or among the general ones). */
const sameCourse = (courseId: number | null | undefined) => (courseId ? eq(subjects.courseId, courseId) : isNull(subjects.courseId));

async function assertSubjectCodeFree(scope: TenantScope, code: string | null | undefined, exceptId?: number) {
  if (!code) return;
  const [taken] = await scope.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(scope.where(subjects, eq(sql`lower(${subjects.code})`, code.toLowerCase())));
  if (taken && taken.id !== exceptId) throw conflict("subject.code_taken", `Another subject has the code ${code}.`, { field: "code" });
}

function assertTimes(startTime: string, endTime: string) {
  if (endTime.slice(0, 5) <= startTime.slice(0, 5)) throw badRequest("session.times", "The end time must be after the start time.", { field: "endTime" });
}

export function registerSubjectAndSessionRoutes(app: FastifyInstance, { db }: Services) {
  serveResource(app, db, subjectResource, subjects, {
    present: async (_ctx, rows) => rows.map(presentSubject),
    beforeCreate: async (ctx, input) => {
      if (input.courseId) await requireCourse(ctx.scope, input.courseId);
      await assertNameFree(ctx.scope, subjects, input.name, "Subject", { within: sameCourse(input.courseId) });
      await assertSubjectCodeFree(ctx.scope, input.code);
      return { ...input, code: input.code || null };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      if (values.courseId) await requireCourse(ctx.scope, values.courseId);
      const courseId = values.courseId !== undefined ? values.courseId : existing.courseId;
      await assertNameFree(ctx.scope, subjects, values.name ?? existing.name, "Subject", { exceptId: existing.id, within: sameCourse(courseId) });
      if (values.code !== undefined) await assertSubjectCodeFree(ctx.scope, values.code, existing.id);
      return values;
    },
    sample: async () => ({ name: `Fiqh ${Math.random().toString(36).slice(2, 8)}`, status: "active" as const }),
  });

  serveResource(app, db, sessionResource, sittings, {
    present: async (_ctx, rows) => rows.map(presentSession),
    beforeCreate: async (ctx, input) => {
      assertTimes(input.startTime, input.endTime);
      await assertNameFree(ctx.scope, sittings, input.name, "Session");
      return input;
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      assertTimes(values.startTime ?? existing.startTime, values.endTime ?? existing.endTime);
      if (values.name !== undefined) await assertNameFree(ctx.scope, sittings, values.name, "Session", { exceptId: existing.id });
      return values;
    },
    sample: async () => ({ name: `Morning ${Math.random().toString(36).slice(2, 8)}`, startTime: "07:00", endTime: "12:30", status: "active" as const }),
  });
}
