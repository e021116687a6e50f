import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { dayText } from "../../platform/texts/dates.js";
import { addStudent, enrol, ok } from "../academics/school.fixture.js";
import { classOf, classTeacherOf, parentOf, registerOf, schoolDate, sundayBefore, workingDay } from "./registers.fixture.js";

type Saved = {
  saved: number;
  changed: number;
  duplicate: boolean;
  totals: Record<string, number>;
  notified: number;
};
type Marks = { rows: { studentId: number; status: string; meaning: string; code: string; updatedAt: string }[]; count: number };

describe("attendance registers", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives a new school a code for each meaning with Present the default, and keeps standard codes from deletion", async () => {
    const { s, codes } = await classOf(app, 1);
    expect(codes.map((c) => c.meaning)).toEqual(["present", "absent", "late", "excused", "on_leave", "half_day"]);
    expect(codes.filter((c) => c.isDefault).map((c) => c.code)).toEqual(["P"]);
    const refused = await s.api.delete(`/admin/api/attendance-code/${codes[1]!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "attendance.builtin_code", params: { field: "status", code: "A" } });
    // A standard code may be renamed, never made to mean something else.
    const renamed = await s.api.put("/admin/api/attendance-code", { id: codes[1]!.id, name: "Absent (unexcused)", meaning: "present" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ code: "attendance.meaning_fixed", params: { field: "meaning" } });
    expect((await s.api.put("/admin/api/attendance-code", { id: codes[1]!.id, name: "Absent (unexcused)" })).statusCode).toBe(200);
    const second = await s.api.post("/admin/api/attendance-code", { code: "PP", name: "Also present", meaning: "present", isDefault: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().params.field).toBe("isDefault");
  });

  it("saves a class in one call; the same register twice changes nothing; replies say PRESENT and ABSENT", async () => {
    const { s, kids, code } = await classOf(app, 3);
    const body = registerOf(s, kids, code, (i) => (i === 2 ? "absent" : "present"));
    const first = await ok<Saved>(s.api.put("/admin/api/attendance", body));
    expect(first).toMatchObject({ saved: 3, changed: 3, duplicate: false });
    expect(first.totals).toMatchObject({ present: 2, absent: 1 });
    expect(await ok<Saved>(s.api.put("/admin/api/attendance", body))).toMatchObject({ saved: 3, changed: 0 });
    expect(await rowsOf(app, "attendance_marks", s.tenant.id)).toHaveLength(3);
    const list = await ok<Marks>(s.api.get(`/admin/api/attendance?classroomId=${s.room5a.id}&date=${body.date}`));
    expect(list.count).toBe(3);
    expect(list.rows.map((r) => r.status).sort()).toEqual(["ABSENT", "PRESENT", "PRESENT"]);
    const one = await ok<{ day: { status: string }; attendances: unknown[] }>(
      s.api.get(`/admin/api/period/attendance-student?studentId=${kids[2]!.id}&date=${body.date}`),
    );
    expect(one.day.status).toBe("ABSENT");
    const register = await ok<{ lines: { mark: { meaning: string } | null }[]; taken: { byName: string } | null }>(
      s.api.get(`/admin/api/attendance/register?classroomId=${s.room5a.id}&date=${body.date}`),
    );
    expect(register.lines.map((l) => l.mark?.meaning)).toEqual(["present", "present", "absent"]);
    expect(register.taken?.byName).toBe("Test Admin");
  });

  it("refuses a future date, a Sunday, a date outside the batch, a child of another class, and answers 404 for another school's child or class", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const base = registerOf(s, kids, code, () => "present");
    const refused = async (body: unknown, status: number, field?: string) => {
      const res = await s.api.put("/admin/api/attendance", body);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().params.field).toBe(field);
      return res.json();
    };
    expect((await refused({ ...base, date: schoolDate(2) }, 400, "date")).code).toBe("attendance.future_date");
    expect((await refused({ ...base, date: sundayBefore() }, 400, "date")).code).toBe("attendance.not_working_day");
    expect((await refused({ ...base, date: "2026-05-30" }, 400, "date")).code).toBe("attendance.outside_batch");
    const elsewhere = await addStudent(s.api, { name: "Other class" });
    await enrol(s.api, elsewhere.id, s.room5b.id);
    expect((await refused({ ...base, marks: [{ studentId: elsewhere.id, codeId: base.marks[0]!.codeId }] }, 400, "marks")).code).toBe(
      "attendance.not_in_class",
    );
    const other = await adminOfNewTenant(app);
    const stranger = await addStudent(other.api, { name: "Stranger" });
    await refused({ ...base, marks: [{ studentId: stranger.id, codeId: base.marks[0]!.codeId }] }, 404);
    const theirs = await classOf(app, 1);
    await refused({ ...base, classroomId: theirs.s.room5a.id }, 404);
    await refused({ ...base, marks: [...base.marks, base.marks[0]] }, 400);
    expect(await rowsOf(app, "attendance_marks", s.tenant.id)).toHaveLength(0);
  });

  it("two people saving the same class at once never double a row: the second is shown the first's marks", async () => {
    const { s, kids, code } = await classOf(app, 5);
    const teacher = await classTeacherOf(app, s);
    const a = registerOf(s, kids, code, () => "present");
    const b = registerOf(s, kids, code, (i) => (i % 2 ? "absent" : "late"));
    const [ra, rb] = await Promise.all([s.api.put("/admin/api/attendance", a), teacher.api.put("/admin/api/attendance", b)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.statusCode === 409)!.json().params.count).toBe(5);
    expect(await rowsOf(app, "attendance_marks", s.tenant.id)).toHaveLength(5);
    expect(await rowsOf(app, "attendance_registers", s.tenant.id)).toHaveLength(1);
  });

  it("answers a batch sent again from its first reply", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const body = { ...registerOf(s, kids, code, () => "present"), clientBatchId: "phone-batch-0001" };
    expect(await ok<Saved>(s.api.put("/admin/api/attendance", body))).toMatchObject({ changed: 2, duplicate: false });
    expect(await ok<Saved>(s.api.put("/admin/api/attendance", body))).toMatchObject({ changed: 0, duplicate: true, saved: 2 });
    expect(await rowsOf(app, "attendance_client_batches", s.tenant.id)).toHaveLength(1);
  });

  it("tells an absent child's parents once per child per day, however often the register is saved", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const parent = await parentOf(app, s, kids[1]!.id);
    await ok(parent.api.put("/user/api/user", { language: "ur" }));
    const absent = registerOf(s, kids, code, (i) => (i === 1 ? "absent" : "present"));
    expect((await ok<Saved>(s.api.put("/admin/api/attendance", absent))).notified).toBe(1);
    expect(
      (
        await ok<Saved>(
          s.api.put(
            "/admin/api/attendance",
            registerOf(s, kids, code, () => "present"),
          ),
        )
      ).notified,
    ).toBe(0);
    expect((await ok<Saved>(s.api.put("/admin/api/attendance", absent))).notified).toBe(0);
    const mine = await ok<{ rows: { kind: string; title: string; body: string; studentId: number }[] }>(
      parent.api.get("/user/api/home/notifications?kind=absence"),
    );
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ kind: "absence", studentId: kids[1]!.id });
    expect(mine.rows[0]!.title).toBe(`\u2068${kids[1]!.name}\u2069 غیر حاضر`);
    // In Urdu, the day written for the reader and held in place, never the stored YYYY-MM-DD.
    expect(mine.rows[0]!.body).toMatch(new RegExp(`^\u2068${dayText("ur", "UTC", absent.date)}\u2069 کو `));
    // The parent sees their child's day, and only their own child.
    const week = await ok<{ attendances: { status: string }[]; presentCount: number }>(
      parent.api.get(`/user/api/home/attendance?studentId=${kids[1]!.id}&from=${workingDay(6)}&to=${absent.date}`),
    );
    expect(week.attendances.map((a) => a.status)).toEqual(["ABSENT"]);
    expect((await parent.api.get(`/user/api/home/attendance?studentId=${kids[0]!.id}&from=${absent.date}&to=${absent.date}`)).statusCode).toBe(404);
  });

  it("lets a teacher change only recent registers; the admin may change older ones, audited", async () => {
    const { s, kids, code } = await classOf(app, 1);
    await ok(s.api.put("/admin/api/attendance/rules", { editDays: 0 }));
    const teacher = await classTeacherOf(app, s);
    const old = registerOf(s, kids, code, () => "present", workingDay(2));
    const res = await teacher.api.put("/admin/api/attendance", old);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("attendance.too_old");
    expect((await ok<{ editable: boolean }>(teacher.api.get(`/admin/api/attendance/register?classroomId=${s.room5a.id}&date=${old.date}`))).editable).toBe(
      false,
    );
    expect((await ok<Saved>(s.api.put("/admin/api/attendance", old))).changed).toBe(1);
    const audit = await rowsOf(app, "audit_log", s.tenant.id);
    expect(audit.some((a) => a.entity === "attendance_marks" && (a.changes as { late?: boolean } | null)?.late === true)).toBe(true);
    expect(
      (
        await ok<Saved>(
          teacher.api.put(
            "/admin/api/attendance",
            registerOf(s, kids, code, () => "late"),
          ),
        )
      ).changed,
    ).toBe(1);
  });
});
