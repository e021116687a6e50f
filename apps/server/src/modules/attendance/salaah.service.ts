import { SALAAH_MAX_RANGE_DAYS, type SalaahGrouped, type SalaahMeaning } from "@taleem/contract";
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { ensureStandardRows, standardRows } from "../../platform/resources/standard-rows.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { activeEnrolmentsOf } from "../academics/enrolments.service.js";
import { requireStudent, studentsByIds } from "../students/students.service.js";
import { salaahLogs, salaahOptions, salaahTypes } from "./salaah.table.js";

/** The prayers every school starts with, in their order, at usual times (the school changes them). */
export const STANDARD_PRAYERS = standardRows({
  table: salaahTypes,
  rows: [
    { builtinKey: "fajr", name: "Fajr", nameNative: "الفجر", time: "05:15" },
    { builtinKey: "zuhr", name: "Zuhr", nameNative: "الظهر", time: "12:45" },
    { builtinKey: "asr", name: "Asr", nameNative: "العصر", time: "16:15" },
    { builtinKey: "maghrib", name: "Maghrib", nameNative: "المغرب", time: "18:30" },
    { builtinKey: "isha", name: "Isha", nameNative: "العشاء", time: "20:00" },
    // Friday's congregational prayer: a type of its own, so a school can log it beside Zuhr.
    { builtinKey: "jumuah", name: "Jumuah", nameNative: "الجمعة", time: "13:15" },
  ].map((t, i) => ({ ...t, order: i + 1 })),
  noun: "standard prayer",
  deleteCode: "salaah.builtin",
});

/** How a prayer was kept; a standard option's meaning is fixed: "missed" cannot come to count as prayed. */
export const STANDARD_SALAAH_OPTIONS = standardRows({
  table: salaahOptions,
  rows: (
    [
      { builtinKey: "congregation", name: "In congregation", nameNative: "جماعة" },
      { builtinKey: "alone", name: "Alone", nameNative: "منفرد" },
      { builtinKey: "late", name: "Late", nameNative: "قضاء" },
      { builtinKey: "missed", name: "Missed", nameNative: "فائتة" },
      { builtinKey: "excused", name: "Excused", nameNative: "معذور" },
    ] as const
  ).map((o, i) => ({ ...o, meaning: o.builtinKey as SalaahMeaning, order: i + 1 })),
  noun: "standard option",
  deleteCode: "salaah.builtin",
  fixed: [{ field: "meaning", code: "salaah.meaning_fixed", message: "A standard option keeps its meaning; add an option of your own instead." }],
});

/** A date the school has reached (its own today), or 400 naming the field. */
export async function requirePastDate(scope: TenantScope, date: string, field = "date") {
  if (date > (await schoolToday(scope))) throw badRequest("attendance.future_date", "The date cannot be in the future.", { field, date });
}

/** A range one call may read, or 400 naming `to`. */
export function checkRange(from: string, to: string) {
  if (from > to) throw badRequest("attendance.bad_range", "The range ends before it starts.", { field: "to" });
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= SALAAH_MAX_RANGE_DAYS) {
    throw badRequest("attendance.range_too_long", `At most ${SALAAH_MAX_RANGE_DAYS} days at once.`, { field: "to", max: SALAAH_MAX_RANGE_DAYS });
  }
}

async function activeTypesAndOptions(scope: TenantScope) {
  await ensureStandardRows(scope, STANDARD_PRAYERS, STANDARD_SALAAH_OPTIONS);
  const [types, options] = await Promise.all([
    scope.db
      .select()
      .from(salaahTypes)
      .where(scope.where(salaahTypes, eq(salaahTypes.status, "active")))
      .orderBy(asc(salaahTypes.order), asc(salaahTypes.id)),
    scope.db
      .select()
      .from(salaahOptions)
      .where(scope.where(salaahOptions, eq(salaahOptions.status, "active")))
      .orderBy(asc(salaahOptions.order), asc(salaahOptions.id)),
  ]);
  return {
    salaahTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      nameNative: t.nameNative,
      builtinKey: t.builtinKey,
      order: t.order,
      time: t.time?.slice(0, 5) ?? null,
    })),
    options: options.map((o) => ({ id: o.id, name: o.name, nameNative: o.nameNative, builtinKey: o.builtinKey, meaning: o.meaning, order: o.order })),
  };
}

/**
 * The grouped reply `{count, salaahTypes, students}`: the students in the order given, each with
 * their logs in [from, to]; two queries besides the types and options.
 */
export async function groupedLogs(scope: TenantScope, studentIds: number[], from: string, to: string): Promise<SalaahGrouped> {
  const [lists, people] = await Promise.all([activeTypesAndOptions(scope), studentsByIds(scope, studentIds)]);
  const logs = people.length
    ? await scope.db
        .select({
          studentId: salaahLogs.studentId,
          date: salaahLogs.date,
          salaahTypeId: salaahLogs.salaahTypeId,
          optionId: salaahLogs.optionId,
          meaning: salaahOptions.meaning,
        })
        .from(salaahLogs)
        .innerJoin(salaahOptions, and(eq(salaahOptions.tenantId, salaahLogs.tenantId), eq(salaahOptions.id, salaahLogs.optionId)))
        .where(
          scope.where(
            salaahLogs,
            inArray(
              salaahLogs.studentId,
              people.map((p) => p.id),
            ),
            gte(salaahLogs.date, from),
            lte(salaahLogs.date, to),
          ),
        )
        .orderBy(asc(salaahLogs.date))
    : [];
  const byStudent = new Map<number, typeof logs>();
  for (const l of logs) {
    const list = byStudent.get(l.studentId);
    if (list) list.push(l);
    else byStudent.set(l.studentId, [l]);
  }
  return {
    message: "Prayer logs fetched successfully",
    count: people.length,
    ...lists,
    students: people.map((p) => ({
      id: p.id,
      admissionNo: p.admissionNo,
      name: p.name,
      nameNative: p.nameNative,
      logs: (byStudent.get(p.id) ?? []).map(({ studentId: _s, ...l }) => l),
    })),
  };
}

/** The students of a classroom now, in roll order (the enrolments service's, never its tables). */
export async function classroomStudentIds(scope: TenantScope, classroomId: number): Promise<number[]> {
  return (await activeEnrolmentsOf(scope, classroomId)).map((e) => e.studentId);
}

export interface BulkMarks {
  classroomId: number;
  date: string;
  salaahTypeId: number;
  /** An entry's own prayer and day, when given, replace the body's. */
  entries: { studentId: number; optionId: number; salaahTypeId?: number; date?: string }[];
}

/**
 * A whole class in one statement: INSERT ... ON CONFLICT (tenant, student, date, prayer) DO
 * UPDATE only where the option differs, so the same marks again write nothing and two teachers
 * marking at once never double a row. Usually one prayer of one day; an entry may name its own
 * (marks kept offline, a term of the demo school). Returns how many rows were written.
 */
export async function saveClassMarks(scope: TenantScope, input: BulkMarks, markedBy: number): Promise<number> {
  const marks = input.entries.map((e) => ({ ...e, salaahTypeId: e.salaahTypeId ?? input.salaahTypeId, date: e.date ?? input.date }));
  const keys = new Set(marks.map((m) => `${m.studentId}/${m.salaahTypeId}/${m.date}`));
  if (keys.size !== marks.length) throw badRequest("salaah.listed_twice", "A student's prayer of one day is listed twice.", { field: "entries" });
  await requirePastDate(
    scope,
    marks.reduce((latest, m) => (m.date > latest ? m.date : latest), input.date),
  );
  const typeIds = [...new Set([input.salaahTypeId, ...marks.map((m) => m.salaahTypeId)])];
  const types = await scope.db
    .select({ id: salaahTypes.id, name: salaahTypes.name, status: salaahTypes.status })
    .from(salaahTypes)
    .where(scope.where(salaahTypes, inArray(salaahTypes.id, typeIds)));
  const missing = typeIds.find((id) => !types.some((t) => t.id === id));
  if (missing) throw notFound("Prayer type");
  const inactive = types.find((t) => t.status !== "active");
  if (inactive) throw badRequest("salaah.type_inactive", `${inactive.name} is not in use.`, { field: "salaahTypeId" });
  const optionIds = [...new Set(input.entries.map((e) => e.optionId))];
  const options = await scope.db
    .select({ id: salaahOptions.id })
    .from(salaahOptions)
    .where(scope.where(salaahOptions, inArray(salaahOptions.id, optionIds), eq(salaahOptions.status, "active")));
  const unknownOption = optionIds.find((id) => !options.some((o) => o.id === id));
  if (unknownOption)
    throw badRequest("salaah.unknown_option", `No option ${unknownOption} in use at this school.`, { field: "entries", optionId: unknownOption });
  const inClass = new Set(await classroomStudentIds(scope, (await requireClassroom(scope, input.classroomId)).id));
  const outsider = input.entries.find((e) => !inClass.has(e.studentId));
  if (outsider) {
    // Another school's student is not found at all; this school's, in another class, is named.
    await requireStudent(scope, outsider.studentId);
    throw badRequest("attendance.not_in_class", `Student ${outsider.studentId} is not in this classroom.`, { field: "entries", studentId: outsider.studentId });
  }
  const written = await scope.db
    .insert(salaahLogs)
    .values(
      marks.map((m) => ({ tenantId: scope.tenantId, studentId: m.studentId, salaahTypeId: m.salaahTypeId, optionId: m.optionId, date: m.date, markedBy })),
    )
    .onConflictDoUpdate({
      target: [salaahLogs.tenantId, salaahLogs.studentId, salaahLogs.date, salaahLogs.salaahTypeId],
      set: { optionId: sql`excluded.option_id`, markedBy: sql`excluded.marked_by`, updatedAt: sql`now()` },
      setWhere: sql`${salaahLogs.optionId} is distinct from excluded.option_id`,
    })
    .returning({ id: salaahLogs.id });
  return written.length;
}

/**
 * Prayers logged over from..to, counted: logs, prayed (in congregation, alone or late), missed, and
 * the students logged; `who` narrows the students (one child, a batch, a course).
 */
export async function salaahTally(scope: TenantScope, from: string, to: string, who?: (studentId: AnyPgColumn) => SQL | undefined) {
  const [row] = await scope.db
    .select({
      logs: sql<number>`count(*)`.mapWith(Number),
      prayed: sql<number>`count(*) filter (where ${salaahOptions.meaning} in ('congregation', 'alone', 'late'))`.mapWith(Number),
      missed: sql<number>`count(*) filter (where ${salaahOptions.meaning} = 'missed')`.mapWith(Number),
      students: sql<number>`count(distinct ${salaahLogs.studentId})`.mapWith(Number),
    })
    .from(salaahLogs)
    .innerJoin(salaahOptions, and(eq(salaahOptions.tenantId, salaahLogs.tenantId), eq(salaahOptions.id, salaahLogs.optionId)))
    .where(scope.where(salaahLogs, gte(salaahLogs.date, from), lte(salaahLogs.date, to), who?.(salaahLogs.studentId)));
  return row ?? { logs: 0, prayed: 0, missed: 0, students: 0 };
}

/** How many prayers make a full day: the school's active prayer types other than Jumuah (usually 5). */
export async function dailyPrayerCount(scope: TenantScope): Promise<number> {
  return scope.count(salaahTypes, eq(salaahTypes.status, "active"), sql`${salaahTypes.builtinKey} is distinct from 'jumuah'`);
}
