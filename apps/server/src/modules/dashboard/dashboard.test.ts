import type { DashboardSummary, SchoolDashboard, StudentDashboard, StudentFeeSummary } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { registersFixture } from "../attendance/registers-linked.fixture.js";
import { examsFixture } from "../exams/exams-linked.fixture.js";
import { key } from "../fees/fees.fixture.js";
import { feesLinkedFixture } from "../fees/fees-linked.fixture.js";
import { checkout, onlineFeeSchool, payInSandbox } from "../fees/online-payments.fixture.js";
import { hifzFixture } from "../hifz/hifz-linked.fixture.js";
import { tasksLinkedFixture } from "../tasks/tasks-linked.fixture.js";

const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** Another day and month than `today`, same year, for a birthday that is not today. */
const notToday = (today: string) => (today.slice(5) === "03-15" ? "2015-04-15" : "2015-03-15");

describe("dashboard summary", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const summary = async (api: Awaited<ReturnType<typeof adminOfNewTenant>>["api"]) =>
    (await ok<{ data: DashboardSummary }>(api.get("/admin/api/dashboard/summary"))).data;

  it("counts the school's students and lists today's birthdays in the school's own time zone; another school's are not counted", async () => {
    const mine = await adminOfNewTenant(app);
    const theirs = await adminOfNewTenant(app);
    // UTC+14: for most of the day its date is not the server's, so a UTC "today" would miss the birthday.
    const timeZone = "Pacific/Kiritimati";
    await app.services.db.update(tenants).set({ timeZone }).where(eq(tenants.id, mine.tenant.id));
    const today = dayIn(timeZone);
    const bornToday = `2016${today.slice(4)}`;
    const amina = await addStudent(mine.api, { name: "Amina Beevi", dateOfBirth: bornToday });
    await addStudent(mine.api, { name: "Bilal K", dateOfBirth: notToday(today) });
    await addStudent(mine.api, { name: "Cyril M" });
    await addStudent(mine.api, { name: "Left Long Ago", dateOfBirth: bornToday, status: "left" });
    await addStudent(theirs.api, { name: "Not Ours", dateOfBirth: bornToday });

    const data = await summary(mine.api);
    expect(data.today).toBe(today);
    expect(data.students).toBe(3);
    expect(data.birthdays).toEqual([
      expect.objectContaining({ id: amina.id, name: "Amina Beevi", dateOfBirth: bornToday, turns: Number(today.slice(0, 4)) - 2016 }),
    ]);
    expect(data.setup.students).toBe(4);
    expect((await summary(theirs.api)).students).toBe(1);
  });

  it("counts this year's classrooms and pending admissions, and ticks each setup step as the school makes it", async () => {
    const fresh = await adminOfNewTenant(app);
    expect(await summary(fresh.api)).toMatchObject({
      students: 0,
      classrooms: 0,
      yearId: null,
      pendingAdmissions: 0,
      birthdays: [],
      setup: { batches: 0, courses: 0, courseClasses: 0, classrooms: 0, students: 0, enrolments: 0, hours: 0 },
    });

    const s = await newSchool(app);
    const kid = await addStudent(s.api);
    await enrol(s.api, kid.id, s.room5a.id);
    await ok(s.api.post("/admin/api/admission", { name: "New Applicant", guardianName: "Guardian", guardianMobile: "9847012345", courseId: s.course.id }));
    // This year's Class 5-A and 5-B; next year's Class 6-A is made (setup counts it) but is not today's.
    expect(await summary(s.api)).toMatchObject({
      students: 1,
      classrooms: 2,
      yearId: s.thisYear.id,
      pendingAdmissions: 1,
      setup: { batches: 2, courses: 1, courseClasses: 2, classrooms: 3, students: 1, enrolments: 1, hours: 0 },
    });
  });
});

/**
 * A small school worked out by hand (the school's today, in India; the school works every day):
 * - Class 5-A: Amina and Bilal; Class 5-B: Cyril; Dawood has left (no enrolment). All of Madrasa, 2026-27.
 * - Today's register of 5-A: Amina present, Bilal absent; 5-B's register is not taken.
 * - Prayers today: Amina Fajr in congregation and Zuhr missed; Cyril Fajr alone.
 * - Hifz: Amina and Bilal each completed a new lesson (sabaq) of An-Nas 6231-6236 today: 0.4 page each.
 *   Their target is the default 5 lines a day, so by today they owe 5 × (day of month) lines, far above 6.
 * - Exams: Term 1 (from 2026-09-20, no end) with Seerah /50: Amina 40, Bilal 30, in a published set;
 *   Term 2 running from yesterday to tomorrow, not in any set, with Fiqh /20: Amina 15 (unpublished).
 * - Fees: Tuition 10,000 due 2026-07-10, 10% sibling concession each (net 9,000), 1,000 paid each on
 *   2026-07-01; so on 10 July 18,000 fell due and 2,000 was paid (11%); 16,000 is overdue of 2 students.
 * - Tasks: one homework due today for Amina (done) and Bilal (late).
 * - One application pending; the admin marked themself in.
 */
async function smallSchool(app: TestApp) {
  const s = await newSchool(app);
  const { api } = s;
  const amina = await addStudent(api, { name: "Amina" });
  const bilal = await addStudent(api, { name: "Bilal" });
  const cyril = await addStudent(api, { name: "Cyril" });
  const dawood = await addStudent(api, { name: "Dawood", status: "left" });
  for (const [kid, room] of [
    [amina, s.room5a],
    [bilal, s.room5a],
    [cyril, s.room5b],
  ] as const)
    await enrol(api, kid.id, room.id);
  const today = dayIn("Asia/Kolkata");
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const children = { mine: amina.id, other: bilal.id };
  await registersFixture(api, children, s.room5a.id, today);
  const grid = await ok<{ salaahTypes: { id: number; name: string }[]; options: { id: number; meaning: string }[] }>(
    api.get(`/admin/api/salaah-log/students?classroomId=${s.room5a.id}&date=${today}`),
  );
  const prayer = (name: string) => grid.salaahTypes.find((t) => t.name === name)!.id;
  const option = (meaning: string) => grid.options.find((o) => o.meaning === meaning)!.id;
  await ok(
    api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", {
      classroomId: s.room5a.id,
      date: today,
      salaahTypeId: prayer("Fajr"),
      entries: [
        { studentId: amina.id, optionId: option("congregation") },
        { studentId: amina.id, optionId: option("missed"), salaahTypeId: prayer("Zuhr") },
      ],
    }),
  );
  await ok(
    api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", {
      classroomId: s.room5b.id,
      date: today,
      salaahTypeId: prayer("Fajr"),
      entries: [{ studentId: cyril.id, optionId: option("alone") }],
    }),
  );
  await hifzFixture(api, children, today);
  await examsFixture(api, children, s.thisYear.id, s.room5a.id);
  const term2 = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Term 2",
        batchId: s.thisYear.id,
        startDate: yesterday,
        endDate: tomorrow,
        classroomIds: [s.room5a.id],
        subjects: [{ subjectId: s.subject.id, maxMarks: 20, passMarks: 7 }],
      }),
    )
  ).data.id;
  const [paper] = (await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/exam?examMasterId=${term2}`))).rows;
  await ok(api.post("/admin/api/result/multiresults", { examId: paper!.id, results: [{ studentId: amina.id, marks: 15 }] }));
  await feesLinkedFixture(api, children, s.thisYear.id);
  await tasksLinkedFixture(api, children, today);
  await ok(api.post("/admin/api/admission", { name: "New Applicant", guardianName: "Guardian", guardianMobile: "9847012345", courseId: s.course.id }));
  await ok(api.post("/admin/api/attendance", { action: "in" }));
  return { ...s, amina, bilal, cyril, dawood, today, term2 };
}

describe("admin dashboard with filters", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
  const dashboard = async (api: Api, query = "") => (await ok<{ data: SchoolDashboard }>(api.get(`/admin/api/dashboard${query}`))).data;

  it("gives the small school's figures worked out by hand, and the filters narrow them", async () => {
    const s = await smallSchool(app);
    const d = await dashboard(s.api);
    const day = Number(s.today.slice(8));
    expect(d).toMatchObject({ today: s.today, from: `${s.today.slice(0, 8)}01`, to: s.today, batchId: null, courseId: null });
    // Four students: three active, Dawood left; by class 5-A 2, 5-B 1.
    expect(d.students!.total).toBe(4);
    expect(d.students!.byStatus).toEqual([
      { status: "active", count: 3 },
      { status: "left", count: 1 },
    ]);
    expect(d.students!.byClass).toEqual([
      { classroomId: s.room5a.id, label: "Class 5-A", count: 2 },
      { classroomId: s.room5b.id, label: "Class 5-B", count: 1 },
    ]);
    // Three expected today: Amina present, Bilal absent, Cyril not marked; 5-B's register not taken.
    expect(d.attendance).toMatchObject({ expected: 3, present: 1, absent: 1, notMarked: 1, registers: 2, registersNotTaken: 1, workingDay: true });
    // Every day of the month so far is a working day; only today has marks: 1 of 2 present, 50%.
    expect(d.attendance!.trend).toHaveLength(day);
    expect(d.attendance!.trend.at(-1)).toEqual({ date: s.today, present: 1, absent: 1, marked: 2, percent: 50 });
    expect(d.attendance!.trend.slice(0, -1).every((t) => t.marked === 0 && t.percent === null)).toBe(true);
    // Prayers: Amina and Cyril logged; three logs, two prayed, one missed.
    expect(d.prayers).toEqual({ studentsLogged: 2, logs: 3, prayed: 2, missed: 1 });
    // Hifz: two huffaz, 0.4 + 0.4 pages, both behind 5 lines a day.
    expect(d.hifz).toEqual({ students: 2, pages: 0.8, behindTarget: 2 });
    // Term 2 runs today; the Term 1 report is published, none waits.
    expect(d.exams).toEqual({ inProgress: [expect.objectContaining({ id: s.term2, name: "Term 2" })], setsPublished: 1, setsUnpublished: 0 });
    // Nothing falls due this month (unless this month is July 2026); 16,000 overdue of two students.
    expect(d.fees).toMatchObject({ currency: "INR", overdue: 16_000, overdueStudents: 2 });
    expect(d.admissions).toEqual({ pending: 1 });
    expect(d.staff).toEqual({ in: 1, stillIn: 1 });

    // July 2026: 18,000 fell due, 2,000 paid against it, 11%; the trend is of July's 31 days, none marked.
    const july = await dashboard(s.api, "?from=2026-07-01&to=2026-07-31");
    expect(july.fees).toMatchObject({ due: 18_000, paid: 2_000, rate: 11, overdue: 16_000 });
    expect(july.attendance!.trend).toHaveLength(31);
    expect(july.attendance!.trend.every((t) => t.marked === 0)).toBe(true);
    expect(july.hifz).toMatchObject({ students: 2, pages: 0 });
    // Today's figures stay today's, whatever the range.
    expect(july.attendance).toMatchObject({ present: 1, absent: 1, notMarked: 1 });

    // The course: the three enrolled (Dawood, enrolled nowhere, drops out); the same classes.
    const course = await dashboard(s.api, `?course=${s.course.id}`);
    expect(course.students!.total).toBe(3);
    expect(course.students!.byClass).toHaveLength(2);
    expect(course.prayers!.logs).toBe(3);

    // Next year's batch: nobody enrolled yet, so every student figure is zero.
    const next = await dashboard(s.api, `?batch=${s.nextYear.id}`);
    expect(next.students).toEqual({ total: 0, byStatus: [], byClass: [] });
    expect(next.attendance).toMatchObject({ expected: 0, present: 0, registers: 0 });
    expect(next.prayers).toEqual({ studentsLogged: 0, logs: 0, prayed: 0, missed: 0 });
    expect(next.hifz).toEqual({ students: 0, pages: 0, behindTarget: 0 });
    expect(next.exams).toMatchObject({ inProgress: [], setsPublished: 0 });
    expect(next.fees).toMatchObject({ overdue: 0, overdueStudents: 0 });

    // A range that runs backwards or is too long is refused naming `to`; another school's batch is not found.
    const back = await s.api.get("/admin/api/dashboard?from=2026-07-31&to=2026-07-01");
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ code: "dashboard.bad_range", params: { field: "to" } });
    expect((await s.api.get("/admin/api/dashboard?from=2026-01-01&to=2026-06-30")).statusCode).toBe(400);
    const other = await newSchool(app);
    expect((await s.api.get(`/admin/api/dashboard?batch=${other.thisYear.id}`)).statusCode).toBe(404);
  });

  it("leaves out (null) the figures of modules the role cannot view", async () => {
    const s = await newSchool(app);
    const role = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/role", { name: "Office", area: "admin", permissions: { students: ["view"], attendance: ["view"] } }),
    );
    const clerk = await signedInUser(app, s.tenant, s.api, [role.data.id]);
    const d = await dashboard(clerk.api);
    expect(d.students).not.toBeNull();
    expect(d.attendance).not.toBeNull();
    expect(d).toMatchObject({ hifz: null, exams: null, fees: null, admissions: null });
    // A parent's role is kept out of the office's dashboard.
    const roles = await rolesOf(s.api);
    const parent = await signedInUser(app, s.tenant, s.api, [roles.parent!]);
    expect((await parent.api.get("/admin/api/dashboard")).statusCode).toBe(403);
  });

  it("gives one student's year: attendance, prayers, hifz, results published or not, fees and tasks; another school's student is not found", async () => {
    const s = await smallSchool(app);
    const one = async (id: number) => (await ok<{ data: StudentDashboard }>(s.api.get(`/admin/api/dashboard/student?student=${id}`))).data;
    const amina = await one(s.amina.id);
    // The batch's year so far: from 2026-06-01 to today.
    expect(amina).toMatchObject({ from: "2026-06-01", to: s.today, student: { id: s.amina.id, name: "Amina", classroomLabel: "Class 5-A" } });
    // One day marked, present: 100% present, 0% absent.
    expect(amina.attendance).toEqual({ marked: 1, present: 1, absent: 0, presentPercent: 100, absentPercent: 0 });
    // Fajr in congregation, Zuhr missed: 1 of 2 prayed, 50%.
    expect(amina.prayers).toEqual({ logs: 2, prayed: 1, missed: 1, percent: 50 });
    // 0.4 page of An-Nas today (114:1-6, the last lesson), behind, behind 5 lines a day.
    expect(amina.hifz).toMatchObject({ enrolled: true, memorisedPages: 0.4, pagesThisMonth: 0.4, behindTarget: true });
    expect(amina.hifz!.position).toBe("114:1–114:6");
    // Term 2's Fiqh (15/20) is not published yet; Term 1's Seerah (40/50) is.
    expect(amina.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ examName: "Term 2", subject: "Fiqh", marks: 15, maxMarks: 20, published: false }),
        expect.objectContaining({ examName: "Term 1", subject: "Seerah", marks: 40, maxMarks: 50, published: true }),
      ]),
    );
    expect(amina.results).toHaveLength(2);
    // 9,000 net due, 1,000 paid, 8,000 left and overdue.
    expect(amina.fees).toEqual({ currency: "INR", due: 9_000, paid: 1_000, balance: 8_000, overdue: 8_000 });
    // One homework set today, done.
    expect(amina.tasks).toEqual({ set: 1, done: 1 });

    // Bilal: absent, no prayers, the homework late (which counts as done).
    const bilal = await one(s.bilal.id);
    expect(bilal.attendance).toEqual({ marked: 1, present: 0, absent: 1, presentPercent: 0, absentPercent: 100 });
    expect(bilal.prayers).toEqual({ logs: 0, prayed: 0, missed: 0, percent: null });
    expect(bilal.results).toEqual([expect.objectContaining({ examName: "Term 1", marks: 30, published: true })]);
    expect(bilal.tasks).toEqual({ set: 1, done: 1 });
    // Dawood: in no class and no programme, nothing recorded.
    const dawood = await one(s.dawood.id);
    expect(dawood).toMatchObject({
      student: { classroomLabel: null },
      attendance: { marked: 0, presentPercent: null },
      hifz: { enrolled: false, behindTarget: null },
      results: [],
      fees: { due: 0, paid: 0, overdue: 0 },
      tasks: { set: 0, done: 0 },
    });

    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/dashboard/student?student=${s.amina.id}`)).statusCode).toBe(404);
    const missing = await s.api.get("/admin/api/dashboard/student");
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("student");
  });
});

describe("fee figures on the dashboards, from the ledger the fee card reads", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("counts the money that came in on the day, at the counter and online, and gives a child's balance as the fee card does", async () => {
    // Each child owes 1,000.00 due 30 days ago and 1,000.00 due in 20 days: nothing falls due today.
    const s = await onlineFeeSchool(app);
    await ok(s.api.post("/admin/api/feepayment/collect-fees", { studentId: s.other.id, amount: 100_000, mode: "cash", idempotencyKey: key() }));
    const order = await checkout(s.parent.api, { studentId: s.child.id, amount: 78_000 });
    await ok(s.parent.api.post("/user/api/home/fees/pay/verify", payInSandbox(app, order).verifyBody));

    // 1,780.00 came in today; 220.00 (Huda's) of what fell due by today is still owed.
    const day = (await ok<{ data: SchoolDashboard }>(s.api.get(`/admin/api/dashboard?from=${s.today}&to=${s.today}`))).data;
    expect(day.fees).toMatchObject({ paid: 178_000, due: 200_000, rate: 89 });

    // A child's dashboard says what the fee card says: Idris owes the 1,000.00 not yet due, Huda 1,220.00.
    for (const child of [s.other, s.child]) {
      const card = (await ok<{ data: { totals: StudentFeeSummary } }>(s.api.get(`/admin/api/fees/student/${child.id}`))).data.totals;
      const board = (await ok<{ data: StudentDashboard }>(s.api.get(`/admin/api/dashboard/student?student=${child.id}`))).data;
      expect(board.fees).toEqual({
        currency: "INR",
        due: card.amount - card.concession + card.fine,
        paid: card.paid,
        balance: card.balance,
        overdue: card.overdue,
      });
    }
    const idris = (await ok<{ data: StudentDashboard }>(s.api.get(`/admin/api/dashboard/student?student=${s.other.id}`))).data;
    expect(idris.fees).toMatchObject({ due: 200_000, paid: 100_000, balance: 100_000, overdue: 0 });
  });
});
