import { beforeAll, describe, expect, it } from "vitest";
import { addStudent, enrol, newSchool, ok } from "../src/modules/academics/school.fixture.js";
import { attendanceFixture } from "../src/modules/attendance/attendance-linked.fixture.js";
import { registersFixture } from "../src/modules/attendance/registers-linked.fixture.js";
import { sendNotification } from "../src/modules/communication/notifications.service.js";
import { examsFixture } from "../src/modules/exams/exams-linked.fixture.js";
import { feesLinkedFixture } from "../src/modules/fees/fees-linked.fixture.js";
import { hallsLinkedFixture } from "../src/modules/halls/halls-linked.fixture.js";
import { hifzFixture } from "../src/modules/hifz/hifz-linked.fixture.js";
import { lessonsLinkedQueries } from "../src/modules/lessons/lessons-linked.fixture.js";
import { meetingsFixture } from "../src/modules/meetings/meetings-linked.fixture.js";
import { tasksLinkedFixture } from "../src/modules/tasks/tasks-linked.fixture.js";
import { registeredActions } from "../src/platform/actions/serve-action.js";
import { registeredResources } from "../src/platform/resources/serve-resource.js";
import { type StudentSpot, studentSpots } from "../src/platform/security/linked-students.js";
import { schoolToday } from "../src/platform/tenancy/school-calendar.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import type { TestApp } from "./harness.js";
import { testApp } from "./harness.js";
import { rolesOf, signedInUser } from "./people.js";

/**
 * A role with `linkedStudentsOnly` sees only its linked children, in every call whose reply
 * carries students. The calls are found at run time from their declared reply schemas (student
 * rows, records with a studentId, lists of student ids), the same way the engine finds what to
 * drop, so a new module's call is covered by declaring it: one test per call. Each is made as the
 * admin too, who must see both children, so no test passes on an empty reply.
 */

const app: TestApp = await testApp();

type Api = Awaited<ReturnType<typeof newSchool>>["api"];
interface Probe {
  name: string;
  url: string;
  spots: StudentSpot[];
}

/** Every GET call whose reply carries students: declared actions, and resources' lists. */
const probes: Probe[] = [
  ...registeredActions()
    .filter(({ action }) => action.method === "GET" && action.access === "user")
    .map(({ action }) => ({ name: `GET ${action.path}`, url: action.path, spots: studentSpots(action.reply) }))
    .filter((p) => p.spots.length),
  ...registeredResources()
    .map((r) => {
      const url = `${r.prefix}/${r.definition.path}`;
      return {
        name: `GET ${url} (list)`,
        url: `${url}?limit=100`,
        spots: studentSpots(r.definition.row.array()).map((s) => ({ ...s, path: ["rows", ...s.path] })),
      };
    })
    .filter((p) => p.spots.length),
];

/** The student ids a reply shows at the declared spots. */
function studentIdsIn(reply: unknown, spots: StudentSpot[]): number[] {
  const out: number[] = [];
  const visit = (node: unknown, path: string[], key: StudentSpot["key"]) => {
    if (node === null || typeof node !== "object") return;
    if (!path.length) {
      const v = (node as Record<string, unknown>)[key];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === "number") out.push(id);
      return;
    }
    const [head, ...rest] = path as [string, ...string[]];
    if (head === "*") for (const item of node as unknown[]) visit(item, rest, key);
    else visit((node as Record<string, unknown>)[head], rest, key);
  };
  for (const s of spots) visit(reply, s.path, s.key);
  return out;
}

let school: Awaited<ReturnType<typeof newSchool>>;
let guardian: Api;
/** The other child's parent (built-in Parent role): shows that a call about one's own children does show the other child to someone. */
let otherParent: Api;
let mine: number;
let other: number;
/** Every child linked to the guardian, and every other child (an alumnus each, besides). */
const linked = new Set<number>();
const others = new Set<number>();
/** For each path segment, the rows a `:param` after it names: the linked child's and the other child's. */
const rowOf: Record<string, { mine: number; other: number }> = {};
/** The query string a call needs (its required filters), by probe name, for one child. */
const queryOf: Record<string, (whose: "mine" | "other") => string> = {};
/**
 * Admissions list applicants, who are not students until enrolled: the linked-only role of this
 * suite is not given the admissions module, and must be refused them (403).
 */
const NOT_GRANTED = new Set(["admissions"]);

beforeAll(async () => {
  school = await newSchool(app);
  const { api, tenant } = school;
  const everyView = Object.fromEntries(
    ["students", "academics", "attendance", "hifz", "exams", "records", "reports", "communication", "fees", "tasks", "halls", "lessons", "meetings"].map(
      (m) => [m, ["view"]],
    ),
  );
  const role = await ok<{ data: { id: number } }>(
    api.post("/admin/api/role", { name: "Grandparent", area: "parent", linkedStudentsOnly: true, permissions: everyView }),
  );
  const person = await signedInUser(app, tenant, api, [role.data.id]);
  guardian = person.api;
  const parent = await signedInUser(app, tenant, api, [(await rolesOf(api)).parent!]);
  otherParent = parent.api;
  // Both born today, so the dashboard's birthdays list them.
  const born = `2015-${(await schoolToday(new TenantScope(app.services.db, tenant.id))).slice(5, 10)}`;
  mine = (await addStudent(api, { name: "Maryam", dateOfBirth: born, guardians: [{ userId: person.user.id, relation: "grandmother" }] })).id;
  other = (await addStudent(api, { name: "Omar", dateOfBirth: born, guardians: [{ userId: parent.user.id, relation: "father" }] })).id;
  const [enrolMine, enrolOther] = [await enrol(api, mine, school.room5a.id), await enrol(api, other, school.room5a.id)];
  const group = await ok<{ data: { id: number } }>(api.post("/admin/api/student-group", { name: "Circle" }));
  await ok(api.post("/admin/api/student-group/bulk-update", { id: group.data.id, studentIds: [mine, other] }));
  const hour = await ok<{ data: { id: number } }>(
    api.post("/admin/api/hour", { classroomId: school.room5a.id, dayOfWeek: 1, startTime: "08:00", endTime: "09:00" }),
  );
  await ok(api.post("/admin/api/hour/update-students", { id: hour.data.id, studentIds: [mine, other] }));
  // Alumni are former students: two more, so that Maryam and Omar stay active (the birthdays list active ones).
  const mineBefore = (await addStudent(api, { name: "Maryam's brother", guardians: [{ userId: person.user.id, relation: "grandmother" }] })).id;
  const otherBefore = (await addStudent(api, { name: "Omar's sister" })).id;
  await ok(api.post("/admin/api/alumni", { studentId: mineBefore, yearOfLeaving: 2020 }));
  await ok(api.post("/admin/api/alumni", { studentId: otherBefore, yearOfLeaving: 2021 }));
  // Notifications about each child; one about Omar wrongly addressed to the guardian too.
  const scope = new TenantScope(app.services.db, tenant.id);
  const note = (userIds: number[], studentId: number) =>
    sendNotification(
      app.services,
      { scope, afterCommit: (fn) => void fn() },
      { userIds, studentId, kind: "absence", text: () => ({ title: "Absent", body: "Marked absent today." }) },
    );
  await note([person.user.id], mine);
  await note([person.user.id, parent.user.id], other);
  for (const id of [mine, mineBefore]) linked.add(id);
  for (const id of [other, otherBefore]) others.add(id);
  const notice = await ok<{ data: { id: number } }>(
    api.post("/admin/api/announcement", {
      title: "Notice",
      body: "Closed on Friday.",
      audience: "classrooms",
      audienceIds: [school.room5a.id],
      status: "published",
    }),
  );
  const both = (id: number) => ({ mine: id, other: id });
  Object.assign(rowOf, {
    classRoom: both(school.room5a.id),
    "student-group": both(group.data.id),
    announcement: both(notice.data.id),
    course: both(school.course.id),
    courses: both(school.course.id),
    hour: both(hour.data.id),
    student: { mine, other },
    record: { mine: enrolMine.id, other: enrolOther.id },
  });
  const today = await schoolToday(scope);
  const registers = await registersFixture(api, { mine, other }, school.room5a.id, today);
  const attendance = await attendanceFixture(api, { mine, other }, school.room5a.id, today);
  const hifz = await hifzFixture(api, { mine, other }, today);
  Object.assign(rowOf, attendance.rows, hifz.rows, (await examsFixture(api, { mine, other }, school.thisYear.id, school.room5a.id)).rows);
  const fees = await feesLinkedFixture(api, { mine, other }, school.thisYear.id);
  Object.assign(rowOf, fees.rows);
  Object.assign(queryOf, attendance.queries, registers.queries, hifz.queries, fees.queries);
  const tasks = await tasksLinkedFixture(api, { mine, other }, today);
  Object.assign(rowOf, tasks.rows);
  Object.assign(queryOf, tasks.queries);
  const halls = await hallsLinkedFixture(api, { mine, other }, today);
  Object.assign(rowOf, halls.rows);
  Object.assign(queryOf, halls.queries, lessonsLinkedQueries({ mine, other }));
  queryOf["GET /user/api/home"] = (whose) => `?student=${whose === "mine" ? mine : other}`;
  await meetingsFixture(api, { mine, other }, school.room5a.id, today);
});

/** A probe's URL in the fixture school, for one child: each `:param` is the row of the segment before it. */
function urlOf(p: Probe, whose: "mine" | "other"): string {
  const segments = p.url.split("/");
  return segments
    .map((s, i) => {
      if (!s.startsWith(":")) return s;
      // The nearest segment before it that names a fixture row (classRoom/students/:id: the classroom).
      const owner = segments
        .slice(0, i)
        .reverse()
        .find((x) => rowOf[x]);
      const rows = owner ? rowOf[owner] : undefined;
      if (!rows) throw new Error(`${p.name}: no fixture row for ${s}; add one to rowOf in test/linked-students.test.ts`);
      return String(rows[whose]);
    })
    .join("/")
    .concat(queryOf[p.name]?.(whose) ?? "");
}

const moduleOf = (p: Probe) =>
  registeredActions().find((a) => `GET ${a.action.path}` === p.name)?.action.module ??
  registeredResources().find((r) => p.name.startsWith(`GET ${r.prefix}/${r.definition.path} `))?.definition.module;

/** A staff tool (a whole class's marks as a PDF, a job over the school): refused to a family role. */
const staffOnly = (p: Probe) => registeredActions().find((a) => `GET ${a.action.path}` === p.name)?.action.staffOnly;

describe("a linked-students-only role sees only its linked children", () => {
  it("is refused every staff-only call, files and jobs that cannot be narrowed to its children", async () => {
    const calls = registeredActions().filter(({ action }) => action.staffOnly);
    expect(calls.length).toBeGreaterThan(0);
    for (const { action } of calls) {
      const url = action.path.replace(/:\w+/g, "1");
      const res = action.method === "GET" ? await guardian.get(url) : await guardian.post(url, {});
      expect(res.statusCode, `${action.method} ${action.path}`).toBe(403);
    }
  });

  it("finds the calls that return students", () => {
    console.info(`linked-students suite probes ${probes.length} calls: ${probes.map((p) => p.name).join(", ")}`);
    expect(probes.map((p) => p.name)).toEqual(
      expect.arrayContaining(["GET /admin/api/classRoom/students/:id", "GET /admin/api/student-group/students/:id", "GET /api/courses/:id/students"]),
    );
  });

  it.each(probes.map((p) => [p.name, p] as const))("%s", async (_name, probe) => {
    const seen = async (api: Api, whose: "mine" | "other") => {
      const res = await api.get(urlOf(probe, whose));
      return { status: res.statusCode, body: res.body, ids: res.statusCode === 200 ? studentIdsIn(res.json(), probe.spots) : [] };
    };
    const single = probe.spots.every((s) => !s.path.includes("*"));
    if (NOT_GRANTED.has(String(moduleOf(probe))) || staffOnly(probe)) {
      expect((await guardian.get(probe.url.replace(/:\w+/g, "1"))).statusCode).toBe(403);
      return;
    }
    // No empty reply passes: the admin (or, for a call about one's own children, their parent) sees the other child.
    let wide = await seen(school.api, "other");
    // A call about one's own children only (the home) answers even the admin 404 for a child not theirs.
    if (wide.status !== 404) expect(wide.status, wide.body).toBe(200);
    if (!wide.ids.some((id) => others.has(id))) wide = await seen(otherParent, "other");
    expect(wide.status, wide.body).toBe(200);
    expect(
      wide.ids.some((id) => others.has(id)),
      `the call shows another child to someone: ${wide.body.slice(0, 300)}`,
    ).toBe(true);
    const asGuardian = await seen(guardian, "mine");
    expect(asGuardian.status, asGuardian.body).toBe(200);
    expect(asGuardian.ids.length, "the guardian sees their own child").toBeGreaterThan(0);
    expect(
      asGuardian.ids.filter((id) => !linked.has(id)),
      "and no other",
    ).toEqual([]);
    if (single) expect((await seen(guardian, "other")).status).toBe(404);
  });
});
