import { isFileReply, MODULES } from "@taleem/contract";
import { getTableName, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addStudent, enrol, newSchool, ok } from "../src/modules/academics/school.fixture.js";
import { attendanceFixture } from "../src/modules/attendance/attendance-linked.fixture.js";
import { registersFixture } from "../src/modules/attendance/registers-linked.fixture.js";
import { messageLogs } from "../src/modules/communication/message-logs.table.js";
import { sendNotification } from "../src/modules/communication/notifications.service.js";
import { examsFixture } from "../src/modules/exams/exams-linked.fixture.js";
import { feesLinkedFixture } from "../src/modules/fees/fees-linked.fixture.js";
import { hallsLinkedFixture } from "../src/modules/halls/halls-linked.fixture.js";
import { hifzFixture } from "../src/modules/hifz/hifz-linked.fixture.js";
import { lessonsLinkedQueries } from "../src/modules/lessons/lessons-linked.fixture.js";
import { meetingsFixture } from "../src/modules/meetings/meetings-linked.fixture.js";
import { tasksLinkedFixture } from "../src/modules/tasks/tasks-linked.fixture.js";
import { type RegisteredAction, registeredActions } from "../src/platform/actions/serve-action.js";
import { type RegisteredResource, registeredResources } from "../src/platform/resources/serve-resource.js";
import { familyCondition, familyLinkOf } from "../src/platform/tenancy/family-scope.js";
import { schoolToday } from "../src/platform/tenancy/school-calendar.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { otherRows } from "./family-scope.fixture.js";
import type { TestApp } from "./harness.js";
import { testApp } from "./harness.js";
import { signedInUser } from "./people.js";
import { type StudentSpot, studentIdsIn, studentSpots } from "./student-spots.js";

/**
 * A role limited to its linked students, given every module's view, reaches its own children's
 * rows and no others, in every list and every GET a school's user can make: the calls are found
 * at run time (every served resource and declared GET action), so a new module is covered by
 * declaring it. Two families of the same role, each with one child (and an alumnus) in the same
 * class, hold the same kinds of rows, so no check passes on an empty reply:
 * - no reply names a student of the other family, and a single record of the other child is 404;
 * - a list's count is the number of its rows (a count of the whole school is a leak);
 * - a resource's rows are exactly the admin's rows its table's family link gives the family,
 *   none for a staff-only table (refused, 403), and where the link is the family's own (a child,
 *   a person, a number) the two families' rows do not meet.
 */

const app: TestApp = await testApp();

type School = Awaited<ReturnType<typeof newSchool>>;
type Api = School["api"];
type Whose = "mine" | "other";

interface Probe {
  name: string;
  url: string;
  spots: StudentSpot[];
  resource?: RegisteredResource;
  action?: RegisteredAction["action"];
}

const viewOf = (permission: readonly [string, string] | undefined) => !permission || permission[1] === "view";

/** Every GET a school's user can make whose permission, if any, is a view. */
const probes: Probe[] = [
  ...registeredActions()
    .filter(({ action }) => action.method === "GET" && action.access === "user" && viewOf(action.permission))
    .map(({ action }) => ({ name: `GET ${action.path}`, url: action.path, spots: isFileReply(action.reply) ? [] : studentSpots(action.reply), action })),
  ...registeredResources().map((resource) => {
    const url = `${resource.prefix}/${resource.definition.path}`;
    return {
      name: `GET ${url} (list)`,
      url: `${url}?limit=100`,
      spots: studentSpots(resource.definition.row.array()).map((s) => ({ ...s, path: ["rows", ...s.path] })),
      resource,
    };
  }),
];

let school: School;
const family: Record<Whose, Api> = {} as Record<Whose, Api>;
const familyUser: Record<Whose, number> = { mine: 0, other: 0 };
const mobileOf: Record<Whose, string> = { mine: "", other: "" };
/** Each family's linked children (a pupil and an alumnus). */
const children: Record<Whose, Set<number>> = { mine: new Set(), other: new Set() };
const child: Record<Whose, number> = { mine: 0, other: 0 };
/** For each path segment, the rows a `:param` after it names, for each family. */
const rowOf: Record<string, Record<Whose, number | string>> = {};
/** The query string a call needs (its required filters), by probe name, for one family. */
const queryOf: Record<string, (whose: Whose) => string> = {};

beforeAll(async () => {
  school = await newSchool(app);
  const { api, tenant } = school;
  const everyView = Object.fromEntries(Object.keys(MODULES).map((m) => [m, ["view"]]));
  const role = await ok<{ data: { id: number } }>(
    api.post("/admin/api/role", { name: "Grandparent", area: "parent", linkedStudentsOnly: true, permissions: everyView }),
  );
  const scope = new TenantScope(app.services.db, tenant.id);
  const today = await schoolToday(scope);
  // Born today, so the dashboard's birthdays list them.
  const born = `2015-${today.slice(5, 10)}`;
  const mobiles = mobileOf;
  for (const [whose, name] of [
    ["mine", "Maryam"],
    ["other", "Omar"],
  ] as const) {
    const person = await signedInUser(app, tenant, api, [role.data.id]);
    family[whose] = person.api;
    familyUser[whose] = person.user.id;
    mobiles[whose] = person.mobile;
    child[whose] = (await addStudent(api, { name, dateOfBirth: born, guardians: [{ userId: person.user.id, relation: "grandparent" }] })).id;
    // A former pupil of each family: alumni are left students, so the two above stay active.
    const before = (await addStudent(api, { name: `${name}'s elder`, guardians: [{ userId: person.user.id, relation: "grandparent" }] })).id;
    await ok(api.post("/admin/api/alumni", { studentId: before, yearOfLeaving: 2020 }));
    children[whose].add(child[whose]).add(before);
  }
  const ids = { mine: child.mine, other: child.other };
  const [enrolMine, enrolOther] = [await enrol(api, ids.mine, school.room5a.id), await enrol(api, ids.other, school.room5a.id)];
  const group = await ok<{ data: { id: number } }>(api.post("/admin/api/student-group", { name: "Circle" }));
  await ok(api.post("/admin/api/student-group/bulk-update", { id: group.data.id, studentIds: [ids.mine, ids.other] }));
  const hour = await ok<{ data: { id: number } }>(
    api.post("/admin/api/hour", { classroomId: school.room5a.id, dayOfWeek: 1, startTime: "08:00", endTime: "09:00" }),
  );
  await ok(api.post("/admin/api/hour/update-students", { id: hour.data.id, studentIds: [ids.mine, ids.other] }));
  // Notifications and messages about each child to its family, and one about the other child
  // wrongly addressed to both families.
  const note = (userIds: number[], studentId: number) =>
    sendNotification(
      app.services,
      { scope, afterCommit: (fn) => void fn() },
      { userIds, studentId, kind: "absence", text: () => ({ title: "Absent", body: "Marked absent today." }) },
    );
  await note([familyUser.mine], ids.mine);
  await note([familyUser.other], ids.other);
  await note([familyUser.mine, familyUser.other], ids.other);
  for (const whose of ["mine", "other"] as const) {
    await scope.insert(messageLogs, {
      channel: "sms",
      recipient: mobiles[whose],
      recipientName: "Grandparent",
      userId: familyUser[whose],
      studentId: child[whose],
      body: "Absent today.",
      status: "sent",
    });
  }
  const notice = await ok<{ data: { id: number } }>(
    api.post("/admin/api/announcement", {
      title: "Notice",
      body: "Closed on Friday.",
      audience: "classrooms",
      audienceIds: [school.room5a.id],
      status: "published",
    }),
  );
  // Materials: one approved for the children's class, one approved and one pending for another class.
  const material = async (classroomId: number, approve: boolean) => {
    const made = await ok<{ data: { id: number } }>(
      api.post("/admin/api/material", { title: `Notes ${classroomId}`, kind: "link", link: "https://example.org/notes", classroomId }),
    );
    if (approve) await ok(api.post("/admin/api/material/approve", { id: made.data.id, status: "approved" }));
    return made.data.id;
  };
  const ownMaterial = await material(school.room5a.id, true);
  await material(school.room5b.id, true);
  await material(school.room5b.id, false);
  const both = (id: number) => ({ mine: id, other: id });
  Object.assign(rowOf, {
    classRoom: both(school.room5a.id),
    "student-group": both(group.data.id),
    announcement: both(notice.data.id),
    batch: both(school.thisYear.id),
    course: both(school.course.id),
    courses: both(school.course.id),
    hour: both(hour.data.id),
    material: both(ownMaterial),
    getmaterial: both(ownMaterial),
    student: ids,
    record: { mine: enrolMine.id, other: enrolOther.id },
  });
  const more = await otherRows(app, school, { ids, users: familyUser, mobiles, role: role.data.id, today });
  Object.assign(rowOf, more.rows, more.byProbe);
  Object.assign(queryOf, more.queries);
  Object.assign(queryOf, {
    "GET /admin/api/period/filter/by-date": () => `?date=${today}`,
    "GET /admin/api/attendance/missing": () => `?from=${today}&to=${today}`,
    "GET /user/api/home/timetable": (whose: Whose) => `?student=${child[whose]}`,
  });
  const registers = await registersFixture(api, ids, school.room5a.id, today);
  const attendance = await attendanceFixture(api, ids, school.room5a.id, today);
  const hifz = await hifzFixture(api, ids, today);
  Object.assign(rowOf, attendance.rows, hifz.rows, (await examsFixture(api, ids, school.thisYear.id, school.room5a.id)).rows);
  const fees = await feesLinkedFixture(api, ids, school.thisYear.id);
  Object.assign(rowOf, fees.rows);
  Object.assign(queryOf, attendance.queries, registers.queries, hifz.queries, fees.queries);
  const tasks = await tasksLinkedFixture(api, ids, today);
  Object.assign(rowOf, tasks.rows);
  Object.assign(queryOf, tasks.queries);
  const halls = await hallsLinkedFixture(api, ids, today);
  Object.assign(rowOf, halls.rows);
  Object.assign(queryOf, halls.queries, lessonsLinkedQueries(ids));
  queryOf["GET /user/api/home"] = (whose) => `?student=${child[whose]}`;
  const ayah = (whose: Whose) => `?hafizId=${rowOf.hafiz![whose]}&surah=114&ayah=3`;
  queryOf["GET /admin/api/hifzprogress/feedbacks/ayah"] = ayah;
  queryOf["GET /admin/api/hifzprogress/submissions/ayah"] = ayah;
  const receipts = async (whose: Whose) => (await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/receipt?studentId=${child[whose]}`))).rows[0]!.id;
  rowOf.receipt = { mine: await receipts("mine"), other: await receipts("other") };
  await meetingsFixture(api, ids, school.room5a.id, today);
});

/** A probe's URL for one family: each `:param` is the row of the nearest segment before it that names one. */
function urlOf(p: Probe, whose: Whose): string | undefined {
  const segments = p.url.split("/");
  let missing = false;
  const url = segments
    .map((s, i) => {
      if (!s.startsWith(":")) return s;
      const owner = rowOf[p.name]
        ? p.name
        : segments
            .slice(0, i)
            .reverse()
            .find((x) => rowOf[x]);
      if (!owner) missing = true;
      return String(owner ? rowOf[owner]![whose] : 0);
    })
    .join("/")
    .concat(queryOf[p.name]?.(whose) ?? "");
  return missing ? undefined : url;
}

/** Refused to a family whatever it is granted: a staff tool, or a list of a table that cannot be narrowed. */
const staffOnly = (p: Probe) => p.action?.family === "staff" || (p.resource ? familyLinkOf(p.resource.table).kind === "staff" : false);

/** The ids of the rows of `table` the family's scope admits, among `ids`. */
async function admitted(p: Probe, whose: Whose, ids: number[]): Promise<number[]> {
  const table = p.resource!.table;
  if (!ids.length) return [];
  const condition = familyCondition(table, { tenantId: school.tenant.id, userId: familyUser[whose] });
  const found = await app.services.db.execute(
    sql`select id from ${table} where tenant_id = ${school.tenant.id} and ${inArray(table.id, ids)} ${condition ? sql`and ${condition}` : sql``}`,
  );
  return (found as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const rowIds = (body: { rows?: { id: number }[] }) => (body.rows ?? []).map((r) => r.id).sort((a, b) => a - b);

describe("a family's role reaches its own children's rows, decided in the query", () => {
  it("declares a family link for every served table and a family reach for every GET", () => {
    const tables = new Set(registeredResources().map((r) => getTableName(r.table)));
    expect(tables.size).toBeGreaterThan(40);
    for (const r of registeredResources()) expect(() => familyLinkOf(r.table), getTableName(r.table)).not.toThrow();
    const gets = registeredActions().filter(({ action }) => action.method === "GET" && action.access === "user");
    expect(gets.filter(({ action }) => !action.family).map(({ action }) => action.path)).toEqual([]);
    console.info(
      `family-scope suite probes ${probes.length} calls: ${probes.filter((p) => p.resource).length} lists and ${probes.filter((p) => p.action).length} actions`,
    );
  });

  it.each(probes.map((p) => [p.name, p] as const))("%s", async (_name, probe) => {
    const mineUrl = urlOf(probe, "mine");
    if (staffOnly(probe)) {
      expect((await family.mine.get(probe.url.replace(/:\w+/g, "1"))).statusCode).toBe(403);
      return;
    }
    expect(mineUrl, `${probe.name}: no fixture row for its path; add one to rowOf`).toBeDefined();
    const replies = {
      mine: await family.mine.get(mineUrl!),
      other: await family.other.get(urlOf(probe, "other")!),
    };
    for (const whose of ["mine", "other"] as const) {
      const res = replies[whose];
      expect(res.statusCode, `${whose}: ${res.body.slice(0, 300)}`).toBe(200);
      if (!res.headers["content-type"]?.toString().includes("json")) continue;
      const body = res.json();
      expect(
        studentIdsIn(body, probe.spots).filter((id) => !children[whose].has(id)),
        `${whose} is shown no other family's child`,
      ).toEqual([]);
      if (Array.isArray(body.rows) && typeof body.count === "number" && body.rows.length < 100) {
        expect(body.count, `${whose}: the count is of its own rows`).toBe(body.rows.length);
      }
    }
    // A call about one child answers the other family's child with 404.
    const aboutOne = typeof probe.action?.family === "object" || (probe.spots.length && probe.spots.every((s) => !s.path.includes("*")));
    if (aboutOne && probe.spots.length) expect((await family.mine.get(urlOf(probe, "other")!)).statusCode).toBe(404);
    if (!probe.resource) {
      // Where the school's reply to the same call shows the family's child, the family's shows it too.
      const asSchool = probe.spots.length ? await school.api.get(mineUrl!) : undefined;
      const shown = asSchool?.statusCode === 200 ? studentIdsIn(asSchool.json(), probe.spots) : [];
      if (shown.some((id) => children.mine.has(id))) {
        expect(studentIdsIn(replies.mine.json(), probe.spots).filter((id) => children.mine.has(id)).length, "its own child is shown").toBeGreaterThan(0);
      }
      return;
    }
    const link = familyLinkOf(probe.resource.table);
    if (link.kind === "school") return;
    // The rows: exactly the admin's rows the family link admits, and some of them.
    const everyone = rowIds((await school.api.get(mineUrl!)).json());
    for (const whose of ["mine", "other"] as const) {
      const own = rowIds(replies[whose].json());
      expect(own, `${whose}: the rows of its own`).toEqual(await admitted(probe, whose, everyone));
    }
    expect(rowIds(replies.mine.json()).length, "the family has rows of its own here").toBeGreaterThan(0);
    expect(everyone.length, "and the school has more").toBeGreaterThan(rowIds(replies.mine.json()).length);
  });
});

describe("the calls that leaked before the family scope was the engine's", () => {
  const list = async (whose: Whose | "admin", url: string) => {
    const res = await (whose === "admin" ? school.api : family[whose]).get(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; count: number };
  };

  it("hifz logs and mistakes are the family's child's alone, counts included", async () => {
    for (const url of ["/admin/api/hifzlog?limit=100", "/admin/api/hifzfeedback?limit=100"]) {
      const all = await list("admin", url);
      const own = await list("mine", url);
      expect(all.rows.length).toBe(2 * own.rows.length);
      expect(own.count).toBe(own.rows.length);
      expect(new Set(own.rows.map((r) => r.hafizId))).toEqual(new Set([rowOf.hafiz!.mine]));
    }
  });

  it("message logs and announcement read logs show the family's own messages and reads", async () => {
    const logs = await list("mine", "/admin/api/log?limit=100");
    expect(logs.rows.map((r) => r.recipient)).toEqual([mobileOf.mine]);
    const refreshed = await family.mine.put("/admin/api/log/refresh", {});
    if (refreshed.statusCode === 200) expect(JSON.stringify(refreshed.json())).not.toContain(String(familyUser.other));
    const reads = await family.mine.get(`/admin/api/announcement/${rowOf.announcement!.mine}/logs`);
    expect(reads.statusCode).toBe(200);
    expect(JSON.stringify(reads.json())).not.toMatch(new RegExp(`"userId":${familyUser.other}\\b`));
  });

  it("applications are those the family sent, by its mobile", async () => {
    const all = await list("admin", "/admin/api/admission?limit=100");
    const own = await list("mine", "/admin/api/admission?limit=100");
    expect(all.rows.length).toBeGreaterThanOrEqual(2);
    expect(own.rows.map((r) => r.name)).toEqual(["Sibling of mine"]);
    expect(own.count).toBe(1);
  });

  it("materials are the approved ones of the children's class; another class's is 404", async () => {
    const own = await family.mine.get(`/admin/api/material/all?classroomId=${school.room5b.id}`);
    expect(own.statusCode === 200 ? (own.json().rows ?? own.json().data) : []).toEqual([]);
    const all = (await list("admin", "/admin/api/material?limit=100")).rows;
    const elsewhere = all.filter((m) => m.classroomId === school.room5b.id);
    expect(elsewhere.length).toBe(2);
    for (const m of elsewhere) expect((await family.mine.get(`/admin/api/material/${m.id}`)).statusCode).toBe(404);
    expect((await family.mine.get(`/admin/api/material/${rowOf.material!.mine}`)).statusCode).toBe(200);
  });

  it("a page of attendance counts the family's marks, not the school's", async () => {
    const own = await list("mine", "/admin/api/attendance?limit=50");
    const all = await list("admin", "/admin/api/attendance?limit=50");
    expect(all.count).toBeGreaterThan(own.count);
    expect(own.count).toBe(own.rows.length);
    expect(own.rows.every((r) => children.mine.has(Number(r.studentId)))).toBe(true);
  });
});
