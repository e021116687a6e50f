import type { FeeHead, FineRule } from "@taleem/contract";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { AppError } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { enrolledStudents } from "../academics/enrolments.service.js";
import { groupMemberships } from "../students/students.service.js";
import { dueSums, type LedgerSums, ledgerColumns } from "./fee-ledger.js";
import { applyConcessions, type ConcessionRule } from "./fee-rules.js";
import { type FeeMasterLineRecord, type FeeMasterRecord, type FeeRecord, feeConcessions, feeLedger, feeMasterLines, feeMasters, fees } from "./fees.table.js";

/**
 * The active concessions that may reach each student: of the batch, of the groups the student is
 * in, and the student's own. Which heads and dates they cover is the rules' to decide.
 */
export async function concessionsFor(scope: TenantScope, studentIds: readonly number[], batchId: number | null): Promise<Map<number, ConcessionRule[]>> {
  const out = new Map<number, ConcessionRule[]>(studentIds.map((id) => [id, []]));
  if (!studentIds.length) return out;
  const ids = [...studentIds];
  const [rows, memberships] = await Promise.all([
    scope.db
      .select()
      .from(feeConcessions)
      .where(
        scope.where(
          feeConcessions,
          eq(feeConcessions.status, "active"),
          or(
            batchId ? and(eq(feeConcessions.level, "batch"), eq(feeConcessions.batchId, batchId)) : undefined,
            and(eq(feeConcessions.level, "student"), inArray(feeConcessions.studentId, ids)),
            eq(feeConcessions.level, "group"),
          ),
        ),
      ),
    groupMemberships(scope, ids),
  ]);
  const groupsOf = new Map<number, Set<number>>();
  for (const m of memberships) groupsOf.set(m.studentId, (groupsOf.get(m.studentId) ?? new Set()).add(m.groupId));
  for (const id of ids) {
    const mine = rows.filter(
      (c) =>
        c.level === "batch" || (c.level === "student" && c.studentId === id) || (c.level === "group" && c.groupId != null && groupsOf.get(id)?.has(c.groupId)),
    );
    out.set(
      id,
      mine.map((c) => ({
        id: c.id,
        level: c.level,
        kind: c.kind,
        value: c.value,
        heads: c.heads,
        priority: c.priority,
        validFrom: c.validFrom,
        validTo: c.validTo,
      })),
    );
  }
  return out;
}

export interface DueValues {
  studentId: number;
  batchId: number | null;
  feeMasterId: number | null;
  feeMasterLineId: number | null;
  instalment: number | null;
  head: FeeHead;
  name: string;
  dueDate: string;
  amount: number;
  pledge: boolean;
  fineRule: FineRule | null;
}

/**
 * Rows per multi-row insert and ids per update, under PostgreSQL's 65,535 parameters a statement:
 * a due takes 12, a ledger row at most 7, an id 1.
 */
const DUE_CHUNK = 2_000;
const LEDGER_CHUNK = 8_000;
const ID_CHUNK = 20_000;

type LedgerInsert = typeof feeLedger.$inferInsert;

/** Adds ledger rows (tenant set by the caller) a chunk a statement. */
async function insertLedger(scope: TenantScope, rows: readonly LedgerInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += LEDGER_CHUNK) await scope.db.insert(feeLedger).values(rows.slice(i, i + LEDGER_CHUNK));
}

/** A due to make and the concessions that may reach its student. */
export interface DueToMake {
  values: DueValues;
  rules: readonly ConcessionRule[];
}

/**
 * Makes dues with their charges and concessions on the ledger, in a few statements whatever their
 * number: each chunk's dues in one insert, then the ledger rows of the dues it made in another. A
 * master's instalment already made is left as it is (the unique instalment index holds even
 * against a racing run), so making it twice makes nothing more: its answer is null then. Answers
 * in the order asked.
 */
export async function makeDues(
  scope: TenantScope,
  wanted: readonly DueToMake[],
  by: number | null,
): Promise<({ due: FeeRecord; concession: number } | null)[]> {
  const out: ({ due: FeeRecord; concession: number } | null)[] = [];
  for (let i = 0; i < wanted.length; i += DUE_CHUNK) {
    const chunk = wanted.slice(i, i + DUE_CHUNK);
    const made = await scope.db
      .insert(fees)
      .values(chunk.map((w) => ({ ...w.values, tenantId: scope.tenantId })))
      .onConflictDoNothing()
      .returning();
    // Matched by student, line and instalment (unique for a master's dues); an office due has no
    // conflict to skip it, so those of one student come back in the order they went in.
    const byKey = new Map<string, FeeRecord[]>();
    for (const due of made) {
      const same = byKey.get(dueKey(due));
      if (same) same.push(due);
      else byKey.set(dueKey(due), [due]);
    }
    const rows: LedgerInsert[] = [];
    for (const { values, rules } of chunk) {
      const due = byKey.get(dueKey(values))?.shift();
      if (!due) {
        out.push(null);
        continue;
      }
      const { parts, total } = applyConcessions(values.amount, values.head, rules, values.dueDate);
      const base = { tenantId: scope.tenantId, studentId: due.studentId, feeId: due.id, createdBy: by };
      rows.push({ ...base, kind: "charge", amount: values.amount });
      for (const p of parts) rows.push({ ...base, concessionId: p.concessionId, kind: "concession", amount: -p.amount });
      out.push({ due, concession: total });
    }
    await insertLedger(scope, rows);
  }
  return out;
}

/** Makes one due with its charge and its concessions on the ledger; null when its instalment was made already. */
export async function makeDue(
  scope: TenantScope,
  values: DueValues,
  rules: readonly ConcessionRule[],
  by: number | null,
): Promise<{ due: FeeRecord; concession: number } | null> {
  const [made] = await makeDues(scope, [{ values, rules }], by);
  return made ?? null;
}

/** Each due's concession so far, by concession id. */
async function concessionPartsOf(scope: TenantScope, feeId: number): Promise<Map<number, number>> {
  const rows = await scope.db
    .select({ concessionId: feeLedger.concessionId, amount: sql<number>`(-sum(${feeLedger.amount}))::bigint`.mapWith(Number) })
    .from(feeLedger)
    .where(scope.where(feeLedger, eq(feeLedger.feeId, feeId), eq(feeLedger.kind, "concession")))
    .groupBy(feeLedger.concessionId);
  return new Map(rows.map((r) => [r.concessionId as number, r.amount]));
}

/**
 * Why a due cannot be changed any more, or null when nobody has paid against it and no fine was
 * charged: a due with money on it keeps what was paid for.
 */
export function untouchable(sums: { paid: number; fine: number; balance: number; charged: number; concession: number; cancelled: number }) {
  if (sums.paid > 0) return sums.balance <= 0 ? ("paid" as const) : ("partlyPaid" as const);
  if (sums.fine !== 0) return "fineCharged" as const;
  return null;
}

interface DueChange {
  amount: number;
  dueDate: string;
  name: string;
}

/**
 * The ledger rows that bring a due's charge (`charged` so far) and concessions (`before`, by
 * concession id) up to `change`: one for each difference.
 */
function reapplyRows(
  scope: TenantScope,
  due: FeeRecord,
  change: DueChange,
  charged: number,
  before: ReadonlyMap<number, number>,
  rules: readonly ConcessionRule[],
  by: number | null,
): LedgerInsert[] {
  const rows: LedgerInsert[] = [];
  if (change.amount !== charged)
    rows.push({ tenantId: scope.tenantId, studentId: due.studentId, feeId: due.id, kind: "charge", amount: change.amount - charged, createdBy: by });
  const { parts } = applyConcessions(change.amount, due.head, rules, change.dueDate);
  const after = new Map(parts.map((p) => [p.concessionId, p.amount]));
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const delta = (after.get(id) ?? 0) - (before.get(id) ?? 0);
    if (delta)
      rows.push({ tenantId: scope.tenantId, studentId: due.studentId, feeId: due.id, concessionId: id, kind: "concession", amount: -delta, createdBy: by });
  }
  return rows;
}

const moves = (due: FeeRecord, change: DueChange) => change.dueDate !== due.dueDate || change.name !== due.name || change.amount !== due.amount;

/**
 * Sets an unpaid due's amount, date and name and brings its charge and concessions on the ledger
 * up to them, by adding rows for the differences. Answers whether anything changed.
 */
export async function reapplyDue(scope: TenantScope, due: FeeRecord, change: DueChange, rules: readonly ConcessionRule[], by: number | null): Promise<boolean> {
  const charged = (await dueSums(scope, [due.id])).get(due.id)?.charged ?? 0;
  const rows = reapplyRows(scope, due, change, charged, await concessionPartsOf(scope, due.id), rules, by);
  const moved = moves(due, change);
  if (rows.length) await scope.db.insert(feeLedger).values(rows);
  if (moved) await scope.update(fees, due.id, { amount: change.amount, dueDate: change.dueDate, name: change.name });
  return moved || rows.length > 0;
}

/** The ledger's figures of a master's open dues: each due's sums and its concession so far by concession id, by fee id. */
export async function masterDueFigures(
  scope: TenantScope,
  masterId: number,
): Promise<{ sums: Map<number, LedgerSums>; concessions: Map<number, Map<number, number>> }> {
  // Joined to the master's dues rather than listing their ids: no parameter limit however many.
  const ofMaster = and(eq(fees.tenantId, feeLedger.tenantId), eq(fees.id, feeLedger.feeId), eq(fees.feeMasterId, masterId), eq(fees.status, "open"));
  const [sumRows, partRows] = await Promise.all([
    scope.db
      .select({ feeId: feeLedger.feeId, ...ledgerColumns() })
      .from(feeLedger)
      .innerJoin(fees, ofMaster)
      .where(scope.where(feeLedger))
      .groupBy(feeLedger.feeId),
    scope.db
      .select({
        feeId: feeLedger.feeId,
        concessionId: feeLedger.concessionId,
        amount: sql<number>`(-sum(${feeLedger.amount}))::bigint`.mapWith(Number),
      })
      .from(feeLedger)
      .innerJoin(fees, ofMaster)
      .where(scope.where(feeLedger, eq(feeLedger.kind, "concession")))
      .groupBy(feeLedger.feeId, feeLedger.concessionId),
  ]);
  const sums = new Map<number, LedgerSums>(sumRows.map(({ feeId, ...s }) => [feeId as number, s]));
  const concessions = new Map<number, Map<number, number>>();
  for (const r of partRows) {
    const mine = concessions.get(r.feeId as number) ?? new Map<number, number>();
    concessions.set(r.feeId as number, mine.set(r.concessionId as number, r.amount));
  }
  return { sums, concessions };
}

/** What to do to an unpaid due: carry a change (with the concessions that may reach it), or cancel it with a note. */
export type DuePlan = { due: FeeRecord; change: DueChange; rules: readonly ConcessionRule[] } | { due: FeeRecord; cancel: string | null };

/**
 * Carries changes to many unpaid dues and cancels others, as `reapplyDue` and `cancelDue` do one
 * by one, in a few statements: the ledger rows of every difference (and every cancellation) in
 * multi-row inserts, then one update for each distinct change and one for the cancellations.
 * `figures` are the dues' ledger figures (`masterDueFigures`). Answers how many changes changed
 * something and how many dues were cancelled.
 */
export async function applyDuePlans(
  scope: TenantScope,
  plans: readonly DuePlan[],
  figures: { sums: ReadonlyMap<number, LedgerSums>; concessions: ReadonlyMap<number, ReadonlyMap<number, number>> },
  by: number | null,
): Promise<{ updated: number; cancelled: number }> {
  const rows: LedgerInsert[] = [];
  const cancelled: number[] = [];
  const moved = new Map<string, { change: DueChange; ids: number[] }>();
  let updated = 0;
  for (const plan of plans) {
    const { due } = plan;
    const sums = figures.sums.get(due.id);
    if ("cancel" in plan) {
      const balance = sums?.balance ?? 0;
      if (balance)
        rows.push({ tenantId: scope.tenantId, studentId: due.studentId, feeId: due.id, kind: "cancel", amount: -balance, note: plan.cancel, createdBy: by });
      cancelled.push(due.id);
      continue;
    }
    const mine = reapplyRows(scope, due, plan.change, sums?.charged ?? 0, figures.concessions.get(due.id) ?? new Map(), plan.rules, by);
    const shifts = moves(due, plan.change);
    rows.push(...mine);
    if (shifts) {
      const key = JSON.stringify([plan.change.amount, plan.change.dueDate, plan.change.name]);
      const group = moved.get(key) ?? { change: plan.change, ids: [] };
      moved.set(key, group);
      group.ids.push(due.id);
    }
    if (shifts || mine.length) updated++;
  }
  await insertLedger(scope, rows);
  for (const { change, ids } of moved.values())
    for (let i = 0; i < ids.length; i += ID_CHUNK)
      await scope.db
        .update(fees)
        .set({ amount: change.amount, dueDate: change.dueDate, name: change.name })
        .where(scope.where(fees, inArray(fees.id, ids.slice(i, i + ID_CHUNK))));
  for (let i = 0; i < cancelled.length; i += ID_CHUNK)
    await scope.db
      .update(fees)
      .set({ status: "cancelled" })
      .where(scope.where(fees, inArray(fees.id, cancelled.slice(i, i + ID_CHUNK))));
  return { updated, cancelled: cancelled.length };
}

/** Cancels an unpaid due: a `cancel` row takes back what it still owes; the row stays. */
export async function cancelDue(scope: TenantScope, due: FeeRecord, by: number | null, note: string | null = null): Promise<void> {
  const balance = (await dueSums(scope, [due.id])).get(due.id)?.balance ?? 0;
  if (balance) await scope.insert(feeLedger, { studentId: due.studentId, feeId: due.id, kind: "cancel", amount: -balance, note, createdBy: by });
  await scope.update(fees, due.id, { status: "cancelled" });
}

/** The master's students: active enrolments in its batch, narrowed by its course, class and group (and `only`). */
export async function studentsOfMaster(scope: TenantScope, master: FeeMasterRecord, only?: readonly number[]) {
  return enrolledStudents(scope, { batchId: master.batchId, courseId: master.courseId, courseClassId: master.courseClassId, groupId: master.groupId, only });
}

export async function requireMaster(scope: TenantScope, id: number): Promise<FeeMasterRecord> {
  const master = await scope.findOptional(feeMasters, id);
  if (!master) throw new AppError(404, "not_found", "Fee structure not found", { what: "Fee structure", field: "feeMasterId" });
  return master;
}

export const linesOf = (scope: TenantScope, masterId: number): Promise<FeeMasterLineRecord[]> =>
  scope.db
    .select()
    .from(feeMasterLines)
    .where(scope.where(feeMasterLines, eq(feeMasterLines.feeMasterId, masterId)))
    .orderBy(asc(feeMasterLines.order), asc(feeMasterLines.id));

/** The name of one instalment: the line's, numbered when the line has several. */
export const instalmentName = (line: FeeMasterLineRecord, i: number) =>
  line.dueDates.length > 1 ? `${line.name} (${i + 1}/${line.dueDates.length})` : line.name;

/** Every due a master should make: each student's each line's each instalment. */
export function wantedDues(master: FeeMasterRecord, lines: readonly FeeMasterLineRecord[], studentIds: readonly number[]): DueValues[] {
  const out: DueValues[] = [];
  for (const studentId of studentIds)
    for (const line of lines)
      line.dueDates.forEach((dueDate, i) => {
        out.push({
          studentId,
          batchId: master.batchId,
          feeMasterId: master.id,
          feeMasterLineId: line.id,
          instalment: i,
          head: line.head,
          name: instalmentName(line, i),
          dueDate,
          amount: line.amount,
          pledge: master.pledge,
          // Pledges are voluntary: they never accrue fines.
          fineRule: master.pledge ? null : (master.fineRule ?? null),
        });
      });
  return out;
}

/** The master's dues already made, open ones, keyed `student:line:instalment`. */
export async function existingDues(scope: TenantScope, masterId: number): Promise<FeeRecord[]> {
  return scope.db
    .select()
    .from(fees)
    .where(scope.where(fees, eq(fees.feeMasterId, masterId)))
    .orderBy(asc(fees.id));
}

export const dueKey = (d: { studentId: number; feeMasterLineId: number | null; instalment: number | null }) =>
  `${d.studentId}:${d.feeMasterLineId}:${d.instalment}`;
