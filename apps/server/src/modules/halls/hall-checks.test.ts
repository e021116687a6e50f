import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { dayText } from "../../platform/texts/dates.js";
import { addStudent, ok } from "../academics/school.fixture.js";
import { schoolDate } from "../attendance/registers.fixture.js";
import { boys, hallSchool } from "./halls.fixture.js";

type Register = {
  codes: { id: number; meaning: string }[];
  check: { id: number; takenByName: string } | null;
  lines: { studentId: number; name: string; mark: { meaning: string; note: string | null } | null }[];
};
type Check = { id: number; hallName: string; present: number; absent: number; absentees: { name: string; note: string | null }[]; marks: unknown[] };
type Notices = { rows: { kind: string; title: string; body: string; link: string }[] };

/** A boys' dormitory of three with its warden, and the school's codes by meaning. */
async function nightOf(app: TestApp) {
  const s = await hallSchool(app, 5);
  const kids = await boys(s, 3);
  await ok(s.api.post("/admin/api/hall/bulk-update", { id: s.hall.id, studentIds: kids.map((k) => k.id) }));
  const date = schoolDate(-1);
  const reg = await ok<Register>(s.api.get(`/admin/api/hallcheck/register?hallId=${s.hall.id}&date=${date}&slot=night`));
  const code = (meaning: string) => reg.codes.find((c) => c.meaning === meaning)!.id;
  const body = (meanings: string[]) => ({
    hallId: s.hall.id,
    date,
    slot: "night",
    marks: kids.map((k, i) => ({ studentId: k.id, codeId: code(meanings[i]!), ...(meanings[i] === "absent" ? { note: "not in bed at 10" } : {}) })),
  });
  return { s, kids, date, reg, code, body };
}

const hallNotices = async (api: { get: (p: string) => Promise<{ json: () => unknown }> }) =>
  ((await api.get("/user/api/home/notifications?limit=50")).json() as Notices).rows.filter((n) => n.kind === "hall_check");

describe("hall checks", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("takes a hall's roll in one call, lists its absentees and tells the warden and the office; sent again it replaces, never doubles", async () => {
    const { s, kids, date, reg, body } = await nightOf(app);
    expect(reg.check).toBeNull();
    expect(reg.lines.map((l) => l.name)).toEqual(["Boy 1", "Boy 2", "Boy 3"]);
    expect(reg.codes.map((c) => c.meaning)).not.toContain("half_day");

    const first = await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", body(["present", "absent", "on_leave"])));
    expect(first.data).toMatchObject({ hallName: "Bilal House", present: 1, absent: 1, absentees: [{ name: "Boy 2", note: "not in bed at 10" }] });
    const told = await hallNotices(s.warden.api);
    expect(told).toEqual([expect.objectContaining({ title: "Bilal House: 1 absent", link: expect.stringContaining("/parent/hall-check?") })]);
    expect(told[0]!.body).toContain("Boy 2");
    expect(await hallNotices(s.api)).toEqual([expect.objectContaining({ link: expect.stringContaining("/admin/hall-checks?") })]);

    // The same register again: one check, the same id, nobody told twice.
    const again = await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", body(["present", "absent", "on_leave"])));
    expect(again.data.id).toBe(first.data.id);
    expect((await hallNotices(s.warden.api)).length).toBe(1);
    // Changed: the marks are replaced; only the newly absent is told of.
    const changed = await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", body(["absent", "absent", "present"])));
    expect(changed.data).toMatchObject({ id: first.data.id, absent: 2, present: 1 });
    const now = await hallNotices(s.warden.api);
    expect(now.length).toBe(2);
    expect(now[0]!.body).toContain("Boy 1");
    expect(now[0]!.body).not.toContain("Boy 2");

    const list = await ok<{ rows: Check[]; count: number }>(s.api.get(`/admin/api/hallcheck?hallId=${s.hall.id}&dateFrom=${date}&dateTo=${date}`));
    expect(list.count).toBe(1);
    expect(list.rows[0]!.absentees.map((a) => a.name)).toEqual(["Boy 1", "Boy 2"]);
    const reopened = await ok<Register>(s.api.get(`/admin/api/hallcheck/register?hallId=${s.hall.id}&date=${date}&slot=night`));
    expect(reopened.check?.id).toBe(first.data.id);
    expect(reopened.lines.find((l) => l.studentId === kids[0]!.id)?.mark?.meaning).toBe("absent");

    // A study hour of the same night is another check.
    await ok(s.api.post("/admin/api/hallcheck", { ...body(["present", "present", "present"]), slot: "study_hour", time: "19:30" }));
    const withAbsentees = await ok<{ count: number }>(s.api.get(`/admin/api/hallcheck?hallId=${s.hall.id}&withAbsentees=true`));
    expect(withAbsentees.count).toBe(1);
    expect((await ok<{ count: number }>(s.api.get(`/admin/api/hallcheck?slot=study_hour`))).count).toBe(1);
  });

  it("changes a check's marks with PUT, and deletes it", async () => {
    const { s, body, code, kids } = await nightOf(app);
    const made = await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", body(["present", "present", "present"])));
    const put = await ok<{ data: Check }>(
      s.api.put("/admin/api/hallcheck", { id: made.data.id, marks: kids.map((k, i) => ({ studentId: k.id, codeId: code(i ? "present" : "absent") })) }),
    );
    expect(put.data).toMatchObject({ absent: 1, present: 2 });
    expect((await hallNotices(s.warden.api)).length).toBe(1);
    await ok(s.api.delete(`/admin/api/hallcheck/${made.data.id}`));
    expect((await ok<{ count: number }>(s.api.get("/admin/api/hallcheck"))).count).toBe(0);
  });

  it("refuses a student not in the hall, another school's student or hall, a code a roll call does not take, a future date and a student twice", async () => {
    const { s, body, code, kids } = await nightOf(app);
    const t = await adminOfNewTenant(app);
    const outsider = await addStudent(s.api, { name: "Day Scholar" });
    const good = body(["present", "present", "present"]);

    const notIn = await s.api.post("/admin/api/hallcheck", { ...good, marks: [...good.marks, { studentId: outsider.id, codeId: code("present") }] });
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json()).toMatchObject({ code: "hallcheck.not_in_hall", params: { field: "marks", name: "Day Scholar" } });
    const theirs = await addStudent(t.api);
    expect((await s.api.post("/admin/api/hallcheck", { ...good, marks: [{ studentId: theirs.id, codeId: code("present") }] })).statusCode).toBe(404);
    expect((await t.api.post("/admin/api/hallcheck", { ...good, marks: [{ studentId: theirs.id, codeId: 1 }] })).statusCode).toBe(404);
    expect((await t.api.get(`/admin/api/hallcheck/register?hallId=${s.hall.id}&date=${good.date}&slot=night`)).statusCode).toBe(404);

    const half = (await ok<{ rows: { id: number; meaning: string }[] }>(s.api.get("/admin/api/attendance-code?limit=50"))).rows.find(
      (c) => c.meaning === "half_day",
    )!;
    const badCode = await s.api.post("/admin/api/hallcheck", { ...good, marks: [{ studentId: kids[0]!.id, codeId: half.id }] });
    expect(badCode.json()).toMatchObject({ code: "hallcheck.bad_code", params: { field: "marks" } });

    const future = await s.api.post("/admin/api/hallcheck", { ...good, date: schoolDate(3) });
    expect(future.statusCode).toBe(400);
    expect(future.json().params.fields).toContain("date");
    const twice = await s.api.post("/admin/api/hallcheck", { ...good, marks: [good.marks[0], good.marks[0]] });
    expect(twice.json().params.fields).toContain("marks");
    // No marks: the whole hall present (the office's form).
    expect(
      (await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", { hallId: s.hall.id, date: good.date, slot: "other", time: "06:00" }))).data,
    ).toMatchObject({ present: 3, absent: 0 });
    expect((await s.api.post("/admin/api/hallcheck", { ...good, slot: "dawn" })).json().params.fields).toContain("slot");

    const made = await ok<{ data: Check }>(s.api.post("/admin/api/hallcheck", good));
    expect((await t.api.put("/admin/api/hallcheck", { id: made.data.id, notes: "x" })).statusCode).toBe(404);
    expect((await t.api.delete(`/admin/api/hallcheck/${made.data.id}`)).statusCode).toBe(404);
    // A hall with checks keeps its history.
    expect((await s.api.delete(`/admin/api/hall/${s.hall.id}`)).statusCode).toBe(409);
  });

  it("tells a warden who reads Urdu in Urdu, the night's day written and held in place", async () => {
    const { s, date, body } = await nightOf(app);
    await ok(s.warden.api.put("/user/api/user", { language: "ur" }));
    await ok(s.api.post("/admin/api/hallcheck", body(["present", "absent", "present"])));
    const [told] = await hallNotices(s.warden.api);
    expect(told).toMatchObject({
      title: "\u2068Bilal House\u2069: 1 غیر حاضر",
      body: `\u2068${dayText("ur", "UTC", date)}\u2069 کی رات کی حاضری میں غیر حاضر: \u2068Boy 2\u2069۔`,
    });
    expect(told!.body).not.toContain(date);
    // The office reads English: the day written, not stored.
    const [office] = await hallNotices(s.api);
    expect(office!.body).toBe(`Absent at the night check of ${dayText("en", "UTC", date)}: Boy 2.`);
  });
});
