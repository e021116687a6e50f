import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { addStudent, newSchool, ok } from "../academics/school.fixture.js";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
type Entry = { studentId: number; name: string; mark: string | null };

/** A school with a hostel roll of two boarders, running from a week ago to a week ahead. */
async function hostel(app: TestApp) {
  const s = await newSchool(app);
  const boarders = [await addStudent(s.api, { name: "Hamza" }), await addStudent(s.api, { name: "Idris" })];
  const type = await ok<{ data: { id: number } }>(s.api.post("/admin/api/general-attendance/type", { name: "Hostel night roll" }));
  const register = await ok<{ data: { id: number; studentIds: number[]; entryCount: number; typeName: string } }>(
    s.api.post("/admin/api/general-attendance", {
      name: "Boys' hostel",
      typeId: type.data.id,
      startDate: daysAgo(7),
      endDate: daysAgo(-7),
      studentIds: boarders.map((b) => b.id),
    }),
  );
  return { s, boarders, type: type.data, register: register.data };
}

describe("general attendance", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("keeps registers of the school's own with their students, and marks a day in one call", async () => {
    const { s, boarders, register } = await hostel(app);
    expect(register).toMatchObject({ entryCount: 2, typeName: "Hostel night roll" });
    const url = `/admin/api/general-attendance/${register.id}/records`;
    const body = { generalAttendanceId: register.id, date: daysAgo(1), entries: boarders.map((b, i) => ({ studentId: b.id, mark: i ? "absent" : "present" })) };
    expect(await ok(s.api.post(url, body))).toMatchObject({ saved: 2, changed: 2 });
    expect(await ok(s.api.post(url, body))).toMatchObject({ saved: 2, changed: 0 });
    expect(await rowsOf(app, "general_attendance_records", s.tenant.id)).toHaveLength(2);
    const day = await ok<{ rows: Entry[] }>(s.api.get(`/admin/api/general-attendance/${register.id}/entries?date=${daysAgo(1)}`));
    expect(day.rows.map((r) => [r.name, r.mark])).toEqual([
      ["Hamza", "present"],
      ["Idris", "absent"],
    ]);
    expect((await ok<{ data: { name: string } }>(s.api.get(`/admin/api/general-attendance/${register.id}`))).data.name).toBe("Boys' hostel");
    const moved = await ok<{ data: { entryCount: number; note: string } }>(
      s.api.put(`/admin/api/general-attendance/${register.id}`, { note: "Lights out at ten", studentIds: [boarders[0]!.id] }),
    );
    expect(moved.data).toMatchObject({ entryCount: 1, note: "Lights out at ten" });
    // A register with marks is history: it is set inactive, not deleted.
    expect((await s.api.delete(`/admin/api/general-attendance/${register.id}`)).statusCode).toBe(409);
  });

  it("refuses a future date, a day outside the register, a student not on it and another school's student (404)", async () => {
    const { s, boarders, register } = await hostel(app);
    const other = await newSchool(app);
    const theirs = await addStudent(other.api);
    const url = `/admin/api/general-attendance/${register.id}/records`;
    const mark = (studentId: number, date = daysAgo(1)) => s.api.post(url, { date, entries: [{ studentId, mark: "present" }] });
    expect((await mark(boarders[0]!.id, daysAgo(-2))).json()).toMatchObject({ code: "attendance.future_date", params: { field: "date" } });
    expect((await mark(boarders[0]!.id, daysAgo(20))).json()).toMatchObject({ code: "general_attendance.outside_dates" });
    const dayScholar = await addStudent(s.api, { name: "Day scholar" });
    expect((await mark(dayScholar.id)).json()).toMatchObject({ code: "general_attendance.not_on_register", params: { field: "entries" } });
    expect((await mark(theirs.id)).statusCode).toBe(404);
    const theirType = await ok<{ data: { id: number } }>(other.api.post("/admin/api/general-attendance/type", { name: "Trip" }));
    expect((await s.api.post("/admin/api/general-attendance", { name: "X", typeId: theirType.data.id, startDate: daysAgo(1) })).statusCode).toBe(404);
    expect((await s.api.put(`/admin/api/general-attendance/type/${theirType.data.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect(await rowsOf(app, "general_attendance_records", s.tenant.id)).toHaveLength(0);
  });
});
