import type { AttendanceMeaning, MarkConflict, RegisterChanged } from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import { conflict } from "../../platform/http/errors.js";
import { lockKeys } from "../../platform/tenancy/advisory-locks.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { userNames } from "../academics/classrooms.service.js";
import { attendanceCodes } from "./attendance-codes.table.js";
import { attendanceMarks } from "./registers.table.js";

/** A mark a save carries, with what the saver's screen showed of it (`seen`, `seenCodeId`). */
export interface WantedMark {
  studentId: number;
  date: string;
  codeId: number;
  seen?: string | null;
  seenCodeId?: number | null;
}

/** A mark as the database holds it now. */
export interface MarkNow {
  studentId: number;
  date: string;
  codeId: number;
  code: string;
  meaning: AttendanceMeaning;
  updatedAt: Date;
  markedBy: number | null;
}

type CodeBrief = { code: string; meaning: AttendanceMeaning };

const keyOf = (m: { studentId: number; date: string }) => `${m.studentId}:${m.date}`;

/**
 * What a save does with one mark: writes it; keeps the mark as it is (someone else changed, or
 * removed, a mark the saver left as their screen showed it); or clashes (someone else changed a
 * mark the saver changed too, after the saver's screen loaded it). A mark the saver made
 * themselves since, or one already as the saver wants it, never clashes.
 */
export function sortMark(wanted: WantedMark, now: MarkNow | undefined, me: number): "write" | "keep" | "clash" {
  const leftAsShown = wanted.seenCodeId !== undefined && wanted.codeId === wanted.seenCodeId;
  if (!now) return leftAsShown && wanted.seenCodeId !== null ? "keep" : "write";
  if (now.codeId === wanted.codeId) return "write";
  const changedSince =
    (wanted.seen == null || now.updatedAt.getTime() > Date.parse(wanted.seen)) && (wanted.seenCodeId === undefined || now.codeId !== wanted.seenCodeId);
  if (!changedSince) return "write";
  if (leftAsShown) return "keep";
  return now.markedBy === me ? "write" : "clash";
}

/**
 * Makes saves of the same registers (classroom, date, hour) take turns until commit, so each reads
 * the marks as the one before left them; without it two saves could both read before either
 * wrote, and the later silently undo the earlier.
 */
export function lockRegisters(scope: TenantScope, classroomId: number, dates: string[], hourId: number) {
  return lockKeys(
    scope.db,
    dates.map((d) => `attendance-register:${scope.tenantId}:${classroomId}:${d}:${hourId}`),
  );
}

async function marksNow(scope: TenantScope, studentIds: number[], dates: string[], hourId: number): Promise<Map<string, MarkNow>> {
  const rows = await scope.db
    .select({
      studentId: attendanceMarks.studentId,
      date: attendanceMarks.date,
      codeId: attendanceMarks.codeId,
      code: attendanceCodes.code,
      meaning: attendanceMarks.meaning,
      updatedAt: attendanceMarks.updatedAt,
      markedBy: attendanceMarks.markedBy,
    })
    .from(attendanceMarks)
    .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
    .where(
      scope.where(attendanceMarks, inArray(attendanceMarks.studentId, studentIds), inArray(attendanceMarks.date, dates), eq(attendanceMarks.hourId, hourId)),
    );
  return new Map(rows.map((r) => [keyOf(r), r]));
}

/**
 * The marks of a save to write, read under the registers' locks: the marks to keep are left out,
 * and any clash refuses the whole save (409 attendance.register_changed, nothing written) with
 * the other person's marks beside the saver's, to choose from and send again.
 */
export async function marksToWrite<T extends WantedMark>(
  scope: TenantScope,
  me: number,
  register: { classroomId: number; hourId: number },
  wanted: T[],
  describe: { nameOf: (studentId: number) => string; codes: Map<number, CodeBrief> },
): Promise<T[]> {
  const dates = [...new Set(wanted.map((w) => w.date))];
  await lockRegisters(scope, register.classroomId, dates, register.hourId);
  const now = await marksNow(scope, [...new Set(wanted.map((w) => w.studentId))], dates, register.hourId);
  const write: T[] = [];
  const clashes: { wanted: T; now: MarkNow }[] = [];
  for (const w of wanted) {
    const mark = now.get(keyOf(w));
    const fate = sortMark(w, mark, me);
    if (fate === "write") write.push(w);
    else if (fate === "clash" && mark) clashes.push({ wanted: w, now: mark });
  }
  if (clashes.length) throw await registerChanged(scope, clashes, describe);
  return write;
}

async function registerChanged(
  scope: TenantScope,
  clashes: { wanted: WantedMark; now: MarkNow }[],
  describe: { nameOf: (studentId: number) => string; codes: Map<number, CodeBrief> },
) {
  const by = await userNames(
    scope,
    clashes.map((c) => c.now.markedBy),
  );
  const conflicts: MarkConflict[] = clashes.map(({ wanted, now }) => {
    // Every code of a save was checked to be the school's before its marks are sorted.
    const mine = describe.codes.get(wanted.codeId)!;
    return {
      studentId: wanted.studentId,
      name: describe.nameOf(wanted.studentId),
      date: wanted.date,
      theirs: { codeId: now.codeId, code: now.code, meaning: now.meaning, byName: by.get(now.markedBy ?? 0) ?? "", at: now.updatedAt.toISOString() },
      mine: { codeId: wanted.codeId, code: mine.code, meaning: mine.meaning },
    };
  });
  const params: RegisterChanged = { field: "marks", count: conflicts.length, conflicts };
  return conflict(
    "attendance.register_changed",
    `Someone else changed ${conflicts.length === 1 ? "a mark" : `${conflicts.length} marks`} of this register after you opened it. Nothing was saved: choose which marks to keep and save again.`,
    params,
  );
}
