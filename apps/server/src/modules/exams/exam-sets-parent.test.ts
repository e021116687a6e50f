import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { rowsOf, signedInUser } from "../../../test/people.js";
import { registeredActions } from "../../platform/actions/serve-action.js";
import { registeredResources } from "../../platform/resources/serve-resource.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { ok } from "../academics/school.fixture.js";
import { examSchool, parentOf, sheet } from "./exams.fixture.js";

const app = await testApp();
const SET_NAME = "Qzv Confidential Report";

/**
 * Nothing of an unpublished set reaches a parent: every GET a parent-area caller can make (every
 * declared action, with its path filled by each id of the scene and its sample's query, and every
 * resource list) is called, and no reply may carry the child's marks, percentage or the set's name.
 */
describe("publishing to parents", () => {
  it("leaks nothing of an unpublished set through any call a parent can make, then shows it once published", async () => {
    const s = await examSchool(app);
    const { api } = s;
    // Aisha: Maths 97.5 of 100, Urdu 41.5 of 50 -> 139 of 150 = 92.67%.
    await ok(api.post("/admin/api/result/multiresults", sheet(s.paper(s.maths.id, s.room5a.id).id, [[s.aisha.id, 97.5]])));
    await ok(api.post("/admin/api/result/multiresults", sheet(s.paper(s.urdu.id, s.room5a.id).id, [[s.aisha.id, 41.5]])));
    const set = (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/examset", { name: SET_NAME, batchId: s.thisYear.id, components: [{ examMasterId: s.master.id }] }),
      )
    ).data;
    await ok(api.post("/admin/api/examset/update-remarks", { examsetId: set.id, studentId: s.aisha.id, remarks: "Qzv remark" }));
    const parent = await parentOf(app, s, s.aisha.id);
    const secrets = ["97.5", "41.5", "92.67", SET_NAME, "Qzv"];
    // The school's own view carries every one of them: the probe below would see a leak.
    const staffView = (await api.get(`/admin/api/examset/${set.id}/results`)).body + (await api.get(`/admin/api/examset/remarks/${set.id}`)).body;
    for (const secret of secrets) expect(staffView).toContain(secret);

    const ids = [s.aisha.id, set.id, s.master.id, ...s.papers.map((p) => p.id), s.room5a.id, s.maths.id];
    const scope = new TenantScope(app.services.db, s.tenant.id);
    const fill = (path: string, value: (name: string) => unknown) => path.replace(/:([A-Za-z]+)/g, (_m, k: string) => encodeURIComponent(String(value(k))));
    const urls = new Set<string>();
    for (const entry of registeredActions()) {
      const { action } = entry;
      if (action.method !== "GET" || action.access !== "user") continue;
      const hints = `studentId=${s.aisha.id}&student=${s.aisha.id}&examsetId=${set.id}&classroomId=${s.room5a.id}&batchId=${s.thisYear.id}`;
      for (const id of ids) urls.add(`${fill(action.path, (k) => (k === "type" ? "class" : id))}?${hints}`);
      if (entry.sample) {
        const made = (await entry.sample(scope)) as { params?: Record<string, unknown>; query?: Record<string, string> };
        const qs = new URLSearchParams({ ...made.query }).toString();
        for (const id of ids) urls.add(`${fill(action.path, (k) => made.params?.[k] ?? id)}?${qs}`);
      }
    }
    for (const r of registeredResources()) urls.add(`${r.prefix}/${r.definition.path}?limit=100`);
    let reachable = 0;
    for (const url of urls) {
      const res = await parent.api.get(url);
      if (res.statusCode === 200) reachable++;
      for (const secret of secrets) expect(res.body.includes(secret), `${url} (${res.statusCode}) carries ${secret}`).toBe(false);
    }
    // The parent's own calls answer (their home, notifications, their child's results): the walk reached them.
    expect(reachable).toBeGreaterThan(3);
    expect(await ok<{ rows: unknown[] }>(parent.api.get(`/admin/api/examset/student-result/${s.aisha.id}`))).toMatchObject({ rows: [] });
    expect((await rowsOf(app, "notifications", s.tenant.id)).filter((n) => n.user_id === parent.user.id)).toHaveLength(0);

    // Published: the parent reads the card of their own child, and no other; they are told once.
    const published = await ok<{ notified: number; data: { published: boolean } }>(api.post("/admin/api/examset/publish", { id: set.id }));
    expect(published).toMatchObject({ notified: 1, data: { published: true } });
    const mine = await ok<{
      rows: { studentName: string; percent: number; source: { name: string }; remarks: string; subjects: { papers: { marks: number }[] }[] }[];
    }>(parent.api.get(`/admin/api/examset/student-result/${s.aisha.id}`));
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ studentName: "Aisha", percent: 92.67, source: { name: SET_NAME }, remarks: "Qzv remark" });
    expect(mine.rows[0]!.subjects.map((x) => x.papers[0]!.marks)).toEqual([97.5, 41.5]);
    expect((await parent.api.get(`/admin/api/examset/student-result/${s.bilal.id}`)).statusCode).toBe(404);
    expect((await parent.api.get(`/admin/api/examset/${set.id}/results`)).statusCode).toBe(403);
    await ok(api.post("/admin/api/examset/publish", { id: set.id, published: false }));
    expect(await ok<{ rows: unknown[] }>(parent.api.get(`/admin/api/examset/student-result/${s.aisha.id}`))).toMatchObject({ rows: [] });
    expect((await ok<{ notified: number }>(api.post("/admin/api/examset/publish", { id: set.id }))).notified).toBe(0);
    const told = (await rowsOf(app, "notifications", s.tenant.id)).filter((n) => n.user_id === parent.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: "result", student_id: s.aisha.id, title: "Aisha's results are out" });

    // Staff see every set of a student only with exams.view; the admin sees unpublished ones too.
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(api.get("/admin/api/role?limit=50"));
    const staff = await signedInUser(app, s.tenant, api, [roles.rows.find((r) => r.builtin === "staff")!.id]);
    expect((await staff.api.get(`/admin/api/examset/student-result/${s.aisha.id}`)).statusCode).toBe(403);
    await ok(api.post("/admin/api/examset/publish", { id: set.id, published: false }));
    const admin = await ok<{ rows: { published: boolean }[] }>(api.get(`/admin/api/examset/student-result/${s.aisha.id}`));
    expect(admin.rows.map((r) => r.published)).toEqual([false]);
  }, 120_000); // hundreds of calls, each a full request: minutes on a loaded machine, not a limit on speed

  it("shows a family's role granted exams.view nothing of an unpublished set either", async () => {
    const s = await examSchool(app);
    const { api } = s;
    const paper = s.paper(s.maths.id, s.room5a.id);
    await ok(api.post("/admin/api/result/multiresults", sheet(paper.id, [[s.aisha.id, 97.5]])));
    const set = (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/examset", { name: SET_NAME, batchId: s.thisYear.id, components: [{ examMasterId: s.master.id }] }),
      )
    ).data;
    const role = await ok<{ data: { id: number } }>(
      api.post("/admin/api/role", { name: "Grandparent", area: "parent", linkedStudentsOnly: true, permissions: { exams: ["view"] } }),
    );
    const grandparent = await signedInUser(app, s.tenant, api, [role.data.id]);
    await ok(api.put("/admin/api/student", { id: s.aisha.id, guardians: [{ userId: grandparent.user.id, relation: "grandmother" }] }));
    const calls = [
      `/admin/api/examset/${set.id}/results`,
      `/admin/api/examset/${set.id}/analysis`,
      `/admin/api/examset/remarks/${set.id}`,
      `/admin/api/exam/result/students/${paper.id}`,
    ];
    for (const url of calls) expect((await grandparent.api.get(url)).statusCode, url).toBe(404);
    for (const url of ["/admin/api/result?limit=100", "/admin/api/examset?limit=100"]) {
      const res = await grandparent.api.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(0);
    }
    await ok(api.post("/admin/api/examset/publish", { id: set.id }));
    const cards = await ok<{ rows: { studentName: string }[] }>(grandparent.api.get(`/admin/api/examset/${set.id}/results`));
    expect(cards.rows.map((c) => c.studentName)).toEqual(["Aisha"]);
    expect((await ok<{ count: number }>(grandparent.api.get("/admin/api/result?limit=100"))).count).toBe(1);
  });
});
