import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { addDays, lastEndedPeriod, periodOf, periodsBetween, weekStart } from "@taleem/contract";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, PASSWORD, signIn, type TestApp, testApp } from "../../../test/harness.js";
import { addUser, rolesOf, rowsOf } from "../../../test/people.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayText } from "../../platform/texts/dates.js";
import { ok } from "../academics/school.fixture.js";
import { pngBytes } from "../admissions/admission.fixture.js";
import { remindMissedInSchool } from "./checklist-reminders.service.js";

type School = Awaited<ReturnType<typeof adminOfNewTenant>>;
type Checklist = {
  id: number;
  name: string;
  items: { id: number; question: string; kind: string; photoRequired: boolean }[];
  itemCount: number;
  startsOn: string;
};
type Log = {
  id: number;
  status: string;
  startDate: string;
  endDate: string;
  answers: { itemId: number; value: unknown; photo: string | null; question: string }[];
};
type Stat = { key: string; label: string; expected: number; submitted: number; approved: number; rejected: number; missed: number; completionRate: number };

const ITEMS = [
  { question: "All doors locked?", kind: "yesno" },
  { question: "Students in their rooms", kind: "number" },
  { question: "Anything to report", kind: "text", photoRequired: true },
];

/** A school with a warden (a role that may submit checklists) and a second staff member. */
async function school(app: TestApp) {
  const s = await adminOfNewTenant(app);
  const role = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/role", { name: "Warden", area: "parent", permissions: { checklists: ["view", "add", "edit", "delete"] } }),
  );
  const person = async (name: string) => {
    const user = await addUser(s.api, { name, password: PASSWORD, roleIds: [role.data.id] });
    return { ...user, api: (await signIn(app, s.tenant.code, user.mobile!)).api };
  };
  const warden = await person("Warden Bilal");
  const other = await person("Ustadh Yusuf");
  const today = await schoolToday(new TenantScope(app.services.db, s.tenant.id));
  return { ...s, roleId: role.data.id, warden, other, today };
}

const photo = async (api: School["api"]) =>
  (await ok<{ data: { path: string } }>(api.post("/admin/api/upload", { name: "round.png", data: pngBytes().toString("base64"), module: "checklists" }))).data
    .path;

async function checklist(s: Awaited<ReturnType<typeof school>>, body: Record<string, unknown> = {}) {
  return (
    await ok<{ data: Checklist }>(
      s.api.post("/admin/api/checklists", {
        name: "Night round",
        category: "Hostel",
        frequency: "daily",
        items: ITEMS,
        roleId: s.roleId,
        startsOn: addDays(s.today, -3),
        ...body,
      }),
    )
  ).data;
}

const answers = (c: Checklist, text: string, path: string | null) => [
  { itemId: c.items[0]!.id, value: true },
  { itemId: c.items[1]!.id, value: 42 },
  { itemId: c.items[2]!.id, value: text, photo: path },
];

describe("checklist periods", () => {
  it("covers a day, a Monday-to-Sunday week, a calendar month, or the once checklist's days", () => {
    const s = { startsOn: "2026-01-01", endsOn: null };
    expect(periodOf({ ...s, frequency: "daily" }, "2026-03-04")).toEqual({ startDate: "2026-03-04", endDate: "2026-03-04" });
    expect(periodOf({ ...s, frequency: "weekly" }, "2026-03-04")).toEqual({ startDate: "2026-03-02", endDate: "2026-03-08" });
    expect(periodOf({ ...s, frequency: "monthly" }, "2026-02-14")).toEqual({ startDate: "2026-02-01", endDate: "2026-02-28" });
    expect(periodOf({ frequency: "once", startsOn: "2026-03-01", endsOn: "2026-03-10" }, "2026-03-05")).toEqual({
      startDate: "2026-03-01",
      endDate: "2026-03-10",
    });
    expect(periodOf({ ...s, frequency: "daily" }, "2025-12-31")).toBeUndefined();
    expect(weekStart("2026-03-08")).toBe("2026-03-02");
    expect(periodsBetween({ ...s, frequency: "weekly" }, "2026-03-04", "2026-03-20").map((p) => p.startDate)).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
    expect(periodsBetween({ startsOn: "2026-03-10", endsOn: "2026-03-12", frequency: "daily" }, "2026-03-01", "2026-03-31")).toHaveLength(3);
  });

  it("knows the last period that has ended, and none before the schedule begins", () => {
    expect(lastEndedPeriod({ frequency: "daily", startsOn: "2026-01-01", endsOn: null }, "2026-03-04")).toEqual({
      startDate: "2026-03-03",
      endDate: "2026-03-03",
    });
    expect(lastEndedPeriod({ frequency: "weekly", startsOn: "2026-01-01", endsOn: null }, "2026-03-04")?.startDate).toBe("2026-02-23");
    expect(lastEndedPeriod({ frequency: "monthly", startsOn: "2026-01-01", endsOn: null }, "2026-03-04")?.startDate).toBe("2026-02-01");
    expect(lastEndedPeriod({ frequency: "daily", startsOn: "2026-03-04", endsOn: null }, "2026-03-04")).toBeUndefined();
    expect(lastEndedPeriod({ frequency: "once", startsOn: "2026-03-01", endsOn: "2026-03-03" }, "2026-03-04")).toEqual({
      startDate: "2026-03-01",
      endDate: "2026-03-03",
    });
    expect(lastEndedPeriod({ frequency: "once", startsOn: "2026-03-01", endsOn: "2026-03-09" }, "2026-03-04")).toBeUndefined();
  });
});

describe("checklists", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: mkdtempSync(join(tmpdir(), "taleem-checklists-")) });
  });

  it("keeps a checklist's items in order, by id, edited in place, cloned with them", async () => {
    const s = await school(app);
    const c = await checklist(s, { roleId: null, assigneeIds: [s.warden.id] });
    expect(c.items.map((i) => [i.id, i.kind, i.photoRequired])).toEqual([
      [1, "yesno", false],
      [2, "number", false],
      [3, "text", true],
    ]);
    expect(c.itemCount).toBe(3);
    const one = await ok<{ data: Checklist }>(s.api.get(`/admin/api/checklists/${c.id}`));
    expect(one.data.name).toBe("Night round");

    // Reordered, one dropped, one added: kept items keep their ids, the new one takes the next.
    const moved = await ok<{ data: Checklist }>(
      s.api.put(`/admin/api/checklists/${c.id}`, {
        items: [
          { ...c.items[2], id: 3 },
          { id: 1, question: "Main gate locked?", kind: "yesno" },
          { question: "Lights out", kind: "yesno" },
        ],
      }),
    );
    expect(moved.data.items.map((i) => [i.id, i.question])).toEqual([
      [3, "Anything to report"],
      [1, "Main gate locked?"],
      [4, "Lights out"],
    ]);
    expect((await s.api.put("/admin/api/checklists", { id: c.id, category: "Boarding" })).json().data.category).toBe("Boarding");

    const copy = await ok<{ data: Checklist }>(s.api.post(`/admin/api/checklists/${c.id}/clone`));
    expect(copy.data.name).toBe("Night round (copy)");
    expect(copy.data.items).toEqual(moved.data.items);
    expect(copy.data.id).not.toBe(c.id);

    const list = await ok<{ rows: Checklist[]; count: number }>(s.api.get("/admin/api/checklists?frequency=daily&q=night"));
    expect(list.count).toBe(2);
    const mine = await ok<{ rows: Checklist[] }>(s.warden.api.get("/admin/api/checklists?mine=true"));
    expect(mine.rows).toHaveLength(2);
    expect((await ok<{ rows: Checklist[] }>(s.other.api.get("/admin/api/checklists?mine=true"))).rows).toHaveLength(0);
    // Nobody submits a role's checklist through the role alone once the role is gone from it.
    expect((await s.api.delete(`/admin/api/checklists/${copy.data.id}`)).statusCode).toBe(200);
  });

  it("refuses a checklist without items or anyone to submit it, and answers 404 for another school's", async () => {
    const s = await school(app);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await s.api.post("/admin/api/checklists", { name: "Plan", frequency: "weekly", items: ITEMS, roleId: s.roleId, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad({ items: [] }, "items");
    await bad({ roleId: null }, "assigneeIds");
    await bad({ frequency: "hourly" }, "frequency");
    await bad({ startsOn: "2026-05-10", endsOn: "2026-05-01" }, "endsOn");
    await bad({ items: [{ question: "", kind: "yesno" }] }, "items");
    await bad({ assigneeIds: [999_999_999] }, "assigneeIds");
    const c = await checklist(s);
    const put = await s.api.put(`/admin/api/checklists/${c.id}`, { items: [{ id: 77, question: "Ghost", kind: "yesno" }] });
    expect(put.statusCode).toBe(400);
    expect(put.json().params.field).toBe("items.0.id");

    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/checklists/${c.id}`)).statusCode).toBe(404);
    expect((await other.api.put(`/admin/api/checklists/${c.id}`, { name: "Mine now" })).statusCode).toBe(404);
    expect((await other.api.post(`/admin/api/checklists/${c.id}/clone`)).statusCode).toBe(404);
    expect((await other.api.delete(`/admin/api/checklists/${c.id}`)).statusCode).toBe(404);
  });

  it("answers a parent their own checklists and submissions instead of 403, and never lets a family make one", async () => {
    const s = await school(app);
    const roles = await rolesOf(s.api);
    const parent = async (name: string) => {
      const user = await addUser(s.api, { name, password: PASSWORD, roleIds: [roles.parent!] });
      return { ...user, api: (await signIn(app, s.tenant.code, user.mobile!)).api };
    };
    const mother = await parent("Maryam Bibi");
    const father = await parent("Yusuf Khan");
    const home = await checklist(s, {
      name: "Home reading",
      roleId: null,
      assigneeIds: [mother.id],
      items: [{ question: "Read for 20 minutes?", kind: "yesno" }],
    });
    const everyParent = await checklist(s, { name: "Uniform ready", roleId: roles.parent!, items: [{ question: "Uniform ironed?", kind: "yesno" }] });
    await checklist(s); // the wardens' night round: no parent's

    // Before, the Parent role had no right to checklists: every call answered 403.
    const mine = await ok<{ rows: Checklist[] }>(mother.api.get("/admin/api/checklists?mine=true&status=active"));
    expect(mine.rows.map((c) => c.name).sort()).toEqual(["Home reading", "Uniform ready"]);
    const listed = await ok<{ rows: Checklist[] }>(father.api.get("/admin/api/checklists"));
    expect(listed.rows.map((c) => c.name)).toEqual(["Uniform ready"]);
    expect((await father.api.get(`/admin/api/checklists/${home.id}`)).statusCode).toBe(404);

    const sent = await ok<{ data: Log }>(
      mother.api.post("/admin/api/checklists/checklist-logs", { checklistId: home.id, answers: [{ itemId: home.items[0]!.id, value: true }] }),
    );
    expect(sent.data).toMatchObject({ status: "submitted", submitterName: "Maryam Bibi" });
    await ok(
      father.api.post("/admin/api/checklists/checklist-logs", { checklistId: everyParent.id, answers: [{ itemId: everyParent.items[0]!.id, value: false }] }),
    );
    const hers = await ok<{ rows: Log[] }>(mother.api.get("/admin/api/checklists/checklist-logs"));
    expect(hers.rows.map((l) => l.id)).toEqual([sent.data.id]);

    const made = await mother.api.post("/admin/api/checklists", { name: "Mine", frequency: "daily", items: ITEMS, assigneeIds: [mother.id] });
    expect(made.statusCode).toBe(403);
    expect((await mother.api.post(`/admin/api/checklists/${home.id}/clone`, {})).statusCode).toBe(403);
    expect((await mother.api.put(`/admin/api/checklists/${home.id}`, { name: "Changed" })).statusCode).toBe(403);
  });

  it("takes one submission per person and period: sending again updates it, and the photo must be the school's", async () => {
    const s = await school(app);
    const c = await checklist(s);
    const path = await photo(s.warden.api);
    const first = await ok<{ data: Log }>(
      s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "Quiet night", path) }),
    );
    expect(first.data).toMatchObject({
      status: "submitted",
      startDate: s.today,
      endDate: s.today,
      submitterName: "Warden Bilal",
      checklistName: "Night round",
    });
    expect(first.data.answers.map((a) => a.value)).toEqual([true, 42, "Quiet night"]);

    const again = await ok<{ data: Log }>(
      s.warden.api.post("/admin/api/checklists/checklist-logs", {
        checklistId: c.id,
        startDate: s.today,
        answers: answers(c, "A leak in room 4", path),
        comments: "Fixed",
      }),
    );
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.answers[2]!.value).toBe("A leak in room 4");
    expect((await rowsOf(app, "checklist_logs", s.tenant.id)).length).toBe(1);

    // A weekly checklist's period is the week holding the day.
    const weekly = await checklist(s, { name: "Weekly plan", frequency: "weekly", startsOn: addDays(s.today, -30) });
    const plan = await ok<{ data: Log }>(
      s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: weekly.id, answers: answers(weekly, "Surah Mulk", path) }),
    );
    expect(plan.data.startDate).toBe(weekStart(s.today));
    expect(plan.data.endDate).toBe(addDays(weekStart(s.today), 6));

    const refused = async (body: Record<string, unknown>, field: string, api = s.warden.api) => {
      const res = await api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "ok", path), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().params?.field ?? JSON.stringify(res.json())).toContain(field);
    };
    await refused({ answers: answers(c, "ok", path).slice(0, 2) }, "answers.2");
    await refused({ answers: [{ itemId: c.items[0]!.id, value: "yes" }, ...answers(c, "ok", path).slice(1)] }, "answers.0");
    await refused({ answers: answers(c, "ok", null) }, "answers.2.photo");
    await refused({ answers: [...answers(c, "ok", path), { itemId: 99, value: true }] }, "answers.3.itemId");
    await refused({ startDate: addDays(s.today, 1) }, "startDate");
    await refused({ startDate: addDays(s.today, -10) }, "startDate");
    await refused({}, "checklistId", s.api);
    const stranger = await adminOfNewTenant(app);
    const theirs = await photo(stranger.api);
    await refused({ answers: answers(c, "ok", theirs) }, "answers.2.photo");
    expect((await stranger.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "ok", theirs) })).statusCode).toBe(404);
  });

  it("lets the submitter change their answers, a reviewer approve or reject with comments, and no one else", async () => {
    const s = await school(app);
    const c = await checklist(s);
    const path = await photo(s.warden.api);
    const log = (await ok<{ data: Log }>(s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "ok", path) })))
      .data;
    const url = `/admin/api/checklists/checklist-logs/${log.id}`;

    expect((await ok<{ data: Log }>(s.warden.api.put(url, { comments: "Late by ten minutes" }))).data).toMatchObject({
      comments: "Late by ten minutes",
      status: "submitted",
    });
    // The other warden neither sees it nor may review it.
    expect((await s.other.api.get(url)).statusCode).toBe(404);
    expect((await ok<{ count: number }>(s.other.api.get("/admin/api/checklists/checklist-logs"))).count).toBe(0);
    expect((await s.warden.api.put(`${url}/review`, { status: "approved" })).statusCode).toBe(403);
    expect((await s.api.put(`${url}/review`, { status: "done" })).statusCode).toBe(400);
    // The office may see it but not change the answers.
    expect((await s.api.put(url, { comments: "Edited" })).statusCode).toBe(409);

    const rejected = await ok<{ data: Log & { reviewComments: string; reviewerName: string; reviewedAt: string } }>(
      s.api.put(`${url}/review`, { status: "rejected", comments: "Photo is blurred" }),
    );
    expect(rejected.data).toMatchObject({ status: "rejected", reviewComments: "Photo is blurred", reviewerName: "Test Admin" });
    expect(rejected.data.reviewedAt).toBeTruthy();
    // Sent again, it goes back to the office as submitted, its review cleared.
    const resent = await ok<{ data: Log & { reviewedAt: string | null } }>(
      s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "Sharper photo", path) }),
    );
    expect(resent.data).toMatchObject({ id: log.id, status: "submitted", reviewedAt: null });
    await ok(s.api.put(`${url}/review`, { status: "approved" }));
    expect((await s.warden.api.put(url, { comments: "More" })).statusCode).toBe(409);
    expect((await s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "x", path) })).statusCode).toBe(409);
    expect((await ok<{ rows: Log[] }>(s.api.get("/admin/api/checklists/checklist-logs?status=approved"))).rows.map((r) => r.id)).toEqual([log.id]);

    const other = await adminOfNewTenant(app);
    expect((await other.api.get(url)).statusCode).toBe(404);
    expect((await other.api.put(`${url}/review`, { status: "rejected" })).statusCode).toBe(404);
    expect((await other.api.put(url, { comments: "x" })).statusCode).toBe(404);
    expect((await other.api.delete(url)).statusCode).toBe(404);
    // History keeps the checklist: it can be set inactive, not deleted.
    expect((await s.api.delete(`/admin/api/checklists/${c.id}`)).statusCode).toBe(409);
    expect((await s.warden.api.delete(url)).statusCode).toBe(200);
  });

  it("marks an ended period missed, reminds its owner once, and takes a late submission over the mark", async () => {
    const s = await school(app);
    const c = await checklist(s);
    const path = await photo(s.warden.api);
    const yesterday = addDays(s.today, -1);
    await ok(s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, startDate: yesterday, answers: answers(c, "ok", path) }));

    const sweep = async () => {
      const later: (() => unknown)[] = [];
      const n = await new TenantScope(app.services.db, s.tenant.id).transaction((scope) =>
        remindMissedInSchool(app.services, { scope, afterCommit: (fn) => later.push(fn) }),
      );
      for (const fn of later) await fn();
      return n;
    };
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const notices = (await rowsOf(app, "notifications", s.tenant.id)).filter((n) => n.kind === "checklist");
    expect(notices.map((n) => n.user_id)).toEqual([s.other.id]);
    expect(notices[0]!.title).toContain("Night round");
    // The period is the day written for the reader, not the stored YYYY-MM-DD.
    expect(notices[0]!.body).toContain(`for ${dayText("en", "UTC", yesterday)}.`);

    const missed = await ok<{ rows: Log[] }>(s.api.get(`/admin/api/checklists/checklist-logs?status=missed&checklistId=${c.id}`));
    expect(missed.rows.map((r) => r.startDate)).toEqual([yesterday]);
    expect((await s.api.put(`/admin/api/checklists/checklist-logs/${missed.rows[0]!.id}/review`, { status: "approved" })).statusCode).toBe(409);
    const late = await ok<{ data: Log }>(
      s.other.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, startDate: yesterday, answers: answers(c, "late", path) }),
    );
    expect(late.data).toMatchObject({ id: missed.rows[0]!.id, status: "submitted" });
    expect(await sweep()).toBe(0);
  });

  it("reports expected, submitted, approved and missed by person, checklist and week, missed computed from the periods", async () => {
    const s = await school(app);
    const c = await checklist(s);
    const path = await photo(s.warden.api);
    // Four days (three ended, today open) for two people: the warden sends two, one approved.
    const a = await ok<{ data: Log }>(
      s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, startDate: addDays(s.today, -3), answers: answers(c, "a", path) }),
    );
    await ok(s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "b", path) }));
    await ok(s.api.put(`/admin/api/checklists/checklist-logs/${a.data.id}/review`, { status: "approved" }));
    const range = `startDate=${addDays(s.today, -3)}&endDate=${s.today}`;

    const byPerson = await ok<{ rows: Stat[]; total: Stat }>(s.api.get(`/admin/api/checklists/analytics?groupBy=person&${range}`));
    const warden = byPerson.rows.find((r) => r.label === "Warden Bilal")!;
    expect(warden).toMatchObject({ expected: 4, submitted: 2, approved: 1, missed: 2, completionRate: 50 });
    expect(byPerson.rows.find((r) => r.label === "Ustadh Yusuf")).toMatchObject({ expected: 3, submitted: 0, missed: 3, completionRate: 0 });
    expect(byPerson.total).toMatchObject({ expected: 7, submitted: 2, missed: 5, completionRate: 29 });

    const byChecklist = await ok<{ rows: Stat[] }>(s.api.get(`/admin/api/checklists/analytics?groupBy=checklist&${range}`));
    expect(byChecklist.rows).toEqual([expect.objectContaining({ key: String(c.id), label: "Night round", expected: 7, submitted: 2 })]);
    const byWeek = await ok<{ rows: Stat[] }>(s.api.get(`/admin/api/checklists/analytics?groupBy=week&${range}`));
    expect(byWeek.rows.reduce((n, r) => n + r.expected, 0)).toBe(7);
    expect(byWeek.rows.every((r) => r.key === weekStart(r.key))).toBe(true);

    const bad = async (query: string) => expect((await s.api.get(`/admin/api/checklists/analytics?${query}`)).statusCode).toBe(400);
    await bad("groupBy=class");
    await bad(`startDate=${s.today}&endDate=${addDays(s.today, -5)}`);
    await bad(`startDate=${addDays(s.today, -400)}`);
    await bad("startDate=2026-02-30");
    expect((await s.warden.api.get("/admin/api/checklists/analytics")).statusCode).toBe(403);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/checklists/analytics?checklistId=${c.id}`)).statusCode).toBe(404);
  });

  it("exports the answers as checklist-data-{id}.csv that a spreadsheet reads as text, or as JSON", async () => {
    const s = await school(app);
    const c = await checklist(s);
    const path = await photo(s.warden.api);
    await ok(s.warden.api.post("/admin/api/checklists/checklist-logs", { checklistId: c.id, answers: answers(c, "=1+2", path), comments: "@SUM(A1)" }));

    const res = await s.api.get(`/admin/api/checklists/export?checklistId=${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="checklist-data-${c.id}.csv"`);
    const book = new ExcelJS.Workbook();
    const sheet = await book.csv.read(Readable.from([res.body]));
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const rows = [2, 3, 4].map((n) => Object.fromEntries(header.map((h, i) => [h, sheet.getRow(n).getCell(i + 1).value])));
    const text = rows.find((r) => r.question === "Anything to report")!;
    expect(typeof text.answer).toBe("string");
    expect(text.answer).toBe("'=1+2");
    expect(text.comments).toBe("'@SUM(A1)");
    expect(sheet.getRow(3).getCell(header.indexOf("answer") + 1).formula).toBeUndefined();
    expect(rows.map((r) => r.answer)).toEqual(["yes", 42, "'=1+2"]);

    expect((await s.api.get("/admin/api/checklists/export")).headers["content-disposition"]).toContain("checklist-data-all.csv");
    const json = await ok<{ rows: { answer: string; submittedBy: string }[] }>(s.api.get(`/admin/api/checklists/export?format=json&checklistId=${c.id}`));
    expect(json.rows.map((r) => r.answer)).toEqual(["yes", "42", "=1+2"]);
    expect(json.rows[0]!.submittedBy).toBe("Warden Bilal");
    expect((await s.api.get("/admin/api/checklists/export?format=xls")).statusCode).toBe(400);
    expect((await s.warden.api.get("/admin/api/checklists/export")).statusCode).toBe(403);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(`/admin/api/checklists/export?checklistId=${c.id}`)).statusCode).toBe(404);
  });
});
