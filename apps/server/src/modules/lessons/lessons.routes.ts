import { can, lessonProgress, lessonResource, logLesson } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError, badRequest, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { sampleCourseClass, sampleSubject } from "../academics/academic-samples.service.js";
import { assertSubjectFitsCourse, courseClassNames, requireCourseClass, requireSubject, subjectNames } from "../academics/academics.service.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { requireClassroom, requireTeachers, userNames } from "../academics/classrooms.service.js";
import { activeEnrolmentsOfStudents } from "../academics/enrolments.service.js";
import { requireStudent } from "../students/students.service.js";
import { makeRoomAt, nextOrder, progressOf } from "./lessons.service.js";
import { lessonLogs, lessons } from "./lessons.table.js";

/** Syllabuses (lessons in order), the day's teaching logged against them, and a classroom's progress. */
export function registerLessonsModule(app: FastifyInstance) {
  serveResource(app, lessonResource, lessons, {
    present: async (ctx, rows) => {
      const [classes, subjects] = await Promise.all([
        courseClassNames(
          ctx.scope,
          rows.map((r) => r.courseClassId),
        ),
        subjectNames(
          ctx.scope,
          rows.map((r) => r.subjectId),
        ),
      ]);
      return rows.map((r) => ({ ...r, className: classes.get(r.courseClassId) ?? "", subjectName: subjects.get(r.subjectId) ?? "" }));
    },
    beforeCreate: async (ctx, input) => {
      const [cls, subject] = await Promise.all([requireCourseClass(ctx.scope, input.courseClassId), requireSubject(ctx.scope, input.subjectId)]);
      assertSubjectFitsCourse(subject, cls.courseId);
      // A number already taken is refused by the unique index (lesson.order_taken); none goes last.
      return { ...input, order: input.order ?? (await nextOrder(ctx.scope, input)) };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, order, ...values } = input;
      if (order === undefined || order === null) return values;
      await makeRoomAt(ctx.scope, existing, order);
      return { ...values, order };
    },
    sample: async (scope) => {
      const [cls, subject] = await Promise.all([sampleCourseClass(scope), sampleSubject(scope)]);
      return { courseClassId: cls.id, subjectId: subject.id, title: "Wudu: its obligations" };
    },
  });

  serveAction(
    app,
    logLesson,
    async (ctx, { body }) => {
      const [room, lesson] = await Promise.all([requireClassroom(ctx.scope, body.classroomId), ctx.scope.find(lessons, body.lessonId, "Lesson")]);
      if (lesson.courseClassId !== room.courseClassId) {
        throw badRequest("lesson.other_class", `${lesson.title} is not a lesson of the syllabus of ${room.label}.`, {
          field: "lessonId",
          classroom: room.label,
        });
      }
      const today = await schoolToday(ctx.scope);
      const date = body.date ?? today;
      if (date > today) throw badRequest("lesson.future_day", "A lesson cannot be logged for a day still to come.", { field: "date" });
      const teacherId = body.teacherId ?? ctx.principal.userId;
      if (body.teacherId) await requireTeachers(ctx.scope, [teacherId], "teacherId");
      const values = {
        teacherId,
        progress: body.progress,
        percent: body.progress === "completed" ? 100 : (body.percent ?? null),
        note: body.note ?? null,
      };
      // One row per lesson, classroom and day: logging it again that day corrects the first.
      const [row] = await ctx.scope.db
        .insert(lessonLogs)
        .values({ tenantId: ctx.scope.tenantId, lessonId: lesson.id, classroomId: room.id, date, ...values })
        .onConflictDoUpdate({ target: [lessonLogs.tenantId, lessonLogs.classroomId, lessonLogs.lessonId, lessonLogs.date], set: values })
        .returning();
      await ctx.audit({ action: "update", entity: "lesson_logs", entityId: row!.id, after: row });
      const names = await userNames(ctx.scope, [teacherId]);
      return {
        message: `${lesson.title} logged for ${room.label}`,
        data: { ...row!, lessonTitle: lesson.title, teacherName: names.get(teacherId) ?? "" },
      };
    },
    {
      sample: async (scope) => {
        const room = await sampleClassroom(scope);
        const subject = await sampleSubject(scope);
        const lesson = await scope.insert(lessons, { courseClassId: room.courseClassId, subjectId: subject.id, order: 1, title: "Sample lesson" });
        return { body: { classroomId: room.id, lessonId: lesson.id, progress: "started" as const } };
      },
    },
  );

  serveAction(
    app,
    lessonProgress,
    async (ctx, { query }) => {
      const studentId = query.studentId ?? null;
      if (ctx.scope.family) {
        // A family reads its own child's class (another family's child is not found in its scope).
        if (!studentId) throw badRequest("lesson.child_needed", "Choose your child.", { field: "studentId" });
      } else if (!can(ctx.principal.permissions, "lessons", "view")) {
        throw new AppError(403, "forbidden", "You do not have permission to do this.");
      }
      let classroomId = query.classroomId;
      if (studentId) {
        await requireStudent(ctx.scope, studentId);
        const [enrolment] = await activeEnrolmentsOfStudents(ctx.scope, [studentId]);
        if (!enrolment) throw notFound("Classroom of the student");
        classroomId = enrolment.classroomId;
      }
      const room = await requireClassroom(ctx.scope, classroomId!);
      const progress = await progressOf(ctx.scope, room, await schoolToday(ctx.scope), query.subjectId);
      return { message: "Lesson progress fetched successfully", studentId, classroomId: room.id, classroomLabel: room.label, ...progress };
    },
    { sample: async (scope) => ({ query: { classroomId: (await sampleClassroom(scope)).id } }) },
  );
}
