import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { financialYearOf, formatNumber } from "../src/modules/fees/fee-numbers.js";
import { schoolToday } from "../src/platform/tenancy/school-calendar.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchKinds, benchSignIn, type DatabaseKind, fmt, kindLabel, listen, openBenchApp, pct, seedSchool } from "./bench-kit.js";

/**
 * Fees at a school of 5,000 students with 60,000 dues (twelve monthly instalments each, the first
 * eight or nine past; seven families in ten paid all of them, the rest all but the last two): `collect-fees` over HTTP (session, the
 * request's transaction, the student's lock, the day's fines, allocation, the receipt's number,
 * audit, the reply's schema) and the fee dashboard, each beside its bare SQL on the same database
 * in the same run, app and bare taking turns so a busy machine slows both alike. The bare
 * payment is the statements a payment needs (lock, the open dues' balances, the transaction,
 * one ledger row, the next number, the receipt) in one transaction; the bare dashboard is the
 * same grouped sums written by hand.
 */
const SCHOOL = { code: "BENCHFEES", students: 5000, mobile: "+919000000091" };
const MONTHS = 12;
const MONTHLY = 150_000;
const COURSES = 5;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const DASHBOARD_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The first of the month `n` months before `date`'s, and the 10th of each month after it. */
function months(today: string) {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const at = (k: number, day: number) => new Date(Date.UTC(y, m - 1 - 8 + k, day)).toISOString().slice(0, 10);
  return { start: at(0, 1), end: at(12, 0), dues: Array.from({ length: MONTHS }, (_, k) => at(k, 10)) };
}

/** The fee data, set-based: a batch, five courses each with a tuition structure, 60,000 dues with their charges, and a term of payments. */
async function seedFees(db: Db, tenantId: number) {
  const scope = new TenantScope(db, tenantId);
  const today = await schoolToday(scope);
  const { start, end, dues } = months(today);
  const paidOn = dues[0]!;
  const fy = financialYearOf(paidOn, "IN");
  await scope.transaction(async (tx) => {
    const t = tenantId;
    const [batch] = rowsOf<{ id: number }>(
      await tx.db.execute(sql`insert into batches (tenant_id, name, start_date, end_date) values (${t}, 'Bench year', ${start}, ${end}) returning id`),
    );
    const courseIds = rowsOf<{ id: number }>(
      await tx.db.execute(
        sql`insert into courses (tenant_id, name, kind) select ${t}, 'Course ' || g, 'school' from generate_series(1, ${COURSES}) g returning id`,
      ),
    ).map((r) => r.id);
    const rule = JSON.stringify({ kind: "perDay", graceDays: 5, amount: 1_000, cap: 30_000 });
    const dueArray = `{${dues.join(",")}}`;
    await tx.db.execute(sql`
      with m as (
        insert into fee_masters (tenant_id, name, batch_id, course_id, fine_rule)
        select ${t}, 'Tuition ' || c.ord, ${batch!.id}, c.id, ${rule}::jsonb
        from unnest(${`{${courseIds.join(",")}}`}::int[]) with ordinality as c(id, ord)
        returning id, course_id
      )
      insert into fee_master_lines (tenant_id, fee_master_id, head, name, amount, frequency, due_dates)
      select ${t}, m.id, 'tuition', 'Tuition', ${MONTHLY}, 'monthly', ${dueArray}::date[] from m`);
    // Each student in one course's structure, by id; twelve instalments each.
    await tx.db.execute(sql`
      with ls as (
        select l.id as line_id, l.fee_master_id, l.due_dates, row_number() over (order by l.id) - 1 as k
        from fee_master_lines l where l.tenant_id = ${t}
      ),
      s as (select id, (row_number() over (order by id) - 1) % ${COURSES} as k from students where tenant_id = ${t})
      insert into fees (tenant_id, student_id, batch_id, fee_master_id, fee_master_line_id, instalment, head, name, due_date, amount, fine_rule)
      select ${t}, s.id, ${batch!.id}, ls.fee_master_id, ls.line_id, i - 1, 'tuition', 'Tuition', ls.due_dates[i], ${MONTHLY}, ${rule}::jsonb
      from s join ls on ls.k = s.k cross join generate_series(1, ${MONTHS}) i`);
    await tx.db.execute(sql`
      insert into fee_ledger (tenant_id, student_id, fee_id, kind, amount)
      select tenant_id, student_id, id, 'charge', amount from fees where tenant_id = ${t}`);
    // Seven families in ten paid every month due so far, the rest all but the last two, in one payment on the first due date.
    const past = dues.filter((d) => d <= today).length;
    const paid = rowsOf<{ id: number; student_id: number; amount: number }>(
      await tx.db.execute(sql`
        insert into fee_transactions (tenant_id, student_id, kind, amount, mode, paid_on, status)
        select ${t}, id, 'payment', ${MONTHLY}::bigint * (case when id % 10 < 7 then ${past}::int else ${past - 2}::int end), 'cash', ${paidOn}, 'confirmed'
        from students where tenant_id = ${t}
        order by id
        returning id, student_id, amount`),
    );
    await tx.db.execute(sql`
      insert into fee_ledger (tenant_id, student_id, fee_id, transaction_id, kind, amount)
      select ${t}, f.student_id, f.id, tr.id, 'payment', -f.amount
      from fee_transactions tr join fees f on f.tenant_id = tr.tenant_id and f.student_id = tr.student_id and f.instalment < tr.amount / ${MONTHLY}::bigint
      where tr.tenant_id = ${t}`);
    const sorted = [...paid].sort((a, b) => a.id - b.id);
    for (let from = 0; from < sorted.length; from += 1000) {
      const chunk = sorted.slice(from, from + 1000);
      const numbers = chunk.map((_, k) => formatNumber("receipt", fy, from + k + 1));
      await tx.db.execute(sql`
        insert into fee_receipts (tenant_id, number, financial_year, transaction_id, student_id, kind, amount)
        select ${t}, n, ${fy}, tr, st, 'payment', amt
        from unnest(${`{${numbers.join(",")}}`}::text[], ${`{${chunk.map((c) => c.id).join(",")}}`}::int[], ${`{${chunk.map((c) => c.student_id).join(",")}}`}::int[], ${`{${chunk.map((c) => c.amount).join(",")}}`}::bigint[]) as x(n, tr, st, amt)`);
    }
    await tx.db.execute(sql`insert into fee_number_series (tenant_id, series, financial_year, last) values (${t}, 'receipt', ${fy}, ${sorted.length})`);
  });
  const [n] = rowsOf<{ dues: number; ledger: number }>(
    await db.execute(
      sql`select (select count(*) from fees where tenant_id = ${tenantId})::int as dues, (select count(*) from fee_ledger where tenant_id = ${tenantId})::int as ledger`,
    ),
  );
  return { today, dues: n!.dues, ledger: n!.ledger, fy };
}

/** The statements one payment needs, by hand, in one transaction: the bare limit of collect-fees. */
async function barePayment(db: Db, tenantId: number, studentId: number, fy: string, paidOn: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from students where tenant_id = ${tenantId} and id = ${studentId} for update`);
    const open = rowsOf<{ id: number; balance: number }>(
      await tx.execute(sql`
        select f.id, sum(l.amount)::bigint as balance from fees f join fee_ledger l on l.tenant_id = f.tenant_id and l.fee_id = f.id
        where f.tenant_id = ${tenantId} and f.student_id = ${studentId} and f.status = 'open'
        group by f.id, f.due_date having sum(l.amount) > 0 order by f.due_date, f.id`),
    );
    const [tr] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into fee_transactions (tenant_id, student_id, kind, amount, mode, paid_on, status, idempotency_key)
        values (${tenantId}, ${studentId}, 'payment', ${MONTHLY}, 'cash', ${paidOn}, 'received', ${randomBytes(12).toString("hex")}) returning id`),
    );
    await tx.execute(
      sql`insert into fee_ledger (tenant_id, student_id, fee_id, transaction_id, kind, amount) values (${tenantId}, ${studentId}, ${open[0]?.id ?? null}, ${tr!.id}, 'payment', ${-MONTHLY})`,
    );
    const [n] = rowsOf<{ last: number }>(
      await tx.execute(
        sql`update fee_number_series set last = last + 1 where tenant_id = ${tenantId} and series = 'receipt' and financial_year = ${fy} returning last`,
      ),
    );
    await tx.execute(sql`
      insert into fee_receipts (tenant_id, number, financial_year, transaction_id, student_id, kind, amount)
      values (${tenantId}, ${formatNumber("receipt", fy, n!.last)}, ${fy}, ${tr!.id}, ${studentId}, 'payment', ${MONTHLY})`);
  });
}

/** The dashboard's figures by hand: each due's ledger sums, grouped by batch, course, month and in all; money by month paid; the latest payments. */
async function bareDashboard(db: Db, tenantId: number, today: string) {
  const d = sql`
    with d as (
      select f.id, f.student_id, f.batch_id, f.due_date, f.pledge,
        coalesce(m.course_id, (select e.course_id from enrolments e where e.tenant_id = f.tenant_id and e.student_id = f.student_id and e.batch_id = f.batch_id
          order by (e.status = 'active') desc, e.started_on desc, e.id desc limit 1)) as course_id,
        (not f.pledge and f.due_date + coalesce((f.fine_rule->>'graceDays')::int, 0) < ${today}::date) as late,
        coalesce(sum(l.amount) filter (where l.kind = 'charge'), 0) as charged,
        -coalesce(sum(l.amount) filter (where l.kind = 'concession'), 0) as concession,
        coalesce(sum(l.amount) filter (where l.kind in ('fine', 'fineWaiver')), 0) as fine,
        -coalesce(sum(l.amount) filter (where l.kind in ('payment', 'reversal')), 0) as paid,
        coalesce(sum(l.amount), 0) as balance
      from fees f left join fee_masters m on m.tenant_id = f.tenant_id and m.id = f.fee_master_id
      left join fee_ledger l on l.tenant_id = f.tenant_id and l.fee_id = f.id
      where f.tenant_id = ${tenantId} and f.status = 'open' and f.due_date <= ${today}::date
      group by f.tenant_id, f.id, m.course_id
    )`;
  await db.execute(sql`${d} select grouping(batch_id, course_id, to_char(due_date, 'YYYY-MM')), batch_id, course_id, to_char(due_date, 'YYYY-MM'),
      sum(charged - concession + fine), sum(paid), sum(balance), count(distinct student_id),
      sum(charged - concession + fine) filter (where not pledge),
      sum(balance) filter (where late and balance > 0), count(distinct student_id) filter (where late and balance > 0), count(*) filter (where late and balance > 0),
      sum(charged - concession + fine) filter (where not pledge and charged > concession), sum(paid) filter (where not pledge and charged > concession)
      from d group by grouping sets ((batch_id), (course_id), (to_char(due_date, 'YYYY-MM')), ())`);
  await db.execute(sql`select to_char(t.paid_on, 'YYYY-MM'), -sum(l.amount) from fee_ledger l
      join fee_transactions t on t.tenant_id = l.tenant_id and t.id = l.transaction_id
      where l.tenant_id = ${tenantId} and l.kind in ('payment', 'reversal', 'advance') and t.paid_on >= date_trunc('month', ${today}::date) - interval '11 months' and t.paid_on < date_trunc('month', ${today}::date) + interval '1 month'
      group by 1`);
  await db.execute(sql`select t.id, s.name, r.number from fee_transactions t join students s on s.tenant_id = t.tenant_id and s.id = t.student_id
      left join fee_receipts r on r.tenant_id = t.tenant_id and r.transaction_id = t.id
      where t.tenant_id = ${tenantId} and t.kind = 'payment' and t.status <> 'reversed' order by t.paid_on desc, t.id desc limit 10`);
}

const ms = async (run: () => Promise<unknown>) => {
  const t = performance.now();
  await run();
  return performance.now() - t;
};

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const db = database.db as Db;
  try {
    const started = performance.now();
    const tenantId = await seedSchool(db, SCHOOL);
    const studentsSeeded = performance.now();
    const seeded = await seedFees(db, tenantId);
    const seedSeconds = { students: (studentsSeeded - started) / 1000, fees: (performance.now() - studentsSeeded) / 1000 };
    await analyze();
    const base = await listen(app);
    const headers = {
      "x-access-token": await benchSignIn(app, { mobile: SCHOOL.mobile, password: BENCH_PASSWORD, code: SCHOOL.code }),
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json",
    };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    // Students who owe something, half for the app and half for the bare statements; a few to warm both.
    const owing = rowsOf<{ id: number }>(
      await db.execute(sql`select id from students where tenant_id = ${tenantId} and id % 10 >= 7 order by id limit ${2 * PAYMENTS + 10}`),
    ).map((r) => r.id);
    for (const id of owing.slice(0, 5))
      await call("POST", "/admin/api/feepayment/collect-fees", {
        studentId: id,
        amount: MONTHLY,
        mode: "cash",
        idempotencyKey: randomBytes(12).toString("hex"),
      });
    for (const id of owing.slice(5, 10)) await barePayment(db, tenantId, id, seeded.fy, seeded.today);
    const appTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const mine = owing[10 + 2 * i]!;
      const theirs = owing[11 + 2 * i]!;
      appTimes.push(
        await ms(() =>
          call("POST", "/admin/api/feepayment/collect-fees", {
            studentId: mine,
            amount: MONTHLY,
            mode: "cash",
            idempotencyKey: randomBytes(12).toString("hex"),
          }),
        ),
      );
      bareTimes.push(await ms(() => barePayment(db, tenantId, theirs, seeded.fy, seeded.today)));
    }
    await call("GET", "/admin/api/fees/dashboard");
    await bareDashboard(db, tenantId, seeded.today);
    const dashApp: number[] = [];
    const dashBare: number[] = [];
    let figures: { collectionRate: { rate: number | null }; overdue: { amount: number; students: number } } | undefined;
    for (let i = 0; i < DASHBOARD_ROUNDS; i++) {
      dashApp.push(
        await ms(async () => {
          figures = (await call("GET", "/admin/api/fees/dashboard")).data;
        }),
      );
      dashBare.push(await ms(() => bareDashboard(db, tenantId, seeded.today)));
    }
    return { seedSeconds, seeded, appTimes, bareTimes, dashApp, dashBare, figures };
  } finally {
    await close();
  }
}

console.log(
  `Fees: a school of ${SCHOOL.students.toLocaleString("en-US")} students, ${MONTHS} monthly dues each; collect-fees over HTTP (${PAYMENTS} payments, each a different family) and the dashboard (${DASHBOARD_ROUNDS} runs), each beside its bare SQL in the same run.`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL.)");
for (const kind of benchKinds()) {
  const r = await benchOn(kind);
  const line = (label: string, app: number[], bare: number[]) => {
    const [a50, a95, b50, b95] = [pct(app, 50), pct(app, 95), pct(bare, 50), pct(bare, 95)];
    console.log(
      `  ${label.padEnd(14)} Taleem p50 ${fmt(a50)} ms  p95 ${fmt(a95)} ms   bare SQL p50 ${fmt(b50)} ms  p95 ${fmt(b95)} ms   ${fmt(a50 / b50)}x at p50, ${fmt(a95 / b95)}x at p95`,
    );
  };
  console.log(
    `\n${kindLabel(kind)}: ${r.seeded.dues.toLocaleString("en-US")} dues, ${r.seeded.ledger.toLocaleString("en-US")} ledger rows, seeded in ${fmt(r.seedSeconds.students)} s (the students and parents) + ${fmt(r.seedSeconds.fees)} s (the fees, set-based)`,
  );
  line("collect-fees", r.appTimes, r.bareTimes);
  line("dashboard", r.dashApp, r.dashBare);
  if (r.figures)
    console.log(
      `  (the dashboard's collection rate ${r.figures.collectionRate.rate === null ? "-" : `${fmt(r.figures.collectionRate.rate * 100)}%`}, overdue ${r.figures.overdue.students.toLocaleString("en-US")} students)`,
    );
}
