import type { GeneralAttendanceRow, GeneralMark, generalAttendanceResource } from "@taleem/contract";
import { asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { badRequest, notFound } from "../../platform/http/errors.js";
import { sampleTag } from "../../platform/resources/sample-tag.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { requireStudents, studentsByIds } from "../students/students.service.js";
import {
  type GeneralAttendanceRecord,
  generalAttendanceEntries,
  generalAttendanceRecords,
  generalAttendances,
  generalAttendanceTypes,
} from "./general-attendance.table.js";
import { requirePastDate } from "./salaah.service.js";

/** Reply rows: the type's name, the students on each register and how many. */
export async function presentRegisters(scope: TenantScope, rows: GeneralAttendanceRecord[]): Promise<GeneralAttendanceRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [types, entries] = await Promise.all([
    scope.db
      .select({ id: generalAttendanceTypes.id, name: generalAttendanceTypes.name })
      .from(generalAttendanceTypes)
      .where(
        scope.where(
          generalAttendanceTypes,
          inArray(
            generalAttendanceTypes.id,
            rows.map((r) => r.typeId),
          ),
        ),
      ),
    scope.db
      .select({ registerId: generalAttendanceEntries.registerId, studentId: generalAttendanceEntries.studentId })
      .from(generalAttendanceEntries)
      .where(scope.where(generalAttendanceEntries, inArray(generalAttendanceEntries.registerId, ids)))
      .orderBy(asc(generalAttendanceEntries.id)),
  ]);
  return rows.map((r) => {
    const studentIds = entries.filter((e) => e.registerId === r.id).map((e) => e.studentId);
    return {
      ...r,
      createdAt: r.createdAt.toISOString(),
      typeName: types.find((t) => t.id === r.typeId)?.name ?? "",
      studentIds,
      entryCount: studentIds.length,
    };
  });
}

/** Sets who is on a register: adds the new students, removes those left out (their past marks stay). */
export async function setEntries(scope: TenantScope, registerId: number, studentIds: number[]) {
  await requireStudents(scope, studentIds);
  await scope.db
    .delete(generalAttendanceEntries)
    .where(
      scope.where(
        generalAttendanceEntries,
        eq(generalAttendanceEntries.registerId, registerId),
        studentIds.length ? notInArray(generalAttendanceEntries.studentId, studentIds) : undefined,
      ),
    );
  if (!studentIds.length) return;
  await scope.db
    .insert(generalAttendanceEntries)
    .values(studentIds.map((studentId) => ({ tenantId: scope.tenantId, registerId, studentId })))
    .onConflictDoNothing();
}

/** The register's students with their mark of `date` (null when not marked, or no date asked). */
export async function entriesOn(scope: TenantScope, registerId: number, date: string | undefined) {
  const entries = await scope.db
    .select({ studentId: generalAttendanceEntries.studentId })
    .from(generalAttendanceEntries)
    .where(scope.where(generalAttendanceEntries, eq(generalAttendanceEntries.registerId, registerId)));
  const ids = entries.map((e) => e.studentId);
  const [people, marks] = await Promise.all([
    studentsByIds(scope, ids),
    date && ids.length
      ? scope.db
          .select({ studentId: generalAttendanceRecords.studentId, mark: generalAttendanceRecords.mark, note: generalAttendanceRecords.note })
          .from(generalAttendanceRecords)
          .where(scope.where(generalAttendanceRecords, eq(generalAttendanceRecords.registerId, registerId), eq(generalAttendanceRecords.date, date)))
      : Promise.resolve([]),
  ]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  return people
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({
      studentId: p.id,
      admissionNo: p.admissionNo,
      name: p.name,
      nameNative: p.nameNative,
      mark: byStudent.get(p.id)?.mark ?? null,
      note: byStudent.get(p.id)?.note ?? null,
    }));
}

/**
 * A day's marks in one statement (INSERT ... ON CONFLICT (tenant, register, date, student) DO
 * UPDATE where something differs): the same marks again write nothing. The date must fall in
 * the register's days and not be in the future; every student must be on the register.
 */
export async function saveRecords(
  scope: TenantScope,
  register: GeneralAttendanceRecord,
  date: string,
  entries: { studentId: number; mark: GeneralMark; note?: string | null }[],
  markedBy: number,
): Promise<number> {
  await requirePastDate(scope, date);
  if (date < register.startDate || date > (register.endDate ?? register.startDate)) {
    throw badRequest("general_attendance.outside_dates", `${register.name} runs from ${register.startDate} to ${register.endDate ?? register.startDate}.`, {
      field: "date",
    });
  }
  const [on] = await scope.db
    .select({ n: count() })
    .from(generalAttendanceEntries)
    .where(
      scope.where(
        generalAttendanceEntries,
        eq(generalAttendanceEntries.registerId, register.id),
        inArray(
          generalAttendanceEntries.studentId,
          entries.map((e) => e.studentId),
        ),
      ),
    );
  if ((on?.n ?? 0) !== entries.length) {
    const onIds = new Set((await entriesOn(scope, register.id, undefined)).map((e) => e.studentId));
    const outsider = entries.find((e) => !onIds.has(e.studentId))!;
    // Another school's student is not found at all; this school's is named as not on the register.
    await requireStudents(scope, [outsider.studentId]);
    throw badRequest("general_attendance.not_on_register", `Student ${outsider.studentId} is not on ${register.name}.`, {
      field: "entries",
      studentId: outsider.studentId,
    });
  }
  const written = await scope.db
    .insert(generalAttendanceRecords)
    .values(
      entries.map((e) => ({ tenantId: scope.tenantId, registerId: register.id, studentId: e.studentId, date, mark: e.mark, note: e.note ?? null, markedBy })),
    )
    .onConflictDoUpdate({
      target: [generalAttendanceRecords.tenantId, generalAttendanceRecords.registerId, generalAttendanceRecords.date, generalAttendanceRecords.studentId],
      set: { mark: sql`excluded.mark`, note: sql`excluded.note`, markedBy: sql`excluded.marked_by`, updatedAt: sql`now()` },
      setWhere: sql`(${generalAttendanceRecords.mark}, ${generalAttendanceRecords.note}) is distinct from (excluded.mark, excluded.note)`,
    })
    .returning({ id: generalAttendanceRecords.id });
  return written.length;
}

/** A register type made straight in a school, for the isolation suite. */
export const sampleType = (scope: TenantScope) => scope.insert(generalAttendanceTypes, { name: `Trip ${sampleTag()}` });
/** A register with one student on it, made straight in a school for the isolation suite. */
export async function sampleRegister(scope: TenantScope) {
  const [type, student] = await Promise.all([sampleType(scope), sampleStudent(scope)]);
  const register = await scope.insert(generalAttendances, { name: `Picnic ${sampleTag()}`, typeId: type.id, startDate: "2026-01-10", endDate: "2026-01-12" });
  await setEntries(scope, register.id, [student.id]);
  return { register, student };
}

/** A register of the school (404 otherwise). */
export async function findRegister(scope: TenantScope, id: number): Promise<GeneralAttendanceRecord> {
  const [row] = await scope.db
    .select()
    .from(generalAttendances)
    .where(scope.where(generalAttendances, eq(generalAttendances.id, id)));
  if (!row) throw notFound("Register");
  return row;
}

export type RegisterChange = Omit<z.infer<typeof generalAttendanceResource.update>, "id">;

/** The columns an update writes (its students are set after), checked against the stored row. */
export async function registerValues(scope: TenantScope, existing: GeneralAttendanceRecord, input: RegisterChange) {
  const { studentIds: _s, ...values } = input as RegisterChange & { id?: number };
  delete (values as { id?: number }).id;
  if (values.typeId) await scope.find(generalAttendanceTypes, values.typeId, "Register type");
  const start = values.startDate ?? existing.startDate;
  const end = values.endDate === undefined ? existing.endDate : values.endDate;
  if (end && end < start) throw badRequest("general_attendance.bad_range", "The register ends before it starts.", { field: "endDate" });
  return values;
}

/** Changes a register type, audited; an empty change leaves it as it is. */
export async function changeRegisterType(
  ctx: Pick<RequestContext, "scope" | "audit">,
  id: number,
  change: Partial<typeof generalAttendanceTypes.$inferInsert>,
) {
  const before = await ctx.scope.find(generalAttendanceTypes, id, "Register type");
  const after = Object.keys(change).length ? await ctx.scope.update(generalAttendanceTypes, id, change, "Register type") : before;
  await ctx.audit({ action: "update", entity: "general_attendance_types", entityId: id, before, after });
  return after;
}

/** A new register's columns (its students are set after), its type of the school. */
export async function newRegisterValues(scope: TenantScope, input: z.infer<typeof generalAttendanceResource.create>) {
  await scope.find(generalAttendanceTypes, input.typeId, "Register type");
  const { studentIds: _s, ...values } = input as typeof input & { studentIds?: number[] };
  return values;
}

/** A register as its reply shows it. */
export const registerShown = async (scope: TenantScope, row: GeneralAttendanceRecord) => (await presentRegisters(scope, [row]))[0]!;

/** Changes a register and, when named, its students; audited. Answers it as its reply shows it. */
export async function updateRegister(ctx: Pick<RequestContext, "scope" | "audit">, id: number, body: RegisterChange) {
  const existing = await findRegister(ctx.scope, id);
  const values = await registerValues(ctx.scope, existing, body);
  const updated = Object.keys(values).length ? await ctx.scope.update(generalAttendances, id, values, "Register") : existing;
  if (body.studentIds) await setEntries(ctx.scope, id, body.studentIds);
  await ctx.audit({
    action: "update",
    entity: "general_attendances",
    entityId: id,
    before: existing,
    after: updated,
    details: { studentIds: body.studentIds },
  });
  return registerShown(ctx.scope, updated);
}

/** Saves a day's marks of a register, audited when anything changed; answers how many changed. */
export async function saveRegisterDay(
  ctx: Pick<RequestContext, "scope" | "audit" | "principal">,
  id: number,
  body: { date: string; entries: Parameters<typeof saveRecords>[3] },
) {
  const register = await findRegister(ctx.scope, id);
  const changed = await saveRecords(ctx.scope, register, body.date, body.entries, ctx.principal.userId);
  if (changed) {
    await ctx.audit({
      action: "update",
      entity: "general_attendance_records",
      entityId: register.id,
      details: { date: body.date, marked: body.entries.length, changed },
    });
  }
  return changed;
}
