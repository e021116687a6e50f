import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

type Row = { id: number; studentId: number; classroomId: number; status: string; previousId: number | null; endedOn: string | null; batchId: number };

describe("enrolments", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("enrols once per batch and refuses bad or foreign input", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const st = await addStudent(s.api);
    const e = await enrol(s.api, st.id, s.room5a.id, { startedOn: "2026-06-03" });
    expect(e.recordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const twice = await s.api.post("/admin/api/enrollment", { studentId: st.id, classroomId: s.room5b.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("enrolment.already_active");
    // Next year's classroom is another batch: allowed.
    await enrol(s.api, st.id, s.room6a.id);
    expect((await s.api.post("/admin/api/enrollment", { studentId: st.id })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/enrollment", { studentId: "one", classroomId: s.room5a.id })).statusCode).toBe(400);
    const foreign = await addStudent(other.api);
    expect((await s.api.post("/admin/api/enrollment", { studentId: foreign.id, classroomId: s.room5a.id })).statusCode).toBe(404);
    expect((await other.api.get(`/admin/api/enrollment/record/${e.id}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/enrollment/record/x1")).statusCode).toBe(400);
    const left = await addStudent(s.api, { status: "left" });
    expect((await s.api.post("/admin/api/enrollment", { studentId: left.id, classroomId: s.room5a.id })).json().code).toBe("enrolment.student_not_active");
  });

  it("lists a student's history with the names each enrolment record shows", async () => {
    const s = await newSchool(app);
    const st = await addStudent(s.api);
    const e = await enrol(s.api, st.id, s.room5a.id, { startedOn: "2026-06-03" });
    await ok(s.api.post("/admin/api/enrollment/transfer", { id: e.id, toClassroomId: s.room5b.id, date: "2026-09-01" }));
    await enrol(s.api, st.id, s.room6a.id);
    // The profile's call: the list joins the names in its own statement; the record presents them row by row.
    const history = await ok<{ rows: (Row & Record<string, unknown>)[] }>(s.api.get(`/admin/api/enrollment?studentId=${st.id}&limit=100&sort=-startedOn`));
    expect(history.rows).toHaveLength(3);
    for (const row of history.rows) {
      const { data } = await ok<{ data: Record<string, unknown> }>(s.api.get(`/admin/api/enrollment/record/${row.id}`));
      const { photo: _p, school: _s, verifyPath: _v, verifyPage: _g, ...shown } = data;
      expect(JSON.stringify(row)).toBe(JSON.stringify(shown));
    }
    expect(history.rows.map((r) => r.classroomLabel)).toEqual(expect.arrayContaining([expect.stringMatching(/-/)]));
  });

  it("transfers with history kept, and refuses a transfer of an ended or foreign enrolment", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const st = await addStudent(s.api);
    const e = await enrol(s.api, st.id, s.room5a.id, { startedOn: "2026-06-03" });
    const moved = await ok<{ data: Row }>(s.api.post("/admin/api/enrollment/transfer", { id: e.id, toClassroomId: s.room5b.id, date: "2026-09-01" }));
    expect(moved.data).toMatchObject({ classroomId: s.room5b.id, status: "active", previousId: e.id });
    const history = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${st.id}&sort=startedOn`));
    expect(history.rows.map((r) => [r.status, r.endedOn])).toEqual([
      ["transferred", "2026-09-01"],
      ["active", null],
    ]);
    expect((await s.api.post("/admin/api/enrollment/transfer", { id: e.id, toClassroomId: s.room5a.id })).json().code).toBe("enrolment.not_active");
    expect((await s.api.post("/admin/api/enrollment/transfer", { id: moved.data.id, toClassroomId: s.room5b.id })).json().code).toBe(
      "enrolment.same_classroom",
    );
    expect((await s.api.post("/admin/api/enrollment/transfer", { id: moved.data.id, toClassroomId: s.room5a.id, date: "2026-01-01" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/enrollment/transfer", { id: moved.data.id })).statusCode).toBe(400);
    expect((await other.api.post("/admin/api/enrollment/transfer", { id: moved.data.id, toClassroomId: s.room5a.id })).statusCode).toBe(404);
    // History cannot be deleted from the middle.
    expect((await s.api.delete(`/admin/api/enrollment/${e.id}`)).statusCode).toBe(409);
  });

  it("removes from class and moves classes in bulk, all or none", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const [a, b, c] = [await addStudent(s.api), await addStudent(s.api), await addStudent(s.api)];
    const ea = await enrol(s.api, a.id, s.room5a.id);
    const eb = await enrol(s.api, b.id, s.room5a.id);
    const ec = await enrol(s.api, c.id, s.room5a.id);
    expect(await ok(s.api.put("/admin/api/enrollment/updateclass", { ids: [ea.id, eb.id], classroomId: s.room5b.id }))).toMatchObject({ updated: 2 });
    const inB = await ok<{ rows: { id: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.room5b.id}`));
    expect(inB.rows.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    // One bad id and nothing moves.
    const mixed = await s.api.put("/admin/api/enrollment/updateclass", { ids: [ec.id, ea.id + 1_000_000], classroomId: s.room5b.id });
    expect(mixed.statusCode).toBe(404);
    expect((await ok<{ rows: unknown[] }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`))).rows).toHaveLength(1);
    expect((await s.api.put("/admin/api/enrollment/updateclass", { ids: [], classroomId: s.room5b.id })).statusCode).toBe(400);
    expect((await other.api.put("/admin/api/enrollment/updateclass", { ids: [ec.id], classroomId: s.room5b.id })).statusCode).toBe(404);

    expect(await ok(s.api.post("/admin/api/enrollment/remove-from-class", { ids: [ec.id], reason: "Moved town" }))).toMatchObject({ removed: 1 });
    const ended = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${c.id}`));
    expect(ended.rows[0]).toMatchObject({ status: "removed", endReason: "Moved town" });
    expect((await s.api.post("/admin/api/enrollment/remove-from-class", { ids: [ec.id] })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/enrollment/remove-from-class", { ids: "x" })).statusCode).toBe(400);
    expect((await other.api.post("/admin/api/enrollment/remove-from-class", { ids: [ea.id] })).statusCode).toBe(404);
  });

  it("promotes a classroom at year end: moves, keeps back, marks leavers, keeps history", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const names = ["Adam", "Bushra", "Dawud", "Esa", "Fatima"];
    const pupils: { id: number }[] = [];
    for (const name of names) pupils.push(await addStudent(s.api, { name }));
    const [adam, bushra, dawud, esa, fatima] = pupils.map((p) => p.id) as [number, number, number, number, number];
    for (const p of pupils) await enrol(s.api, p.id, s.room5a.id, { startedOn: "2026-06-01" });
    const next5 = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/classRoom", { batchId: s.nextYear.id, courseClassId: s.class5.id, name: "A" })))
      .data;

    expect((await s.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room5b.id })).json().code).toBe(
      "promotion.same_batch",
    );
    expect(
      (await s.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room6a.id, stayBack: [9_999_999] })).json().code,
    ).toBe("promotion.not_in_class");
    expect(
      (await s.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room6a.id, stayBack: [adam], leave: [adam] }))
        .statusCode,
    ).toBe(400);
    expect((await s.api.post("/admin/api/enrollment/promote", { toClassroomId: s.room6a.id })).statusCode).toBe(400);
    expect((await other.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room6a.id })).statusCode).toBe(404);

    const res = await ok(
      s.api.post("/admin/api/enrollment/promote", {
        fromClassroomId: s.room5a.id,
        toClassroomId: s.room6a.id,
        stayBack: [dawud],
        stayBackClassroomId: next5.id,
        leave: [fatima],
        date: "2027-04-01",
      }),
    );
    expect(res).toMatchObject({ promoted: 3, retained: 1, kept: 0, left: 1 });

    const in6 = await ok<{ rows: { id: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.room6a.id}`));
    expect(in6.rows.map((r) => r.id).sort()).toEqual([adam, bushra, esa].sort());
    expect((await ok<{ rows: { id: number }[] }>(s.api.get(`/admin/api/classRoom/students/${next5.id}`))).rows.map((r) => r.id)).toEqual([dawud]);
    expect((await ok<{ rows: unknown[] }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`))).rows).toHaveLength(0);

    const adamHistory = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${adam}&sort=startedOn`));
    expect(adamHistory.rows.map((r) => [r.classroomId, r.status, r.endedOn])).toEqual([
      [s.room5a.id, "promoted", "2027-04-01"],
      [s.room6a.id, "active", null],
    ]);
    expect(adamHistory.rows[1]!.previousId).toBe(adamHistory.rows[0]!.id);
    const dawudOld = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${dawud}&status=retained`));
    expect(dawudOld.rows).toHaveLength(1);
    const fatimaNow = await ok<{ data: { status: string } }>(s.api.get(`/admin/api/student/${fatima}`));
    expect(fatimaNow.data.status).toBe("left");
    const fatimaEnrolments = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${fatima}`));
    expect(fatimaEnrolments.rows.map((r) => r.status)).toEqual(["left"]);
  });

  it("keeps stay-back students where they are when no classroom is named", async () => {
    const s = await newSchool(app);
    const a = await addStudent(s.api);
    const b = await addStudent(s.api);
    await enrol(s.api, a.id, s.room5a.id);
    const eb = await enrol(s.api, b.id, s.room5a.id);
    expect(await ok(s.api.post("/admin/api/enrollment/promote", { fromClassroomId: s.room5a.id, toClassroomId: s.room6a.id, stayBack: [b.id] }))).toMatchObject(
      {
        promoted: 1,
        kept: 1,
      },
    );
    const still = await ok<{ rows: Row[] }>(s.api.get(`/admin/api/enrollment?studentId=${b.id}`));
    expect(still.rows).toMatchObject([{ id: eb.id, status: "active", classroomId: s.room5a.id }]);
  });

  it("verifies an enrolment publicly by token only, showing only name, school, class, batch, dates and status", async () => {
    const s = await newSchool(app);
    const st = await addStudent(s.api, { name: "Safiya", mobile: "9847099999", address: "Secret Street" });
    const e = await enrol(s.api, st.id, s.room5a.id, { startedOn: "2026-06-03" });
    const record = await ok<{ data: { verifyPath: string; verifyPage: string; recordToken: string } }>(s.api.get(`/admin/api/enrollment/record/${e.id}`));
    expect(record.data.verifyPath).toBe(`/admin/open/enrollment/record/${e.recordToken}/${s.tenant.code}`);
    // The page the school shares names the same token and school as the call behind it.
    expect(record.data.verifyPage).toBe(`/open/enrollment/${e.recordToken}/${s.tenant.code}`);

    const anyone = client(app);
    const res = await ok<{ data: Record<string, unknown> }>(anyone.get(record.data.verifyPath));
    expect(res.data).toEqual({
      name: "Safiya",
      school: `School ${s.tenant.code}`,
      class: "Class 5-A",
      batch: "2026-27",
      status: "active",
      startedOn: "2026-06-03",
      endedOn: null,
    });
    expect(JSON.stringify(res)).not.toMatch(/Secret|9847099999|photo|admission|recordToken|"id"/);

    // The link keeps working after the student leaves the class, and then tells so, with the end date.
    await ok(s.api.post("/admin/api/enrollment/remove-from-class", { ids: [e.id], date: "2026-11-30", reason: "Private reason" }));
    const ended = await ok<{ data: Record<string, unknown> }>(anyone.get(record.data.verifyPath));
    expect(ended.data).toMatchObject({ status: "removed", startedOn: "2026-06-03", endedOn: "2026-11-30" });
    expect(JSON.stringify(ended)).not.toMatch(/Private reason/);

    expect((await anyone.get(`/admin/open/enrollment/record/${e.id}/${s.tenant.code}`)).statusCode).toBe(404);
    const other = await adminOfNewTenant(app);
    expect((await anyone.get(`/admin/open/enrollment/record/${e.recordToken}/${other.tenant.code}`)).statusCode).toBe(404);
    expect((await anyone.get(`/admin/open/enrollment/record/${"A".repeat(43)}/${s.tenant.code}`)).statusCode).toBe(404);
  });

  it("lets a parent read their own child's enrolment record and not another family's", async () => {
    const s = await newSchool(app);
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
    const parentRole = roles.rows.find((r) => r.builtin === "parent")!.id;
    await ok(s.api.put("/admin/api/role/permission", { id: parentRole, permissions: { academics: ["view"] } }));
    const mobile = uniqueMobile();
    const parent = (
      await ok<{ data: { id: number } }>(s.api.post("/admin/api/user", { name: "Parent", mobile, password: "Quiet-Garden-42", roleIds: [parentRole] }))
    ).data;
    const own = await addStudent(s.api, { guardians: [{ userId: parent.id }] });
    const theirs = await addStudent(s.api);
    const eOwn = await enrol(s.api, own.id, s.room5a.id);
    const eTheirs = await enrol(s.api, theirs.id, s.room5a.id);
    const session = await signIn(app, s.tenant.code, mobile);
    expect((await session.api.get(`/admin/api/enrollment/record/${eOwn.id}`)).statusCode).toBe(200);
    expect((await session.api.get(`/admin/api/enrollment/record/${eTheirs.id}`)).statusCode).toBe(404);
    const list = await ok<{ rows: { id: number }[] }>(session.api.get("/admin/api/enrollment"));
    expect(list.rows.map((r) => r.id)).toEqual([eOwn.id]);
  });
});
