import type { FeeMasterLine, FeeMasterRow, GeneratedDue, LeftAlone } from "@taleem/contract";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, courseClassNames, courseNames } from "../academics/academics.service.js";
import { groupNames, studentNames } from "../students/students.service.js";
import {
  applyDuePlans,
  concessionsFor,
  type DuePlan,
  dueKey,
  existingDues,
  instalmentName,
  linesOf,
  makeDues,
  masterDueFigures,
  requireMaster,
  studentsOfMaster,
  untouchable,
  wantedDues,
} from "./fee-generation.service.js";
import { applyConcessions } from "./fee-rules.js";
import { type FeeMasterRecord, feeMasterLines, fees } from "./fees.table.js";

type LineInput = Omit<FeeMasterLine, "id" | "total"> & { id?: number };

/** Keeps a master's lines as sent: lines with an id are changed, new ones added, missing ones removed (their dues keep their rows). */
export async function saveLines(scope: TenantScope, masterId: number, lines: readonly LineInput[]) {
  const existing = await linesOf(scope, masterId);
  const keep = new Set(lines.flatMap((l) => (l.id && existing.some((e) => e.id === l.id) ? [l.id] : [])));
  const gone = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
  if (gone.length) {
    // Their dues keep their rows and lose the line (update-payments cancels the unpaid ones). Done
    // here, not by the foreign key's "set null", which would null the tenant id with it.
    await scope.db
      .update(fees)
      .set({ feeMasterLineId: null })
      .where(scope.where(fees, inArray(fees.feeMasterLineId, gone)));
    await scope.db.delete(feeMasterLines).where(scope.where(feeMasterLines, inArray(feeMasterLines.id, gone)));
  }
  for (const [order, line] of lines.entries()) {
    const values = { head: line.head, name: line.name, amount: line.amount, frequency: line.frequency, dueDates: [...line.dueDates].sort(), order };
    if (line.id && keep.has(line.id)) await scope.update(feeMasterLines, line.id, values);
    else await scope.insert(feeMasterLines, { ...values, feeMasterId: masterId });
  }
}

/** Reply rows of masters: names, lines with totals, how many students it reaches and dues it made. */
export async function presentMasters(scope: TenantScope, rows: FeeMasterRecord[]): Promise<FeeMasterRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lineRows, batchOf, courseOf, classOf, groupOf, made] = await Promise.all([
    scope.db
      .select()
      .from(feeMasterLines)
      .where(scope.where(feeMasterLines, inArray(feeMasterLines.feeMasterId, ids)))
      .orderBy(feeMasterLines.order, feeMasterLines.id),
    batchNames(
      scope,
      rows.map((r) => r.batchId),
    ),
    courseNames(
      scope,
      rows.map((r) => r.courseId),
    ),
    courseClassNames(
      scope,
      rows.map((r) => r.courseClassId),
    ),
    groupNames(
      scope,
      rows.map((r) => r.groupId),
    ),
    scope.db
      .select({ id: fees.feeMasterId, dues: count(), students: sql<number>`count(distinct ${fees.studentId})::int`.mapWith(Number) })
      .from(fees)
      .where(scope.where(fees, inArray(fees.feeMasterId, ids), eq(fees.status, "open")))
      .groupBy(fees.feeMasterId),
  ]);
  const madeOf = new Map(made.map((m) => [m.id, m]));
  return rows.map((r) => {
    const lines = lineRows
      .filter((l) => l.feeMasterId === r.id)
      .map((l) => ({
        id: l.id,
        head: l.head,
        name: l.name,
        amount: l.amount,
        frequency: l.frequency,
        dueDates: l.dueDates,
        total: l.amount * l.dueDates.length,
      }));
    return {
      ...r,
      batchName: batchOf.get(r.batchId) ?? "",
      courseName: r.courseId ? (courseOf.get(r.courseId) ?? null) : null,
      courseClassName: r.courseClassId ? (classOf.get(r.courseClassId) ?? null) : null,
      groupName: r.groupId ? (groupOf.get(r.groupId) ?? null) : null,
      lines,
      total: lines.reduce((s, l) => s + l.total, 0),
      students: madeOf.get(r.id)?.students ?? 0,
      generated: madeOf.get(r.id)?.dues ?? 0,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    } as unknown as FeeMasterRow;
  });
}

type Generated = { students: number; created: number; existing: number; total: number; concession: number; sample: z.infer<typeof GeneratedDue>[] };

/**
 * Makes each matching student's dues from a master with their concessions. A student's
 * instalment already made is skipped (and the unique index holds even against a racing run), so
 * twice makes nothing more; `preview` makes nothing and answers what would be made.
 */
export async function generatePayments(
  scope: TenantScope,
  input: { feeMasterId: number; preview: boolean; studentIds?: number[] },
  by: number | null,
): Promise<Generated> {
  const master = await requireMaster(scope, input.feeMasterId);
  const [lines, people] = await Promise.all([linesOf(scope, master.id), studentsOfMaster(scope, master, input.studentIds)]);
  const made = new Set((await existingDues(scope, master.id)).map(dueKey));
  const rules = await concessionsFor(
    scope,
    people.map((p) => p.id),
    master.batchId,
  );
  const byId = new Map(people.map((p) => [p.id, p]));
  const out: Generated = { students: people.length, created: 0, existing: 0, total: 0, concession: 0, sample: [] };
  const wanted = wantedDues(
    master,
    lines,
    people.map((p) => p.id),
  );
  const todo = wanted.filter((values) => !made.has(dueKey(values)));
  out.existing = wanted.length - todo.length;
  // Every due in memory, then made in a few multi-row statements (a preview makes nothing).
  const results = input.preview
    ? todo.map((values) => ({ concession: applyConcessions(values.amount, values.head, rules.get(values.studentId) ?? [], values.dueDate).total }))
    : await makeDues(
        scope,
        todo.map((values) => ({ values, rules: rules.get(values.studentId) ?? [] })),
        by,
      );
  todo.forEach((values, i) => {
    const result = results[i];
    if (!result) {
      out.existing++;
      return;
    }
    out.created++;
    out.total += values.amount;
    out.concession += result.concession;
    const who = byId.get(values.studentId);
    if (out.sample.length < 50)
      out.sample.push({
        studentId: values.studentId,
        studentName: who?.name ?? "",
        admissionNo: who?.admissionNo ?? "",
        head: values.head,
        name: values.name,
        dueDate: values.dueDate,
        amount: values.amount,
        concession: result.concession,
      });
  });
  return out;
}

/**
 * Carries a master's lines (amounts, dates, names), and today's concessions, to the dues nobody
 * has paid against; makes the instalments and students it now has; cancels unpaid dues of lines
 * or instalments it no longer has. Dues with money or a fine on them are left alone and listed.
 */
export async function updatePayments(scope: TenantScope, feeMasterId: number, by: number | null) {
  const master = await requireMaster(scope, feeMasterId);
  const [lines, dues] = await Promise.all([linesOf(scope, master.id), existingDues(scope, master.id)]);
  const open = dues.filter((d) => d.status === "open");
  const figures = await masterDueFigures(scope, master.id);
  const rules = await concessionsFor(scope, [...new Set(open.map((d) => d.studentId))], master.batchId);
  const names = await studentNames(
    scope,
    open.map((d) => d.studentId),
  );
  const linesById = new Map(lines.map((l) => [l.id, l]));
  const leftAlone: z.infer<typeof LeftAlone>[] = [];
  // Each due's fate worked out in memory, then carried out in a few statements.
  const plans: DuePlan[] = [];
  for (const due of open) {
    const line = due.feeMasterLineId != null ? linesById.get(due.feeMasterLineId) : undefined;
    const dueDate = line && due.instalment != null ? line.dueDates[due.instalment] : undefined;
    const why = untouchable(figures.sums.get(due.id) ?? { paid: 0, fine: 0, balance: 0, charged: 0, concession: 0, cancelled: 0 });
    const target = line && dueDate && due.instalment != null ? { amount: line.amount, dueDate, name: instalmentName(line, due.instalment) } : null;
    const changes = !target || target.amount !== due.amount || target.dueDate !== due.dueDate || target.name !== due.name;
    if (why) {
      if (changes) leftAlone.push({ feeId: due.id, studentId: due.studentId, studentName: names.get(due.studentId) ?? "", name: due.name, reason: why });
      continue;
    }
    if (!target) plans.push({ due, cancel: "The fee structure no longer has this instalment" });
    else plans.push({ due, change: target, rules: rules.get(due.studentId) ?? [] });
  }
  const { updated, cancelled } = await applyDuePlans(scope, plans, figures, by);
  const { created } = await generatePayments(scope, { feeMasterId: master.id, preview: false }, by);
  return { updated, created, cancelled, leftAlone };
}

/** How many dues a master made (open ones), so its batch cannot change under them. */
export const masterDueCount = (scope: TenantScope, masterId: number) => scope.count(fees, eq(fees.feeMasterId, masterId), eq(fees.status, "open"));
