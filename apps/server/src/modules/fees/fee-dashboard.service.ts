import { addDays, type feesDashboard } from "@taleem/contract";
import { and, desc, eq, gte, inArray, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { batchNames, courseNames } from "../academics/academics.service.js";
import { enrolledCourse } from "../academics/enrolments.service.js";
import { studentColumns } from "../students/students.service.js";
import { ledgerColumns } from "./fee-ledger.js";
import { feeLedger, feeMasters, feeReceipts, fees, feeTransactions } from "./fees.table.js";

export interface DueFilter {
  batchId?: number;
  courseId?: number;
  /** Due dates from and to (inclusive). */
  from?: string;
  to?: string;
  studentIds?: readonly number[];
}

/**
 * The course a due counts under: its structure's course, else the course the student is enrolled
 * in for the due's batch (the active enrolment first, then the newest).
 */
const courseOfDue = sql<number | null>`coalesce(${feeMasters.courseId}, ${enrolledCourse(fees.tenantId, fees.studentId, fees.batchId)})`;

/** Days of grace after the due date: the structure's fine rule, copied onto the due when it was made. */
const graceDays = sql`coalesce((${fees.fineRule}->>'graceDays')::int, 0)`;

/**
 * Every open due matching the filter with its ledger sums (ledgerColumns: one source of truth),
 * its course and whether it is past its due date and grace on `today` (the same rule as the due's
 * state in fee-figures.ts: never a pledge). A CTE the reports aggregate in SQL.
 */
export function dueLines(scope: TenantScope, filter: DueFilter, today: string) {
  const l = ledgerColumns();
  const course = courseOfDue;
  return scope.db.$with("d").as(
    scope.db
      .select({
        id: fees.id,
        studentId: fees.studentId,
        batchId: sql<number | null>`${fees.batchId}`.as("batch_id"),
        dueDate: sql<string>`${fees.dueDate}`.as("due_date"),
        pledge: sql<boolean>`${fees.pledge}`.as("pledge"),
        courseId: course.as("course_id"),
        late: sql<boolean>`(not ${fees.pledge} and ${fees.dueDate} + ${graceDays} < ${today}::date)`.as("late"),
        charged: l.charged.as("charged"),
        concession: l.concession.as("concession"),
        fine: l.fine.as("fine"),
        paid: l.paid.as("paid"),
        balance: l.balance.as("balance"),
      })
      .from(fees)
      .leftJoin(feeMasters, and(eq(feeMasters.tenantId, fees.tenantId), eq(feeMasters.id, fees.feeMasterId)))
      .leftJoin(feeLedger, and(eq(feeLedger.tenantId, fees.tenantId), eq(feeLedger.feeId, fees.id)))
      .where(
        scope.where(
          fees,
          eq(fees.status, "open"),
          filter.batchId ? eq(fees.batchId, filter.batchId) : undefined,
          filter.courseId ? sql`${course} = ${filter.courseId}` : undefined,
          filter.from ? gte(fees.dueDate, filter.from) : undefined,
          filter.to ? lte(fees.dueDate, filter.to) : undefined,
          filter.studentIds ? inArray(fees.studentId, [...filter.studentIds]) : undefined,
        ),
      )
      .groupBy(fees.tenantId, fees.id, feeMasters.courseId),
  );
}
export type DueLines = ReturnType<typeof dueLines>;

/** What a family owes for a due, all told: the charge less concessions plus fines. */
export const netDue = (d: DueLines) => sql`(${d.charged} - ${d.concession} + ${d.fine})`;
/** A due counted in the collection rate: not a pledge, and concessions left something to pay. */
const counted = (d: DueLines) => sql`(not ${d.pledge} and ${d.charged} > ${d.concession})`;
/** An overdue balance: past due date and grace, still owed. */
export const overdueOf = (d: DueLines) => sql`(${d.late} and ${d.balance} > 0)`;

const num = (s: SQL) => sql<number>`coalesce(${s}, 0)::bigint`.mapWith(Number);

type Dashboard = z.infer<typeof feesDashboard.reply>["data"];
type Outstanding = Dashboard["batchWise"][number];
const TOP = 5;
const RECENT = 10;
const MONTHS = 12;

/** The month n months before `month` (YYYY-MM). */
function monthBefore(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * The dashboard: by batch and course, what fell due (to `to`, else today), what was paid against
 * it and what is left; overdue; the collection rate (paid / net due of the items due by today,
 * pledges, waived and cancelled dues left out); money collected and falling due each month; the
 * latest payments. Every figure is a sum of ledger rows.
 */
export async function feeDashboard(scope: TenantScope, query: { batchId?: number; courseId?: number; from?: string; to?: string }, today: string) {
  const to = query.to ?? today;
  const d = dueLines(scope, { ...query, to }, today);
  const last = to.slice(0, 7);
  const first = query.from ? query.from.slice(0, 7) : monthBefore(last, MONTHS - 1);
  const dueByToday = sql`${d.dueDate} <= ${today < to ? today : to}::date`;
  const month = sql`to_char(${d.dueDate}, 'YYYY-MM')`;
  // One pass over the dues: by batch, by course, by month and in all (grouping sets), so the ledger is summed once.
  const [grouped, monthlyPaid] = await Promise.all([
    scope.db
      .with(d)
      .select({
        set: sql<number>`grouping(${d.batchId}, ${d.courseId}, ${month})`.mapWith(Number),
        batchId: sql<number | null>`${d.batchId}`,
        courseId: sql<number | null>`${d.courseId}`,
        month: sql<string | null>`${month}`,
        due: num(sql`sum(${netDue(d)})`),
        paid: num(sql`sum(${d.paid})`),
        balance: num(sql`sum(${d.balance})`),
        students: sql<number>`count(distinct ${d.studentId})`.mapWith(Number),
        monthDue: num(sql`sum(${netDue(d)}) filter (where not ${d.pledge})`),
        overdue: num(sql`sum(${d.balance}) filter (where ${overdueOf(d)})`),
        overdueStudents: sql<number>`count(distinct ${d.studentId}) filter (where ${overdueOf(d)})`.mapWith(Number),
        overdueDues: sql<number>`count(*) filter (where ${overdueOf(d)})`.mapWith(Number),
        rateDue: num(sql`sum(${netDue(d)}) filter (where ${counted(d)} and ${dueByToday})`),
        ratePaid: num(sql`sum(${d.paid}) filter (where ${counted(d)} and ${dueByToday})`),
      })
      .from(d)
      .groupBy(sql`grouping sets ((${d.batchId}), (${d.courseId}), (${month}), ())`),
    collectedByMonth(scope, query, `${first}-01`, `${monthBefore(last, -1)}-01`),
  ]);
  const outstanding = (r: (typeof grouped)[number], id: number) => ({ id, due: r.due, paid: r.paid, balance: r.balance, students: r.students });
  // grouping(): 3 = by batch, 5 = by course, 6 = by month, 7 = the whole.
  const byBatch = grouped.filter((r) => r.set === 3 && r.batchId !== null).map((r) => outstanding(r, Number(r.batchId)));
  const byCourse = grouped.filter((r) => r.set === 5 && r.courseId !== null).map((r) => outstanding(r, Number(r.courseId)));
  const monthlyDue = grouped.filter((r) => r.set === 6 && r.month).map((r) => ({ month: r.month as string, due: r.monthDue }));
  const totals = grouped.find((r) => r.set === 7);
  const [batchOf, courseOf, recentPayments] = await Promise.all([
    batchNames(
      scope,
      byBatch.map((b) => b.id),
    ),
    courseNames(
      scope,
      byCourse.map((c) => c.id),
    ),
    recent(scope, query, d),
  ]);
  const named = (rows: typeof byBatch, names: Map<number, string>): Outstanding[] =>
    rows.map((r) => ({ ...r, name: names.get(r.id) ?? "" })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const top = (rows: Outstanding[]) =>
    rows
      .filter((r) => r.balance > 0)
      .sort((a, b) => b.balance - a.balance || a.id - b.id)
      .slice(0, TOP);
  const batchWise = named(byBatch, batchOf);
  const courseWise = named(byCourse, courseOf);
  const months = new Map<string, { month: string; collected: number; due: number }>();
  for (let m = first; m <= last; m = monthBefore(m, -1)) months.set(m, { month: m, collected: 0, due: 0 });
  for (const r of monthlyDue) {
    const m = months.get(r.month);
    if (m) m.due = r.due;
  }
  for (const r of monthlyPaid) {
    const m = months.get(r.month);
    if (m) m.collected = r.collected;
  }
  const t = totals ?? { overdue: 0, overdueStudents: 0, overdueDues: 0, rateDue: 0, ratePaid: 0 };
  const data: Omit<Dashboard, "currency"> = {
    batchWise,
    courseWise,
    recentPayments,
    overdue: { amount: t.overdue, students: t.overdueStudents, dues: t.overdueDues },
    collectionRate: { due: t.rateDue, paid: t.ratePaid, rate: t.rateDue > 0 ? Math.round((t.ratePaid / t.rateDue) * 10_000) / 10_000 : null },
    monthly: [...months.values()],
    topOutstandingBatches: top(batchWise),
    topOutstandingCourses: top(courseWise),
  };
  return data;
}

/**
 * Money taken in each month (YYYY-MM) from the day `from` to before the day `until`, by the day it
 * was paid, whatever it paid for (a reversal takes it back from that month); with a batch or
 * course, only what went on that batch's or course's dues.
 */
function collectedByMonth(scope: TenantScope, query: { batchId?: number; courseId?: number }, from: string, until: string) {
  const narrowed = query.batchId || query.courseId;
  const ofDues = narrowed
    ? inArray(
        feeLedger.feeId,
        scope.db
          .select({ id: fees.id })
          .from(fees)
          .leftJoin(feeMasters, and(eq(feeMasters.tenantId, fees.tenantId), eq(feeMasters.id, fees.feeMasterId)))
          .where(
            scope.where(
              fees,
              query.batchId ? eq(fees.batchId, query.batchId) : undefined,
              query.courseId ? sql`${courseOfDue} = ${query.courseId}` : undefined,
            ),
          ),
      )
    : undefined;
  return scope.db
    .select({ month: sql<string>`to_char(${feeTransactions.paidOn}, 'YYYY-MM')`, collected: num(sql`-sum(${feeLedger.amount})`) })
    .from(feeLedger)
    .innerJoin(feeTransactions, and(eq(feeTransactions.tenantId, feeLedger.tenantId), eq(feeTransactions.id, feeLedger.transactionId)))
    .where(
      scope.where(
        feeLedger,
        inArray(feeLedger.kind, narrowed ? ["payment", "reversal"] : ["payment", "reversal", "advance"]),
        ofDues,
        gte(feeTransactions.paidOn, from),
        lt(feeTransactions.paidOn, until),
      ),
    )
    .groupBy(sql`1`);
}

/** The latest payments (not reversed), in the date range; with a batch or course, of students with dues there. */
async function recent(scope: TenantScope, query: { batchId?: number; courseId?: number; from?: string; to?: string }, d: DueLines) {
  const narrowed = query.batchId || query.courseId;
  const students = studentColumns(scope);
  const base = narrowed ? scope.db.with(d) : scope.db;
  return base
    .select({
      id: feeTransactions.id,
      studentId: feeTransactions.studentId,
      studentName: students.name,
      amount: feeTransactions.amount,
      mode: feeTransactions.mode,
      paidOn: feeTransactions.paidOn,
      receiptNumber: feeReceipts.number,
    })
    .from(feeTransactions)
    .innerJoin(students, and(eq(students.tenantId, feeTransactions.tenantId), eq(students.id, feeTransactions.studentId)))
    .leftJoin(feeReceipts, and(eq(feeReceipts.tenantId, feeTransactions.tenantId), eq(feeReceipts.transactionId, feeTransactions.id)))
    .where(
      scope.where(
        feeTransactions,
        eq(feeTransactions.kind, "payment"),
        ne(feeTransactions.status, "reversed"),
        query.from ? gte(feeTransactions.paidOn, query.from) : undefined,
        query.to ? lte(feeTransactions.paidOn, query.to) : undefined,
        narrowed ? sql`${feeTransactions.studentId} in (select ${d.studentId} from ${d})` : undefined,
      ),
    )
    .orderBy(desc(feeTransactions.paidOn), desc(feeTransactions.id))
    .limit(RECENT);
}

/**
 * The office dashboard's fee figures over the days `from` to `last` (no later than today): the money
 * that came in over those days (as the fee dashboard's months count it), what is still owed of the
 * dues that fell due by `last` (pledges left out), and the balances overdue today of the dues the
 * filter names. What there was to collect is what came in plus what is still owed.
 */
export async function feeCollection(scope: TenantScope, filter: { batchId?: number; courseId?: number }, from: string, last: string, today: string) {
  // Only a due that fell due by today can be owed or overdue: reading those alone keeps the sums to the past.
  const d = dueLines(scope, { ...filter, to: today }, today);
  const [months, [owing]] = await Promise.all([
    collectedByMonth(scope, filter, from, addDays(last, 1)),
    scope.db
      .with(d)
      .select({
        owed: num(sql`sum(${d.balance}) filter (where not ${d.pledge} and ${d.balance} > 0 and ${d.dueDate} <= ${last}::date)`),
        overdue: num(sql`sum(${d.balance}) filter (where ${overdueOf(d)})`),
        students: sql<number>`count(distinct ${d.studentId}) filter (where ${overdueOf(d)})`.mapWith(Number),
      })
      .from(d),
  ]);
  const collected = months.reduce((sum, m) => sum + m.collected, 0);
  return { collected, due: collected + (owing?.owed ?? 0), overdue: owing?.overdue ?? 0, overdueStudents: owing?.students ?? 0 };
}
