import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "./school.fixture.js";

type School = Awaited<ReturnType<typeof newSchool>>;

async function user(s: School, role: "staff" | "parent", name: string, mobile = uniqueMobile()) {
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
  const roleId = roles.rows.find((r) => r.builtin === role)!.id;
  return { ...(await ok<{ data: { id: number } }>(s.api.post("/admin/api/user", { name, mobile, roleIds: [roleId] }))).data, mobile };
}

const staff = (s: School, name = "Ustadh Yusuf", mobile = uniqueMobile()) => user(s, "staff", name, mobile);

async function hour(s: School, fields: Record<string, unknown> = {}) {
  return (
    await ok<{ data: { id: number; audience: string; studentIds: number[] } }>(
      s.api.post("/admin/api/hour", { classroomId: s.room5a.id, dayOfWeek: 1, startTime: "08:00", endTime: "08:45", ...fields }),
    )
  ).data;
}

describe("hours and timetable", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("keeps a classroom's hours apart and puts a subject and teacher in each", async () => {
    const s = await newSchool(app);
    const teacher = await staff(s);
    const session = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/session", { name: "Morning", startTime: "07:00", endTime: "12:00" }))).data;
    const h1 = await hour(s, { sessionId: session.id });
    expect((await s.api.post("/admin/api/hour", { classroomId: s.room5a.id, dayOfWeek: 1, startTime: "08:30", endTime: "09:00" })).json().code).toBe(
      "hour.overlap",
    );
    expect((await s.api.post("/admin/api/hour", { classroomId: s.room5a.id, dayOfWeek: 8, startTime: "08:30", endTime: "09:00" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/hour", { classroomId: s.room5a.id, dayOfWeek: 2, startTime: "09:00", endTime: "08:00" })).statusCode).toBe(400);
    await hour(s, { dayOfWeek: 2 });
    const hours = await ok<{ rows: { sessionName: string | null }[] }>(s.api.get(`/admin/api/hour?classroomId=${s.room5a.id}&sessionId=${session.id}`));
    expect(hours.rows).toMatchObject([{ sessionName: "Morning" }]);

    const entry = await ok<{ data: Record<string, unknown> }>(
      s.api.post("/admin/api/timetable", { hourId: h1.id, subjectId: s.subject.id, teacherId: teacher.id }),
    );
    expect(entry.data).toMatchObject({ classroomLabel: "Class 5-A", dayOfWeek: 1, startTime: "08:00", subjectName: "Fiqh", teacherName: "Ustadh Yusuf" });
    expect((await s.api.post("/admin/api/timetable", { hourId: h1.id, subjectId: s.subject.id })).json().code).toBe("timetable.slot_taken");
    const monday = await ok<{ count: number }>(s.api.get(`/admin/api/timetable?classroomId=${s.room5a.id}&dayOfWeek=1`));
    expect(monday.count).toBe(1);
  });

  it("serves an hour to chosen students, and fills it from the class", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const [a, b] = [await addStudent(s.api), await addStudent(s.api)];
    await enrol(s.api, a.id, s.room5a.id);
    await enrol(s.api, b.id, s.room5a.id);
    const leaver = await addStudent(s.api);
    const leaverEnrolment = await enrol(s.api, leaver.id, s.room5a.id);
    const stranger = await addStudent(s.api);
    const h = await hour(s, { label: "Tuition" });
    const updated = await ok<{ data: { audience: string; studentIds: number[] } }>(
      s.api.post("/admin/api/hour/update-students", { id: h.id, studentIds: [a.id, leaver.id] }),
    );
    expect(updated.data).toMatchObject({ audience: "selected", studentIds: [a.id, leaver.id] });
    // A student who leaves the class leaves its hours too.
    await ok(s.api.post("/admin/api/enrollment/remove-from-class", { ids: [leaverEnrolment.id] }));
    const leftClass = await ok<{ rows: { id: number; studentIds: number[] }[] }>(s.api.get(`/admin/api/hour?classroomId=${s.room5a.id}`));
    expect(leftClass.rows.find((r) => r.id === h.id)?.studentIds).toEqual([a.id]);
    expect((await s.api.post("/admin/api/hour/update-students", { id: h.id, studentIds: [stranger.id] })).json().code).toBe("hour.not_in_class");
    expect((await s.api.post("/admin/api/hour/update-students", { id: h.id })).statusCode).toBe(400);
    expect((await other.api.post("/admin/api/hour/update-students", { id: h.id, studentIds: [] })).statusCode).toBe(404);
    const cleared = await ok<{ data: { audience: string } }>(s.api.post("/admin/api/hour/update-students", { id: h.id, studentIds: [] }));
    expect(cleared.data.audience).toBe("all");

    const entry = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/timetable", { hourId: h.id, subjectId: s.subject.id }))).data;
    const fetched = await ok<{ count: number; rows: { id: number }[] }>(
      s.api.put(`/admin/api/timetable/fetch-students-from-class/${entry.id}`, { id: entry.id }),
    );
    expect(fetched.count).toBe(2);
    const after = await ok<{ rows: { studentIds: number[]; audience: string }[] }>(s.api.get(`/admin/api/hour?classroomId=${s.room5a.id}`));
    expect(after.rows[0]!.studentIds.sort()).toEqual([a.id, b.id].sort());
    expect((await other.api.put(`/admin/api/timetable/fetch-students-from-class/${entry.id}`, {})).statusCode).toBe(404);
    expect((await s.api.put("/admin/api/timetable/fetch-students-from-class/zero", {})).statusCode).toBe(400);
  });

  it("prints the classroom's week as timetable-{id}.pdf", async () => {
    const s = await newSchool(app);
    const teacher = await staff(s, "محمد عمران");
    const subject = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/subject", { name: "القرآن الكريم" }))).data;
    const malayalam = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/subject", { name: "മലയാളം" }))).data;
    for (const [name, nameNative] of [
      ["Hamza", "حمزة"],
      ["Zainab", "زینب فاطمہ"],
      ["Maryam", "മറിയം"],
      ["Selvan", "செல்வன்"],
    ]) {
      await enrol(s.api, (await addStudent(s.api, { name, nameNative })).id, s.room5a.id);
    }
    const h1 = await hour(s);
    const h2 = await hour(s, { dayOfWeek: 3, startTime: "09:00", endTime: "09:45" });
    await ok(s.api.post("/admin/api/timetable", { hourId: h1.id, subjectId: subject.id, teacherId: teacher.id }));
    await ok(s.api.post("/admin/api/timetable", { hourId: h2.id, subjectId: malayalam.id }));
    const res = await s.api.get(`/admin/api/hour/download/${h2.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="timetable-${h2.id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/hour/download/${h2.id}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/hour/download/abc")).statusCode).toBe(400);
  }, 60_000);

  it("adds a classroom's week in one call, all or none", async () => {
    const s = await newSchool(app);
    const teacher = await staff(s);
    const other = await newSchool(app);
    const session = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/session", { name: "Morning", startTime: "07:00", endTime: "12:00" }))).data;
    const existing = await hour(s, { dayOfWeek: 3, startTime: "10:00", endTime: "10:45" });
    const week = [1, 2].flatMap((dayOfWeek) => [
      { dayOfWeek, startTime: "08:00", endTime: "08:45", sessionId: session.id, label: "Period 1", subjectId: s.subject.id, teacherId: teacher.id },
      { dayOfWeek, startTime: "08:45", endTime: "09:30", label: "Period 2" },
    ]);
    const hours = () => ok<{ count: number }>(s.api.get(`/admin/api/hour?classroomId=${s.room5a.id}`));
    const bulk = (body: Record<string, unknown>, api = s.api) => api.post("/admin/api/hour/bulk", { classroomId: s.room5a.id, hours: week, ...body });

    // Nothing is written when one hour is wrong, and the refusal names that hour.
    const overlapping = (await bulk({ hours: [...week, { dayOfWeek: 3, startTime: "10:30", endTime: "11:00" }] })).json();
    expect(overlapping).toMatchObject({ code: "hour.overlap", params: { field: "hours.4.startTime", hourId: existing.id } });
    const twice = (await bulk({ hours: [...week, { ...week[0]!, startTime: "08:15", endTime: "08:30" }] })).json();
    expect(twice).toMatchObject({ code: "hour.overlap", params: { field: "hours.4.startTime" } });
    expect((await bulk({ hours: [{ ...week[1]!, endTime: "07:00" }] })).json()).toMatchObject({ code: "hour.times", params: { field: "hours.0.endTime" } });
    const parent = await user(s, "parent", "Fatima Parent");
    expect((await bulk({ hours: [week[1], { ...week[0]!, teacherId: parent.id }] })).json()).toMatchObject({
      code: "teacher.not_staff",
      params: { field: "hours.1.teacherId" },
    });
    expect((await bulk({ hours: [{ ...week[1]!, teacherId: teacher.id }] })).json().params.fields).toContain("hours.0.subjectId");
    expect((await bulk({ hours: [week[1], { ...week[0]!, subjectId: other.subject.id }] })).statusCode).toBe(404);
    expect((await bulk({ hours: [week[1], { ...week[0]!, sessionId: 999_999_999 }] })).statusCode).toBe(404);
    expect((await bulk({ classroomId: other.room5a.id })).statusCode).toBe(404);
    expect((await bulk({ hours: [] })).statusCode).toBe(400);
    expect((await hours()).count).toBe(1);

    const made = await ok<{ hours: number; entries: number; hourIds: number[] }>(bulk({}));
    expect(made).toMatchObject({ hours: 4, entries: 2 });
    expect((await hours()).count).toBe(5);
    const monday = await ok<{ rows: Record<string, unknown>[] }>(s.api.get(`/admin/api/timetable?classroomId=${s.room5a.id}&dayOfWeek=1`));
    expect(monday.rows).toEqual([
      expect.objectContaining({ hourId: made.hourIds[0], startTime: "08:00", subjectName: "Fiqh", teacherName: "Ustadh Yusuf", classroomLabel: "Class 5-A" }),
    ]);
    const shown = await ok<{ rows: Record<string, unknown>[] }>(s.api.get(`/admin/api/hour?classroomId=${s.room5a.id}&dayOfWeek=2&sort=startTime`));
    expect(shown.rows).toMatchObject([
      { startTime: "08:00", sessionName: "Morning", label: "Period 1" },
      { startTime: "08:45", sessionName: null, label: "Period 2" },
    ]);
    // Sent again, it overlaps itself: a retry adds nothing.
    expect((await bulk({})).json().code).toBe("hour.overlap");
    expect((await hours()).count).toBe(5);
  });

  it("refuses to delete an hour with lessons recorded", async () => {
    const s = await newSchool(app);
    const h = await hour(s);
    await ok(s.api.post("/admin/api/period", { classroomId: s.room5a.id, hourId: h.id, date: "2026-07-06", subjectId: s.subject.id, topic: "Wudu" }));
    expect((await s.api.delete(`/admin/api/hour/${h.id}`)).json().code).toBe("hour.has_periods");
  });
});

describe("periods", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("records lessons, one per hour and date, finds them by date and approves them", async () => {
    const s = await newSchool(app);
    const other = await adminOfNewTenant(app);
    const teacher = await staff(s);
    const h = await hour(s);
    await ok(s.api.post("/admin/api/timetable", { hourId: h.id, subjectId: s.subject.id, teacherId: teacher.id }));
    const p = await ok<{ data: Record<string, unknown> & { id: number } }>(
      s.api.post("/admin/api/period", { classroomId: s.room5a.id, hourId: h.id, date: "2026-07-06", subjectId: s.subject.id, topic: "Wudu" }),
    );
    // The slot's timetable teacher is the default.
    expect(p.data).toMatchObject({ teacherName: "Ustadh Yusuf", startTime: "08:00", status: "submitted", source: "app" });
    expect(
      (await s.api.post("/admin/api/period", { classroomId: s.room5a.id, hourId: h.id, date: "2026-07-06", subjectId: s.subject.id, topic: "Again" })).json()
        .code,
    ).toBe("period.exists");
    expect(
      (await s.api.post("/admin/api/period", { classroomId: s.room5b.id, hourId: h.id, date: "2026-07-07", subjectId: s.subject.id, topic: "X" })).json().code,
    ).toBe("period.hour_elsewhere");
    await ok(s.api.post("/admin/api/period", { classroomId: s.room5a.id, date: "2026-07-07", subjectId: s.subject.id, topic: "Salah" }));

    const byDate = await ok<{ rows: { id: number }[] }>(s.api.get("/admin/api/period/filter/by-date?date=2026-07-06"));
    expect(byDate.rows.map((r) => r.id)).toEqual([p.data.id]);
    const badDate = await s.api.get("/admin/api/period/filter/by-date?date=06-07-2026");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().params.fields).toContain("date");
    expect((await s.api.get("/admin/api/period/filter/by-date")).statusCode).toBe(400);

    const all = await ok<{ count: number }>(s.api.get(`/admin/api/period/all?classroomId=${s.room5a.id}&from=2026-07-01&to=2026-07-31`));
    expect(all.count).toBe(2);
    expect((await ok<{ data: { topic: string } }>(s.api.get(`/admin/api/period/${p.data.id}`))).data.topic).toBe("Wudu");
    expect((await other.api.get(`/admin/api/period/${p.data.id}`)).statusCode).toBe(404);
    expect((await s.api.get("/admin/api/period/first")).statusCode).toBe(400);
    expect((await s.api.get("/admin/api/period/all?from=July")).statusCode).toBe(400);
    expect((await s.api.get("/admin/api/timetable?dayOfWeek=9")).json().code).toBe("filter.invalid");

    expect(await ok(s.api.post("/admin/api/period/approve", { ids: [p.data.id] }))).toMatchObject({ updated: 1 });
    expect((await ok<{ data: { status: string; approvedAt: string | null } }>(s.api.get(`/admin/api/period/${p.data.id}`))).data).toMatchObject({
      status: "approved",
      approvedAt: expect.any(String),
    });
    expect((await s.api.post("/admin/api/period/approve", { ids: [] })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/period/approve", { ids: [p.data.id], status: "maybe" })).statusCode).toBe(400);
    expect((await other.api.post("/admin/api/period/approve", { ids: [p.data.id] })).statusCode).toBe(404);
  });

  it("takes a lesson from the public form from a school's staff mobile only", async () => {
    const s = await newSchool(app);
    const teacher = await staff(s, "Ustadha Khadija");
    const h = await hour(s);
    await ok(s.api.post("/admin/api/timetable", { hourId: h.id, subjectId: s.subject.id }));
    const form = { mobile: teacher.mobile, hourId: h.id, date: "2026-07-06", topic: "Tayammum" };
    const sent = await app.inject({
      method: "POST",
      url: `/admin/open/period/${s.tenant.code}`,
      headers: { "x-requested-with": "XMLHttpRequest" },
      payload: form,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const shown = await ok<{ data: Record<string, unknown> }>(s.api.get(`/admin/api/period/${sent.json().id}`));
    expect(shown.data).toMatchObject({ teacherName: "Ustadha Khadija", subjectName: "Fiqh", source: "open_form", status: "submitted" });

    // As form data too.
    const h2 = await hour(s, { dayOfWeek: 2 });
    const asForm = await app.inject({
      method: "POST",
      url: `/admin/open/period/${s.tenant.code}`,
      headers: { "x-requested-with": "XMLHttpRequest", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        mobile: teacher.mobile,
        hourId: String(h2.id),
        date: "2026-07-07",
        topic: "Ghusl",
        subjectId: String(s.subject.id),
      }).toString(),
    });
    expect(asForm.statusCode, asForm.body).toBe(200);

    const post = (body: Record<string, unknown>, code = s.tenant.code) =>
      app.inject({ method: "POST", url: `/admin/open/period/${code}`, headers: { "x-requested-with": "XMLHttpRequest" }, payload: body });
    expect((await post({ ...form, mobile: uniqueMobile(), date: "2026-07-08" })).json().code).toBe("period.not_recognised");
    expect((await post({ ...form, mobile: s.tenant.admin.mobile, date: "2026-07-06" })).json().code).toBe("period.exists");
    expect((await post({ ...form, date: "2999-01-01" })).json().code).toBe("period.future");
    expect((await post({ ...form, topic: undefined })).statusCode).toBe(400);
    expect((await post(form, "NO-SUCH-SCHOOL")).json().code).toBe("tenant.unknown");
    const other = await newSchool(app);
    const theirHour = await hour(other);
    expect((await post({ ...form, hourId: theirHour.id, date: "2026-07-09" })).json().code).toBe("period.not_recognised");
  });

  it("gives the public form one refusal whether the number, the teacher or the hour is wrong", async () => {
    const s = await newSchool(app);
    const teacher = await staff(s, "Ustadh Bilal");
    const parent = await user(s, "parent", "A Parent");
    const h = await hour(s);
    await ok(s.api.post("/admin/api/timetable", { hourId: h.id, subjectId: s.subject.id }));
    const theirHour = await hour(await newSchool(app));
    const post = (mobile: string, hourId: number, date = "2026-07-06") =>
      app.inject({
        method: "POST",
        url: `/admin/open/period/${s.tenant.code}`,
        headers: { "x-requested-with": "XMLHttpRequest" },
        payload: { mobile, hourId, date, topic: "Wudu" },
      });
    const reply = async (mobile: string, hourId: number, date?: string) => {
      const res = await post(mobile, hourId, date);
      return { status: res.statusCode, body: res.json() };
    };
    const refusals = [
      await reply(uniqueMobile(), h.id),
      await reply(parent.mobile, h.id),
      await reply(teacher.mobile, theirHour.id),
      await reply(teacher.mobile, 2_000_000_000),
      await reply(uniqueMobile(), theirHour.id),
    ];
    expect(refusals[0]).toMatchObject({ status: 400, body: { code: "period.not_recognised", params: { fields: ["mobile", "hourId"] } } });
    for (const r of refusals) expect(r).toEqual(refusals[0]);
    // A date in the future is refused alike for a teacher's number and for a stranger's.
    expect(await reply(uniqueMobile(), h.id, "2999-01-01")).toEqual(await reply(teacher.mobile, h.id, "2999-01-01"));
    // The teacher with the school's hour still gets through.
    expect((await post(teacher.mobile, h.id)).statusCode).toBe(200);
  });

  it("limits the public form per address", async () => {
    const limited = await testApp({ LOG_LEVEL: "silent" });
    const s = await newSchool(limited);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await limited.inject({
        method: "POST",
        url: `/admin/open/period/${s.tenant.code}`,
        headers: { "x-requested-with": "XMLHttpRequest" },
        remoteAddress: "203.0.113.9",
        payload: { mobile: uniqueMobile(), hourId: 1, date: "2026-07-06", topic: "x" },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
    await limited.close();
  }, 60_000);
});
