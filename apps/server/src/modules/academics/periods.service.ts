import type { allPeriods, periodResource } from "@taleem/contract";
import { asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleSubject } from "./academic-samples.service.js";
import { assertSubjectFitsCourse, requireSubject } from "./academics.service.js";
import { sampleClassroom } from "./classroom-samples.service.js";
import { requireClassroom, requireTeachers } from "./classrooms.service.js";
import { entryOfHour, presentPeriods } from "./timetable.service.js";
import { hours, type PeriodRecord, periods } from "./timetable.table.js";

/** Checks a lesson's classroom, slot, subject and teacher; the slot's timetable teacher is the default. */
async function checkPeriod(scope: TenantScope, p: { classroomId: number; hourId?: number | null; subjectId: number; teacherId?: number | null }) {
  const room = await requireClassroom(scope, p.classroomId);
  if (p.hourId) {
    const hour = await scope.find(hours, p.hourId, "Hour");
    if (hour.classroomId !== room.id) throw badRequest("period.hour_elsewhere", "This hour belongs to another classroom.", { field: "hourId" });
  }
  assertSubjectFitsCourse(await requireSubject(scope, p.subjectId), room.courseId);
  await requireTeachers(scope, [p.teacherId], "teacherId");
  if (p.teacherId === undefined && p.hourId) return (await entryOfHour(scope, p.hourId))?.teacherId ?? null;
  return p.teacherId ?? null;
}

/** A lesson recorded in a school, for the isolation suite. */
export async function samplePeriod(scope: TenantScope) {
  const [room, subject] = await Promise.all([sampleClassroom(scope), sampleSubject(scope)]);
  return scope.insert(periods, { classroomId: room.id, date: "2026-07-01", subjectId: subject.id, topic: "The Hijrah" });
}

/** Lessons, newest first, by classroom, dates and status (a classroom of another school is a 404); at most 2000. */
export async function listPeriods(scope: TenantScope, q: z.infer<typeof allPeriods.query>) {
  if (q.classroomId) await requireClassroom(scope, q.classroomId);
  const rows = await scope.db
    .select()
    .from(periods)
    .where(
      scope.where(
        periods,
        q.classroomId ? eq(periods.classroomId, q.classroomId) : undefined,
        q.from ? gte(periods.date, q.from) : undefined,
        q.to ? lte(periods.date, q.to) : undefined,
        q.status ? eq(periods.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(periods.date), asc(periods.id))
    .limit(2000);
  return presentPeriods(scope, rows);
}

/** A day's lessons, one classroom's if given, by classroom. */
export async function periodsOn(scope: TenantScope, date: string, classroomId: number | undefined) {
  if (classroomId) await requireClassroom(scope, classroomId);
  const rows = await scope.db
    .select()
    .from(periods)
    .where(scope.where(periods, eq(periods.date, date), classroomId ? eq(periods.classroomId, classroomId) : undefined))
    .orderBy(asc(periods.classroomId), asc(periods.id));
  return presentPeriods(scope, rows);
}

/** Approves or rejects lessons, all named or none (404 for the first not found). */
export async function decidePeriods(ctx: Pick<RequestContext, "scope" | "principal" | "audit">, ids: number[], status: "approved" | "rejected") {
  const found = await ctx.scope.db
    .select({ id: periods.id })
    .from(periods)
    .where(ctx.scope.where(periods, inArray(periods.id, ids)));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing) throw notFound(`Period ${missing}`);
  await ctx.scope.db
    .update(periods)
    .set({ status, approvedBy: ctx.principal.userId, approvedAt: new Date() })
    .where(ctx.scope.where(periods, inArray(periods.id, ids)));
  await ctx.audit({ action: status === "approved" ? "approve" : "reject", entity: "periods", details: { ids } });
}

/** A lesson recorded in the app, checked; submitted by the caller. */
export async function newPeriodValues(ctx: Pick<RequestContext, "scope" | "principal">, input: z.infer<typeof periodResource.create>) {
  const teacherId = await checkPeriod(ctx.scope, input);
  return { ...input, hourId: input.hourId ?? null, teacherId, submittedBy: ctx.principal.userId, source: "app" as const };
}

/** A change to a lesson, checked as it will stand. */
export async function periodChangeValues(scope: TenantScope, existing: PeriodRecord, input: z.infer<typeof periodResource.update>) {
  const { id: _id, ...values } = input;
  const next = {
    classroomId: values.classroomId ?? existing.classroomId,
    hourId: values.hourId !== undefined ? values.hourId : existing.hourId,
    subjectId: values.subjectId ?? existing.subjectId,
    teacherId: values.teacherId !== undefined ? values.teacherId : existing.teacherId,
  };
  await checkPeriod(scope, next);
  return values;
}

/** One lesson as its reply shows it. */
export async function periodOf(scope: TenantScope, id: number) {
  const row = await scope.find(periods, id, "Period");
  const [data] = await presentPeriods(scope, [row]);
  return data!;
}
