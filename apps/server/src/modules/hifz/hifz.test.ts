import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rolesOf, rowsOf, signedInUser } from "../../../test/people.js";
import { addStudent, ok } from "../academics/school.fixture.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
type Row = { id: number };

/** A school with the hifz reference rows read back by key, and a hafiz student. */
async function hifzSchool(app: TestApp) {
  const admin = await adminOfNewTenant(app);
  const { api } = admin;
  const types = (await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/recitationtype/active"))).rows;
  const metrics = (await ok<{ rows: { id: number; builtinKey: string | null; weight: number }[] }>(api.get("/admin/api/recitationmetric/active"))).rows;
  const type = (key: string) => types.find((t) => t.builtinKey === key)!.id;
  const metric = (key: string) => metrics.find((m) => m.builtinKey === key)!.id;
  const student = await addStudent(api, { name: "Yusuf" });
  const hafiz = (await ok<{ data: Row & { studentName: string; layoutName: string } }>(api.post("/admin/api/hafiz", { studentId: student.id }))).data;
  const session = (await ok<{ data: Row & { date: string } }>(api.post("/admin/api/hifzsession", { date: "2026-11-02" }))).data;
  return { ...admin, api, type, metric, student, hafiz, session };
}

const sitting = (api: Api, body: unknown) => api.put("/admin/api/hifzlog/sitting", body);

describe("memorisation (hifz)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives a school sabaq, sabqi and manzil, and the standard metrics with their weights, kept but never deleted", async () => {
    const { api, type, metric } = await hifzSchool(app);
    const types = await ok<{ rows: { name: string }[] }>(api.get("/admin/api/recitationtype?limit=50"));
    expect(types.rows.map((t) => t.name)).toEqual(["Sabaq", "Sabqi", "Manzil"]);
    const metrics = await ok<{ rows: { builtinKey: string; weight: number; kind: string }[] }>(api.get("/admin/api/recitationmetric?limit=50"));
    expect(metrics.rows.find((m) => m.builtinKey === "lahn_jali")).toMatchObject({ weight: 3, kind: "count" });
    expect(metrics.rows.find((m) => m.builtinKey === "lahn_khafi")).toMatchObject({ weight: 1 });
    expect((await api.delete(`/admin/api/recitationtype/${type("sabaq")}`)).statusCode).toBe(409);
    const kind = await api.put("/admin/api/recitationmetric", { id: metric("lahn_jali"), kind: "yesno" });
    expect(kind.statusCode).toBe(409);
    expect(kind.json()).toMatchObject({ code: "hifz.builtin_kind" });
    // A school's own type comes after the three, by position.
    await ok(api.post("/admin/api/recitationtype", { name: "Tilawah", position: 4 }));
    expect((await ok<{ rows: { name: string }[] }>(api.get("/admin/api/recitationtype/active"))).rows.map((t) => t.name)).toEqual([
      "Sabaq",
      "Sabqi",
      "Manzil",
      "Tilawah",
    ]);
  });

  it("keeps one hafiz record per student, checks the layout and the group, and changes several at once", async () => {
    const { api, student, hafiz } = await hifzSchool(app);
    expect(hafiz).toMatchObject({ studentName: "Yusuf", layoutName: "madani-604", direction: "backward", status: "active" });
    const twice = await api.post("/admin/api/hafiz", { studentId: student.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "hifz.hafiz_exists", params: { field: "studentId" } });
    const other = await addStudent(api, { name: "Maryam" });
    const badLayout = await api.post("/admin/api/hafiz", { studentId: other.id, layoutName: "indopak-99" });
    expect(badLayout.statusCode).toBe(400);
    expect(badLayout.json()).toMatchObject({ code: "hifz.unknown_layout", params: { field: "layoutName" } });
    const second = (await ok<{ data: Row }>(api.post("/admin/api/hafiz", { studentId: other.id, direction: "forward" }))).data;
    const group = (await ok<{ data: Row }>(api.post("/admin/api/recitation-group", { name: "Halqa Abu Bakr" }))).data;
    const bulk = await ok<{ count: number }>(
      api.put("/admin/api/hafiz/bulkupdate", { ids: [hafiz.id, second.id], changes: { recitationGroupId: group.id, dailyTarget: 7 } }),
    );
    expect(bulk.count).toBe(2);
    const members = await ok<{ data: { memberCount: number; members: { name: string }[] } }>(api.get(`/admin/api/recitation-group/${group.id}`));
    expect(members.data.memberCount).toBe(2);
    expect(members.data.members.map((m) => m.name)).toEqual(["Maryam", "Yusuf"]);
    expect((await api.put("/admin/api/hafiz/bulkupdate", { ids: [hafiz.id], changes: {} })).statusCode).toBe(400);

    // Another school's hafiz is not there: the whole change is refused and nothing moves.
    const elsewhere = await hifzSchool(app);
    const mixed = await api.put("/admin/api/hafiz/bulkupdate", { ids: [hafiz.id, elsewhere.hafiz.id], changes: { dailyTarget: 9 } });
    expect(mixed.statusCode).toBe(404);
    expect((await ok<{ rows: { id: number; dailyTarget: number }[] }>(api.get("/admin/api/hafiz?limit=50"))).rows.map((h) => h.dailyTarget)).toEqual([7, 7]);
    expect((await ok<{ rows: unknown[] }>(elsewhere.api.get("/admin/api/hafiz?limit=50"))).rows).toHaveLength(1);
  });

  it("logs a range of global ayahs with its pages, and refuses one that ends before it starts or runs past 114:6", async () => {
    const { api, type, hafiz, session } = await hifzSchool(app);
    const body = { hafizId: hafiz.id, sessionId: session.id, recitationTypeId: type("sabaq"), date: "2026-11-02" };
    // Al-Ikhlas to An-Nas, 112:1 to 114:6, is all of page 604.
    const log = (
      await ok<{ data: { range: string; pages: number; hafizName: string } }>(api.post("/admin/api/hifzlog", { ...body, startAyah: 6222, endAyah: 6236 }))
    ).data;
    expect(log).toMatchObject({ range: "112:1–114:6", pages: 1, hafizName: "Yusuf" });
    // Al-Fatiha and the first five ayahs of Al-Baqarah: a range may cross surahs.
    const crossing = (await ok<{ data: { range: string } }>(api.post("/admin/api/hifzlog", { ...body, sessionId: null, startAyah: 1, endAyah: 12 }))).data;
    expect(crossing.range).toBe("1:1–2:5");
    const backwards = await api.post("/admin/api/hifzlog", { ...body, startAyah: 6230, endAyah: 6222 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().params.fields).toEqual(["endAyah"]);
    const past = await api.post("/admin/api/hifzlog", { ...body, startAyah: 6230, endAyah: 6237 });
    expect(past.statusCode).toBe(400);
    expect(past.json().params.fields).toEqual(["endAyah"]);
    expect(past.json().message).toMatch(/6236/);
    const elsewhere = await hifzSchool(app);
    const theirs = await api.post("/admin/api/hifzlog", { ...body, hafizId: elsewhere.hafiz.id, startAyah: 1, endAyah: 7 });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ code: "hifz.unknown_hafiz", params: { field: "hafizId" } });
    expect((await api.get(`/admin/api/hifzlog/hafiz/${elsewhere.hafiz.id}`)).statusCode).toBe(404);
  });

  it("saves a whole sitting in one call, and the same sitting sent twice leaves one log per hafiz and type and the same mistakes", async () => {
    const { api, type, metric, hafiz, session } = await hifzSchool(app);
    const second = (await ok<{ data: Row }>(api.post("/admin/api/hafiz", { studentId: (await addStudent(api, { name: "Aisha" })).id }))).data;
    const body = {
      sessionId: session.id,
      hafiz: [
        {
          hafizId: hafiz.id,
          logs: [
            {
              recitationTypeId: type("sabaq"),
              startAyah: 6231,
              endAyah: 6236,
              grade: 4,
              metrics: { [metric("lahn_jali")]: 1 },
              mistakes: [
                { ayah: 6233, metricId: metric("lahn_jali"), note: "ث for س" },
                { ayah: 6235, word: 2, metricId: metric("prompted") },
              ],
            },
            { recitationTypeId: type("manzil"), startAyah: 5673, endAyah: 6000 },
          ],
        },
        { hafizId: second.id, attendance: "absent" },
      ],
    };
    expect(await ok(sitting(api, body))).toMatchObject({ logs: 2, mistakes: 2 });
    expect(await ok(sitting(api, body))).toMatchObject({ logs: 2, mistakes: 2 });
    const read = await ok<{ hafiz: { name: string; attendance: string }[]; rows: { range: string }[] }>(api.get(`/admin/api/hifzlog/session/${session.id}`));
    expect(read.rows).toHaveLength(2);
    expect(read.rows[0]!.range).toBe("114:1–114:6");
    expect(read.rows[1]!.range).toMatch(/^78:1–/);
    expect(read.hafiz.map((h) => [h.name, h.attendance])).toEqual([
      ["Aisha", "absent"],
      ["Yusuf", "present"],
    ]);
    const open = await ok<{ rows: { reference: string }[] }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}`));
    expect(open.rows.map((r) => r.reference).sort()).toEqual(["114:3", "114:5:2"]);

    // A mistake outside the range recited, or a metric of no one's, names its place in the body.
    const outside = await sitting(api, {
      sessionId: session.id,
      hafiz: [
        {
          hafizId: hafiz.id,
          logs: [{ recitationTypeId: type("sabaq"), startAyah: 6231, endAyah: 6236, mistakes: [{ ayah: 1, metricId: metric("lahn_jali") }] }],
        },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().params.field).toBe("hafiz.0.logs.0.mistakes.0.ayah");
    const twice = await sitting(api, { sessionId: session.id, hafiz: [{ hafizId: hafiz.id }, { hafizId: hafiz.id }] });
    expect(twice.json()).toMatchObject({ code: "hifz.hafiz_twice", params: { field: "hafiz.1.hafizId" } });
    const elsewhere = await hifzSchool(app);
    const theirs = await sitting(api, { sessionId: session.id, hafiz: [{ hafizId: elsewhere.hafiz.id }] });
    expect(theirs.statusCode).toBe(404);
    expect((await sitting(api, { sessionId: elsewhere.session.id, hafiz: [{ hafizId: hafiz.id }] })).statusCode).toBe(404);
    // Nothing of the refused calls was written.
    expect((await ok<{ count: number }>(api.get(`/admin/api/hifzlog/hafiz/${hafiz.id}`))).count).toBe(2);
  });

  it("keeps mistakes open until resolved, counts them, and finds them and the recitations by ayah", async () => {
    const { api, type, metric, hafiz, session } = await hifzSchool(app);
    await ok(
      sitting(api, {
        sessionId: session.id,
        hafiz: [
          {
            hafizId: hafiz.id,
            logs: [{ recitationTypeId: type("sabaq"), startAyah: 6231, endAyah: 6236, mistakes: [{ ayah: 6233, metricId: metric("lahn_jali") }] }],
          },
        ],
      }),
    );
    const added = (
      await ok<{ data: Row & { reference: string; ayahNumber: number } }>(
        api.post("/admin/api/hifzfeedback", { hafizId: hafiz.id, surah: 114, ayah: 4, metricId: metric("lahn_khafi") }),
      )
    ).data;
    expect(added).toMatchObject({ reference: "114:4", ayahNumber: 6234 });
    const tooFar = await api.post("/admin/api/hifzfeedback", { hafizId: hafiz.id, surah: 114, ayah: 7, metricId: metric("lahn_khafi") });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().params.fields).toEqual(["ayah"]);
    expect((await ok<{ count: number }>(api.get("/admin/api/hifzfeedback"))).count).toBe(2);
    const resolved = await ok<{ data: { isResolved: boolean; resolvedAt: string } }>(api.put(`/admin/api/hifzfeedback/${added.id}/resolve`));
    expect(resolved.data.isResolved).toBe(true);
    // Resolving twice changes nothing.
    expect((await ok<{ data: { resolvedAt: string } }>(api.put(`/admin/api/hifzfeedback/${added.id}/resolve`))).data.resolvedAt).toBe(resolved.data.resolvedAt);
    expect((await ok<{ count: number }>(api.get("/admin/api/hifzfeedback"))).count).toBe(1);
    expect((await ok<{ count: number }>(api.get("/admin/api/hifzfeedback?isResolved=true"))).count).toBe(1);
    expect((await ok<{ count: number }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}?includeResolved=true`))).count).toBe(2);
    expect((await ok<{ count: number }>(api.get("/admin/api/hifzfeedback?surah=113"))).count).toBe(0);
    const stats = await ok<{ open: number; resolved: number; byJuz: unknown[] }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}/stats`));
    expect(stats).toMatchObject({ open: 1, resolved: 1, byJuz: [{ juz: 30, open: 1, resolved: 1 }] });
    const onAyah = await ok<{ rows: { reference: string }[] }>(api.get(`/admin/api/hifzprogress/feedbacks/ayah?hafizId=${hafiz.id}&surah=114&ayah=3`));
    expect(onAyah.rows.map((r) => r.reference)).toEqual(["114:3"]);
    const recited = await ok<{ rows: { range: string }[] }>(api.get(`/admin/api/hifzprogress/submissions/ayah?hafizId=${hafiz.id}&surah=114&ayah=3`));
    expect(recited.rows.map((r) => r.range)).toEqual(["114:1–114:6"]);
    expect((await api.get(`/admin/api/hifzprogress/submissions/ayah?hafizId=${hafiz.id}&surah=1&ayah=8`)).statusCode).toBe(400);
  });

  it("puts several mistakes right at once, leaves resolved ones as they were, and changes nothing for another school's", async () => {
    const { api, metric, hafiz } = await hifzSchool(app);
    const add = async (ayah: number) =>
      (await ok<{ data: { id: number } }>(api.post("/admin/api/hifzfeedback", { hafizId: hafiz.id, surah: 114, ayah, metricId: metric("lahn_jali") }))).data.id;
    const [first, second, third] = [await add(1), await add(2), await add(3)];
    const earlier = await ok<{ data: { resolvedAt: string } }>(api.put(`/admin/api/hifzfeedback/${first}/resolve`));
    const elsewhere = await hifzSchool(app);
    const theirs = (
      await ok<{ data: { id: number } }>(
        elsewhere.api.post("/admin/api/hifzfeedback", { hafizId: elsewhere.hafiz.id, surah: 114, ayah: 1, metricId: elsewhere.metric("lahn_jali") }),
      )
    ).data.id;
    const mixed = await api.put("/admin/api/hifzfeedback/resolve", { ids: [second, theirs] });
    expect(mixed.statusCode).toBe(404);
    // Nothing of the refused call was written, here or there.
    expect((await ok<{ count: number }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}`))).count).toBe(2);
    expect((await ok<{ count: number }>(elsewhere.api.get(`/admin/api/hifzfeedback/hafiz/${elsewhere.hafiz.id}`))).count).toBe(1);

    expect(await ok<{ count: number }>(api.put("/admin/api/hifzfeedback/resolve", { ids: [first, second, third, second] }))).toMatchObject({ count: 2 });
    expect((await ok<{ count: number }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}`))).count).toBe(0);
    const all = await ok<{ rows: { id: number; resolvedAt: string }[] }>(api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}?includeResolved=true`));
    expect(all.rows.find((m) => m.id === first)?.resolvedAt).toBe(earlier.data.resolvedAt);
    expect((await api.put("/admin/api/hifzfeedback/resolve", { ids: [] })).statusCode).toBe(400);
  });

  it("gives the dashboard from the logs: memorised, where the next sabaq starts, and the mistakes on the heat map", async () => {
    const { api, type, metric, hafiz, student } = await hifzSchool(app);
    const days = ["2026-11-16", "2026-11-23", "2026-11-25"];
    const [d1, d2, d3] = await Promise.all(days.map(async (date) => (await ok<{ data: Row }>(api.post("/admin/api/hifzsession", { date }))).data));
    const one = (sessionId: number, logs: unknown[]) => ok(sitting(api, { sessionId, hafiz: [{ hafizId: hafiz.id, logs }] }));
    await one(d1!.id, [
      { recitationTypeId: type("sabaq"), startAyah: 6231, endAyah: 6236, grade: 4, mistakes: [{ ayah: 6233, metricId: metric("lahn_jali") }] },
    ]);
    await one(d2!.id, [
      { recitationTypeId: type("sabaq"), startAyah: 6226, endAyah: 6230, grade: 5, mistakes: [{ ayah: 6227, metricId: metric("prompted") }] },
      { recitationTypeId: type("sabqi"), startAyah: 6231, endAyah: 6236, grade: 3 },
    ]);
    await one(d3!.id, [
      { recitationTypeId: type("sabaq"), startAyah: 6222, endAyah: 6225, mistakes: [{ ayah: 6233 - 8, metricId: metric("lahn_khafi") }] },
      { recitationTypeId: type("manzil"), startAyah: 6226, endAyah: 6236 },
    ]);
    const dash = await ok<{
      memorised: { ayahs: number; pages: number };
      lastCompletedRanges: { builtinKey: string; nextAyah: number; ranges: { range: string }[] }[];
      weakestAyahs: { ayah: number; mistakes: number }[];
      heatMapData: { key: number; ayahs: { ayah: number }[] }[];
      openMistakes: { count: number }[];
      juzRevision: { juz: number; lastRevisedOn: string | null }[];
      totalLogs: number;
    }>(api.get(`/admin/api/hifzprogress/hifz-dashboard?studentId=${student.id}`));
    expect(dash.memorised).toEqual({ ayahs: 15, share: expect.any(Number), pages: 1, juzComplete: 0 });
    expect(dash.totalLogs).toBe(5);
    // After Al-Ikhlas (112), going backwards: Al-Masad, 111:1 = global 6217.
    expect(dash.lastCompletedRanges.find((r) => r.builtinKey === "sabaq")).toMatchObject({ nextAyah: 6217, ranges: [{ range: "112:1–112:4" }] });
    expect(dash.juzRevision[29]).toMatchObject({ juz: 30, lastRevisedOn: "2026-11-25" });
    expect(dash.weakestAyahs.map((a) => a.ayah).sort()).toEqual([6225, 6227, 6233]);
    expect(dash.heatMapData.map((g) => g.key)).toEqual([112, 113, 114]);
    expect(dash.openMistakes.reduce((n, m) => n + m.count, 0)).toBe(3);
    const byPage = await ok<{ heatMapData: { key: number }[] }>(api.get(`/admin/api/hifzprogress/hifz-dashboard?studentId=${student.id}&layoutMode=page`));
    expect(byPage.heatMapData.map((g) => g.key)).toEqual([604]);
    const progress = await ok<{ memorised: { ayahs: number } }>(api.get(`/admin/api/hafiz/${hafiz.id}/progress`));
    expect(progress.memorised.ayahs).toBe(15);
    const school = await ok<{ totalHifzLogs: number; openMistakes: number; activeHafiz: number }>(
      api.get("/admin/api/hifzlog/hifz/dashboard-data?date=2026-11-25"),
    );
    expect(school).toMatchObject({ totalHifzLogs: 5, openMistakes: 3, activeHafiz: 1, logsOnDate: 2, hafizLoggedOnDate: 1 });
    const byDay = await ok<{ count: number; rows: { date: string; streams: { recitationTypeName: string }[] }[] }>(
      api.get(`/admin/api/hifzlog/v2?hafizId=${hafiz.id}`),
    );
    expect(byDay.count).toBe(3);
    expect(byDay.rows[0]!.streams.map((s) => s.recitationTypeName)).toEqual(["Sabaq", "Manzil"]);
    expect((await api.get("/admin/api/hifzprogress/hifz-dashboard?studentId=999999")).statusCode).toBe(404);
  });

  it("opens each stream of a sitting on the range it carries on with: to the page's or the surah's end, or the daily target", async () => {
    const { api, type, metric, hafiz } = await hifzSchool(app);
    const group = (await ok<{ data: Row }>(api.post("/admin/api/recitation-group", { name: "Halqa Bilal" }))).data;
    await ok(api.put("/admin/api/hafiz", { id: hafiz.id, recitationGroupId: group.id }));
    // An-Nas (6231-6236) done on 2 November; the sitting of the 3rd carries on, backwards, with Al-Falaq.
    const before = (await ok<{ data: Row }>(api.post("/admin/api/hifzsession", { date: "2026-11-02", recitationGroupId: group.id }))).data;
    const logs = [{ recitationTypeId: type("sabaq"), startAyah: 6231, endAyah: 6236, mistakes: [{ ayah: 6233, metricId: metric("lahn_jali") }] }];
    await ok(sitting(api, { sessionId: before.id, hafiz: [{ hafizId: hafiz.id, logs }] }));
    const today = (await ok<{ data: Row }>(api.post("/admin/api/hifzsession", { date: "2026-11-03", recitationGroupId: group.id }))).data;
    const next = async () => {
      const reply = await ok<{ hafiz: { hafizId: number; next: { recitationTypeId: number; startAyah: number; endAyah: number }[] }[] }>(
        api.get(`/admin/api/hifzlog/session/${today.id}`),
      );
      return Object.fromEntries(reply.hafiz[0]!.next.map((n) => [n.recitationTypeId, [n.startAyah, n.endAyah]]));
    };
    // A daily target in lines: the sabaq runs to Al-Falaq's end (6230: its page, 604, goes on with An-Nas);
    // sabqi and manzil, never completed, start with An-Nas, the whole of it.
    expect(await next()).toEqual({ [type("sabaq")]: [6226, 6230], [type("sabqi")]: [6231, 6236], [type("manzil")]: [6231, 6236] });
    // Three ayahs a day: 113:1 to 113:3.
    await ok(api.put("/admin/api/hafiz", { id: hafiz.id, targetUnit: "ayahs", dailyTarget: 3 }));
    expect((await next())[type("sabaq")]).toEqual([6226, 6228]);
  });

  it("lets a teacher read the progress, heat map and open mistakes of any hafiz as the Staff role allows, and a role without hifz nothing", async () => {
    const { api, tenant, type, metric, hafiz, student, session } = await hifzSchool(app);
    const logs = [{ recitationTypeId: type("sabaq"), startAyah: 6231, endAyah: 6236, mistakes: [{ ayah: 6233, metricId: metric("lahn_jali") }] }];
    await ok(sitting(api, { sessionId: session.id, hafiz: [{ hafizId: hafiz.id, logs }] }));
    // A teacher of another halqa (the child's has none): the Staff role views hifz across the school.
    const roles = await rolesOf(api);
    const teacher = await signedInUser(app, tenant, api, [roles.staff!]);
    await ok(api.post("/admin/api/recitation-group", { name: "Halqa Umar", teacherId: teacher.user.id }));
    expect((await ok<{ hafiz: { id: number } }>(teacher.api.get(`/admin/api/hafiz/${hafiz.id}/progress`))).hafiz.id).toBe(hafiz.id);
    const dashboard = await ok<{ heatMapData: { ayahs: { ayah: number }[] }[] }>(
      teacher.api.get(`/admin/api/hifzprogress/hifz-dashboard?studentId=${student.id}&layoutMode=page`),
    );
    expect(dashboard.heatMapData.flatMap((g) => g.ayahs.map((a) => a.ayah))).toEqual([6233]);
    expect((await ok<{ count: number }>(teacher.api.get(`/admin/api/hifzfeedback/hafiz/${hafiz.id}`))).count).toBe(1);
    // Another school's hafiz is not there at all.
    const other = await hifzSchool(app);
    expect((await teacher.api.get(`/admin/api/hafiz/${other.hafiz.id}/progress`)).statusCode).toBe(404);
    // A role of the parent area given no memorisation is refused every one of them.
    const visitor = await ok<{ data: Row }>(api.post("/admin/api/role", { name: "Visitor", area: "parent", permissions: { students: ["view"] } }));
    const outsider = await signedInUser(app, tenant, api, [visitor.data.id]);
    for (const path of [
      `/admin/api/hafiz/${hafiz.id}/progress`,
      `/admin/api/hifzprogress/hifz-dashboard?studentId=${student.id}&layoutMode=page`,
      `/admin/api/hifzfeedback/hafiz/${hafiz.id}`,
    ])
      expect((await outsider.api.get(path)).statusCode).toBe(403);
  });

  it("shows a parent their own child's progress, read only, and nobody else's", async () => {
    const school = await hifzSchool(app);
    const { api, tenant, hafiz: other } = school;
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(api.get("/admin/api/role?limit=50"));
    const mobile = uniqueMobile();
    const parent = (
      await ok<{ data: Row }>(
        api.post("/admin/api/user", { name: "Maryam", mobile, password: "Quiet-Garden-42", roleIds: [roles.rows.find((r) => r.builtin === "parent")!.id] }),
      )
    ).data;
    const student = await addStudent(api, { name: "Zainab", guardians: [{ userId: parent.id, relation: "mother" }] });
    const hafiz = (await ok<{ data: Row }>(api.post("/admin/api/hafiz", { studentId: student.id }))).data;
    // The teacher records the child's lesson: the parent is told once, in their language, even when the sitting is sent again.
    const { type, metric } = school;
    const today = (await ok<{ date: string }>(api.get("/admin/api/hifzlog/hifz/dashboard-data"))).date;
    const session = (await ok<{ data: Row }>(api.post("/admin/api/hifzsession", { date: today }))).data;
    const lesson = {
      sessionId: session.id,
      hafiz: [
        {
          hafizId: hafiz.id,
          logs: [{ recitationTypeId: type("sabaq"), startAyah: 6222, endAyah: 6225, mistakes: [{ ayah: 6223, metricId: metric("lahn_jali") }] }],
        },
      ],
    };
    await ok(api.put("/admin/api/hifzlog/sitting", lesson));
    await ok(api.put("/admin/api/hifzlog/sitting", lesson));
    const told = (await rowsOf(app, "notifications", tenant.id)).filter((n) => n.user_id === parent.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: "hifz_feedback", title: "Zainab's lesson today", body: "Sabaq 112:1–112:4. Mistakes noted: 1." });
    // A sitting of weeks ago logged now is history filled in: nobody is told.
    await ok(api.put("/admin/api/hifzlog/sitting", { ...lesson, sessionId: school.session.id }));
    expect((await rowsOf(app, "notifications", tenant.id)).filter((n) => n.user_id === parent.id)).toHaveLength(1);
    const { api: home } = await signIn(app, tenant.code, mobile);
    const mine = await ok<{ hafiz: { id: number } }>(home.get(`/user/api/home/hifz?studentId=${student.id}`));
    expect(mine.hafiz.id).toBe(hafiz.id);
    expect(
      (
        await home.get(
          `/user/api/home/hifz?studentId=${(await ok<{ data: { studentId: number } }>(api.put("/admin/api/hafiz", { id: other.id }))).data.studentId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await home.get(`/admin/api/hifzprogress/hifz-dashboard?studentId=${student.id}`)).statusCode).toBe(403);
    expect((await home.put("/admin/api/hifzlog/sitting", { sessionId: 1, hafiz: [{ hafizId: hafiz.id }] })).statusCode).toBe(403);
  });
});
