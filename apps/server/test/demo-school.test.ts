import type { HomeData } from "@taleem/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { buildRoster } from "../src/db/demo/demo-roster.js";
import { demoRandom } from "../src/db/demo/demo-school.js";
import { DEMO, seedDemo } from "../src/db/seed-demo.js";
import { buildTestApp, signIn, type TestApp } from "./harness.js";

type Rows<T> = { rows: T[]; count: number };

const MALAYALAM = /[\u0D00-\u0D7F]/;
const TAMIL = /[\u0B80-\u0BFF]/;
// Letters Urdu writes and Arabic does not (ہ ی ے), and the reverse (ة ي).
const URDU = /[\u06C1\u06CC\u06D2]/;
const ARABIC = /[\u0629\u064A]/;

let app: TestApp;
let seconds = 0;

// An app of its own (closed with the file's others): on PostgreSQL the shared database is also
// the one the CLI tests seed DEMO into.
beforeAll(async () => {
  app = (await buildTestApp({})).app;
  const started = performance.now();
  expect(await seedDemo(app)).toBe(true);
  seconds = (performance.now() - started) / 1000;
}, 300_000);

const as = async (mobile: string) => (await signIn(app, DEMO.code, mobile, DEMO.password)).api;
const json = async <T>(reply: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> => {
  const r = await reply;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

describe("the demo school", () => {
  it("has 120 students with names in Latin and in Malayalam, Tamil, Urdu and Arabic script", async () => {
    console.info(`demo school seeded in ${seconds.toFixed(1)} s`);
    const admin = await as(DEMO.admin.mobile);
    const students = await json<Rows<{ name: string; nameNative: string | null; admissionNo: string; status: string }>>(
      admin.get("/admin/api/student?limit=500"),
    );
    expect(students.count).toBe(120);
    const native = students.rows.map((s) => s.nameNative ?? "");
    for (const script of [MALAYALAM, TAMIL, URDU, ARABIC]) expect(native.some((n) => script.test(n))).toBe(true);
    expect(students.rows.every((s) => s.status === "active" && s.name && s.nameNative)).toBe(true);
    expect(students.rows.map((s) => s.admissionNo).sort()).toEqual(Array.from({ length: 120 }, (_, i) => String(1001 + i)));
  });

  it("runs eight classrooms this year, each with students, a class teacher and a timetable; last year's three were promoted", async () => {
    const admin = await as(DEMO.admin.mobile);
    const batches = await json<Rows<{ id: number; active: boolean }>>(admin.get("/admin/api/batch?limit=10"));
    expect(batches.count).toBe(2);
    const current = batches.rows.find((b) => b.active)!;
    const past = batches.rows.find((b) => !b.active)!;
    type Room = { id: number; label: string; studentCount: number; classTeacherName: string | null; subjects: unknown[] };
    const rooms = await json<Rows<Room>>(admin.get(`/admin/api/classRoom?batchId=${current.id}&limit=100`));
    expect(rooms.count).toBe(8);
    expect(rooms.rows.every((r) => r.studentCount === 15 && r.classTeacherName && r.subjects.length > 0)).toBe(true);
    expect(rooms.rows.some((r) => r.classTeacherName === DEMO.staff.name)).toBe(true);

    const week = await json<Rows<{ dayOfWeek: number; subjectName: string; teacherName: string | null }>>(
      admin.get(`/admin/api/timetable?classroomId=${rooms.rows[0]!.id}&limit=100`),
    );
    expect(week.count).toBeGreaterThan(0);
    expect(new Set(week.rows.map((e) => e.dayOfWeek)).size).toBe(6);
    expect(week.rows.every((e) => e.subjectName && e.teacherName)).toBe(true);
    const hours = await json<Rows<{ sessionName: string | null; label: string | null }>>(
      admin.get(`/admin/api/hour?classroomId=${rooms.rows[0]!.id}&limit=100`),
    );
    expect(hours.count).toBe(week.count);
    expect(hours.rows.every((h) => h.sessionName && h.label)).toBe(true);
    // Every hour of the week has its subject: two a day in hifz and madrasa, four at school, six days.
    const allHours = await json<Rows<unknown>>(admin.get("/admin/api/hour?limit=1"));
    const allEntries = await json<Rows<unknown>>(admin.get("/admin/api/timetable?limit=1"));
    expect(allHours.count).toBe(6 * (3 * 2 + 3 * 2 + 2 * 4));
    expect(allEntries.count).toBe(allHours.count);

    const teacher = await json<{ rows: { id: number; mobile: string | null }[] }>(admin.get("/admin/api/user?limit=500"));
    const teacherId = teacher.rows.find((u) => u.mobile === DEMO.staff.mobile)!.id;
    const taught = await json<Rows<unknown>>(admin.get(`/admin/api/timetable?teacherId=${teacherId}&limit=1`));
    expect(taught.count).toBeGreaterThan(0);

    const lastYear = await json<Rows<{ id: number }>>(admin.get(`/admin/api/classRoom?batchId=${past.id}&limit=100`));
    expect(lastYear.count).toBeGreaterThanOrEqual(2);
    const promoted = await json<Rows<{ batchId: number }>>(admin.get("/admin/api/enrollment?status=promoted&limit=100"));
    expect(promoted.count).toBe(45);
    expect(promoted.rows.every((e) => e.batchId === past.id)).toBe(true);
  });

  it("lists each classroom's students by name, each enrolled on or after the day they were admitted", async () => {
    const admin = await as(DEMO.admin.mobile);
    const rooms = await json<Rows<{ id: number }>>(admin.get("/admin/api/classRoom?limit=100"));
    for (const room of rooms.rows) {
      const roster = await json<{ rows: { name: string }[] }>(admin.get(`/admin/api/classRoom/students/${room.id}`));
      const names = roster.rows.map((r) => r.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    }
    const students = await json<Rows<{ id: number; admittedOn: string }>>(admin.get("/admin/api/student?limit=500"));
    const admitted = new Map(students.rows.map((s) => [s.id, s.admittedOn]));
    const enrolments = await json<Rows<{ studentId: number; startedOn: string }>>(admin.get("/admin/api/enrollment?limit=500"));
    expect(enrolments.count).toBe(120 + 45);
    expect(enrolments.rows.every((e) => e.startedOn >= admitted.get(e.studentId)!)).toBe(true);
  });

  it("shows the demo parent exactly two children, in different classrooms", async () => {
    const parent = await as(DEMO.parent.mobile);
    const children = await json<Rows<{ name: string; nameNative: string | null; classroomId: number | null; className: string | null }>>(
      parent.get("/user/api/home/children"),
    );
    expect(children.count).toBe(2);
    expect(children.rows.every((c) => c.classroomId && c.className && c.nameNative)).toBe(true);
    expect(children.rows[0]!.classroomId).not.toBe(children.rows[1]!.classroomId);
  });

  it("runs a hifz class: three months of sittings with mistakes, today's sitting waiting with each child's next sabaq, and the parent sees their child's progress", async () => {
    const admin = await as(DEMO.admin.mobile);
    const school = await json<{ totalHifzLogs: number; activeHafiz: number; openMistakes: number; groups: { members: number }[] }>(
      admin.get("/admin/api/hifzlog/hifz/dashboard-data"),
    );
    expect(school.groups).toHaveLength(3);
    expect(school.groups.every((g) => g.members > 0)).toBe(true);
    expect(school.totalHifzLogs).toBeGreaterThan(school.activeHafiz * 60 * 2);
    expect(school.openMistakes).toBeGreaterThan(0);
    const today = await json<{ rows: { id: number; logCount: number; date: string }[] }>(admin.get("/admin/api/hifzsession?limit=5&sort=-date"));
    const waiting = today.rows.filter((s) => s.date === today.rows[0]!.date);
    expect(waiting.every((s) => s.logCount === 0)).toBe(true);
    const sitting = await json<{ hafiz: { next: { startAyah: number; endAyah: number }[] }[] }>(admin.get(`/admin/api/hifzlog/session/${waiting[0]!.id}`));
    // Each child's three streams open on the range they carry on with: most run past their first ayah.
    expect(sitting.hafiz.every((h) => h.next.length === 3 && h.next.every((n) => n.endAyah >= n.startAyah))).toBe(true);
    expect(sitting.hafiz.filter((h) => h.next.every((n) => n.endAyah > n.startAyah)).length).toBeGreaterThan(sitting.hafiz.length / 2);

    const parent = await as(DEMO.parent.mobile);
    const children = await json<Rows<{ id: number }>>(parent.get("/user/api/home/children"));
    const dashboards = await Promise.all(children.rows.map((c) => parent.get(`/user/api/home/hifz?studentId=${c.id}`)));
    const hafiz = dashboards
      .filter((d) => d.statusCode === 200)
      .map((d) => d.json() as { totalLogs: number; heatMapData: unknown[]; pace: { ayahs: number }[] });
    // Both children are hafiz: the hifz class's pupil with three months of logs, the other a weekend pupil (the home slice).
    expect(hafiz).toHaveLength(2);
    const hifzClass = hafiz.find((h) => h.totalLogs > 100)!;
    expect(hifzClass.heatMapData.length).toBeGreaterThan(0);
    expect(hifzClass.pace.some((w) => w.ayahs > 0)).toBe(true);
  });

  it("shows the demo parent's home for each child today: attendance taken, a task due, a hifz lesson and a published result", async () => {
    const parent = await as(DEMO.parent.mobile);
    const children = await json<Rows<{ id: number }>>(parent.get("/user/api/home/children"));
    for (const child of children.rows) {
      const { data } = await json<{ data: HomeData }>(parent.get(`/user/api/home?student=${child.id}`));
      // The demo school works Monday to Saturday: on a Sunday no register is taken.
      const sunday = new Date(`${data.today.date}T00:00:00Z`).getUTCDay() === 0;
      expect(data.today.attendance.state === "not_taken").toBe(sunday);
      expect(data.todaysPendingTasks.length).toBeGreaterThan(0);
      expect(data.today.hifz?.recitationTypeName).toBeTruthy();
      expect(data.today.latestResult?.percent).toBeGreaterThan(0);
    }
  });

  it("has applications from the public form waiting for review, and one approved and one rejected", async () => {
    const admin = await as(DEMO.admin.mobile);
    const all = await json<{ rows: { status: string; applicationNo: string; source: string }[] }>(admin.get("/admin/api/admission/all"));
    const count = (status: string) => all.rows.filter((r) => r.status === status).length;
    expect(count("pending")).toBeGreaterThanOrEqual(5);
    expect(count("approved")).toBe(1);
    expect(count("rejected")).toBe(1);
    expect(all.rows.every((r) => r.source === "public" && r.applicationNo)).toBe(true);
  });

  it("is seeded once: a second seed adds nothing and says so", async () => {
    const admin = await as(DEMO.admin.mobile);
    const before = await json<Rows<unknown>>(admin.get("/admin/api/user?limit=1"));
    expect(await seedDemo(app)).toBe(false);
    const students = await json<Rows<unknown>>(admin.get("/admin/api/student?limit=1"));
    const after = await json<Rows<unknown>>(admin.get("/admin/api/user?limit=1"));
    expect(students.count).toBe(120);
    expect(after.count).toBe(before.count);
  });

  it("makes the same people on every machine: the roster comes from a fixed seed", () => {
    const make = () => buildRoster(demoRandom("same"), "2026-07-15", DEMO.parent).students.map((s) => [s.admissionNo, s.name, s.nameNative, s.dateOfBirth]);
    expect(make()).toEqual(make());
  });
});
