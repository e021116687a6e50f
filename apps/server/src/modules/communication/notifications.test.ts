import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { addStudent, ok } from "../academics/school.fixture.js";
import { sendNotification } from "./notifications.service.js";

type Listed = {
  rows: {
    id: number;
    kind: string;
    title: string;
    body: string;
    studentId: number | null;
    studentName: string | null;
    link: string | null;
    readAt: string | null;
  }[];
  count: number;
  unread: number;
};

const ABSENCE = {
  en: { title: "Absent today", body: "Zainab was marked absent." },
  ml: { title: "ഇന്ന് ഹാജരില്ല", body: "സൈനബ് ഇന്ന് ഹാജരായില്ല." },
} as const;

describe("notifications", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  /** A school with a parent who reads Malayalam, a teacher who reads English, and the parent's child. */
  async function school() {
    const admin = await adminOfNewTenant(app);
    const roles = await rolesOf(admin.api);
    const parent = await signedInUser(app, admin.tenant, admin.api, [roles.parent as number], { language: "ml" });
    const teacher = await signedInUser(app, admin.tenant, admin.api, [roles.staff as number]);
    const child = await addStudent(admin.api, { name: "Zainab", guardians: [{ userId: parent.user.id, relation: "mother" }] });
    const scope = new TenantScope(app.services.db, admin.tenant.id);
    const tell = (userIds: number[], kind: "absence" | "announcement" = "absence", studentId: number | null = child.id) =>
      sendNotification(
        app.services,
        { scope, afterCommit: (fn) => void fn() },
        {
          userIds,
          kind,
          studentId,
          link: "/parent/attendance",
          text: (language) => (language === "ml" ? ABSENCE.ml : ABSENCE.en),
        },
      );
    return { admin, parent, teacher, child, tell };
  }

  it("tells each person in their own language, about the child it concerns, newest first with the unread count", async () => {
    const s = await school();
    await s.tell([s.parent.user.id, s.teacher.user.id]);
    await s.tell([s.parent.user.id], "announcement", null);

    const forParent = await ok<Listed>(s.parent.api.get("/user/api/home/notifications"));
    expect(forParent).toMatchObject({ count: 2, unread: 2 });
    expect(forParent.rows[0]).toMatchObject({ kind: "announcement", studentId: null, studentName: null });
    expect(forParent.rows[1]).toMatchObject({
      kind: "absence",
      title: ABSENCE.ml.title,
      body: ABSENCE.ml.body,
      studentId: s.child.id,
      studentName: "Zainab",
      link: "/parent/attendance",
      readAt: null,
    });

    const forTeacher = await ok<Listed>(s.teacher.api.get("/user/api/home/notifications"));
    expect(forTeacher.rows).toEqual([expect.objectContaining({ title: ABSENCE.en.title })]);
  });

  it("filters by unread, kind and child, and pages", async () => {
    const s = await school();
    for (let i = 0; i < 3; i++) await s.tell([s.parent.user.id]);
    await s.tell([s.parent.user.id], "announcement", null);
    const get = (q: string) => ok<Listed>(s.parent.api.get(`/user/api/home/notifications?${q}`));
    expect((await get("kind=absence")).count).toBe(3);
    expect((await get(`student=${s.child.id}`)).count).toBe(3);
    const page = await get("limit=2&page=2");
    expect(page).toMatchObject({ count: 4, unread: 4 });
    expect(page.rows).toHaveLength(2);
    const first = (await get("limit=1")).rows[0]!;
    await ok(s.parent.api.put("/user/api/home/notifications/read", { ids: [first.id] }));
    expect((await get("unread=true")).count).toBe(3);
  });

  it("marks read only the caller's own, once; all at once; another school's people never see them", async () => {
    const s = await school();
    const forParent = (await s.tell([s.parent.user.id]))[0]!;
    const forTeacher = (await s.tell([s.teacher.user.id]))[0]!;

    // The teacher naming the parent's notification changes nothing, and is not told it exists.
    const theirs = await ok<{ updated: number }>(s.teacher.api.put("/user/api/home/notifications/read", { ids: [forParent.id] }));
    expect(theirs.updated).toBe(0);
    expect((await ok<Listed>(s.parent.api.get("/user/api/home/notifications"))).unread).toBe(1);

    const once = await ok<{ updated: number; unread: number }>(s.parent.api.put("/user/api/home/notifications/read", { ids: [forParent.id] }));
    expect(once).toMatchObject({ updated: 1, unread: 0 });
    const twice = await ok<{ updated: number }>(s.parent.api.put("/user/api/home/notifications/read", { ids: [forParent.id] }));
    expect(twice.updated).toBe(0);

    await s.tell([s.teacher.user.id]);
    expect(await ok(s.teacher.api.put("/user/api/home/notifications/read", { all: true }))).toMatchObject({ updated: 2, unread: 0 });
    expect((await ok<Listed>(s.teacher.api.get(`/user/api/home/notifications?unread=true`))).count).toBe(0);
    expect(forTeacher.userId).toBe(s.teacher.user.id);

    // Another school: its own people only, and a user id of this school told from there reaches no one.
    const other = await school();
    expect(await other.tell([s.parent.user.id])).toEqual([]);
    expect((await ok<Listed>(other.parent.api.get("/user/api/home/notifications"))).count).toBe(0);
  });

  it("says which field is wrong", async () => {
    const s = await school();
    const neither = await s.parent.api.put("/user/api/home/notifications/read", {});
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain("ids");
    expect((await s.parent.api.get("/user/api/home/notifications?kind=gossip")).statusCode).toBe(400);
  });
});
