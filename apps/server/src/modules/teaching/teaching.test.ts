import { addDays, type ClassStudentsReply, type MyClassesReply, type RegisterReply } from "@taleem/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { schoolDays } from "../attendance/school-days.service.js";

const app: TestApp = await testApp();

type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];

/**
 * A small school worked out by hand, on `day` (the latest working day up to today):
 * - Ustadh Yusuf (a class teacher's role that may enter marks) is class teacher of 5-A (Aisha, Bilal) and teaches Fiqh in 5-B (Zaid),
 *   whose class teacher is Ustadha Maryam; he is also class teacher of next year's 6-A, which
 *   is not this year's and so not his yet.
 * - His timetable: Fiqh in 5-B at 08:00 on `day`'s weekday, and at 09:00 on the next working day.
 * - He leads the halqa "Umar" (Aisha and Zaid), with a sitting on `day` and one the day after.
 * - The Half-yearly examination (begun) has Fiqh papers in 5-A and 5-B: Aisha's mark is in, so
 *   5-A misses Bilal's and 5-B misses Zaid's.
 * - A daily checklist names him.
 */
async function fixture() {
  const s = await newSchool(app);
  const { api } = s;
  const roles = await rolesOf(api);
  // A teacher who also enters marks (the built-in Staff role does not, until the school allows it).
  const teacher = await ok<{ data: { id: number } }>(
    api.post("/admin/api/role", {
      name: "Class teacher",
      area: "parent",
      permissions: {
        academics: ["view"],
        attendance: ["view", "add", "edit"],
        hifz: ["view", "add", "edit"],
        exams: ["view", "add"],
        checklists: ["view", "add"],
      },
    }),
  );
  const yusuf = await signedInUser(app, s.tenant, api, [teacher.data.id], { name: "Ustadh Yusuf" });
  const maryam = await signedInUser(app, s.tenant, api, [roles.staff!], { name: "Ustadha Maryam" });
  const days = await schoolDays(new TenantScope(app.services.db, s.tenant.id));
  let day = days.today;
  while (!days.isWorking(day)) day = addDays(day, -1);
  let next = addDays(day, 1);
  while (!days.isWorking(next)) next = addDays(next, 1);
  const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() || 7;

  await ok(api.put("/admin/api/classRoom", { id: s.room5a.id, classTeacherId: yusuf.user.id }));
  await ok(
    api.put("/admin/api/classRoom", { id: s.room5b.id, classTeacherId: maryam.user.id, subjects: [{ subjectId: s.subject.id, teacherId: yusuf.user.id }] }),
  );
  await ok(api.put("/admin/api/classRoom", { id: s.room6a.id, classTeacherId: yusuf.user.id }));
  const student = async (name: string, classroomId: number, rollNo: number) => {
    const st = await addStudent(api, { name });
    await enrol(api, st.id, classroomId, { rollNo, startedOn: "2026-06-01" });
    return st;
  };
  const bilal = await student("Bilal", s.room5a.id, 2);
  const aisha = await student("Aisha", s.room5a.id, 1);
  const zaid = await student("Zaid", s.room5b.id, 1);

  const hour = async (d: string, startTime: string, endTime: string) => {
    const h = (await ok<{ data: { id: number } }>(api.post("/admin/api/hour", { classroomId: s.room5b.id, dayOfWeek: weekday(d), startTime, endTime }))).data;
    await ok(api.post("/admin/api/timetable", { hourId: h.id, subjectId: s.subject.id, teacherId: yusuf.user.id }));
    return h.id;
  };
  const hourToday = await hour(day, "08:00", "08:45");
  const hourNext = await hour(next, "09:00", "09:45");

  const group = (await ok<{ data: { id: number } }>(api.post("/admin/api/recitation-group", { name: "Halqa Umar", teacherId: yusuf.user.id }))).data.id;
  const hafiz = [];
  for (const st of [aisha, zaid])
    hafiz.push((await ok<{ data: { id: number } }>(api.post("/admin/api/hafiz", { studentId: st.id, recitationGroupId: group }))).data.id);
  const sitting = async (date: string) =>
    (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/hifzsession", { date, startTime: "05:45", endTime: "07:00", recitationGroupId: group, teacherId: yusuf.user.id }),
      )
    ).data.id;
  const sittingToday = await sitting(day);
  const sittingNext = await sitting(addDays(day, 1));

  const master = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Half-yearly",
        batchId: s.thisYear.id,
        startDate: "2026-09-20",
        endDate: "2026-09-30",
        classroomIds: [s.room5a.id, s.room5b.id],
        subjects: [{ subjectId: s.subject.id, maxMarks: 50, passMarks: 18 }],
      }),
    )
  ).data;
  const papers = (await ok<{ rows: { id: number; classroomId: number }[] }>(api.get(`/admin/api/exam?examMasterId=${master.id}&limit=100`))).rows;
  const paper5a = papers.find((p) => p.classroomId === s.room5a.id)!.id;
  const paper5b = papers.find((p) => p.classroomId === s.room5b.id)!.id;
  await ok(api.post("/admin/api/result/multiresults", { examId: paper5a, results: [{ studentId: aisha.id, marks: 40, status: "present" }] }));

  const checklist = (
    await ok<{ data: { id: number; items: { id: number }[] } }>(
      api.post("/admin/api/checklists", {
        name: "Class diary",
        frequency: "daily",
        items: [{ question: "Diary written?", kind: "yesno" }],
        assigneeIds: [yusuf.user.id],
        startsOn: addDays(day, -3),
      }),
    )
  ).data;
  return {
    ...s,
    yusuf,
    maryam,
    day,
    next,
    bilal,
    aisha,
    zaid,
    hourToday,
    hourNext,
    group,
    hafiz,
    sittingToday,
    sittingNext,
    master,
    paper5a,
    paper5b,
    checklist,
  };
}

const myClasses = (api: Api, date: string) => ok<MyClassesReply>(api.get(`/user/api/home/my-classes?date=${date}`));

describe("a teacher's classes and what waits for them", () => {
  let s: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    s = await fixture();
  });

  it("lists the classrooms, hours, halqa and sittings he teaches, with what is waiting", async () => {
    const r = await myClasses(s.yusuf.api, s.day);
    expect(r.date).toBe(s.day);
    expect(r.workingDay).toBe(true);
    expect(r.weekTo).toBe(addDays(s.day, 6));
    // This year's two classrooms; next year's 6-A is not his yet.
    expect(r.classrooms.map((c) => c.classroomId)).toEqual([s.room5a.id, s.room5b.id]);
    const [a, b] = r.classrooms;
    expect(a).toMatchObject({ label: "Class 5-A", students: 2, classTeacher: true, subjects: [], marksMissing: 1 });
    expect(a!.register).toEqual({ expected: true, taken: false, byName: null, at: null, waiting: true });
    // 5-B's register is its class teacher's (Maryam), not his: not taken, but not waiting for him.
    expect(b).toMatchObject({ label: "Class 5-B", students: 1, classTeacher: false, subjects: [{ id: s.subject.id, name: "Fiqh" }], marksMissing: 1 });
    expect(b!.register).toMatchObject({ expected: true, taken: false, waiting: false });

    // Seven days from `day` hold each weekday once: each hour comes once, on its date.
    expect(r.hours.map((h) => [h.hourId, h.date, h.startTime, h.endTime, h.classroomLabel, h.subjectName])).toEqual([
      [s.hourToday, s.day, "08:00", "08:45", "Class 5-B", "Fiqh"],
      [s.hourNext, s.next, "09:00", "09:45", "Class 5-B", "Fiqh"],
    ]);
    expect(r.groups).toEqual([{ groupId: s.group, name: "Halqa Umar", members: 2 }]);
    expect(r.sittings.map((x) => [x.sessionId, x.date, x.startTime, x.logCount, x.waiting])).toEqual([
      [s.sittingToday, s.day, "05:45", 0, true],
      [s.sittingNext, addDays(s.day, 1), "05:45", 0, false],
    ]);
    expect(r.papers.map((p) => [p.examId, p.classroomLabel, p.subjectName, p.students, p.entered, p.missing])).toEqual([
      [s.paper5a, "Class 5-A", "Fiqh", 2, 1, 1],
      [s.paper5b, "Class 5-B", "Fiqh", 1, 0, 1],
    ]);
    expect(r.checklists).toEqual([{ checklistId: s.checklist.id, name: "Class diary", frequency: "daily", startDate: s.day, endDate: s.day, sentBack: false }]);
    expect(r.waiting).toEqual({ registers: 1, sittings: 1, marks: 2, checklists: 1, total: 5 });
  });

  it("flips each figure when the work is done", async () => {
    const api = s.yusuf.api;
    const reg = await ok<RegisterReply>(api.get(`/admin/api/attendance/register?classroomId=${s.room5a.id}&date=${s.day}`));
    const present = reg.codes.find((c) => c.meaning === "present")!.id;
    await ok(
      api.put("/admin/api/attendance", { classroomId: s.room5a.id, date: s.day, marks: reg.lines.map((l) => ({ studentId: l.studentId, codeId: present })) }),
    );
    const [sabaq] = (await ok<{ rows: { id: number }[] }>(api.get("/admin/api/recitationtype/active"))).rows;
    await ok(
      api.put("/admin/api/hifzlog/sitting", {
        sessionId: s.sittingToday,
        hafiz: [{ hafizId: s.hafiz[0], logs: [{ recitationTypeId: sabaq!.id, startAyah: 6231, endAyah: 6236 }] }],
      }),
    );
    await ok(s.api.post("/admin/api/result/multiresults", { examId: s.paper5b, results: [{ studentId: s.zaid.id, marks: null, status: "absent" }] }));
    await ok(
      api.post("/admin/api/checklists/checklist-logs", {
        checklistId: s.checklist.id,
        startDate: s.day,
        answers: [{ itemId: s.checklist.items[0]!.id, value: true }],
      }),
    );

    const r = await myClasses(api, s.day);
    const [a, b] = r.classrooms;
    expect(a!.register).toMatchObject({ expected: true, taken: true, byName: "Ustadh Yusuf", waiting: false });
    expect(a!.marksMissing).toBe(1);
    expect(b!.register.taken).toBe(false);
    expect(b!.marksMissing).toBe(0);
    expect(r.sittings[0]).toMatchObject({ sessionId: s.sittingToday, logCount: 1, waiting: false });
    expect(r.papers.map((p) => p.examId)).toEqual([s.paper5a]);
    expect(r.checklists).toEqual([]);
    expect(r.waiting).toEqual({ registers: 0, sittings: 0, marks: 1, checklists: 0, total: 1 });

    // Publishing the term's report card makes the marks final: nothing waits any more.
    const set = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/examset", {
        name: "Half-yearly report",
        batchId: s.thisYear.id,
        components: [{ examMasterId: s.master.id }],
        combine: "total",
        rankRule: "passedAll",
      }),
    );
    await ok(s.api.post("/admin/api/examset/publish", { id: set.data.id, published: true }));
    expect((await myClasses(api, s.day)).waiting.marks).toBe(0);
  });

  it("gives a teacher's class list to its teachers and the office, refuses a parent, and hides another school's", async () => {
    const list = await ok<ClassStudentsReply>(s.yusuf.api.get(`/user/api/home/classstudents/${s.room5a.id}`));
    expect(list.classroom).toEqual({ id: s.room5a.id, label: "Class 5-A" });
    expect(list.rows.map((r) => [r.name, r.rollNo])).toEqual([
      ["Aisha", 1],
      ["Bilal", 2],
    ]);
    expect(list.count).toBe(2);
    expect((await ok<ClassStudentsReply>(s.api.get(`/user/api/home/classstudents/${s.room5b.id}`))).rows.map((r) => r.name)).toEqual(["Zaid"]);

    const roles = await rolesOf(s.api);
    const parent = await signedInUser(app, s.tenant, s.api, [roles.parent!]);
    expect((await parent.api.get(`/user/api/home/classstudents/${s.room5a.id}`)).statusCode).toBe(403);

    // A role that may neither view attendance nor academics sees a class list only once it teaches that class.
    const tutorRole = await ok<{ data: { id: number } }>(s.api.post("/admin/api/role", { name: "Tutor", area: "parent", permissions: { hifz: ["view"] } }));
    const tutor = await signedInUser(app, s.tenant, s.api, [tutorRole.data.id]);
    const refused = await tutor.api.get(`/user/api/home/classstudents/${s.room5a.id}`);
    expect(refused.statusCode, refused.body).toBe(403);
    await ok(s.api.put("/admin/api/classRoom", { id: s.room5b.id, subjects: [{ subjectId: s.subject.id, teacherId: tutor.user.id }] }));
    expect((await ok<ClassStudentsReply>(tutor.api.get(`/user/api/home/classstudents/${s.room5b.id}`))).count).toBe(1);
    expect((await tutor.api.get(`/user/api/home/classstudents/${s.room5a.id}`)).statusCode).toBe(403);

    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/user/api/home/classstudents/${s.room5a.id}`)).statusCode).toBe(404);
    expect((await s.yusuf.api.get(`/user/api/home/classstudents/999999999`)).statusCode).toBe(404);
  });

  it("asks a teacher only for what their role may do", async () => {
    // Maryam (built-in Staff: registers, hifz and checklists, no marks entry) is 5-B's class teacher.
    const r = await myClasses(s.maryam.api, s.day);
    expect(r.classrooms.map((c) => [c.label, c.classTeacher, c.register.waiting, c.marksMissing])).toEqual([["Class 5-B", true, true, 0]]);
    expect(r.papers).toEqual([]);
    expect(r.waiting.marks).toBe(0);
  });

  it("gives a teacher of nothing, and a parent, empty lists", async () => {
    const roles = await rolesOf(s.api);
    const idle = await signedInUser(app, s.tenant, s.api, [roles.staff!]);
    const parent = await signedInUser(app, s.tenant, s.api, [roles.parent!]);
    for (const who of [idle, parent]) {
      const r = await myClasses(who.api, s.day);
      expect(r).toMatchObject({ classrooms: [], hours: [], groups: [], sittings: [], papers: [], checklists: [] });
      expect(r.waiting.total).toBe(0);
    }
  });

  it("refuses a date that is not one", async () => {
    expect((await s.yusuf.api.get("/user/api/home/my-classes?date=2026-02-30")).statusCode).toBe(400);
  });

  it("keeps this year's classes on this year's days when the school makes next year active early", async () => {
    await ok(s.api.put("/admin/api/batch/make-active-batch", { id: s.nextYear.id }));
    try {
      expect((await myClasses(s.yusuf.api, s.day)).classrooms.map((c) => c.label)).toEqual(["Class 5-A", "Class 5-B"]);
      // On a day of next year, next year's 6-A is his.
      expect((await myClasses(s.yusuf.api, "2027-07-01")).classrooms.map((c) => c.label)).toEqual(["Class 6-A"]);
    } finally {
      await ok(s.api.put("/admin/api/batch/make-active-batch", { id: s.thisYear.id }));
    }
  });
});
