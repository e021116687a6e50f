import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";
import { parentOf, type School, schoolDate } from "../attendance/registers.fixture.js";

interface Invitation {
  meetingId: number;
  title: string;
  answer: string | null;
  suggestedTime: string | null;
  children: string[];
}

const meeting = (s: School, extra: Record<string, unknown> = {}) => ({
  title: "Term one review",
  date: schoolDate(7),
  startTime: "10:00",
  endTime: "11:30",
  place: "Main hall",
  agenda: "Progress, attendance, questions",
  classroomIds: [s.room5a.id],
  ...extra,
});

const notified = async (api: School["api"]) =>
  (await ok<{ rows: { kind: string; title: string }[] }>(api.get("/user/api/home/notifications?kind=meeting"))).rows.map((n) => n.title);

/** Class 5-A with two children of one family and a child of another; a child of 5-B invited by name. */
async function families(app: TestApp) {
  const s = await newSchool(app);
  const [a1, a2, b1, c1] = [
    await addStudent(s.api, { name: "Aisha" }),
    await addStudent(s.api, { name: "Bilal" }),
    await addStudent(s.api, { name: "Hamza" }),
    await addStudent(s.api, { name: "Zainab" }),
  ];
  for (const k of [a1, a2, b1]) await enrol(s.api, k.id, s.room5a.id, { startedOn: "2026-06-01" });
  await enrol(s.api, c1.id, s.room5b.id, { startedOn: "2026-06-01" });
  const twoKids = await parentOf(app, s, a1.id);
  await ok(s.api.put("/admin/api/student", { id: a2.id, guardians: [{ userId: twoKids.id, relation: "father" }] }));
  const oneKid = await parentOf(app, s, b1.id);
  const fiveB = await parentOf(app, s, c1.id);
  return { s, twoKids, oneKid, fiveB, c1 };
}

describe("meetings", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("invites a class's families and chosen students' families, telling each family once", async () => {
    const { s, twoKids, oneKid, fiveB, c1 } = await families(app);
    await ok(oneKid.api.put("/user/api/user", { language: "ar" }));
    const made = await ok<{ data: { id: number; invited: number; replied: number } }>(s.api.post("/admin/api/meeting", meeting(s, { studentIds: [c1.id] })));
    expect(made.data).toMatchObject({ invited: 3, replied: 0 });
    expect(await notified(twoKids.api)).toEqual(["Meeting: Term one review"]);
    // Each family reads the day and the time in its own language, not the stored "2026-12-04 10:00".
    const [arabic] = (await ok<{ rows: { title: string; body: string }[] }>(oneKid.api.get("/user/api/home/notifications?kind=meeting"))).rows;
    const date = schoolDate(7);
    const month = new Intl.DateTimeFormat("ar", { month: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
    expect(arabic).toMatchObject({ title: "اجتماع: \u2068Term one review\u2069" });
    expect(arabic!.body).toContain(`${Number(date.slice(8))} ${month}`);
    expect(arabic!.body).toContain("10:00 ص");
    expect(arabic!.body).not.toContain(date);
    expect(await notified(fiveB.api)).toHaveLength(1);
    const mine = await ok<{ rows: Invitation[] }>(twoKids.api.get("/admin/api/meeting/invitations"));
    expect(mine.rows).toEqual([expect.objectContaining({ meetingId: made.data.id, answer: null, children: ["Aisha", "Bilal"] })]);
    // Editing the meeting's time tells nobody twice; dropping 5-B's child drops that family.
    await ok(s.api.put("/admin/api/meeting", { id: made.data.id, startTime: "09:30", studentIds: [] }));
    expect(await notified(twoKids.api)).toHaveLength(1);
    expect((await ok<{ rows: Invitation[] }>(fiveB.api.get("/admin/api/meeting/invitations"))).rows).toEqual([]);
    const list = await ok<{ rows: { id: number; invited: number; startTime: string }[] }>(s.api.get(`/admin/api/meeting?dateFrom=${schoolDate()}`));
    expect(list.rows).toEqual([expect.objectContaining({ id: made.data.id, invited: 2, startTime: "09:30" })]);
  });

  it("takes one answer per family, changeable, and shows the office who answered what and who has not", async () => {
    const { s, twoKids, oneKid, fiveB, c1 } = await families(app);
    const { data } = await ok<{ data: { id: number } }>(s.api.post("/admin/api/meeting", meeting(s, { studentIds: [c1.id] })));
    await ok(twoKids.api.post("/admin/api/meeting/reply", { meetingId: data.id, answer: "coming" }));
    const changed = await ok<{ data: Invitation }>(
      twoKids.api.post("/admin/api/meeting/reply", { meetingId: data.id, answer: "another_time", suggestedTime: "Saturday after Asr" }),
    );
    expect(changed.data).toMatchObject({ answer: "another_time", suggestedTime: "Saturday after Asr" });
    await ok(oneKid.api.post("/admin/api/meeting/reply", { meetingId: data.id, answer: "not_coming", note: "Travelling" }));

    const replies = await ok<{
      counts: Record<string, number>;
      rows: { name: string; answer: string | null; children: string[] }[];
      data: { replied: number };
    }>(s.api.get(`/admin/api/meeting/replies/${data.id}`));
    expect(replies.counts).toEqual({ coming: 0, not_coming: 1, another_time: 1, none: 1 });
    expect(replies.data.replied).toBe(2);
    expect(replies.rows.map((r) => [r.children.join(","), r.answer])).toEqual(
      expect.arrayContaining([
        ["Aisha,Bilal", "another_time"],
        ["Hamza", "not_coming"],
        ["Zainab", null],
      ]),
    );
    // Another time needs a time or a note; a bad answer is refused.
    expect((await fiveB.api.post("/admin/api/meeting/reply", { meetingId: data.id, answer: "another_time" })).json()).toMatchObject({
      params: { fields: ["suggestedTime"] },
    });
    expect((await fiveB.api.post("/admin/api/meeting/reply", { meetingId: data.id, answer: "maybe" })).statusCode).toBe(400);
    // A family not invited, and the office calls for families, are refused.
    const { data: other } = await ok<{ data: { id: number } }>(s.api.post("/admin/api/meeting", meeting(s, { classroomIds: [s.room5b.id] })));
    expect((await twoKids.api.post("/admin/api/meeting/reply", { meetingId: other.id, answer: "coming" })).statusCode).toBe(404);
    expect((await twoKids.api.get(`/admin/api/meeting/replies/${data.id}`)).statusCode).toBe(403);
    expect((await twoKids.api.get("/admin/api/meeting")).statusCode).toBe(403);
  });

  it("refuses a meeting ending before it starts, without a place or an https link, or inviting nobody; another school's rows are 404", async () => {
    const { s, twoKids } = await families(app);
    const bad = async (extra: Record<string, unknown>) => (await s.api.post("/admin/api/meeting", meeting(s, extra))).json();
    expect(await bad({ endTime: "09:00" })).toMatchObject({ params: { fields: ["endTime"] } });
    expect(await bad({ place: null })).toMatchObject({ params: { fields: ["place"] } });
    expect(await bad({ link: "http://meet.example.com/abc" })).toMatchObject({ params: { fields: ["link"] } });
    expect(await bad({ link: "javascript:alert(1)" })).toMatchObject({ params: { fields: ["link"] } });
    expect(await bad({ classroomIds: [] })).toMatchObject({ params: { fields: ["classroomIds"] } });
    const online = await ok<{ data: { link: string; place: string | null } }>(
      s.api.post("/admin/api/meeting", meeting(s, { place: null, link: "https://meet.example.com/abc-defg" })),
    );
    expect(online.data).toMatchObject({ link: "https://meet.example.com/abc-defg", place: null });
    const { data } = await ok<{ data: { id: number } }>(s.api.post("/admin/api/meeting", meeting(s)));
    expect((await s.api.put("/admin/api/meeting", { id: data.id, endTime: "08:00" })).json()).toMatchObject({ code: "meeting.ends_before_start" });
    expect((await s.api.put("/admin/api/meeting", { id: data.id, link: "ftp://x.example.com" })).statusCode).toBe(400);

    const other = await newSchool(app);
    const theirStudent = await addStudent(other.api);
    expect((await s.api.post("/admin/api/meeting", meeting(s, { classroomIds: [other.room5a.id] }))).statusCode).toBe(404);
    expect((await s.api.post("/admin/api/meeting", meeting(s, { studentIds: [theirStudent.id] }))).statusCode).toBe(404);
    const { data: theirs } = await ok<{ data: { id: number } }>(other.api.post("/admin/api/meeting", meeting(other)));
    expect((await s.api.get(`/admin/api/meeting/replies/${theirs.id}`)).statusCode).toBe(404);
    expect((await s.api.delete(`/admin/api/meeting/${theirs.id}`)).statusCode).toBe(404);
    expect((await twoKids.api.post("/admin/api/meeting/reply", { meetingId: theirs.id, answer: "coming" })).statusCode).toBe(404);
    // A meeting that is over takes no answers.
    const { data: past } = await ok<{ data: { id: number } }>(s.api.post("/admin/api/meeting", meeting(s, { date: schoolDate(-3) })));
    expect((await twoKids.api.post("/admin/api/meeting/reply", { meetingId: past.id, answer: "coming" })).json()).toMatchObject({ code: "meeting.past" });
    expect((await ok<{ rows: Invitation[] }>(twoKids.api.get("/admin/api/meeting/invitations?all=true"))).rows).toHaveLength(3);
  });
});
