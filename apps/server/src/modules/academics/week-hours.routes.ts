import { addWeekHours, type WeekHour } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { AppError } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleSubject } from "./academic-samples.service.js";
import { assertSubjectFitsCourse, requireSitting, requireSubjects } from "./academics.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom, requireTeachers } from "./classrooms.service.js";
import { assertTimes } from "./hours.routes.js";
import { hhmm, overlapError } from "./timetable.service.js";
import { hours, timetables } from "./timetable.table.js";

const DAYS = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "Hour 3 (Tuesday 09:30)": how a refusal names an hour of the list. */
const nameOf = (h: WeekHour, i: number) => `Hour ${i + 1} (${DAYS[h.dayOfWeek]} ${hhmm(h.startTime)})`;

/**
 * Runs a check over the ids of one field of the list; a refusal that names an id (`params[idParam]`)
 * is said again of the first hour carrying it, so the form can point at that row.
 */
async function atHour(list: WeekHour[], key: "subjectId" | "teacherId", idParam: string, check: () => unknown) {
  try {
    await check();
  } catch (e) {
    const id = e instanceof AppError ? e.params?.[idParam] : undefined;
    const i = list.findIndex((h) => h[key] === id);
    if (!(e instanceof AppError) || i < 0) throw e;
    throw new AppError(e.status, e.code, `${nameOf(list[i]!, i)}: ${e.message}`, { ...e.params, field: `hours.${i}.${key}` }, e.extra);
  }
}

/** Refuses an hour of the list that overlaps one the classroom has, or an earlier one of the list. */
async function assertWeekFits(scope: TenantScope, classroomId: number, list: WeekHour[]) {
  const taken: { id?: number; dayOfWeek: number; startTime: string; endTime: string }[] = await scope.db
    .select({ id: hours.id, dayOfWeek: hours.dayOfWeek, startTime: hours.startTime, endTime: hours.endTime })
    .from(hours)
    .where(scope.where(hours, eq(hours.classroomId, classroomId)));
  for (const [i, h] of list.entries()) {
    const [start, end] = [hhmm(h.startTime)!, hhmm(h.endTime)!];
    const clash = taken.find((t) => t.dayOfWeek === h.dayOfWeek && hhmm(t.startTime)! < end && hhmm(t.endTime)! > start);
    if (clash) throw overlapError(clash, `hours.${i}.startTime`, nameOf(h, i));
    taken.push({ dayOfWeek: h.dayOfWeek, startTime: start, endTime: end });
  }
}

/**
 * A classroom's week in one call: the office types the whole timetable at the start of a year,
 * and the demo school makes each classroom's week with it. Every check of a single hour and
 * entry holds (times, overlaps, the session, the subject's course, the teacher), over the whole
 * list at once; one refusal writes nothing.
 */
export function registerWeekHours(app: FastifyInstance) {
  serveAction(
    app,
    addWeekHours,
    async (ctx, { body }) => {
      const { scope } = ctx;
      const list = body.hours;
      const room = await requireClassroom(scope, body.classroomId);
      for (const [i, h] of list.entries()) assertTimes(h.startTime, h.endTime, `hours.${i}.endTime`);
      // A week names a sitting or two: one lookup each, 404 for another school's.
      for (const id of new Set(list.flatMap((h) => (h.sessionId ? [h.sessionId] : [])))) await requireSitting(scope, id);
      const subjects = await requireSubjects(
        scope,
        list.flatMap((h) => (h.subjectId ? [h.subjectId] : [])),
      );
      await atHour(list, "subjectId", "subjectId", () => {
        for (const s of subjects) assertSubjectFitsCourse(s, room.courseId);
      });
      await atHour(list, "teacherId", "userId", () =>
        requireTeachers(
          scope,
          list.map((h) => h.teacherId),
          "teacherId",
        ),
      );
      await assertWeekFits(scope, room.id, list);

      const made = await scope.insertMany(
        hours,
        list.map((h) => ({
          classroomId: room.id,
          dayOfWeek: h.dayOfWeek,
          startTime: h.startTime,
          endTime: h.endTime,
          sittingId: h.sessionId ?? null,
          label: h.label || null,
        })),
      );
      // A classroom has one hour per day and start (its unique index): the key finds each row's hour.
      const slot = (day: number, start: string) => `${day} ${hhmm(start)}`;
      const hourIds = new Map(made.map((h) => [slot(h.dayOfWeek, h.startTime), h.id]));
      const ids = list.map((h) => hourIds.get(slot(h.dayOfWeek, h.startTime))!);
      const entries = await scope.insertMany(
        timetables,
        list.flatMap((h, i) => (h.subjectId ? [{ hourId: ids[i]!, classroomId: room.id, subjectId: h.subjectId, teacherId: h.teacherId ?? null }] : [])),
      );
      await ctx.audit({
        action: "create",
        entity: "hours",
        entityId: room.id,
        details: { classroomId: room.id, hourIds: ids, entryIds: entries.map((e) => e.id) },
      });
      return {
        message: `${ids.length} hour(s) added to ${room.label}'s week, ${entries.length} with a subject`,
        hours: ids.length,
        entries: entries.length,
        hourIds: ids,
      };
    },
    {
      sample: async (scope) => {
        const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
        return { body: { classroomId: room.id, hours: [{ dayOfWeek: 2, startTime: "08:00", endTime: "08:45", subjectId: subject.id }] } };
      },
    },
  );
}
