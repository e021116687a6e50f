import { addDays, attendanceTotals, type HomeData } from "@taleem/contract";
import { NodePgSession } from "drizzle-orm/node-postgres/session";
import { PgliteSession } from "drizzle-orm/pglite/session";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { datesOf, schoolDays } from "../attendance/school-days.service.js";
import { lastSchoolDays } from "./home-figures.js";

/**
 * The parent's home against figures worked out by hand on a small school: Class 5-A of three
 * children (Maryam, ours; Omar, another family's; Zaid), the school open every day, so the last
 * seven school days are the last seven days (d6 ... d0, d0 today).
 *
 * Day registers, four of them:
 *   d3: Maryam P, Omar P, Zaid P      class 3/3 = 100%   Maryam 100
 *   d2: Maryam L, Omar A, Zaid P      class 2/3 =  67%   Maryam 100 (late is in class)
 *   d1: Maryam A, Omar P, Zaid A      class 1/3 =  33%   Maryam 0
 *   d0: Maryam P, Omar A, Zaid P      class 2/3 =  67%   Maryam 100
 *   Maryam present 3 of 4: 75% present, 25% absent; the class 8 of 12.
 * Prayers (five daily prayers; Jumuah is not one of them):
 *   d1: Maryam Fajr in congregation, Zuhr alone, Asr missed -> 2 of 5 = 40%
 *       Omar Fajr, Zuhr, Asr, Maghrib in congregation      -> 4 of 5 = 80%
 *       Zaid nothing logged (not counted)                   class (2 + 4) / 10 = 60%
 *   d0: Maryam Fajr late -> 1 of 5 = 20%; nobody else        class 1 / 5 = 20%
 * Tasks due today: "Read Surah Mulk" (not done) and "Copy the dua" (done): one pending.
 * Hifz: today's sabaq 6231-6236 graded 4, with two mistakes heard (both open), then the manzil.
 * Fees: tuition 5,000 due 2026-07-10 (overdue) and books 3,000 due in ten days: tuition is next.
 * Exam: Term 1, Fiqh 40 of 50 = 80%; the set is published only halfway through the test.
 * Timetable: one Fiqh hour at 00:00 every day, so the next lesson is always tomorrow's.
 */

const app = await testApp();

type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];
let school: School;
let parent: Api;
let otherParent: Api;
let teacher: Api;
let teacherId: number;
let maryam: number;
let omar: number;
let zaid: number;
let today: string;
let d: (k: number) => string;
let setId: number;
let otherCourse: number;

const home = async (api: Api, student: number | string) => api.get(`/user/api/home?student=${student}`);
const homeOf = async (student: number) => (await ok<{ data: HomeData }>(home(parent, student))).data;

beforeAll(async () => {
  school = await newSchool(app);
  const { api, tenant } = school;
  await ok(api.put("/admin/api/setting", { config: { workingDays: [1, 2, 3, 4, 5, 6, 7] } }));
  const roles = await rolesOf(api);
  const p = await signedInUser(app, tenant, api, [roles.parent!]);
  const q = await signedInUser(app, tenant, api, [roles.parent!]);
  const t = await signedInUser(app, tenant, api, [roles.staff!]);
  parent = p.api;
  otherParent = q.api;
  teacher = t.api;
  teacherId = t.user.id;
  maryam = (await addStudent(api, { name: "Maryam", guardians: [{ userId: p.user.id, relation: "mother" }] })).id;
  omar = (await addStudent(api, { name: "Omar", guardians: [{ userId: q.user.id, relation: "father" }] })).id;
  zaid = (await addStudent(api, { name: "Zaid" })).id;
  for (const id of [maryam, omar, zaid]) await enrol(api, id, school.room5a.id, { startedOn: "2026-06-01" });
  today = (await schoolDays(new TenantScope(app.services.db, tenant.id))).today;
  d = (k: number) => addDays(today, -k);

  // Registers.
  const reg = await ok<{ codes: { id: number; meaning: string }[] }>(api.get(`/admin/api/attendance/register?classroomId=${school.room5a.id}&date=${today}`));
  const code = (meaning: string) => reg.codes.find((c) => c.meaning === meaning)!.id;
  const day = (k: number, m: string, o: string, z: string) =>
    ok(
      api.put("/admin/api/attendance", {
        classroomId: school.room5a.id,
        date: d(k),
        marks: [
          { studentId: maryam, codeId: code(m) },
          { studentId: omar, codeId: code(o) },
          { studentId: zaid, codeId: code(z) },
        ],
      }),
    );
  await day(3, "present", "present", "present");
  await day(2, "late", "absent", "present");
  await day(1, "absent", "present", "absent");
  await day(0, "present", "absent", "present");

  // Prayers.
  const types = (await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/salaah-type?limit=100"))).rows;
  const options = (await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/salaah-option?limit=100"))).rows;
  const type = (k: string) => types.find((x) => x.builtinKey === k)!.id;
  const option = (k: string) => options.find((x) => x.builtinKey === k)!.id;
  const prayer = (studentId: number, k: number, t: string, o: string) => ({ studentId, date: d(k), salaahTypeId: type(t), optionId: option(o) });
  await ok(
    api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", {
      classroomId: school.room5a.id,
      date: d(1),
      salaahTypeId: type("fajr"),
      entries: [
        prayer(maryam, 1, "fajr", "congregation"),
        prayer(maryam, 1, "zuhr", "alone"),
        prayer(maryam, 1, "asr", "missed"),
        ...["fajr", "zuhr", "asr", "maghrib"].map((t) => prayer(omar, 1, t, "congregation")),
        prayer(maryam, 0, "fajr", "late"),
      ],
    }),
  );

  // Tasks.
  const taskTypes = await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/taskTypes"));
  const homework = taskTypes.rows.find((x) => x.builtinKey === "homework")!.id;
  const task = (title: string) =>
    ok<{ data: { id: number } }>(api.post("/admin/api/task", { title, taskTypeId: homework, studentIds: [maryam], dueOn: today }));
  await task("Read Surah Mulk");
  const done = await task("Copy the dua");
  await ok(api.post("/admin/api/task/mark", { taskId: done.data.id, date: today, entries: [{ studentId: maryam, status: "done" }] }));

  // Hifz.
  const group = (await ok<{ data: { id: number } }>(api.post("/admin/api/recitation-group", { name: "Halqa Umar" }))).data.id;
  const hafiz = (await ok<{ data: { id: number } }>(api.post("/admin/api/hafiz", { studentId: maryam, recitationGroupId: group }))).data.id;
  const session = (await ok<{ data: { id: number } }>(api.post("/admin/api/hifzsession", { date: today, recitationGroupId: group }))).data.id;
  const recitations = (await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/recitationtype/active"))).rows;
  const sabaq = recitations.find((r) => r.builtinKey === "sabaq")!;
  const manzil = recitations.find((r) => r.builtinKey === "manzil")!;
  const [metric] = (await ok<{ rows: { id: number }[] }>(api.get("/admin/api/recitationmetric/active"))).rows;
  await ok(
    api.put("/admin/api/hifzlog/sitting", {
      sessionId: session,
      hafiz: [
        {
          hafizId: hafiz,
          logs: [
            {
              recitationTypeId: sabaq.id,
              startAyah: 6231,
              endAyah: 6236,
              grade: 4,
              mistakes: [
                { ayah: 6233, metricId: metric!.id },
                { ayah: 6235, metricId: metric!.id },
              ],
            },
            // Recorded after the sabaq, the day's manzil is not "the lesson".
            { recitationTypeId: manzil.id, startAyah: 6214, endAyah: 6230, grade: 5 },
          ],
        },
      ],
    }),
  );

  // Fees.
  const master = await ok<{ data: { id: number } }>(
    api.post("/admin/api/feesmaster", {
      name: "Year fees",
      batchId: school.thisYear.id,
      lines: [
        { head: "tuition", name: "Tuition", amount: 5_000, frequency: "once", dueDates: ["2026-07-10"] },
        { head: "books", name: "Books", amount: 3_000, frequency: "once", dueDates: [addDays(today, 10)] },
      ],
    }),
  );
  await ok(api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: master.data.id, studentIds: [maryam] }));

  // An exam set, not yet published.
  const examMaster = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Term 1",
        batchId: school.thisYear.id,
        startDate: "2026-09-20",
        classroomIds: [school.room5a.id],
        subjects: [{ subjectId: school.subject.id, maxMarks: 50, passMarks: 18 }],
      }),
    )
  ).data.id;
  const [paper] = (await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/exam?examMasterId=${examMaster}`))).rows;
  await ok(api.post("/admin/api/result/multiresults", { examId: paper!.id, results: [{ studentId: maryam, marks: 40 }] }));
  setId = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/examset", { name: "Term 1 report", batchId: school.thisYear.id, components: [{ examMasterId: examMaster }] }),
    )
  ).data.id;

  // A material for the class, approved.
  const material = await ok<{ data: { id: number } }>(
    api.post("/admin/api/material", { title: "Fiqh notes", kind: "link", link: "https://example.org/fiqh", classroomId: school.room5a.id }),
  );
  await ok(api.post("/admin/api/material/approve", { id: material.data.id }));

  // The week: a Fiqh hour at midnight every day, taught by the teacher.
  await ok(
    api.post("/admin/api/hour/bulk", {
      classroomId: school.room5a.id,
      hours: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: "00:00", endTime: "00:01", subjectId: school.subject.id, teacherId })),
    }),
  );

  // The course's own subject, and a course none of the parent's children is in.
  await ok(api.post("/admin/api/subject", { name: "Aqeedah", code: `AQ${process.pid}`, courseId: school.course.id }));
  otherCourse = (await ok<{ data: { id: number } }>(api.post("/admin/api/course", { name: "Evening Quran", kind: "madrasa" }))).data.id;
});

describe("GET /user/api/home", () => {
  it("answers the child's week and day as worked out by hand", async () => {
    const data = await homeOf(maryam);
    expect(data.student).toMatchObject({ id: maryam, name: "Maryam" });
    expect(data.enrolledClass).toMatchObject({ classroomId: school.room5a.id, className: "Class 5-A", batchName: "2026-27", courseName: "Madrasa" });
    expect(data.enrollments.map((e) => [e.classroomId, e.status])).toEqual([[school.room5a.id, "active"]]);
    expect(data.subjects.map((s) => s.name)).toEqual(["Fiqh"]);

    // Four registers, newest first, each with Maryam's mark.
    expect(data.attendance.map((e) => [e.date, e.hourId, e.attendances.map((a) => a.status)])).toEqual([
      [d(0), null, ["PRESENT"]],
      [d(1), null, ["ABSENT"]],
      [d(2), null, ["PRESENT"]],
      [d(3), null, ["PRESENT"]],
    ]);
    expect(data.attendance[2]!.attendances[0]!.meaning).toBe("late");
    expect(attendanceTotals(data)).toEqual({ presentCount: 3, absentCount: 1, totalCount: 4, presentPercent: 75, absentPercent: 25 });

    const week = datesOf(d(6), today);
    expect(data.weeklyAttendance.map((w) => [w.date, w.status, w.meaning])).toEqual([
      [d(6), null, null],
      [d(5), null, null],
      [d(4), null, null],
      [d(3), "PRESENT", "present"],
      [d(2), "PRESENT", "late"],
      [d(1), "ABSENT", "absent"],
      [d(0), "PRESENT", "present"],
    ]);
    expect(data.attendanceComparisonData).toEqual([
      { date: d(6), child: null, classAverage: null },
      { date: d(5), child: null, classAverage: null },
      { date: d(4), child: null, classAverage: null },
      { date: d(3), child: 100, classAverage: 100 },
      { date: d(2), child: 100, classAverage: 67 },
      { date: d(1), child: 0, classAverage: 33 },
      { date: d(0), child: 100, classAverage: 67 },
    ]);

    expect(data.weeklySalaahLogs.map((s) => [s.date, s.prayed, s.of, s.logs.length])).toEqual(
      week.map((date) => [date, date === d(1) ? 2 : date === d(0) ? 1 : 0, 5, date === d(1) ? 3 : date === d(0) ? 1 : 0]),
    );
    expect(data.salaahComparisonData).toEqual(
      week.map((date) =>
        date === d(1)
          ? { date, child: 40, classAverage: 60 }
          : date === d(0)
            ? { date, child: 20, classAverage: 20 }
            : { date, child: null, classAverage: null },
      ),
    );

    // The standard rows carry their keys, for the app to name them in the family's language.
    expect(data.todaysPendingTasks.map((t) => [t.title, t.typeName, t.typeKey])).toEqual([["Read Surah Mulk", "Homework", "homework"]]);

    expect(data.today.date).toBe(today);
    expect(data.today.attendance).toEqual({ state: "present", code: "P", meaning: "present" });
    expect(data.today.prayers).toEqual({
      date: today,
      prayed: 1,
      of: 5,
      logs: [expect.objectContaining({ name: "Fajr", builtinKey: "fajr", meaning: "late" })],
    });
    expect(data.today.nextLesson).toEqual({
      date: addDays(today, 1),
      startTime: "00:00",
      endTime: "00:01",
      subjectId: school.subject.id,
      subjectName: "Fiqh",
      teacherName: "Signed In",
    });
    expect(data.today.hifz).toMatchObject({
      date: today,
      recitationTypeName: "Sabaq",
      recitationTypeKey: "sabaq",
      status: "completed",
      grade: 4,
      openMistakes: 2,
    });
    expect(data.today.feeDue).toMatchObject({ amount: 5_000, currency: "INR", dueDate: "2026-07-10", overdue: true, name: "Tuition" });
    expect(data.today.materials.map((m) => m.title)).toEqual(["Fiqh notes"]);
    const notes = await ok<{ unread: number }>(parent.get("/user/api/home/notifications"));
    expect(data.today.unreadNotifications).toBe(notes.unread);
    expect(Date.parse(data.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows an exam result only once its set is published", async () => {
    expect((await homeOf(maryam)).today.latestResult).toBeNull();
    await ok(school.api.post("/admin/api/examset/publish", { id: setId }));
    expect((await homeOf(maryam)).today.latestResult).toMatchObject({ kind: "examset", id: setId, name: "Term 1 report", percent: 80 });
  });

  it("answers 404 for another family's child, another school's student and a made-up id", async () => {
    expect((await home(otherParent, maryam)).statusCode).toBe(404);
    expect((await home(parent, omar)).statusCode).toBe(404);
    // The school's own admin is not this child's guardian either.
    expect((await home(school.api, maryam)).statusCode).toBe(404);
    const elsewhere = await adminOfNewTenant(app);
    const stranger = await addStudent(elsewhere.api, { name: "Elsewhere" });
    expect((await home(parent, stranger.id)).statusCode).toBe(404);
    expect((await home(parent, 2_000_000_000)).statusCode).toBe(404);
  });

  it("answers 400 naming student when it is missing or not a number", async () => {
    for (const url of ["/user/api/home", "/user/api/home?student=abc"]) {
      const res = await parent.get(url);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().params)).toContain("student");
    }
  });
});

describe("GET /user/api/home/timetable", () => {
  it("answers the child's classroom week to their parent, 404 to another family", async () => {
    const week = await ok<{ timetable: { subjectName: string; dayOfWeek: number }[]; hours: { startTime: string }[] }>(
      parent.get(`/user/api/home/timetable?student=${maryam}`),
    );
    expect(week.hours.map((h) => h.startTime)).toEqual(Array(7).fill("00:00"));
    expect(week.timetable.map((t) => [t.dayOfWeek, t.subjectName])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, "Fiqh"]));
    expect((await otherParent.get(`/user/api/home/timetable?student=${maryam}`)).statusCode).toBe(404);
    expect((await parent.get("/user/api/home/timetable")).statusCode).toBe(400);
  });

  it("answers a teacher's own hours without a student", async () => {
    const mine = await ok<{ timetable: { teacherName: string | null }[]; hours: unknown[] }>(teacher.get("/user/api/home/timetable"));
    expect(mine.hours).toHaveLength(7);
    expect(new Set(mine.timetable.map((t) => t.teacherName))).toEqual(new Set(["Signed In"]));
  });
});

describe("GET /user/api/home/get-course-subjects/:id", () => {
  it("answers the course of a parent's child, and 404 for a course none of them is in", async () => {
    const mine = await ok<{ rows: { name: string }[]; count: number }>(parent.get(`/user/api/home/get-course-subjects/${school.course.id}`));
    expect(mine.rows.map((r) => r.name)).toEqual(["Aqeedah"]);
    expect((await parent.get(`/user/api/home/get-course-subjects/${otherCourse}`)).statusCode).toBe(404);
    expect((await school.api.get(`/user/api/home/get-course-subjects/${otherCourse}`)).statusCode).toBe(200);
  });
});

describe("the home's shared arithmetic", () => {
  it("derives the totals as the spec's client does: the percentages add up to 100", () => {
    const entry = (status: "PRESENT" | "ABSENT") => ({
      date: "2026-11-02",
      hourId: null,
      startTime: null,
      attendances: [{ status, meaning: "present" as const, code: "P" }],
    });
    const unmarked = { date: "2026-11-03", hourId: null, startTime: null, attendances: [] };
    // 1 of 8 present: 12.5% rounds to 13, so absent is 87 (not 88).
    expect(attendanceTotals({ attendance: [entry("PRESENT"), ...Array(7).fill(entry("ABSENT")), unmarked] })).toEqual({
      presentCount: 1,
      absentCount: 7,
      totalCount: 8,
      presentPercent: 13,
      absentPercent: 87,
    });
    expect(attendanceTotals({ attendance: [] })).toEqual({ presentCount: 0, absentCount: 0, totalCount: 0, presentPercent: 0, absentPercent: 0 });
  });

  it("counts school days back over days off", () => {
    // Friday 2026-11-27 is the day off: the seven school days up to Saturday the 28th skip it.
    const days = lastSchoolDays("2026-11-28", 7, (date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 5, addDays);
    expect(days).toEqual(["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-28"]);
  });
});

/** The statements one call makes (the session's and the activity log's bookkeeping left out). */
async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const seen: string[] = [];
  const sessions = [PgliteSession.prototype, NodePgSession.prototype] as unknown as { prepareQuery: (q: { sql: string }, ...rest: unknown[]) => unknown }[];
  const originals = sessions.map((p) => p.prepareQuery);
  sessions.forEach((p, i) => {
    p.prepareQuery = function (this: unknown, q: { sql: string }, ...rest: unknown[]) {
      seen.push(q.sql);
      return originals[i]!.call(this, q, ...rest);
    };
  });
  try {
    await call();
  } finally {
    sessions.forEach((p, i) => {
      p.prepareQuery = originals[i]!;
    });
  }
  return seen.filter((q) => !/"(sessions|activity_log|audit_log)"/.test(q)).length;
}

describe("the cost of one home call", () => {
  it("makes as many statements for a class of 13 as for a class of 3 (none per day, subject or child)", async () => {
    const before = await statementsOf(() => homeOf(maryam));
    const { api } = school;
    const more: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = (await addStudent(api, { name: `Classmate ${i}` })).id;
      await enrol(api, id, school.room5a.id, { startedOn: "2026-06-01" });
      more.push(id);
    }
    const reg = await ok<{ codes: { id: number; meaning: string }[] }>(api.get(`/admin/api/attendance/register?classroomId=${school.room5a.id}&date=${today}`));
    const present = reg.codes.find((c) => c.meaning === "present")!.id;
    for (const k of [4, 5, 6]) {
      await ok(
        api.put("/admin/api/attendance", {
          classroomId: school.room5a.id,
          date: d(k),
          marks: [maryam, ...more].map((studentId) => ({ studentId, codeId: present })),
        }),
      );
    }
    const after = await statementsOf(() => homeOf(maryam));
    console.info(`one home call: ${before} statements for a class of 3, ${after} for a class of 13 with three more registers`);
    expect(after).toBe(before);
    expect(before).toBeLessThan(100);
  });
});
