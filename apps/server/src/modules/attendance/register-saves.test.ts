import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PermissionMap, RegisterReply } from "@taleem/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, rowsOf } from "../../../test/people.js";
import { migrationsFolder } from "../../db/client.js";
import { roles as rolesTable } from "../../platform/auth/roles.table.js";
import { ok } from "../academics/school.fixture.js";
import { classOf, classTeacherOf, registerOf, type School, staffOf, workingDay } from "./registers.fixture.js";

type Conflict = {
  studentId: number;
  name: string;
  date: string;
  theirs: { codeId: number; code: string; meaning: string; byName: string; at: string };
  mine: { codeId: number; code: string; meaning: string };
};
type Refusal = { code: string; message: string; params: { count: number; conflicts: Conflict[] } };
type Marks = { rows: { studentId: number; meaning: string }[] };

/** The register as a screen loads it. */
const load = (api: School["api"], s: School, date = workingDay(), hourId?: number) =>
  ok<RegisterReply>(api.get(`/admin/api/attendance/register?classroomId=${s.room5a.id}&date=${date}${hourId ? `&hourId=${hourId}` : ""}`));

/** What a screen sends: every line, `change` for the ones the person changed, each with the mark it showed. */
const saveFrom = (reg: RegisterReply, change: Record<number, number>, extra: Record<string, unknown> = {}) => ({
  classroomId: reg.classroom.id,
  date: reg.date,
  hourId: reg.hourId,
  marks: reg.lines.map((l) => ({
    studentId: l.studentId,
    codeId: change[l.studentId] ?? l.mark!.codeId,
    seen: l.mark?.updatedAt ?? null,
    seenCodeId: l.mark?.codeId ?? null,
  })),
  ...extra,
});

async function meanings(s: School) {
  const { rows } = await ok<Marks>(s.api.get(`/admin/api/attendance?classroomId=${s.room5a.id}&limit=100`));
  return Object.fromEntries(rows.map((r) => [r.studentId, r.meaning]));
}

const app: TestApp = await testApp();

/** A role of the school's own with these attendance rights. */
const roleOf = async (s: School, name: string, attendance: string[]) =>
  (await ok<{ data: { id: number } }>(s.api.post("/admin/api/role", { name, area: "admin", permissions: { academics: ["view"], attendance } }))).data.id;

/** A user holding a role of the school's own with these attendance rights. */
const roleUser = async (s: School, name: string, attendance: string[]) => staffOf(app, s, name, await roleOf(s, name, attendance));

describe("who saves a register", () => {
  it("refuses a teacher of another class (403, nothing written) and shows them the register read-only; the class teacher and a role that manages attendance save", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const classTeacher = await classTeacherOf(app, s);
    const other = await staffOf(app, s, "Other Teacher");
    const body = registerOf(s, kids, code, () => "present");

    const refused = await other.api.put("/admin/api/attendance", { ...body, clientBatchId: "other-teacher-01" });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: "attendance.not_your_register", params: { field: "classroomId" } });
    expect(refused.json().message).toContain("class teacher");
    expect(await rowsOf(app, "attendance_marks", s.tenant.id)).toHaveLength(0);
    expect(await rowsOf(app, "attendance_client_batches", s.tenant.id)).toHaveLength(0);
    const seen = await load(other.api, s);
    expect([seen.editable, seen.lockedReason, seen.lines.length]).toEqual([false, "attendance.not_your_register", 2]);

    expect((await load(classTeacher.api, s)).editable).toBe(true);
    expect((await ok<{ changed: number }>(classTeacher.api.put("/admin/api/attendance", body))).changed).toBe(2);

    // A school's own office role: "manage" marks any class; the same rights without it do not.
    const office = await roleUser(s, "Office", ["view", "add", "manage"]);
    const clerk = await roleUser(s, "Clerk", ["view", "add", "edit"]);
    const absent = (reg: RegisterReply) => saveFrom(reg, Object.fromEntries(kids.map((k) => [k.id, code("absent")])));
    expect((await clerk.api.put("/admin/api/attendance", absent(await load(clerk.api, s)))).statusCode).toBe(403);
    expect((await ok<{ changed: number }>(office.api.put("/admin/api/attendance", absent(await load(office.api, s))))).changed).toBe(2);
  });

  it("lets the teacher of a timetable hour save that hour's register, not the day's of a class with its own class teacher", async () => {
    const { s, kids, code } = await classOf(app, 2);
    await classTeacherOf(app, s);
    const hourTeacher = await staffOf(app, s, "Hour Teacher");
    const date = workingDay();
    const dayOfWeek = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    const hour = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/hour", { classroomId: s.room5a.id, dayOfWeek, startTime: "10:00", endTime: "10:45" }),
    );
    await ok(s.api.post("/admin/api/timetable", { hourId: hour.data.id, subjectId: s.subject.id, teacherId: hourTeacher.id }));
    const other = await staffOf(app, s, "Other Teacher");

    const ofHour = { ...registerOf(s, kids, code, () => "present"), hourId: hour.data.id };
    expect((await other.api.put("/admin/api/attendance", ofHour)).statusCode).toBe(403);
    expect((await load(hourTeacher.api, s, date, hour.data.id)).editable).toBe(true);
    expect((await ok<{ changed: number }>(hourTeacher.api.put("/admin/api/attendance", ofHour))).changed).toBe(2);
    const ofDay = await hourTeacher.api.put(
      "/admin/api/attendance",
      registerOf(s, kids, code, () => "present"),
    );
    expect(ofDay.statusCode).toBe(403);
    expect(ofDay.json().code).toBe("attendance.not_your_register");
  });

  it("gives a school's roles that may delete marks the right to manage attendance when the right comes in, and no other role", async () => {
    const { s } = await classOf(app, 0);
    const records = await roleOf(s, "Records", ["view", "add", "edit", "delete"]);
    const clerk = await roleOf(s, "Clerk", ["view", "add", "edit"]);
    const { admin, staff } = await rolesOf(s.api);
    const ids = [records, clerk, admin!, staff!];
    // On a copy of this school's roles (a temporary table named like it comes first in the search
    // path), so the other schools of a shared test database are left alone.
    const migration = readFileSync(join(migrationsFolder, "0020_attendance_manage.sql"), "utf8");
    const after = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE roles ON COMMIT DROP AS SELECT * FROM public.roles WHERE id IN (${sql.join(ids, sql`, `)})`);
      await tx.execute(sql.raw(migration));
      return new Map((await tx.select().from(rolesTable)).map((r) => [r.id, r.permissions as PermissionMap]));
    });
    expect(after.get(records)!.attendance).toEqual(["view", "add", "edit", "delete", "manage"]);
    expect(after.get(clerk)!.attendance).toEqual(["view", "add", "edit"]);
    expect(after.get(admin!)).toEqual({ "*": ["*"] });
    expect(after.get(staff!)!.attendance).toEqual(["view", "add", "edit"]);
  });

  it("lets a subject teacher take the day register of a class that has no class teacher", async () => {
    const { s, kids, code } = await classOf(app, 1);
    const subjectTeacher = await staffOf(app, s, "Subject Teacher");
    await ok(s.api.put("/admin/api/classRoom", { id: s.room5a.id, subjects: [{ subjectId: s.subject.id, teacherId: subjectTeacher.id }] }));
    expect(
      (
        await ok<{ changed: number }>(
          subjectTeacher.api.put(
            "/admin/api/attendance",
            registerOf(s, kids, code, () => "present"),
          ),
        )
      ).changed,
    ).toBe(1);
  });

  it("holds the term's registers sent in bulk to the same rule", async () => {
    const { s, kids, code } = await classOf(app, 1);
    const days = [{ date: workingDay(2), marks: [{ studentId: kids[0]!.id, codeId: code("present") }] }];
    const deleter = await roleUser(s, "Records", ["view", "add", "edit", "delete"]);
    const refused = await deleter.api.put("/admin/api/attendance/bulk", { classroomId: s.room5a.id, days });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe("attendance.not_your_register");
    const office = await roleUser(s, "Office", ["view", "add", "edit", "delete", "manage"]);
    expect((await ok<{ changed: number }>(office.api.put("/admin/api/attendance/bulk", { classroomId: s.room5a.id, days }))).changed).toBe(1);
  });
});

describe("two people marking one register", () => {
  it("answers a save over marks the saver had not seen with 409 and the other person's marks, writes nothing, and saves once the saver has chosen", async () => {
    const { s, kids, code } = await classOf(app, 4);
    const [k0, k1, k2, k3] = kids.map((k) => k.id) as [number, number, number, number];
    const teacher = await classTeacherOf(app, s, s.room5a.id, "Ustadha Maryam");
    await ok(
      s.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, () => "present"),
      ),
    );
    const opened = await load(teacher.api, s);

    // Meanwhile the office marks the first child absent and the second late.
    const office = await load(s.api, s);
    await ok(s.api.put("/admin/api/attendance", saveFrom(office, { [k0]: code("absent"), [k1]: code("late") })));

    // The teacher, who still sees everyone present, marks the first child excused and the third absent.
    const stale = saveFrom(opened, { [k0]: code("excused"), [k2]: code("absent") }, { clientBatchId: "teacher-phone-0001" });
    const res = await teacher.api.put("/admin/api/attendance", stale);
    expect(res.statusCode, res.body).toBe(409);
    const refusal = res.json() as Refusal;
    expect(refusal.code).toBe("attendance.register_changed");
    expect(refusal.params.count).toBe(1);
    expect(refusal.params.conflicts).toEqual([
      {
        studentId: k0,
        name: "Child 1",
        date: opened.date,
        theirs: { codeId: code("absent"), code: "A", meaning: "absent", byName: "Test Admin", at: expect.any(String) },
        mine: { codeId: code("excused"), code: "E", meaning: "excused" },
      },
    ]);
    expect(await meanings(s)).toEqual({ [k0]: "absent", [k1]: "late", [k2]: "present", [k3]: "present" });
    // Sent again (the phone retrying), it is refused again, not taken as done.
    expect((await teacher.api.put("/admin/api/attendance", stale)).statusCode).toBe(409);

    // The teacher keeps their own mark for the first child, having now seen the office's.
    const theirs = refusal.params.conflicts[0]!.theirs;
    const chosen = {
      ...stale,
      clientBatchId: "teacher-phone-0002",
      marks: stale.marks.map((m) => (m.studentId === k0 ? { ...m, seen: theirs.at, seenCodeId: theirs.codeId } : m)),
    };
    expect(await ok<{ changed: number; message: string }>(teacher.api.put("/admin/api/attendance", chosen))).toMatchObject({ changed: 2 });
    // The second child, which the teacher left as it was, keeps the office's late.
    expect(await meanings(s)).toEqual({ [k0]: "excused", [k1]: "late", [k2]: "absent", [k3]: "present" });
    expect(await ok(teacher.api.put("/admin/api/attendance", chosen))).toMatchObject({ duplicate: true, changed: 0 });
    expect(await rowsOf(app, "attendance_marks", s.tenant.id)).toHaveLength(4);
  });

  it("saves both of two people marking at once when they change different children", async () => {
    const { s, kids, code } = await classOf(app, 3);
    const [k0, k1, k2] = kids.map((k) => k.id) as [number, number, number];
    const teacher = await classTeacherOf(app, s);
    await ok(
      s.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, () => "present"),
      ),
    );
    const [mine, theirs] = await Promise.all([load(teacher.api, s), load(s.api, s)]);
    const [a, b] = await Promise.all([
      teacher.api.put("/admin/api/attendance", saveFrom(mine, { [k0]: code("absent") })),
      s.api.put("/admin/api/attendance", saveFrom(theirs, { [k1]: code("late") })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().message, b.json().message]).toEqual(["Register saved", "Register saved"]);
    expect(await meanings(s)).toEqual({ [k0]: "absent", [k1]: "late", [k2]: "present" });
  });

  it("refuses a save that names no marks it saw over another person's different marks, and lets a person change their own", async () => {
    const { s, kids, code } = await classOf(app, 2);
    const teacher = await classTeacherOf(app, s);
    await ok(
      teacher.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, () => "present"),
      ),
    );
    await ok(
      teacher.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, () => "late"),
      ),
    );
    const blind = await s.api.put(
      "/admin/api/attendance",
      registerOf(s, kids, code, (i) => (i === 0 ? "absent" : "late")),
    );
    expect(blind.statusCode).toBe(409);
    expect((blind.json() as Refusal).params.conflicts.map((c) => [c.studentId, c.theirs.byName, c.mine.meaning])).toEqual([
      [kids[0]!.id, "Class Teacher", "absent"],
    ]);
    expect(Object.values(await meanings(s))).toEqual(["late", "late"]);
  });

  it("refuses a term's registers sent in bulk over marks a teacher made, naming the day", async () => {
    const { s, kids, code } = await classOf(app, 1);
    const teacher = await classTeacherOf(app, s);
    const date = workingDay(1);
    await ok(
      teacher.api.put(
        "/admin/api/attendance",
        registerOf(s, kids, code, () => "absent", date),
      ),
    );
    const res = await s.api.put("/admin/api/attendance/bulk", {
      classroomId: s.room5a.id,
      days: [{ date, marks: [{ studentId: kids[0]!.id, codeId: code("present") }] }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as Refusal).params.conflicts).toEqual([
      expect.objectContaining({ studentId: kids[0]!.id, date, theirs: expect.objectContaining({ meaning: "absent" }) }),
    ]);
    expect(Object.values(await meanings(s))).toEqual(["absent"]);
  });
});
