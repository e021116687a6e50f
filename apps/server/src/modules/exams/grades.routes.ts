import { gradeResource } from "@taleem/contract";
import { and, eq, gte, isNull, lte, ne, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, conflict } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { batchNames, courseNames, requireBatch, requireCourse } from "../academics/academics.service.js";
import { type GradeRecord, grades } from "./exams.table.js";

type Band = Pick<GradeRecord, "minPercent" | "maxPercent" | "courseId" | "batchId" | "status">;

/** Bands of one scale (the same course and batch, or the school's) may not overlap: 409 naming the field. */
async function refuseOverlap(ctx: RequestContext, band: Band, exceptId?: number) {
  if (band.status === "inactive") return;
  const same = (column: typeof grades.courseId | typeof grades.batchId, value: number | null): SQL => (value === null ? isNull(column) : eq(column, value));
  const [clash] = await ctx.scope.db
    .select({ name: grades.name, minPercent: grades.minPercent, maxPercent: grades.maxPercent })
    .from(grades)
    .where(
      ctx.scope.where(
        grades,
        same(grades.courseId, band.courseId),
        same(grades.batchId, band.batchId),
        eq(grades.status, "active"),
        and(lte(grades.minPercent, band.maxPercent), gte(grades.maxPercent, band.minPercent)),
        exceptId ? ne(grades.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    const field = clash.minPercent <= band.minPercent && band.minPercent <= clash.maxPercent ? "minPercent" : "maxPercent";
    throw conflict("grade.overlap", `This band overlaps ${clash.name} (${clash.minPercent}-${clash.maxPercent}%) of the same scale.`, {
      field,
      grade: clash.name,
    });
  }
}

async function presentGrades(ctx: RequestContext, rows: GradeRecord[]) {
  const [courses, batches] = await Promise.all([
    courseNames(
      ctx.scope,
      rows.map((r) => r.courseId).filter((id): id is number => id !== null),
    ),
    batchNames(
      ctx.scope,
      rows.map((r) => r.batchId).filter((id): id is number => id !== null),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    courseName: r.courseId === null ? null : (courses.get(r.courseId) ?? ""),
    batchName: r.batchId === null ? null : (batches.get(r.batchId) ?? ""),
  }));
}

/** The grade scale: the school's, with overrides per course or batch; bands of one scale never overlap. */
export function registerGrades(app: FastifyInstance) {
  serveResource(app, gradeResource, grades, {
    present: presentGrades,
    beforeCreate: async (ctx, input) => {
      if (input.courseId) await requireCourse(ctx.scope, input.courseId);
      if (input.batchId) await requireBatch(ctx.scope, input.batchId);
      const values = { ...input, courseId: input.courseId ?? null, batchId: input.batchId ?? null, description: input.description ?? null };
      await refuseOverlap(ctx, values);
      return values;
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      if (values.courseId) await requireCourse(ctx.scope, values.courseId);
      if (values.batchId) await requireBatch(ctx.scope, values.batchId);
      const merged = { ...existing, ...values } as GradeRecord;
      if (merged.minPercent > merged.maxPercent)
        throw badRequest("grade.range", "The lowest percentage must not be above the highest.", { field: "maxPercent" });
      await refuseOverlap(ctx, { ...merged, courseId: merged.courseId ?? null, batchId: merged.batchId ?? null }, existing.id);
      return values;
    },
    sample: async () => {
      // A band of its own course's scale, so it overlaps nothing of the school's.
      const at = Math.floor(Math.random() * 100);
      return { name: `G${sampleTag(4)}`, minPercent: at, maxPercent: at, status: "inactive" as const };
    },
  });
}
