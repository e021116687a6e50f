import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest } from "../../platform/http/errors.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { setStudentStatus } from "../students/students.service.js";
import { requireClassroom } from "./classrooms.service.js";
import { activeEnrolmentsOf, assertNotEnrolled, endEnrolments, enrolmentValues, insertEnrolments } from "./enrolments.service.js";

export interface PromoteInput {
  fromClassroomId: number;
  toClassroomId: number;
  stayBack: number[];
  stayBackClassroomId?: number | null;
  leave: number[];
  date?: string;
}

/**
 * Year-end promotion of one classroom, in the request's transaction. Every student active in it:
 * - in `leave`: the enrolment ends as left and the student is marked left;
 * - in `stayBack`: with `stayBackClassroomId`, the enrolment ends as retained and a new one starts
 *   there; without it, the enrolment is kept as it is;
 * - everyone else: the enrolment ends as promoted and a new one starts in `toClassroomId`.
 * New enrolments point back at the old ones, so the history reads year by year.
 */
export async function promoteClassroom(ctx: RequestContext, input: PromoteInput) {
  const { scope } = ctx;
  const from = await requireClassroom(scope, input.fromClassroomId);
  const to = await requireClassroom(scope, input.toClassroomId);
  const stayTo = input.stayBackClassroomId ? await requireClassroom(scope, input.stayBackClassroomId) : undefined;
  if (to.batchId === from.batchId) {
    throw badRequest("promotion.same_batch", `${to.label} is in the same batch as ${from.label}. Promote into next year's classroom.`, {
      field: "toClassroomId",
    });
  }
  if (stayTo && stayTo.id === from.id) {
    throw badRequest("promotion.stay_same", "To keep students where they are, leave stayBackClassroomId empty.", { field: "stayBackClassroomId" });
  }
  const active = await activeEnrolmentsOf(scope, from.id, true);
  const inClass = new Set(active.map((e) => e.studentId));
  const strangers = [...input.stayBack, ...input.leave].filter((id) => !inClass.has(id));
  if (strangers.length) {
    throw badRequest("promotion.not_in_class", `Student ${strangers.join(", ")} is not active in ${from.label}.`, {
      field: "stayBack",
      studentIds: strangers,
    });
  }
  const date = input.date ?? (await schoolToday(scope));
  const leaving = active.filter((e) => input.leave.includes(e.studentId));
  const staying = active.filter((e) => input.stayBack.includes(e.studentId));
  const moving = active.filter((e) => !input.leave.includes(e.studentId) && !input.stayBack.includes(e.studentId));
  const retained = stayTo ? staying : [];

  await assertNotEnrolled(
    scope,
    to.batchId,
    moving.map((e) => e.studentId),
  );
  if (stayTo && stayTo.batchId !== from.batchId) {
    await assertNotEnrolled(
      scope,
      stayTo.batchId,
      retained.map((e) => e.studentId),
    );
  }

  await endEnrolments(
    scope,
    moving.map((e) => e.id),
    "promoted",
    date,
    `Promoted to ${to.label}`,
  );
  await endEnrolments(
    scope,
    retained.map((e) => e.id),
    "retained",
    date,
    stayTo ? `Stays back in ${stayTo.label}` : null,
  );
  await endEnrolments(
    scope,
    leaving.map((e) => e.id),
    "left",
    date,
    "Left at year end",
  );
  await setStudentStatus(
    scope,
    leaving.map((e) => e.studentId),
    "left",
  );
  await insertEnrolments(scope, [
    ...moving.map((e) => enrolmentValues(e.studentId, to, date, { rollNo: e.rollNo, previousId: e.id })),
    ...(stayTo ? retained.map((e) => enrolmentValues(e.studentId, stayTo, date, { rollNo: e.rollNo, previousId: e.id })) : []),
  ]);
  const result = { promoted: moving.length, retained: retained.length, kept: staying.length - retained.length, left: leaving.length };
  await ctx.audit({ action: "promote", entity: "enrolments", entityId: from.id, details: { ...input, ...result } });
  return { message: `${result.promoted} promoted to ${to.label}, ${result.retained + result.kept} staying back, ${result.left} left`, ...result };
}
