import {
  type CourseClassRow,
  CourseContentRow,
  CourseContentUpload,
  type CourseRow,
  CreateHafizRecords,
  courseClassResource,
  courseResource,
  ImportReply,
  RowId,
} from "@taleem/contract";
import { asc, count, eq, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../../platform/audit/audit.service.js";
import { assertImportUrl, importPolicy } from "../../platform/files/import-url.js";
import { conflict } from "../../platform/http/errors.js";
import { contextOf, type RequestContext } from "../../platform/resources/resource-context.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { classroomsOfCourseClass } from "../classrooms/classrooms.service.js";
import { activeEnrolmentsOfCourse, enrolmentCount, schoolToday } from "../enrolments/enrolments.service.js";
import { assertNameFree, courseNames, requireCourse } from "./academics.service.js";
import { type CourseClassRecord, type CourseRecord, courseClasses, courseContents, courses } from "./academics.table.js";
import { importCourseStudents } from "./course-import.service.js";
import { hafiz } from "./hafiz.table.js";

const presentCourse = (c: CourseRecord): CourseRow => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  description: c.description,
  durationYears: c.durationYears,
  sheetUrl: c.sheetUrl,
  status: c.status,
  createdAt: c.createdAt.toISOString(),
});
const presentContent = (c: typeof courseContents.$inferSelect): CourseContentRow => ({
  id: c.id,
  courseId: c.courseId,
  title: c.title,
  kind: c.kind,
  url: c.url,
  text: c.body,
  order: c.order,
  createdAt: c.createdAt.toISOString(),
});

async function presentClasses(ctx: RequestContext, rows: CourseClassRecord[]): Promise<CourseClassRow[]> {
  const names = await courseNames(
    ctx.scope,
    rows.map((r) => r.courseId),
  );
  return rows.map((c) => ({
    id: c.id,
    courseId: c.courseId,
    courseName: names.get(c.courseId) ?? "",
    name: c.name,
    order: c.order,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** Courses with their classes, content, memorisation records and the sheet import. */
export function registerCourseRoutes(app: FastifyInstance, { db, config }: Services) {
  const policy = importPolicy(config);
  const checkSheet = (url: string | null | undefined) => {
    if (url) assertImportUrl(url, policy);
  };

  serveResource(app, db, courseResource, courses, {
    present: async (_ctx, rows) => rows.map(presentCourse),
    beforeCreate: async (ctx, input) => {
      checkSheet(input.sheetUrl);
      await assertNameFree(ctx.scope, courses, input.name, "Course");
      return input;
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      checkSheet(values.sheetUrl);
      if (values.name !== undefined) await assertNameFree(ctx.scope, courses, values.name, "Course", { exceptId: existing.id });
      return values;
    },
    beforeDelete: async (ctx, existing) => {
      const [[classes], enrolled] = await Promise.all([
        ctx.scope.db
          .select({ n: count() })
          .from(courseClasses)
          .where(ctx.scope.where(courseClasses, eq(courseClasses.courseId, existing.id))),
        enrolmentCount(ctx.scope, { courseId: existing.id }),
      ]);
      if (classes?.n || enrolled) {
        throw conflict(
          "course.in_use",
          `The course ${existing.name} has ${classes?.n ?? 0} class(es) and ${enrolled} enrolment(s). Set it inactive instead of deleting.`,
          { classes: classes?.n ?? 0, enrolments: enrolled },
        );
      }
    },
    sample: async () => ({ name: `Hifz ${Math.random().toString(36).slice(2, 8)}`, kind: "hifz" as const, status: "active" as const }),
  });

  serveResource(app, db, courseClassResource, courseClasses, {
    present: presentClasses,
    beforeCreate: async (ctx, input) => {
      await requireCourse(ctx.scope, input.courseId);
      await assertNameFree(ctx.scope, courseClasses, input.name, "Class", { within: eq(courseClasses.courseId, input.courseId) });
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
      const courseId = values.courseId ?? existing.courseId;
      await assertNameFree(ctx.scope, courseClasses, values.name ?? existing.name, "Class", {
        exceptId: existing.id,
        within: eq(courseClasses.courseId, courseId),
      });
      return values;
    },
    beforeDelete: async (ctx, existing) => {
      const rooms = await classroomsOfCourseClass(ctx.scope, existing.id);
      if (rooms.length) {
        throw conflict("course_class.has_classrooms", `${existing.name} has ${rooms.length} classroom(s). Delete them first.`, { classrooms: rooms.length });
      }
    },
    sample: async (scope) => {
      const course = await scope.insert(courses, { name: `Course ${Math.random().toString(36).slice(2, 8)}`, kind: "madrasa" });
      return { courseId: course.id, name: "Class 5", order: 5, status: "active" as const };
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["academics"];
  const audit = (ctx: RequestContext, scope: RequestContext["scope"], action: string, entity: string, entityId: number, details: Record<string, unknown>) =>
    recordChange(scope.db, { tenantId: scope.tenantId, userId: ctx.principal.userId, action, entity, entityId, details, ip: ctx.ip });

  r.post("/admin/api/course/:id/upload-content", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Add content items (links, videos, documents, texts) to a course, after its existing ones",
      params: z.object({ id: RowId }),
      body: CourseContentUpload,
      response: { 200: z.object({ message: z.string(), rows: z.array(CourseContentRow) }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const rows = await ctx.scope.transaction(async (scope) => {
        const course = await requireCourse(scope, req.params.id);
        const [last] = await scope.db
          .select({ n: max(courseContents.order) })
          .from(courseContents)
          .where(scope.where(courseContents, eq(courseContents.courseId, course.id)));
        const start = (last?.n ?? 0) + 1;
        const made = await scope.insertMany(
          courseContents,
          req.body.content.map((c, i) => ({
            courseId: course.id,
            title: c.title,
            kind: c.kind,
            url: c.kind === "text" ? null : (c.url ?? null),
            body: c.text ?? null,
            order: start + i,
          })),
        );
        await audit(ctx, scope, "create", "course_contents", course.id, { added: made.map((m) => m.id) });
        return made;
      });
      return { message: "Content uploaded successfully", rows: rows.map(presentContent) };
    },
  });

  r.get("/admin/api/course/:id/content", {
    config: { permission: ["academics", "view"] },
    schema: {
      tags,
      summary: "A course's content items, in order",
      params: z.object({ id: RowId }),
      response: { 200: z.object({ message: z.string(), rows: z.array(CourseContentRow), count: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await requireCourse(ctx.scope, req.params.id);
      const rows = await db
        .select()
        .from(courseContents)
        .where(ctx.scope.where(courseContents, eq(courseContents.courseId, req.params.id)))
        .orderBy(asc(courseContents.order), asc(courseContents.id));
      return { message: "Course content fetched successfully", rows: rows.map(presentContent), count: rows.length };
    },
  });

  r.delete("/admin/api/course/content/:id", {
    config: { permission: ["academics", "edit"] },
    schema: { tags, summary: "Delete one content item of a course", params: z.object({ id: RowId }), response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      await ctx.scope.transaction(async (scope) => {
        const item = await scope.find(courseContents, req.params.id, "Content");
        await scope.remove(courseContents, item.id, "Content");
        await audit(ctx, scope, "delete", "course_contents", item.id, { courseId: item.courseId, title: item.title });
      });
      return { message: "Content deleted successfully" };
    },
  });

  r.post("/admin/api/course/:id/create-hafiz-records", {
    config: { permission: ["academics", "edit"] },
    schema: {
      tags,
      summary: "Make a memorisation (hafiz) record for every student actively enrolled in the course; students who have one are skipped",
      params: z.object({ id: RowId }),
      body: CreateHafizRecords,
      response: { 200: z.object({ message: z.string(), created: z.number(), existing: z.number() }) },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const b = req.body;
      return ctx.scope.transaction(async (scope) => {
        const course = await requireCourse(scope, req.params.id);
        const studentIds = [...new Set((await activeEnrolmentsOfCourse(scope, course.id)).map((e) => e.studentId))];
        const startedOn = b.startedOn ?? (await schoolToday(scope));
        const juz =
          b.target === "juz_range" ? { fromJuz: Math.min(b.fromJuz!, b.toJuz!), toJuz: Math.max(b.fromJuz!, b.toJuz!) } : { fromJuz: null, toJuz: null };
        const made = studentIds.length
          ? await scope.db
              .insert(hafiz)
              .values(studentIds.map((studentId) => ({ tenantId: scope.tenantId, studentId, courseId: course.id, startedOn, target: b.target, ...juz })))
              .onConflictDoNothing()
              .returning({ id: hafiz.id })
          : [];
        await audit(ctx, scope, "create", "hafiz", course.id, { created: made.length });
        return {
          message: `${made.length} memorisation record(s) created`,
          created: made.length,
          existing: studentIds.length - made.length,
        };
      });
    },
  });

  r.get("/admin/api/course/fetch-from-google-sheets/:id", {
    // A GET the spec names, which writes: it needs x-requested-with like any change.
    config: { permission: ["students", "import"], changesData: true },
    schema: {
      tags,
      summary: "Import the course's students from its Google Sheets link (CSV export); every bad row is reported and nothing is written",
      params: z.object({ id: RowId }),
      response: { 200: ImportReply },
    },
    handler: async (req) => {
      const ctx = contextOf(req, db);
      const course = await requireCourse(ctx.scope, req.params.id);
      const result = await importCourseStudents(ctx, course, policy);
      await audit(ctx, ctx.scope, "import", "students", course.id, result);
      return { message: `Students imported successfully: ${result.created} added, ${result.updated} updated, ${result.enrolled} enrolled`, ...result };
    },
  });
}
