import { ok } from "../academics/school.fixture.js";

type Api = {
  get: (url: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  put: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
};
type Whose = "mine" | "other";

/**
 * The linked-students suite's rows for memorisation: both children in one halqa, a sitting where
 * each recited with a mistake. Returns the rows its `:id`s name and the queries its calls need.
 */
export async function hifzFixture(api: Api, children: { mine: number; other: number }, today: string) {
  const group = (await ok<{ data: { id: number } }>(api.post("/admin/api/recitation-group", { name: "Halqa Umar" }))).data.id;
  const hafizOf = async (studentId: number) =>
    (await ok<{ data: { id: number } }>(api.post("/admin/api/hafiz", { studentId, recitationGroupId: group }))).data.id;
  const hafiz = { mine: await hafizOf(children.mine), other: await hafizOf(children.other) };
  const session = (await ok<{ data: { id: number } }>(api.post("/admin/api/hifzsession", { date: today, recitationGroupId: group }))).data.id;
  const [sabaq] = (await ok<{ rows: { id: number }[] }>(api.get("/admin/api/recitationtype/active"))).rows;
  const [metric] = (await ok<{ rows: { id: number }[] }>(api.get("/admin/api/recitationmetric/active"))).rows;
  await ok(
    api.put("/admin/api/hifzlog/sitting", {
      sessionId: session,
      hafiz: [hafiz.mine, hafiz.other].map((hafizId) => ({
        hafizId,
        logs: [{ recitationTypeId: sabaq!.id, startAyah: 6231, endAyah: 6236, mistakes: [{ ayah: 6233, metricId: metric!.id }] }],
      })),
    }),
  );
  const both = (id: number) => ({ mine: id, other: id });
  const rows = { hafiz, "recitation-group": both(group), session: both(session) };
  const byStudent = (whose: Whose) => `?studentId=${children[whose]}`;
  const queries: Record<string, (whose: Whose) => string> = {
    "GET /admin/api/hifzprogress/hifz-dashboard": byStudent,
    "GET /user/api/home/hifz": byStudent,
  };
  return { rows, queries };
}
