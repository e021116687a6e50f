import type { AttendanceMeaning, AttendanceTotals, RegisterReply, SaveRegister, SaveRegisterReply } from "@taleem/contract";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { AppError, badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireBatch } from "../academics/academics.service.js";
import { type ClassroomInfo, requireClassroom, userNames } from "../academics/classrooms.service.js";
import { rosterOn } from "../academics/enrolments.service.js";
import { hourOf } from "../academics/timetable.service.js";
import { requireStudent } from "../students/students.service.js";
import { alertAbsences } from "./absence-alerts.service.js";
import { codeBrief, codesOf } from "./attendance-codes.service.js";
import { approvedLeaveOn } from "./leave.service.js";
import { marksToWrite } from "./register-conflicts.service.js";
import { keepsRegister, mayChangeOldRegisters, notYourRegister } from "./register-rights.service.js";
import { attendanceClientBatches, attendanceMarks, attendanceRegisters } from "./registers.table.js";
import { daysFrom, schoolDays, weekdayOf } from "./school-days.service.js";

type Principal = RequestContext["principal"];

const tooOld = (editDays: number) =>
  new AppError(403, "attendance.too_old", `Registers older than ${editDays} days can be changed only by the school's admin.`, { field: "date", editDays });

/**
 * Whether a register of this classroom, date and hour may be marked, and by this caller: not in
 * the future, inside the classroom's batch, on a working day, an hour of this classroom on that
 * weekday, by someone who keeps it (register-rights), and inside the school's editing window
 * unless the caller may change old registers. Throws what refuses everyone (400, 404); returns
 * the classroom, whether the change is a late one (to audit) and this caller's refusal (403: not
 * their register, or too old for them; null: they may change it).
 */
export async function checkRegister(scope: TenantScope, principal: Principal, classroomId: number, date: string, hourId: number | null | undefined) {
  const classroom = await requireClassroom(scope, classroomId);
  const [batch, days] = await Promise.all([requireBatch(scope, classroom.batchId), schoolDays(scope)]);
  const { rules } = days;
  if (date > days.today) throw badRequest("attendance.future_date", "The date cannot be in the future.", { field: "date", date });
  if (date < batch.startDate || date > batch.endDate) {
    throw badRequest("attendance.outside_batch", `${date} is outside the batch ${batch.name} (${batch.startDate} to ${batch.endDate}).`, {
      field: "date",
      from: batch.startDate,
      to: batch.endDate,
    });
  }
  if (!days.isWorking(date)) throw badRequest("attendance.not_working_day", `${date} is not a working day of the school.`, { field: "date", date });
  if (hourId) {
    const hour = await hourOf(scope, hourId);
    if (!hour) throw new AppError(404, "not_found", "Hour not found", { what: "Hour" });
    if (hour.classroomId !== classroomId || hour.dayOfWeek !== weekdayOf(date)) {
      throw badRequest("attendance.hour_not_on_day", "This hour is not one of the classroom's hours on that day.", { field: "hourId" });
    }
  }
  const late = daysFrom(date, days.today) > rules.editDays;
  let refusal: AppError | null = null;
  if (!(await keepsRegister(scope, principal, classroom, hourId))) refusal = notYourRegister();
  else if (late && !mayChangeOldRegisters(principal)) refusal = tooOld(rules.editDays);
  return { classroom, rules, late, refusal };
}

/** Counts of each meaning. */
export function totalsOf(meanings: AttendanceMeaning[]): AttendanceTotals {
  const t: AttendanceTotals = { present: 0, absent: 0, late: 0, excused: 0, on_leave: 0, half_day: 0 };
  for (const m of meanings) t[m]++;
  return t;
}

/** The register to mark: the class on that date with its marks, the codes, and who took it. */
export async function readRegister(
  scope: TenantScope,
  principal: Principal,
  q: { classroomId: number; date: string; hourId?: number },
): Promise<RegisterReply> {
  const hourId = q.hourId ?? 0;
  let editable = true;
  let lockedReason: string | null = null;
  let classroom: ClassroomInfo;
  try {
    const check = await checkRegister(scope, principal, q.classroomId, q.date, q.hourId);
    classroom = check.classroom;
    editable = !check.refusal;
    lockedReason = check.refusal?.code ?? null;
  } catch (e) {
    // A day that cannot be marked can still be read: the reason says why it is locked.
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    classroom = await requireClassroom(scope, q.classroomId);
    editable = false;
    lockedReason = e.code;
  }
  const roster = await rosterOn(scope, classroom.id, q.date);
  const ids = roster.map((r) => r.studentId);
  const [codes, marks, [register], leave] = await Promise.all([
    codesOf(scope),
    ids.length
      ? scope.db
          .select()
          .from(attendanceMarks)
          .where(scope.where(attendanceMarks, inArray(attendanceMarks.studentId, ids), eq(attendanceMarks.date, q.date), eq(attendanceMarks.hourId, hourId)))
      : [],
    scope.db
      .select()
      .from(attendanceRegisters)
      .where(
        scope.where(
          attendanceRegisters,
          eq(attendanceRegisters.classroomId, classroom.id),
          eq(attendanceRegisters.date, q.date),
          eq(attendanceRegisters.hourId, hourId),
        ),
      ),
    approvedLeaveOn(scope, ids, q.date),
  ]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  const names = register?.takenBy ? await userNames(scope, [register.takenBy]) : new Map<number, string>();
  return {
    message: "Register",
    classroom: { id: classroom.id, label: classroom.label },
    date: q.date,
    hourId: q.hourId ?? null,
    codes: codes.map(codeBrief),
    editable,
    lockedReason,
    taken: register ? { byName: names.get(register.takenBy ?? 0) ?? "", at: register.takenAt.toISOString() } : null,
    lines: roster.map((r) => {
      const m = byStudent.get(r.studentId);
      return {
        studentId: r.studentId,
        name: r.name,
        nameNative: r.nameNative,
        admissionNo: r.admissionNo,
        rollNo: r.rollNo,
        mark: m ? { codeId: m.codeId, meaning: m.meaning, note: m.note, updatedAt: m.updatedAt.toISOString() } : null,
        onLeave: leave.has(r.studentId),
      };
    }),
  };
}

/**
 * Saves a register in the request's transaction: one multi-row upsert keyed by (tenant, student,
 * date, hour). A mark someone else changed since the saver's screen loaded it refuses the save
 * (409, register-conflicts); a device's batch id already saved is answered from its stored reply.
 */
export async function saveRegisterMarks(services: Services, ctx: RequestContext, body: SaveRegister): Promise<SaveRegisterReply> {
  const { scope, principal } = ctx;
  const hourId = body.hourId ?? 0;
  if (body.clientBatchId) {
    // Claimed first: a second send of the same batch waits here for the first to commit, then finds it.
    const claimed = await scope.db
      .insert(attendanceClientBatches)
      .values({ tenantId: scope.tenantId, batchId: body.clientBatchId, reply: {} })
      .onConflictDoNothing()
      .returning({ id: attendanceClientBatches.id });
    if (!claimed.length) {
      const [done] = await scope.db
        .select({ reply: attendanceClientBatches.reply })
        .from(attendanceClientBatches)
        .where(scope.where(attendanceClientBatches, eq(attendanceClientBatches.batchId, body.clientBatchId)));
      return { ...(done?.reply as SaveRegisterReply), changed: 0, notified: 0, duplicate: true };
    }
  }
  const { classroom, rules, late, refusal } = await checkRegister(scope, principal, body.classroomId, body.date, body.hourId);
  if (refusal) throw refusal;

  const codes = new Map((await codesOf(scope)).map((c) => [c.id, c]));
  const unknownCode = body.marks.find((m) => !codes.has(m.codeId));
  if (unknownCode)
    throw badRequest("attendance.unknown_code", `No code ${unknownCode.codeId} in use at this school.`, { field: "marks", codeId: unknownCode.codeId });
  const roster = new Map((await rosterOn(scope, classroom.id, body.date)).map((r) => [r.studentId, r]));
  const outsider = body.marks.find((m) => !roster.has(m.studentId));
  if (outsider) {
    // Another school's student is not found at all; this school's, in another class, is named.
    await requireStudent(scope, outsider.studentId);
    throw badRequest("attendance.not_in_class", `Student ${outsider.studentId} is not in this classroom on ${body.date}.`, {
      field: "marks",
      studentId: outsider.studentId,
    });
  }

  const toWrite = await marksToWrite(
    scope,
    principal.userId,
    { classroomId: classroom.id, hourId },
    body.marks.map((m) => ({ ...m, date: body.date })),
    { nameOf: (id) => roster.get(id)?.name ?? "", codes },
  );
  const written = toWrite.length
    ? await scope.db
        .insert(attendanceMarks)
        .values(
          toWrite.map((m) => ({
            tenantId: scope.tenantId,
            studentId: m.studentId,
            classroomId: classroom.id,
            date: body.date,
            hourId,
            codeId: m.codeId,
            meaning: codes.get(m.codeId)!.meaning,
            note: m.note ?? null,
            markedBy: principal.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [attendanceMarks.tenantId, attendanceMarks.studentId, attendanceMarks.date, attendanceMarks.hourId],
          set: {
            codeId: sql`excluded.code_id`,
            meaning: sql`excluded.meaning`,
            note: sql`excluded.note`,
            classroomId: sql`excluded.classroom_id`,
            markedBy: sql`excluded.marked_by`,
            updatedAt: sql`now()`,
          },
          // The same register again writes nothing: updatedAt keeps telling devices what they saw.
          setWhere: sql`(${attendanceMarks.codeId}, ${attendanceMarks.note}) is distinct from (excluded.code_id, excluded.note)`,
        })
        .returning({ studentId: attendanceMarks.studentId, meaning: attendanceMarks.meaning })
    : [];

  const registerRow = { tenantId: scope.tenantId, classroomId: classroom.id, date: body.date, hourId, takenBy: principal.userId };
  const target = [attendanceRegisters.tenantId, attendanceRegisters.classroomId, attendanceRegisters.date, attendanceRegisters.hourId];
  const register = scope.db.insert(attendanceRegisters).values(registerRow);
  await (written.length
    ? register.onConflictDoUpdate({ target, set: { takenBy: principal.userId, takenAt: sql`now()`, updatedAt: sql`now()` } })
    : register.onConflictDoNothing());

  const all = await scope.db
    .select({ meaning: attendanceMarks.meaning, n: count() })
    .from(attendanceMarks)
    .where(
      scope.where(
        attendanceMarks,
        eq(attendanceMarks.classroomId, classroom.id),
        eq(attendanceMarks.date, body.date),
        eq(attendanceMarks.hourId, hourId),
        inArray(attendanceMarks.studentId, [...roster.keys()]),
      ),
    )
    .groupBy(attendanceMarks.meaning);
  const totals = totalsOf([]);
  for (const r of all) totals[r.meaning] = r.n;

  const absent = rules.absenceAlerts
    ? written.filter((w) => w.meaning === "absent").map((w) => ({ studentId: w.studentId, name: roster.get(w.studentId)?.name ?? "" }))
    : [];
  const notified = await alertAbsences(services, ctx, body.date, absent);

  if (written.length) {
    await ctx.audit({
      action: "update",
      entity: "attendance_marks",
      entityId: classroom.id,
      details: { date: body.date, hourId: body.hourId ?? null, changed: written.length, late, clientBatchId: body.clientBatchId ?? null },
    });
  }
  const saved = Object.values(totals).reduce((a, b) => a + b, 0);
  const reply: SaveRegisterReply = {
    message: written.length ? "Register saved" : "Nothing changed",
    saved,
    changed: written.length,
    duplicate: false,
    totals,
    notified,
  };
  if (body.clientBatchId) {
    await scope.db
      .update(attendanceClientBatches)
      .set({ reply })
      .where(scope.where(attendanceClientBatches, eq(attendanceClientBatches.batchId, body.clientBatchId)));
  }
  return reply;
}

/**
 * One student's marks, or every mark of a classroom, in from..to, each with the school's letter
 * for it (the parent's home reads a month of its child and a week of the class).
 */
export async function marksBetween(scope: TenantScope, who: { studentId: number } | { classroomId: number }, from: string, to: string) {
  const [rows, codes] = await Promise.all([
    scope.db
      .select({
        studentId: attendanceMarks.studentId,
        classroomId: attendanceMarks.classroomId,
        date: attendanceMarks.date,
        hourId: attendanceMarks.hourId,
        meaning: attendanceMarks.meaning,
        codeId: attendanceMarks.codeId,
      })
      .from(attendanceMarks)
      .where(
        scope.where(
          attendanceMarks,
          "studentId" in who ? eq(attendanceMarks.studentId, who.studentId) : eq(attendanceMarks.classroomId, who.classroomId),
          sql`${attendanceMarks.date} between ${from} and ${to}`,
        ),
      ),
    codesOf(scope, true),
  ]);
  const letters = new Map(codes.map((c) => [c.id, c.code]));
  return rows.map((r) => ({ ...r, code: letters.get(r.codeId) ?? "" }));
}

/** The registers of some classrooms taken in from..to: classroom, date and hour (0 the day's). */
export async function registersTakenBetween(scope: TenantScope, classroomIds: number[], from: string, to: string) {
  if (!classroomIds.length) return [];
  return scope.db
    .select({ classroomId: attendanceRegisters.classroomId, date: attendanceRegisters.date, hourId: attendanceRegisters.hourId })
    .from(attendanceRegisters)
    .where(
      scope.where(attendanceRegisters, inArray(attendanceRegisters.classroomId, classroomIds), sql`${attendanceRegisters.date} between ${from} and ${to}`),
    );
}
