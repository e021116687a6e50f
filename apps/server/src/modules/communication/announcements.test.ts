import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { NOTICE, schoolWithParents } from "./announcements.fixture.js";
import { publishDueAnnouncements } from "./announcements.service.js";

type Announcement = { id: number; status: string; recipients: number; readCount: number; publishedAt: string | null; scheduledAt: string | null };
type Logs = {
  logs: { rows: { name: string; readAt: string | null; remindedAt: string | null; classroom: string | null; studentName: string | null }[]; count: number };
  byClass: { classroom: string | null; total: number; read: number }[];
  total: number;
  read: number;
};

describe("announcements", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("published to a classroom, tells exactly that classroom's parents, each in their language, and no other school's", async () => {
    const s = await schoolWithParents(app);
    const other = await schoolWithParents(app);
    const body = { ...NOTICE, audience: "classrooms", audienceIds: [s.room5a.id], status: "published", clientId: "notice-friday-0001" };
    const sent = await ok<{ data: Announcement }>(s.api.post("/admin/api/announcement", body));
    // The same announcement again (a retry after a lost reply) is refused, and nobody is told twice.
    const again = await s.api.post("/admin/api/announcement", body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("announcement.duplicate");
    expect(sent.data).toMatchObject({ status: "published", recipients: 2, readCount: 0 });
    expect(sent.data.publishedAt).not.toBeNull();

    const amina = await s.notificationsOf(s.amina.api);
    expect(amina.rows).toEqual([expect.objectContaining({ kind: "announcement", title: NOTICE.texts.ml.title, body: NOTICE.texts.ml.body })]);
    const bilal = await s.notificationsOf(s.bilal.api);
    expect(bilal.rows).toEqual([expect.objectContaining({ kind: "announcement", title: NOTICE.title })]);
    for (const api of [s.safiya.api, s.teacher.api, other.amina.api, other.bilal.api]) expect((await s.notificationsOf(api)).count).toBe(0);

    // Another school's classroom is not a classroom here.
    const foreign = await other.api.post("/admin/api/announcement", { ...NOTICE, audience: "classrooms", audienceIds: [s.room5a.id], status: "published" });
    expect(foreign.statusCode).toBe(404);
    expect((await s.notificationsOf(s.amina.api)).count).toBe(1);
    expect((await ok<{ data: Announcement }>(s.api.get(`/admin/api/announcement/${sent.data.id}`))).data.recipients).toBe(2);
    expect((await other.api.get(`/admin/api/announcement/${sent.data.id}`)).statusCode).toBe(404);
  });

  it("published to a student group, tells the parents of its children across classes, and no one else", async () => {
    const s = await schoolWithParents(app);
    const other = await schoolWithParents(app);
    // Amina's child is in 5-A and Safiya's in 5-B: the group crosses classes; Bilal's child is not in it.
    const group = (await ok<{ data: { id: number } }>(s.api.post("/admin/api/student-group", { name: "Quran competition team" }))).data;
    await ok(s.api.post("/admin/api/student-group/bulk-update", { id: group.id, studentIds: [s.amina.child.id, s.safiya.child.id] }));
    const sent = await ok<{ data: Announcement }>(
      s.api.post("/admin/api/announcement", { ...NOTICE, audience: "groups", audienceIds: [group.id], status: "published" }),
    );
    expect(sent.data.recipients).toBe(2);
    expect((await s.notificationsOf(s.amina.api)).count).toBe(1);
    expect((await s.notificationsOf(s.safiya.api)).count).toBe(1);
    for (const api of [s.bilal.api, s.teacher.api, other.amina.api]) expect((await s.notificationsOf(api)).count).toBe(0);
    // Another school's group is not a group here.
    const foreign = await other.api.post("/admin/api/announcement", { ...NOTICE, audience: "groups", audienceIds: [group.id], status: "published" });
    expect(foreign.statusCode).toBe(404);
  });

  it("shows who has read it by class, and reminds only those who have not, once within the hour", async () => {
    const s = await schoolWithParents(app);
    const { data } = await ok<{ data: Announcement }>(
      s.api.post("/admin/api/announcement", { ...NOTICE, audience: "classrooms", audienceIds: [s.room5a.id, s.room5b.id], status: "published" }),
    );
    // Amina reads it through the announcement, Safiya by opening her notification.
    await ok(s.amina.api.put("/admin/api/announcement/log", { id: data.id }));
    const [safiyasNote] = (await s.notificationsOf(s.safiya.api)).rows;
    await ok(s.safiya.api.put("/user/api/home/notifications/read", { ids: [safiyasNote?.id] }));
    // The teacher received nothing, so has nothing to mark.
    expect((await s.teacher.api.put("/admin/api/announcement/log", { id: data.id })).statusCode).toBe(404);

    const logs = await ok<Logs>(s.api.get(`/admin/api/announcement/${data.id}/logs`));
    expect(logs).toMatchObject({ total: 3, read: 2 });
    expect(logs.byClass).toEqual([
      { classroomId: s.room5a.id, classroom: "Class 5-A", total: 2, read: 1 },
      { classroomId: s.room5b.id, classroom: "Class 5-B", total: 1, read: 1 },
    ]);
    const unread = await ok<Logs>(s.api.get(`/admin/api/announcement/${data.id}/logs?read=false`));
    expect(unread.logs.rows).toEqual([expect.objectContaining({ name: "Bilal", readAt: null, classroom: "Class 5-A", studentName: "Bilal's child" })]);
    expect((await ok<Logs>(s.api.get(`/admin/api/announcement/read/logs?announcement=${data.id}&read=true`))).logs.count).toBe(2);
    expect((await ok<{ data: Announcement }>(s.api.get(`/admin/api/announcement/${data.id}`))).data.readCount).toBe(2);

    expect(await ok(s.api.post(`/admin/api/announcement/${data.id}/remind`, {}))).toMatchObject({ reminded: 1 });
    expect(await ok(s.api.post(`/admin/api/announcement/${data.id}/remind`, {}))).toMatchObject({ reminded: 0 });
    // A reminder tells again; it does not add to the list.
    expect((await s.notificationsOf(s.bilal.api)).count).toBe(1);
    const reminded = await ok<Logs>(s.api.get(`/admin/api/announcement/${data.id}/logs?read=false`));
    expect(reminded.logs.rows[0]).toMatchObject({ name: "Bilal" });
    expect(reminded.logs.rows[0]?.remindedAt).not.toBeNull();

    // Parents cannot read the logs or remind.
    expect((await s.bilal.api.get(`/admin/api/announcement/${data.id}/logs`)).statusCode).toBe(403);
  });

  it("publishes a scheduled announcement once when it is due, however many sweeps run", async () => {
    const s = await schoolWithParents(app);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const { data } = await ok<{ data: Announcement }>(
      s.api.post("/admin/api/announcement", {
        ...NOTICE,
        audience: "people",
        audienceIds: [s.bilal.user.id],
        status: "scheduled",
        scheduledAt: at.toISOString(),
      }),
    );
    expect(data).toMatchObject({ status: "scheduled", recipients: 0, publishedAt: null });
    await publishDueAnnouncements(app.services, new Date());
    expect((await s.notificationsOf(s.bilal.api)).count).toBe(0);

    const later = new Date(at.getTime() + 1000);
    await Promise.all([publishDueAnnouncements(app.services, later), publishDueAnnouncements(app.services, later)]);
    await publishDueAnnouncements(app.services, later);
    expect((await s.notificationsOf(s.bilal.api)).count).toBe(1);
    const after = (await ok<{ data: Announcement }>(s.api.get(`/admin/api/announcement/${data.id}`))).data;
    expect(after).toMatchObject({ status: "published", recipients: 1 });

    const past = await s.api.post("/admin/api/announcement", { ...NOTICE, audience: "school", status: "scheduled", scheduledAt: "2020-01-01T00:00:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain("scheduledAt");
  });

  it("publishes a draft when it is set to published, and refuses to change what was sent", async () => {
    const s = await schoolWithParents(app);
    const { data } = await ok<{ data: Announcement }>(s.api.post("/admin/api/announcement", { ...NOTICE, audience: "roles", audienceIds: [s.roles.staff] }));
    expect(data).toMatchObject({ status: "draft", recipients: 0 });
    expect((await s.notificationsOf(s.teacher.api)).count).toBe(0);
    const published = await ok<{ data: Announcement }>(s.api.put("/admin/api/announcement", { id: data.id, status: "published" }));
    expect(published.data).toMatchObject({ status: "published", recipients: 1 });
    expect((await s.notificationsOf(s.teacher.api)).rows).toEqual([expect.objectContaining({ title: NOTICE.title })]);
    const change = await s.api.put("/admin/api/announcement", { id: data.id, title: "Changed" });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe("announcement.published");
    expect((await s.api.post(`/admin/api/announcement/${data.id}/remind`, {})).statusCode).toBe(200);

    const noAudience = await s.api.post("/admin/api/announcement", { ...NOTICE, audience: "classrooms", audienceIds: [] });
    expect(noAudience.statusCode).toBe(400);
    expect(noAudience.body).toContain("audienceIds");
  });
});
