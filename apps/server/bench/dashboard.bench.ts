import { addDays, FULL_ACCESS } from "@taleem/contract";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { Db } from "../src/db/client.js";
import { ensureAttendanceDefaults } from "../src/modules/attendance/attendance-codes.service.js";
import { STANDARD_PRAYERS, STANDARD_SALAAH_OPTIONS } from "../src/modules/attendance/salaah.service.js";
import { schoolDashboard } from "../src/modules/dashboard/school-dashboard.service.js";
import { activeRecitationTypes } from "../src/modules/hifz/recitation.service.js";
import type { RequestContext } from "../src/platform/actions/request-context.js";
import { ensureStandardRows } from "../src/platform/resources/standard-rows.js";
import { schoolToday } from "../src/platform/tenancy/school-calendar.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { benchClient, benchKinds, type DatabaseKind, fmt, kindLabel, openBenchApp, pct, seedSchool } from "./bench-kit.js";

/**
 * The admin dashboard (`GET /admin/api/dashboard`, this month to today, no filter) at a school of
 * 5,000 students with a realistic month: 40 classes of about 110, every day's register and marks,
 * five prayers a day for a fortnight, 2,500 huffaz with a new lesson and a revision every day,
 * twelve monthly dues each with a term of payments, an examination of 200 papers with its results,
 * a published report card, applications and staff. All rows set-based (INSERT ... SELECT).
 * Printed: the p95 over HTTP beside the p95 of the same statements the service runs, recorded at
 * the driver and replayed directly in one transaction, and their ratio.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SCHOOL = { code: "BENCHDASH", students: 5000, mobile: "+919000000071" };
const ROOMS = 40;
const PRAYER_DAYS = 14;
const MONTHLY = 150_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The month's data around today, set-based. */
async function seedMonth(db: Db, tenantId: number, call: Awaited<ReturnType<typeof benchClient>>) {
  const scope = new TenantScope(db, tenantId);
  const today = await schoolToday(scope);
  const monthStart = `${today.slice(0, 8)}01`;
  const start = addDays(today, -150);
  await call("PUT", "/admin/api/setting", { config: { workingDays: [1, 2, 3, 4, 5, 6, 7] } });
  const batch = (await call<{ data: { id: number } }>("POST", "/admin/api/batch", { name: "Bench year", startDate: start, endDate: addDays(today, 200) })).data;
  const course = (await call<{ data: { id: number } }>("POST", "/admin/api/course", { name: "School", kind: "school" })).data;
  const subjects: number[] = [];
  for (const name of ["Quran", "Fiqh", "Arabic", "Maths", "English"]) {
    subjects.push((await call<{ data: { id: number } }>("POST", "/admin/api/subject", { name, code: name.slice(0, 3).toUpperCase() })).data.id);
  }
  const t = tenantId;
  await scope.transaction(async (tx) => {
    await ensureAttendanceDefaults(tx);
    await ensureStandardRows(tx, STANDARD_PRAYERS, STANDARD_SALAAH_OPTIONS);
    await activeRecitationTypes(tx);
    // Eight classes of five divisions: 40 classrooms; the active students shared among them by id.
    await tx.db.execute(sql`
      insert into course_classes (tenant_id, course_id, name, sort_order)
      select ${t}, ${course.id}, 'Class ' || g, g from generate_series(1, 8) g`);
    await tx.db.execute(sql`
      insert into classrooms (tenant_id, batch_id, course_id, course_class_id, name)
      select ${t}, ${batch.id}, ${course.id}, cc.id, d from course_classes cc cross join unnest(array['A','B','C','D','E']) d
      where cc.tenant_id = ${t}`);
    await tx.db.execute(sql`
      with r as (select id, row_number() over (order by id) - 1 as k from classrooms where tenant_id = ${t}),
           s as (select id, row_number() over (order by id) - 1 as k from students where tenant_id = ${t} and status = 'active')
      insert into enrolments (tenant_id, student_id, batch_id, course_id, classroom_id, status, started_on, roll_no, record_token)
      select ${t}, s.id, ${batch.id}, ${course.id}, r.id, 'active', ${start}, s.k / ${ROOMS} + 1, substr(md5(random()::text) || md5(s.id::text), 1, 43)
      from s join r on r.k = s.k % ${ROOMS}`);
    // Every day of the month to yesterday: registers taken and marked (90% present, 4% late, 6% absent); today 30 of 40 taken.
    await tx.db.execute(sql`
      insert into attendance_registers (tenant_id, classroom_id, date, hour_id)
      select ${t}, c.id, d::date, 0 from classrooms c cross join generate_series(${monthStart}::date, ${today}::date, interval '1 day') d
      where c.tenant_id = ${t} and (d::date < ${today}::date or c.id % 4 <> 0)`);
    await tx.db.execute(sql`
      insert into attendance_marks (tenant_id, student_id, classroom_id, date, hour_id, code_id, meaning)
      select e.tenant_id, e.student_id, e.classroom_id, r.date, 0, ac.id, m.meaning
      from enrolments e join attendance_registers r on r.tenant_id = e.tenant_id and r.classroom_id = e.classroom_id
      cross join lateral (select case when (e.student_id * 7 + extract(day from r.date)::int) % 50 < 45 then 'present'
                                      when (e.student_id * 7 + extract(day from r.date)::int) % 50 < 47 then 'late' else 'absent' end as meaning) m
      cross join lateral (select id from attendance_codes ac where ac.tenant_id = e.tenant_id and ac.meaning = m.meaning order by ac.id limit 1) ac
      where e.tenant_id = ${t}`);
    // Five prayers a day for a fortnight, most in congregation.
    await tx.db.execute(sql`
      insert into salaah_logs (tenant_id, student_id, salaah_type_id, option_id, date)
      select e.tenant_id, e.student_id, st.id,
             (select o.id from salaah_options o where o.tenant_id = e.tenant_id and o.builtin_key = case when (e.student_id + st.id + extract(day from d)::int) % 10 < 8 then 'congregation' else 'missed' end),
             d::date
      from enrolments e cross join generate_series(${addDays(today, 1 - PRAYER_DAYS)}::date, ${today}::date, interval '1 day') d
      join salaah_types st on st.tenant_id = e.tenant_id and st.builtin_key in ('fajr', 'zuhr', 'asr', 'maghrib', 'isha')
      where e.tenant_id = ${t}`);
    // Half the students in the programme: a new lesson (sabaq) and a revision every day of the month.
    await tx.db.execute(sql`
      insert into hafiz (tenant_id, student_id, course_id, daily_target, target_unit)
      select ${t}, student_id, ${course.id}, 5 + (student_id / 2) % 4, 'lines' from enrolments where tenant_id = ${t} and student_id % 2 = 0`);
    await tx.db.execute(sql`
      insert into hifz_logs (tenant_id, hafiz_id, recitation_type_id, date, start_ayah, end_ayah, pages, status)
      select h.tenant_id, h.id, rt.id, d::date, 1000 + (h.id % 500) * 10, 1000 + (h.id % 500) * 10 + 6, 0.5, 'completed'
      from hafiz h cross join generate_series(${monthStart}::date, ${today}::date, interval '1 day') d
      join recitation_types rt on rt.tenant_id = h.tenant_id and rt.builtin_key in ('sabaq', 'sabqi')
      where h.tenant_id = ${t}`);
    // Twelve monthly dues of every student from the batch's start, charged; seven in ten paid all due so far, the rest all but two.
    await tx.db.execute(sql`
      insert into fees (tenant_id, student_id, batch_id, instalment, head, name, due_date, amount)
      select ${t}, s.id, ${batch.id}, i - 1, 'tuition', 'Tuition', (${start}::date + ((i - 1) * interval '1 month'))::date, ${MONTHLY}
      from students s cross join generate_series(1, 12) i where s.tenant_id = ${t}`);
    await tx.db.execute(
      sql`insert into fee_ledger (tenant_id, student_id, fee_id, kind, amount) select tenant_id, student_id, id, 'charge', amount from fees where tenant_id = ${t}`,
    );
    await tx.db.execute(sql`
      insert into fee_transactions (tenant_id, student_id, kind, amount, mode, paid_on, status)
      select ${t}, id, 'payment', ${MONTHLY}, 'cash', ${start}, 'confirmed' from students where tenant_id = ${t}`);
    await tx.db.execute(sql`
      insert into fee_ledger (tenant_id, student_id, fee_id, transaction_id, kind, amount)
      select f.tenant_id, f.student_id, f.id, tr.id, 'payment', -f.amount
      from fees f join fee_transactions tr on tr.tenant_id = f.tenant_id and tr.student_id = f.student_id
      where f.tenant_id = ${t} and f.due_date <= ${today}::date and (f.student_id % 10 < 7 or f.due_date <= ${today}::date - interval '2 months')`);
    // Staff in today: the admin and twenty more.
    await tx.db.execute(sql`
      insert into staff_attendance (tenant_id, user_id, date, in_at)
      select ${t}, u.id, ${today}::date, now() from users u where u.tenant_id = ${t} order by u.id limit 21`);
  });
  // The term's examination of every classroom in five subjects (200 papers), running today, with every result; a published report card of it.
  const rooms = rowsOf<{ id: number }>(await db.execute(sql`select id from classrooms where tenant_id = ${t} order by id`)).map((r) => r.id);
  const master = (
    await call<{ data: { id: number } }>("POST", "/admin/api/exammaster", {
      name: "Term 1",
      batchId: batch.id,
      startDate: addDays(today, -3),
      endDate: addDays(today, 3),
      classroomIds: rooms,
      subjects: subjects.map((subjectId) => ({ subjectId, maxMarks: 100, passMarks: 35 })),
    })
  ).data;
  await db.execute(sql`
    insert into results (tenant_id, exam_id, student_id, marks, status)
    select x.tenant_id, x.id, e.student_id, 30 + (e.student_id + x.id) % 70, 'present'
    from exams x join enrolments e on e.tenant_id = x.tenant_id and e.classroom_id = x.classroom_id
    where x.tenant_id = ${t} and x.exam_master_id = ${master.id}`);
  const set = (
    await call<{ data: { id: number } }>("POST", "/admin/api/examset", { name: "Term 1 report", batchId: batch.id, components: [{ examMasterId: master.id }] })
  ).data;
  await call("POST", "/admin/api/examset/publish", { id: set.id });
  for (let i = 0; i < 25; i++) {
    await call("POST", "/admin/api/admission", {
      name: `Applicant ${i}`,
      guardianName: "Guardian",
      guardianMobile: `98470${String(10_000 + i)}`,
      courseId: course.id,
    });
  }
  const counts = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*) from attendance_marks where tenant_id = ${t})::int as marks,
      (select count(*) from salaah_logs where tenant_id = ${t})::int as prayers,
      (select count(*) from hifz_logs where tenant_id = ${t})::int as hifz,
      (select count(*) from fee_ledger where tenant_id = ${t})::int as ledger,
      (select count(*) from results where tenant_id = ${t})::int as results`),
  )[0]!;
  return { today, counts };
}

/** Records the statements drizzle sends (its logger, set on the session's shared options so a transaction's session has it too). */
function recorder(db: Db) {
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const seen: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => seen.push({ query, params }) };
  return {
    seen,
    on: () => {
      session.logger = logger;
      session.options.logger = logger;
    },
    off: () => {
      const quiet: Logger = { logQuery: () => {} };
      session.logger = quiet;
      session.options.logger = quiet;
    },
  };
}

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const db = database.db as Db;
  try {
    const tenantId = await seedSchool(db, SCHOOL);
    const client = await benchClient(app, SCHOOL);
    // A long statement can outlast the server's keep-alive: a socket it closed meanwhile is retried once.
    const call = (async (method: string, path: string, body?: unknown) =>
      client(method, path, body).catch((e: Error & { cause?: { code?: string } }) => {
        if (e.cause?.code !== "ECONNRESET") throw e;
        return client(method, path, body);
      })) as typeof client;
    const seeded = Date.now();
    const { counts } = await seedMonth(db, tenantId, call);
    const seedSeconds = (Date.now() - seeded) / 1000;
    await analyze();
    const [admin] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where tenant_id = ${tenantId} order by id limit 1`));

    // The service's own statements, once, as the admin (every module viewable).
    const rec = recorder(db);
    const ctx = (scope: TenantScope) =>
      ({ scope, principal: { userId: admin!.id, permissions: FULL_ACCESS, linkedStudentsOnly: false } }) as unknown as RequestContext;
    rec.on();
    const sample = await new TenantScope(db, tenantId).transaction((scope) => schoolDashboard(ctx(scope), {}));
    rec.off();
    // The service's statements only: not the transaction's begin, commit and the tenant's set_config.
    const statements = rec.seen.filter((s) => !/set_config|^\s*(begin|commit|rollback)\s*$/i.test(s.query));
    const replay = () =>
      new TenantScope(db, tenantId).transaction(async (scope) => {
        const client = (scope.db as unknown as { session: { client: { query: (q: string, p: unknown[]) => Promise<unknown> } } }).session.client;
        for (const s of statements) await client.query(s.query, s.params);
      });

    if (process.env.BENCH_DEBUG) {
      // Each statement's own time, the slowest first: where the dashboard spends it.
      const each = await new TenantScope(db, tenantId).transaction(async (scope) => {
        const client = (scope.db as unknown as { session: { client: { query: (q: string, p: unknown[]) => Promise<unknown> } } }).session.client;
        const out: { ms: number; query: string }[] = [];
        for (const st of statements) {
          const t = performance.now();
          await client.query(st.query, st.params);
          out.push({ ms: performance.now() - t, query: st.query.replace(/\s+/g, " ").slice(0, 160) });
        }
        return out;
      });
      const slowest = statements[each.indexOf(each.reduce((a, b) => (b.ms > a.ms ? b : a)))]!;
      for (const e of [...each].sort((a, b) => b.ms - a.ms).slice(0, 8)) console.log(`    ${fmt(e.ms)} ms  ${e.query}`);
      if (process.env.BENCH_DEBUG === "explain") {
        const slow = slowest;
        const plan = await new TenantScope(db, tenantId).transaction(async (scope) => {
          const client = (scope.db as unknown as { session: { client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } } })
            .session.client;
          return client.query(`explain analyze ${slow.query}`, slow.params);
        });
        console.log(slow.query, slow.params);
        for (const row of plan.rows) console.log(Object.values(row)[0]);
      }
    }
    const http: number[] = [];
    const bare: number[] = [];
    await call("GET", "/admin/api/dashboard");
    await replay();
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await call("GET", "/admin/api/dashboard");
      http.push(performance.now() - t);
      t = performance.now();
      await replay();
      bare.push(performance.now() - t);
    }
    return { counts, seedSeconds, http, bare, statements: statements.length, sample };
  } finally {
    await close();
  }
}

console.log(`The admin dashboard at a school of ${SCHOOL.students.toLocaleString("en-US")} students (${ROOMS} classes), ${ROUNDS} rounds.`);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL: the figure the issue asks for.)");
for (const kind of process.env.BENCH_KIND ? [process.env.BENCH_KIND as DatabaseKind] : benchKinds()) {
  const r = await benchOn(kind);
  const c = r.counts;
  console.log(`\n${kindLabel(kind)}: seeded in ${fmt(r.seedSeconds)} s`);
  console.log(
    `  rows: ${c.marks!.toLocaleString("en-US")} attendance marks, ${c.prayers!.toLocaleString("en-US")} prayer logs, ${c.hifz!.toLocaleString("en-US")} hifz logs, ${c.ledger!.toLocaleString("en-US")} fee ledger rows, ${c.results!.toLocaleString("en-US")} results`,
  );
  const s = r.sample;
  console.log(
    `  today: ${s.attendance?.present} present, ${s.attendance?.absent} absent, ${s.attendance?.notMarked} not marked, ${s.attendance?.registersNotTaken} registers not taken; hifz ${s.hifz?.pages} pages, ${s.hifz?.behindTarget} behind; fees overdue ${s.fees?.overdue} of ${s.fees?.overdueStudents} students`,
  );
  const http = pct(r.http, 95);
  const bare = pct(r.bare, 95);
  console.log(
    `  GET /admin/api/dashboard   HTTP p50 ${fmt(pct(r.http, 50))} ms  p95 ${fmt(http)} ms   bare SQL (its ${r.statements} statements) p50 ${fmt(pct(r.bare, 50))} ms  p95 ${fmt(bare)} ms   ratio ${fmt(http / bare)}x`,
  );
}
