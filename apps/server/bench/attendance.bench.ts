import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../src/db/client.js";
import { enrolments } from "../src/modules/academics/enrolments.table.js";
import { attendanceCodes } from "../src/modules/attendance/attendance-codes.table.js";
import { monthlySheet } from "../src/modules/attendance/monthly-sheet.service.js";
import { attendanceMarks } from "../src/modules/attendance/registers.table.js";
import { students } from "../src/modules/students/students.table.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { benchClient, benchKinds, type DatabaseKind, fmt, kindLabel, openBenchApp, pct, seedSchool } from "./bench-kit.js";

/**
 * Attendance at a school of 5,000 students with 1,000,000 marks (one INSERT ... SELECT over
 * generate_series): saving a register of 40 (the whole call: session, transaction, checks, the
 * upsert, the register row, totals, audit) beside the bare multi-row upsert of the same 40 rows;
 * and the monthly sheet of a class of 125 beside its bare SQL, with the statements it took.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SCHOOL = { code: "BENCHATT", students: 5000, mobile: "+919000000061" };
const MARK_DAYS = 200;
const FIRST_DAY = "2026-04-01";
const MONTH = "2026-05";
const PEER_SHEET_MS = 101;

/** Statements sent to PostgreSQL, counted at the driver (PostgreSQL only). */
let statements = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

async function benchOn(kind: DatabaseKind) {
  const { app, database, analyze, close } = await openBenchApp(kind);
  const db = database.db as Db;
  try {
    const tenantId = await seedSchool(db, SCHOOL);
    const call = await benchClient(app, SCHOOL);
    const batch = (await call<{ data: { id: number } }>("POST", "/admin/api/batch", { name: "2026-27", startDate: "2026-04-01", endDate: "2027-03-31" })).data;
    const course = (await call<{ data: { id: number } }>("POST", "/admin/api/course", { name: "School", kind: "school" })).data;
    const cls = (await call<{ data: { id: number } }>("POST", "/admin/api/course/class", { courseId: course.id, name: "Class 5", order: 5 })).data;
    const active = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), eq(students.status, "active")))
      .orderBy(asc(students.id));
    // A class of 40 to mark, then classes of 125 for the others.
    const rooms: { id: number; size: number }[] = [];
    for (let from = 0, n = 0; from < active.length; n++) {
      const size = n === 0 ? 40 : 125;
      const room = (await call<{ data: { id: number } }>("POST", "/admin/api/classRoom", { batchId: batch.id, courseClassId: cls.id, name: `D${n}` })).data;
      const ids = active.slice(from, from + size).map((s) => s.id);
      await call("POST", "/admin/api/enrollment/bulk", { classroomId: room.id, studentIds: ids, startedOn: FIRST_DAY });
      rooms.push({ id: room.id, size: ids.length });
      from += size;
    }
    const reg = await call<{ date: string; codes: { id: number; meaning: string }[]; lines: { studentId: number }[] }>(
      "GET",
      `/admin/api/attendance/register?classroomId=${rooms[0]!.id}&date=${new Date().toISOString().slice(0, 10)}`,
    );
    const code = (m: string) => reg.codes.find((c) => c.meaning === m)!.id;
    // 1,000,000 marks: every enrolled child on 200 days, one statement.
    const perChild = Math.ceil(1_000_000 / active.length);
    await db.execute(sql`
      insert into attendance_marks (tenant_id, student_id, classroom_id, date, hour_id, code_id, meaning)
      select e.tenant_id, e.student_id, e.classroom_id, d::date, 0,
             case when r < 0.9 then ${code("present")}::int when r < 0.95 then ${code("late")}::int else ${code("absent")}::int end,
             case when r < 0.9 then 'present' when r < 0.95 then 'late' else 'absent' end
      from enrolments e
      cross join generate_series(${FIRST_DAY}::date - ${perChild - MARK_DAYS}::int, ${FIRST_DAY}::date + ${MARK_DAYS - 1}::int, interval '1 day') d
      cross join lateral (select random() + e.id * 0 + extract(day from d) * 0 as r) x
      where e.tenant_id = ${tenantId}`);
    await analyze();

    // Saving a register of 40, alternating present and late so every save changes 40 rows.
    const kids = reg.lines.map((l) => l.studentId);
    const body = (meaning: string) => ({ classroomId: rooms[0]!.id, date: reg.date, marks: kids.map((studentId) => ({ studentId, codeId: code(meaning) })) });
    const bare = (meaning: string) =>
      db
        .insert(attendanceMarks)
        .values(
          kids.map((studentId) => ({
            tenantId,
            studentId,
            classroomId: rooms[0]!.id,
            date: reg.date,
            hourId: 0,
            codeId: code(meaning),
            meaning: meaning as "present",
          })),
        )
        .onConflictDoUpdate({
          target: [attendanceMarks.tenantId, attendanceMarks.studentId, attendanceMarks.date, attendanceMarks.hourId],
          set: { codeId: sql`excluded.code_id`, meaning: sql`excluded.meaning`, updatedAt: sql`now()` },
          setWhere: sql`${attendanceMarks.codeId} is distinct from excluded.code_id`,
        });
    const saves: number[] = [];
    const bares: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const m = i % 2 ? "late" : "present";
      let t = performance.now();
      const r = await call<{ changed: number }>("PUT", "/admin/api/attendance", body(m));
      saves.push(performance.now() - t);
      if (i > 0 && r.changed !== 40) throw new Error(`a save changed ${r.changed}, not 40`);
      t = performance.now();
      await bare(m);
      bares.push(performance.now() - t);
    }
    const counted = async (path: string) => {
      const before = statements;
      await call("GET", path);
      return statements - before;
    };

    // The monthly sheet of a class of 125 beside its bare SQL (the class list and the month's marks).
    const room = rooms[1]!;
    const sheetPath = `/admin/api/attendance/monthly-sheet?classroomId=${room.id}&month=${MONTH}`;
    const sheet = await call<{ students: unknown[]; days: unknown[] }>("GET", sheetPath);
    const bareSheet = () =>
      Promise.all([
        db
          .select({ id: enrolments.studentId, rollNo: enrolments.rollNo, name: students.name, admissionNo: students.admissionNo })
          .from(enrolments)
          .innerJoin(students, and(eq(students.tenantId, enrolments.tenantId), eq(students.id, enrolments.studentId)))
          .where(and(eq(enrolments.tenantId, tenantId), eq(enrolments.classroomId, room.id), eq(enrolments.status, "active"))),
        db
          .select({ studentId: attendanceMarks.studentId, date: attendanceMarks.date, meaning: attendanceMarks.meaning, code: attendanceCodes.code })
          .from(attendanceMarks)
          .innerJoin(attendanceCodes, and(eq(attendanceCodes.tenantId, attendanceMarks.tenantId), eq(attendanceCodes.id, attendanceMarks.codeId)))
          .where(
            and(
              eq(attendanceMarks.tenantId, tenantId),
              eq(attendanceMarks.classroomId, room.id),
              eq(attendanceMarks.hourId, 0),
              gte(attendanceMarks.date, `${MONTH}-01`),
              lte(attendanceMarks.date, `${MONTH}-31`),
              inArray(attendanceMarks.meaning, ["present", "late", "absent"]),
            ),
          ),
      ]);
    const sheets: number[] = [];
    const bareSheets: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await call("GET", sheetPath);
      sheets.push(performance.now() - t);
      t = performance.now();
      await bareSheet();
      bareSheets.push(performance.now() - t);
    }
    const requestStatements = kind === "postgres" ? await counted(sheetPath) : null;
    // The sheet's own statements, exactly: the service alone in a school's transaction, less its begin, set_config and commit.
    const before = statements;
    await new TenantScope(db, tenantId).transaction((scope) => monthlySheet(scope, room.id, MONTH));
    const sheetStatements = kind === "postgres" ? statements - before - 3 : null;
    // The service alone (its three statements in a school's transaction, no HTTP, session or reply schema).
    const services: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await new TenantScope(db, tenantId).transaction((scope) => monthlySheet(scope, room.id, MONTH));
      services.push(performance.now() - t);
    }
    const n =
      ((await db.execute(sql`select count(*)::int as n from attendance_marks where tenant_id = ${tenantId}`)) as unknown as { rows: { n: number }[] }).rows[0]
        ?.n ?? 0;
    return {
      n,
      saves,
      bares,
      sheets,
      bareSheets,
      sheetStudents: sheet.students.length,
      sheetDays: sheet.days.length,
      sheetStatements,
      requestStatements,
      services,
    };
  } finally {
    await close();
  }
}

console.log(
  `Attendance at a school of ${SCHOOL.students.toLocaleString("en-US")} students (the active ones enrolled: one class of 40, the rest in classes of 125).`,
);
if (!process.env.DATABASE_URL) console.log("(Set DATABASE_URL to run the same against PostgreSQL: the figures the issue asks for.)");
// BENCH_KIND=postgres measures one database only (PGlite takes minutes to load a million rows).
for (const kind of process.env.BENCH_KIND ? [process.env.BENCH_KIND as DatabaseKind] : benchKinds()) {
  const r = await benchOn(kind);
  console.log(`\n${kindLabel(kind)}: ${r.n.toLocaleString("en-US")} attendance rows`);
  console.log(
    `  save a register of 40   Taleem p50 ${fmt(pct(r.saves, 50))} ms  p95 ${fmt(pct(r.saves, 95))} ms   bare upsert p50 ${fmt(pct(r.bares, 50))} ms  p95 ${fmt(pct(r.bares, 95))} ms`,
  );
  console.log(
    `  monthly sheet (${r.sheetStudents} children x ${r.sheetDays} days)   Taleem p50 ${fmt(pct(r.sheets, 50))} ms  p95 ${fmt(pct(r.sheets, 95))} ms   bare SQL p50 ${fmt(pct(r.bareSheets, 50))} ms`,
  );
  if (r.sheetStatements !== null) {
    console.log(
      `  monthly sheet statements: ${r.sheetStatements} its own (target: at most 5); ${r.requestStatements} in the whole request (session, transaction, activity)`,
    );
  }
  console.log(`  monthly sheet service alone (in a school transaction, no HTTP): p50 ${fmt(pct(r.services, 50))} ms`);
  console.log(`  peer system: ${PEER_SHEET_MS} ms median; target under ${fmt(PEER_SHEET_MS / 3)} ms; ours ${fmt(pct(r.sheets, 50))} ms`);
}
pg.Client.prototype.query = original;
