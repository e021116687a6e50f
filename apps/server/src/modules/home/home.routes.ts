import { homeCourseSubjects, homeData, homeTimetable } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { sampleCourse } from "../academics/academic-samples.service.js";
import { courseSubjects, requireCourse } from "../academics/academics.service.js";
import { enrolmentsOfStudent } from "../academics/enrolments.service.js";
import { weekOf } from "../academics/timetable.service.js";
import { childrensCourses, homeData as gatherHome, requireOwnChild } from "./home.service.js";

/**
 * The parent's home: a child's day and week in one call, the child's (or a teacher's own)
 * timetable, and a course's subjects. A person reaches only their own children (guardian links);
 * another child, of this school or another, is a 404. The home and the child's timetable have no
 * isolation sample: even a school's own admin is answered 404 for a child not linked to them.
 */
export function registerHomeModule(app: FastifyInstance) {
  serveAction(app, homeData, async (ctx, { query }) => ({ message: "Home data fetched successfully", data: await gatherHome(ctx, query.student) }));

  serveAction(app, homeTimetable, async (ctx, { query }) => {
    if (query.student !== undefined) {
      await requireOwnChild(ctx, query.student);
      const active = (await enrolmentsOfStudent(ctx.scope, query.student)).filter((e) => e.status === "active").map((e) => e.classroomId);
      return { message: "Timetable fetched successfully", ...(await weekOf(ctx.scope, { classroomIds: active, studentId: query.student })) };
    }
    // A family's role teaches nothing: it names the child whose week it wants.
    if (ctx.principal.linkedStudentsOnly) throw badRequest("home.choose_child", "Choose the child whose timetable to show.", { field: "student" });
    return { message: "Timetable fetched successfully", ...(await weekOf(ctx.scope, { teacherId: ctx.principal.userId })) };
  });

  serveAction(
    app,
    homeCourseSubjects,
    async (ctx, { params }) => {
      const course = await requireCourse(ctx.scope, params.id);
      if (ctx.principal.linkedStudentsOnly && !(await childrensCourses(ctx)).has(course.id)) throw notFound("Course");
      const rows = (await courseSubjects(ctx.scope, course.id)).map((s) => ({ id: s.id, name: s.name, code: s.code }));
      return { message: "Subjects fetched successfully", rows, count: rows.length };
    },
    { sample: async (scope) => ({ params: { id: (await sampleCourse(scope)).id } }) },
  );
}
