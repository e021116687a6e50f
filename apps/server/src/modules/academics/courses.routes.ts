import {
  courseClassResource,
  courseContent,
  courseImportProgress,
  courseResource,
  deleteCourseContent,
  importCourseStudents,
  importCourseStudentsFile,
  uploadCourseContent,
} from "@taleem/contract";
import { asc, eq, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { assertImportUrl, importPolicy } from "../../platform/files/import-url.js";
import { conflict } from "../../platform/http/errors.js";
import { jobStartedBy, serveJobProgress } from "../../platform/jobs/serve-job-progress.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleCourse } from "./academic-samples.service.js";
import { courseNames, requireCourse } from "./academics.service.js";
import { type CourseClassRecord, courseClasses, courseContents, courses } from "./academics.table.js";
import { classroomsOfCourseClass } from "./classrooms.service.js";
import { COURSE_IMPORT_JOB, startCourseFileImport, startCourseImport } from "./course-import.service.js";

/** A content item as the reply names it (the table's `body` is the item's `text`). */
const presentContent = (c: typeof courseContents.$inferSelect) => ({ ...c, text: c.body });

async function presentClasses(ctx: RequestContext, rows: CourseClassRecord[]) {
  const names = await courseNames(
    ctx.scope,
    rows.map((r) => r.courseId),
  );
  return rows.map((c) => ({ ...c, courseName: names.get(c.courseId) ?? "" }));
}

/** A course with one content item, for the isolation suite. */
async function sampleContent(scope: TenantScope) {
  const course = await sampleCourse(scope);
  return scope.insert(courseContents, { courseId: course.id, title: "Syllabus", kind: "text", body: "..." });
}

/**
 * Courses with their classes, content, memorisation records and the sheet import. Names are
 * unique (their indexes); a course with classes or enrolments, and a class with classrooms,
 * cannot be deleted (their declared references).
 */
export function registerCourseRoutes(app: FastifyInstance, { config }: Services) {
  const policy = importPolicy(config);
  const checkSheet = (url: string | null | undefined) => {
    if (url) assertImportUrl(url, policy);
  };

  // A course in use answers course.in_use with { classes, enrolments }: the engine's default.
  serveResource(app, courseResource, courses, {
    beforeCreate: async (_ctx, input) => {
      checkSheet(input.sheetUrl);
      return input;
    },
    beforeUpdate: async (_ctx, _existing, input) => {
      const { id: _id, ...values } = input;
      checkSheet(values.sheetUrl);
      return values;
    },
    sample: async () => ({ name: `Hifz ${Math.random().toString(36).slice(2, 8)}`, kind: "hifz" as const, status: "active" as const }),
  });

  serveResource(app, courseClassResource, courseClasses, {
    present: presentClasses,
    beforeCreate: async (ctx, input) => {
      await requireCourse(ctx.scope, input.courseId);
      return input;
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      if (values.courseId !== undefined && values.courseId !== existing.courseId) {
        await requireCourse(ctx.scope, values.courseId);
        if ((await classroomsOfCourseClass(ctx.scope, existing.id)).length) {
          throw conflict("course_class.has_classrooms", "This class has classrooms; it cannot move to another course.", { field: "courseId" });
        }
      }
      return values;
    },
    inUse: { code: "course_class.has_classrooms", advice: "Delete them first." },
    sample: async (scope) => ({ courseId: (await sampleCourse(scope)).id, name: "Class 5", order: 5, status: "active" as const }),
  });

  serveAction(
    app,
    uploadCourseContent,
    async (ctx, { params, body }) => {
      const course = await requireCourse(ctx.scope, params.id);
      const [last] = await ctx.scope.db
        .select({ n: max(courseContents.order) })
        .from(courseContents)
        .where(ctx.scope.where(courseContents, eq(courseContents.courseId, course.id)));
      const start = (last?.n ?? 0) + 1;
      const made = await ctx.scope.insertMany(
        courseContents,
        body.content.map((c, i) => ({
          courseId: course.id,
          title: c.title,
          kind: c.kind,
          url: c.kind === "text" ? null : (c.url ?? null),
          body: c.text ?? null,
          order: start + i,
        })),
      );
      await ctx.audit({ action: "create", entity: "course_contents", entityId: course.id, details: { added: made.map((m) => m.id) } });
      return { message: "Content uploaded successfully", rows: made.map(presentContent) };
    },
    {
      sample: async (scope) => ({
        params: { id: (await sampleCourse(scope)).id },
        body: { content: [{ title: "Notes", kind: "text" as const, text: "..." }] },
      }),
    },
  );

  serveAction(app, courseContent, async (ctx, { params }) => {
    await requireCourse(ctx.scope, params.id);
    const rows = await ctx.scope.db
      .select()
      .from(courseContents)
      .where(ctx.scope.where(courseContents, eq(courseContents.courseId, params.id)))
      .orderBy(asc(courseContents.order), asc(courseContents.id));
    return { message: "Course content fetched successfully", rows: rows.map(presentContent), count: rows.length };
  });

  serveAction(
    app,
    deleteCourseContent,
    async (ctx, { params }) => {
      const item = await ctx.scope.find(courseContents, params.id, "Content");
      await ctx.scope.remove(courseContents, item.id, "Content");
      await ctx.audit({ action: "delete", entity: "course_contents", entityId: item.id, details: { courseId: item.courseId, title: item.title } });
      return { message: "Content deleted successfully" };
    },
    { sample: async (scope) => ({ params: { id: (await sampleContent(scope)).id } }) },
  );

  // The sheet is fetched from outside (seconds, sometimes): no transaction is held while it
  // downloads; the import's job writes in its own, followed with courseImportProgress.
  serveAction(
    app,
    importCourseStudents,
    async (ctx, { params }) => startCourseImport(ctx, await requireCourse(ctx.scope, params.id), policy, app.log, jobStartedBy(ctx)),
    {
      transaction: false,
    },
  );
  // An uploaded file: the same checks, then the same job (which opens its own transaction).
  serveAction(
    app,
    importCourseStudentsFile,
    async (ctx, { params, body }) => startCourseFileImport(ctx, await requireCourse(ctx.scope, params.id), body, app.log, jobStartedBy(ctx)),
    { transaction: false, bodyLimit: 12 * 1024 * 1024 },
  );
  serveJobProgress(app, courseImportProgress, COURSE_IMPORT_JOB);
}
