import type { PaymentMode } from "@taleem/contract";
import { addDays } from "@taleem/contract";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { enrolments } from "../../modules/academics/enrolments.table.js";
import { reverseTransaction } from "../../modules/fees/fee-collection.service.js";
import { dueSums } from "../../modules/fees/fee-ledger.js";
import { financialYearOf, formatNumber } from "../../modules/fees/fee-numbers.js";
import { allocate } from "../../modules/fees/fee-rules.js";
import { feeLedger, feeNumberSeries, feeReceipts, fees, feeTransactions } from "../../modules/fees/fees.table.js";
import { guardians, users } from "../../platform/auth/users.table.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantTable } from "../../platform/tenancy/tenant-table.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import type { Db } from "../client.js";
import { academicYears } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

/** The 10th of each month of the academic year, April to March. */
function monthlyDates(startDate: string): string[] {
  const [y] = startDate.split("-").map(Number) as [number];
  return Array.from({ length: 12 }, (_, k) => new Date(Date.UTC(y, 3 + k, 10)).toISOString().slice(0, 10));
}

/** The quarter of the academic year a date falls in (0 for April to June). */
const termOf = (date: string, startDate: string) => {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const [sy] = startDate.split("-").map(Number) as [number];
  return Math.floor(((y - sy) * 12 + m - 4) / 3);
};

/** How families pay here: mostly cash at the office, then UPI, bank transfers and a few cheques. */
const modeFor = (x: number): PaymentMode => (x < 0.6 ? "cash" : x < 0.85 ? "upi" : x < 0.95 ? "bank" : "cheque");

/** Rows in chunks of 500, each chunk one statement: the seed's writes stay a handful of statements. */
async function insertChunked<T extends TenantTable>(scope: TenantScope, table: T, rows: Omit<T["$inferInsert"], "tenantId">[]): Promise<T["$inferSelect"][]> {
  const out: T["$inferSelect"][] = [];
  for (let i = 0; i < rows.length; i += 500) out.push(...(await scope.insertMany(table, rows.slice(i, i + 500))));
  return out;
}

/**
 * This year's fees: a monthly tuition structure for the whole batch (a late fine per day after a
 * week's grace), a quarterly hostel fee for the hifz boarders (a group), a zakat waiver for one
 * boarder and a sibling's 10% off tuition for the demo parent's second child, the dues generated
 * through the API; then the year's payments so far, set-based in one transaction (a few
 * statements, not one request per payment) with the counter's own rules: fee-rules' allocation
 * (oldest dues first) and the year's receipt series, numbered in date order. Most families paid
 * each quarter on time, some paid the last quarter only in part, a few stopped after the first;
 * one cheque was reversed when it bounced, through the collection service.
 */
export async function feesDemo({ api, app, ids, random, today, accounts }: DemoSchool): Promise<void> {
  const db = app.services.db as Db;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, "DEMO"));
  const scope = new TenantScope(db, tenant!.id);
  const year = academicYears(today).current;
  const batchId = ids.get("batch", "current");

  const boarders = (
    await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(
        scope.where(
          enrolments,
          inArray(enrolments.classroomId, [ids.get("classroom", "hifz1-boys"), ids.get("classroom", "hifz2-boys")]),
          eq(enrolments.status, "active"),
        ),
      )
      .orderBy(asc(enrolments.studentId))
  ).map((r) => r.id);
  const group = await api.post<{ data: { id: number } }>("/admin/api/student-group", {
    name: "Hostel boarders",
    description: "Hifz boys staying in the hostel",
  });
  await api.post("/admin/api/student-group/bulk-update", { id: group.data.id, studentIds: boarders });

  const children = await db
    .select({ id: guardians.studentId })
    .from(guardians)
    .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
    .where(scope.where(guardians, eq(users.mobile, accounts.parent.mobile)))
    .orderBy(asc(guardians.studentId));
  const validity = { validFrom: year.startDate, validTo: year.endDate };
  if (boarders.length)
    await api.post("/admin/api/feeconcession", {
      name: "Zakat: orphan boarder",
      level: "student",
      studentId: random.pick(boarders),
      kind: "waiver",
      value: 0,
      reason: "Orphan; the masjid committee's zakat fund pays tuition and hostel",
      fundSource: "zakat",
      ...validity,
    });
  if (children[1])
    await api.post("/admin/api/feeconcession", {
      name: "Sibling 10%",
      level: "student",
      studentId: children[1].id,
      kind: "percent",
      value: 1000,
      heads: ["tuition"],
      reason: "Second child of the family at the madrasa",
      fundSource: "sibling",
      ...validity,
    });

  const monthly = monthlyDates(year.startDate);
  const tuition = await api.post<{ data: { id: number } }>("/admin/api/feesmaster", {
    name: "Tuition",
    batchId,
    fineRule: { kind: "perDay", graceDays: 7, amount: 1_000, cap: 20_000 },
    lines: [{ head: "tuition", name: "Tuition", amount: 120_000, frequency: "monthly", dueDates: monthly }],
  });
  const hostel = await api.post<{ data: { id: number } }>("/admin/api/feesmaster", {
    name: "Hostel",
    batchId,
    groupId: group.data.id,
    fineRule: { kind: "fixed", graceDays: 15, amount: 25_000 },
    lines: [{ head: "hostel", name: "Hostel and meals", amount: 900_000, frequency: "quarterly", dueDates: [0, 3, 6, 9].map((k) => addDays(monthly[k]!, 5)) }],
  });
  for (const m of [tuition, hostel]) await api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: m.data.id });

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.mobile, accounts.admin.mobile)));
  await scope.transaction(async (tx) => {
    const dues = await tx.db
      .select()
      .from(fees)
      .where(tx.where(fees, eq(fees.batchId, batchId), eq(fees.status, "open"), lte(fees.dueDate, today)))
      .orderBy(asc(fees.studentId), asc(fees.dueDate), asc(fees.id));
    const sums = await dueSums(
      tx,
      dues.map((d) => d.id),
    );
    // Each family's quarters: what fell due in each, net of concessions.
    const terms = new Map<number, Map<number, { first: string; amount: number }>>();
    for (const d of dues) {
      const owed = (sums.get(d.id)?.charged ?? 0) - (sums.get(d.id)?.concession ?? 0);
      if (owed <= 0) continue;
      const byTerm = terms.get(d.studentId) ?? new Map<number, { first: string; amount: number }>();
      terms.set(d.studentId, byTerm);
      const t = termOf(d.dueDate, year.startDate);
      const term = byTerm.get(t) ?? { first: d.dueDate, amount: 0 };
      byTerm.set(t, term);
      term.amount += owed;
    }
    const payments: { studentId: number; term: number; paidOn: string; amount: number; mode: PaymentMode }[] = [];
    for (const [studentId, byTerm] of terms) {
      const habit = random.next();
      const kept = [...byTerm.entries()].sort((a, b) => a[0] - b[0]);
      for (const [i, [term, { first, amount }]] of kept.entries()) {
        const last = i === kept.length - 1;
        // A few families stopped after the first quarter; some paid the last one only in part.
        if (habit < 0.08 && i > 0) break;
        const part = habit < 0.22 && last && kept.length > 1 ? Math.round(amount / 200) * 100 : amount;
        const early = addDays(first, -random.int(0, 6));
        const paidOn = early > today ? today : early < year.startDate ? year.startDate : early;
        const mode = modeFor(random.next());
        payments.push({ studentId, term, paidOn, amount: part, mode });
      }
    }
    payments.sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.studentId - b.studentId);
    // Each payment spread as the counter spreads it (fee-rules' allocate: the oldest dues first).
    // Every one is on time, so no fine is due when it is taken.
    const open = new Map<number, { feeId: number; name: string; dueDate: string; fine: number; balance: number }[]>();
    for (const d of dues) {
      const owed = (sums.get(d.id)?.charged ?? 0) - (sums.get(d.id)?.concession ?? 0);
      if (owed > 0) open.set(d.studentId, [...(open.get(d.studentId) ?? []), { feeId: d.id, name: d.name, dueDate: d.dueDate, fine: 0, balance: owed }]);
    }
    const by = admin?.id ?? null;
    const made = await insertChunked(
      tx,
      feeTransactions,
      payments.map((p) => {
        // Cash taken this last week waits for the office to confirm it.
        const confirmed = !(p.mode === "cash" && p.paidOn > addDays(today, -7));
        return {
          studentId: p.studentId,
          kind: "payment" as const,
          amount: p.amount,
          mode: p.mode,
          reference: p.mode === "cash" ? null : `${p.mode.toUpperCase()}-${String(random.int(100000, 999999))}`,
          paidOn: p.paidOn,
          status: confirmed ? ("confirmed" as const) : ("received" as const),
          collectedBy: by,
          confirmedBy: confirmed ? by : null,
          confirmedAt: confirmed ? new Date(`${p.paidOn}T11:00:00Z`) : null,
          idempotencyKey: `demo-${p.studentId}-${p.term}`,
          // Taken at the office that morning, so the screens show the day it was paid.
          createdAt: new Date(`${p.paidOn}T05:00:00Z`),
        };
      }),
    );
    const ledger: Omit<typeof feeLedger.$inferInsert, "tenantId">[] = [];
    for (const [i, p] of payments.entries()) {
      const owed = open.get(p.studentId) ?? [];
      const { allocations } = allocate(p.amount, owed);
      for (const a of allocations) {
        const due = owed.find((o) => o.feeId === a.feeId);
        if (due) due.balance -= a.amount;
        ledger.push({
          studentId: p.studentId,
          feeId: a.feeId,
          transactionId: made[i]!.id,
          kind: a.kind === "advance" ? "advance" : "payment",
          amount: -a.amount,
          createdBy: by,
          createdAt: made[i]!.createdAt,
        });
      }
    }
    await insertChunked(tx, feeLedger, ledger);
    // Receipts numbered in date order from the year's series, which is then moved past them.
    const country = "IN";
    const years = new Map<string, number>();
    const receipts = made.map((t) => {
      const financialYear = financialYearOf(t.paidOn, country);
      const n = (years.get(financialYear) ?? 0) + 1;
      years.set(financialYear, n);
      return {
        number: formatNumber("receipt", financialYear, n),
        financialYear,
        transactionId: t.id,
        studentId: t.studentId,
        kind: "payment" as const,
        amount: t.amount,
        createdAt: t.createdAt,
      };
    });
    await insertChunked(tx, feeReceipts, receipts);
    for (const [financialYear, last] of years) await tx.insert(feeNumberSeries, { series: "receipt", financialYear, last });
    const bounced = made.find((t) => t.mode === "cheque" && t.paidOn < addDays(today, -20));
    if (bounced) await reverseTransaction(tx, bounced.id, "Cheque returned unpaid by the bank (insufficient funds)", by);
  });
}
