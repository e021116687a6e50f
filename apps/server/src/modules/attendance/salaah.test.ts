import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;
interface Lists {
  salaahTypes: { id: number; name: string }[];
  options: { id: number; meaning: string }[];
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A school with Class 5-A of three children, and the standard prayers and options. */
async function classOfThree(app: TestApp) {
  const s = await newSchool(app);
  const kids = [];
  for (const name of ["Aisha", "Bilal", "Fatima"]) {
    const k = await addStudent(s.api, { name });
    await enrol(s.api, k.id, s.room5a.id);
    kids.push(k);
  }
  const day = await ok<Lists & { students: { id: number }[] }>(s.api.get(`/admin/api/salaah-log/students?classroomId=${s.room5a.id}&date=${daysAgo(1)}`));
  const fajr = day.salaahTypes.find((t) => t.name === "Fajr")!;
  const meaning = (m: string) => day.options.find((o) => o.meaning === m)!.id;
  return { s, kids, fajr, meaning, day };
}

async function parentOf(s: School) {
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
  const mobile = uniqueMobile();
  const user = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/user", { name: "Parent", mobile, password: "Quiet-Garden-42", roleIds: [roles.rows.find((r) => r.builtin === "parent")!.id] }),
  );
  return { id: user.data.id, mobile };
}

describe("salaah", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives a new school the six standard prayers in order and five options, and keeps them from deletion", async () => {
    const { s, day } = await classOfThree(app);
    expect(day.salaahTypes.map((t) => t.name)).toEqual(["Fajr", "Zuhr", "Asr", "Maghrib", "Isha", "Jumuah"]);
    expect(day.options.map((o) => o.meaning)).toEqual(["congregation", "alone", "late", "missed", "excused"]);
    expect(day.students).toHaveLength(3);
    const fajr = day.salaahTypes[0]!;
    expect((await s.api.delete(`/admin/api/salaah-type/${fajr.id}`)).statusCode).toBe(409);
    const own = await ok<{ data: { id: number } }>(s.api.post("/admin/api/salaah-type", { name: "Tahajjud", order: 7, time: "03:30" }));
    expect((await ok<{ rows: { name: string; time: string }[] }>(s.api.get("/admin/api/salaah-type"))).rows.at(-1)).toMatchObject({
      name: "Tahajjud",
      time: "03:30",
    });
    expect((await s.api.delete(`/admin/api/salaah-type/${own.data.id}`)).statusCode).toBe(200);
  });

  it("marks a whole class for Fajr in one call; the same call twice changes nothing; a change rewrites one row", async () => {
    const { s, kids, fajr, meaning } = await classOfThree(app);
    const body = {
      classroomId: s.room5a.id,
      date: daysAgo(1),
      salaahTypeId: fajr.id,
      entries: kids.map((k, i) => ({ studentId: k.id, optionId: meaning(i === 2 ? "missed" : "congregation") })),
    };
    expect(await ok(s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", body))).toMatchObject({ saved: 3, changed: 3 });
    expect(await ok(s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", body))).toMatchObject({ saved: 3, changed: 0 });
    expect(await rowsOf(app, "salaah_logs", s.tenant.id)).toHaveLength(3);
    const fixed = { ...body, entries: [{ studentId: kids[2]!.id, optionId: meaning("late") }] };
    expect(await ok(s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", fixed))).toMatchObject({ changed: 1 });

    const grouped = await ok<{ count: number; salaahTypes: unknown[]; students: { id: number; logs: { date: string; meaning: string }[] }[] }>(
      s.api.get(`/admin/api/salaah-log/salaah-attendance/students?classroomId=${s.room5a.id}&from=${daysAgo(7)}&to=${today()}`),
    );
    expect(grouped.count).toBe(3);
    expect(grouped.salaahTypes).toHaveLength(6);
    expect(grouped.students.map((x) => x.logs.map((l) => l.meaning))).toEqual([["congregation"], ["congregation"], ["late"]]);
    const list = await ok<{ count: number }>(s.api.get(`/admin/api/salaah-log?studentId=${kids[0]!.id}`));
    expect(list.count).toBe(1);
  });

  it("takes marks kept offline for several prayers and days in the same one call, refusing a future day among them", async () => {
    const { s, kids, fajr, meaning, day } = await classOfThree(app);
    const isha = day.salaahTypes.find((t) => t.name === "Isha")!;
    const entries = [1, 2].flatMap((back) =>
      kids.flatMap((k) => [fajr, isha].map((t) => ({ studentId: k.id, optionId: meaning("congregation"), salaahTypeId: t.id, date: daysAgo(back) }))),
    );
    const body = { classroomId: s.room5a.id, date: daysAgo(1), salaahTypeId: fajr.id, entries };
    expect(await ok(s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", body))).toMatchObject({ saved: 12, changed: 12 });
    expect(await ok(s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", body))).toMatchObject({ changed: 0 });
    const ahead = { ...body, entries: [{ ...entries[0]!, date: daysAgo(-3) }] };
    expect((await s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", ahead)).json()).toMatchObject({ code: "attendance.future_date" });
    const doubled = { ...body, entries: [entries[0]!, { ...entries[0]!, salaahTypeId: undefined, date: undefined }] };
    expect((await s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", doubled)).json()).toMatchObject({ code: "salaah.listed_twice" });
    expect(await rowsOf(app, "salaah_logs", s.tenant.id)).toHaveLength(12);
  });

  it("refuses a future date, a student not in the class, another school's student (404), and a bad option", async () => {
    const { s, kids, fajr, meaning } = await classOfThree(app);
    const other = await classOfThree(app);
    const url = "/admin/api/salaah-log/salaah-attendance/bulkupdate";
    const base = { classroomId: s.room5a.id, date: daysAgo(1), salaahTypeId: fajr.id };
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const future = await s.api.post(url, { ...base, date: tomorrow, entries: [{ studentId: kids[0]!.id, optionId: meaning("alone") }] });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: "attendance.future_date", params: { field: "date" } });

    const elsewhere = await addStudent(s.api, { name: "In 5-B" });
    await enrol(s.api, elsewhere.id, s.room5b.id);
    const notIn = await s.api.post(url, { ...base, entries: [{ studentId: elsewhere.id, optionId: meaning("alone") }] });
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json()).toMatchObject({ code: "attendance.not_in_class", params: { field: "entries", studentId: elsewhere.id } });

    const theirs = await s.api.post(url, { ...base, entries: [{ studentId: other.kids[0]!.id, optionId: meaning("alone") }] });
    expect(theirs.statusCode).toBe(404);
    const theirClass = await s.api.post(url, { ...base, classroomId: other.s.room5a.id, entries: [{ studentId: kids[0]!.id, optionId: meaning("alone") }] });
    expect(theirClass.statusCode).toBe(404);
    const theirOption = await s.api.post(url, { ...base, entries: [{ studentId: kids[0]!.id, optionId: other.meaning("alone") }] });
    expect(theirOption.json()).toMatchObject({ code: "salaah.unknown_option" });
    const twice = await s.api.post(url, { ...base, entries: [kids[0], kids[0]].map((k) => ({ studentId: k!.id, optionId: meaning("alone") })) });
    expect(twice.statusCode).toBe(400);
    // Nothing of the refused calls was written.
    expect(await rowsOf(app, "salaah_logs", s.tenant.id)).toHaveLength(0);
    const single = await s.api.post("/admin/api/salaah-log", { studentId: kids[0]!.id, salaahTypeId: fajr.id, optionId: meaning("alone"), date: tomorrow });
    expect(single.statusCode).toBe(400);
  });

  it("shows a parent their child's week and nobody else's", async () => {
    const { s, kids, fajr, meaning } = await classOfThree(app);
    const parent = await parentOf(s);
    await ok(s.api.put("/admin/api/student", { id: kids[0]!.id, guardians: [{ userId: parent.id, relation: "mother" }] }));
    await ok(
      s.api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", {
        classroomId: s.room5a.id,
        date: daysAgo(1),
        salaahTypeId: fajr.id,
        entries: kids.map((k) => ({ studentId: k.id, optionId: meaning("congregation") })),
      }),
    );
    const session = await signIn(app, s.tenant.code, parent.mobile);
    const week = await ok<{ students: { id: number; logs: unknown[] }[] }>(
      session.api.get(`/user/api/home/salaah?student=${kids[0]!.id}&from=${daysAgo(6)}&to=${today()}`),
    );
    expect(week.students).toEqual([expect.objectContaining({ id: kids[0]!.id, logs: [expect.objectContaining({ salaahTypeId: fajr.id })] })]);
    expect((await session.api.get(`/user/api/home/salaah?student=${kids[1]!.id}&from=${daysAgo(6)}&to=${today()}`)).statusCode).toBe(404);
    expect(
      (await session.api.get(`/admin/api/salaah-log/salaah-attendance/students?studentId=${kids[1]!.id}&from=${daysAgo(6)}&to=${today()}`)).statusCode,
    ).toBe(403);
    expect((await session.api.get(`/user/api/home/salaah?student=${kids[0]!.id}&from=${daysAgo(90)}&to=${today()}`)).statusCode).toBe(400);
  });
});
