import { sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest } from "../../platform/http/errors.js";
import { requireBatch } from "../academics/academics.service.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { rosterOn } from "../academics/enrolments.service.js";
import { requireStudent } from "../students/students.service.js";
import { codesOf } from "./attendance-codes.service.js";
import { marksToWrite, type WantedMark } from "./register-conflicts.service.js";
import { requireKeeper } from "./register-rights.service.js";
import { attendanceMarks, attendanceRegisters } from "./registers.table.js";
import { schoolDays } from "./school-days.service.js";

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters at 9 columns a row. */
const CHUNK = 5000;

interface TermDays {
  classroomId: number;
  days: { date: string; marks: Omit<WantedMark, "date">[] }[];
}

/**
 * Many day registers of one classroom in one transaction: every day checked as a single register
 * is (by its keeper, no unseen change of someone else's mark), with the school's calendar, the
 * codes and the class list read once for the whole range, then one multi-row upsert (in chunks)
 * for every mark and one for the registers. No alerts.
 */
export async function saveTerm(ctx: RequestContext, body: TermDays) {
  const { scope, principal } = ctx;
  const classroom = await requireClassroom(scope, body.classroomId);
  await requireKeeper(scope, principal, classroom);
  const dates = body.days.map((d) => d.date).sort();
  const [batch, days, codes, roster] = await Promise.all([
    requireBatch(scope, classroom.batchId),
    schoolDays(scope),
    codesOf(scope),
    rosterOn(scope, classroom.id, dates[0]!, dates.at(-1)!),
  ]);
  const code = new Map(codes.map((c) => [c.id, c]));
  const wanted: WantedMark[] = [];
  for (const day of body.days) {
    const field = { field: "days", date: day.date };
    if (day.date > days.today) throw badRequest("attendance.future_date", "The date cannot be in the future.", field);
    if (day.date < batch.startDate || day.date > batch.endDate) {
      throw badRequest("attendance.outside_batch", `${day.date} is outside the batch ${batch.name}.`, { ...field, from: batch.startDate, to: batch.endDate });
    }
    if (!days.isWorking(day.date)) throw badRequest("attendance.not_working_day", `${day.date} is not a working day of the school.`, field);
    for (const m of day.marks) {
      if (!code.has(m.codeId)) throw badRequest("attendance.unknown_code", `No code ${m.codeId} in use at this school.`, { ...field, codeId: m.codeId });
      const line = roster.find((r) => r.studentId === m.studentId);
      if (!line || line.startedOn > day.date || (line.endedOn !== null && line.endedOn <= day.date)) {
        await requireStudent(scope, m.studentId);
        throw badRequest("attendance.not_in_class", `Student ${m.studentId} is not in this classroom on ${day.date}.`, { ...field, studentId: m.studentId });
      }
      wanted.push({ ...m, date: day.date });
    }
  }
  const toWrite = await marksToWrite(scope, principal.userId, { classroomId: classroom.id, hourId: 0 }, wanted, {
    nameOf: (id) => roster.find((r) => r.studentId === id)?.name ?? "",
    codes: code,
  });
  const rows = toWrite.map((m) => ({
    tenantId: scope.tenantId,
    studentId: m.studentId,
    classroomId: classroom.id,
    date: m.date,
    hourId: 0,
    codeId: m.codeId,
    meaning: code.get(m.codeId)!.meaning,
    markedBy: principal.userId,
  }));
  let changed = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const written = await scope.db
      .insert(attendanceMarks)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [attendanceMarks.tenantId, attendanceMarks.studentId, attendanceMarks.date, attendanceMarks.hourId],
        set: { codeId: sql`excluded.code_id`, meaning: sql`excluded.meaning`, markedBy: sql`excluded.marked_by`, updatedAt: sql`now()` },
        setWhere: sql`${attendanceMarks.codeId} is distinct from excluded.code_id`,
      })
      .returning({ id: attendanceMarks.id });
    changed += written.length;
  }
  await scope.db
    .insert(attendanceRegisters)
    .values(body.days.map((d) => ({ tenantId: scope.tenantId, classroomId: classroom.id, date: d.date, hourId: 0, takenBy: principal.userId })))
    .onConflictDoNothing();
  if (changed)
    await ctx.audit({
      action: "update",
      entity: "attendance_marks",
      entityId: classroom.id,
      details: { from: dates[0], to: dates.at(-1), days: dates.length, changed },
    });
  return { message: changed ? "Registers saved" : "Nothing changed", days: body.days.length, changed };
}
