import { ok } from "../academics/school.fixture.js";

type Api = { post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }> };

/**
 * The linked-students suite's rows for halls: a study hall holding both children, and tonight's
 * check of it with the other child absent, so the hall's students, its register and the checks'
 * marks carry the other child for the office only.
 */
export async function hallsLinkedFixture(api: Api, children: { mine: number; other: number }, today: string) {
  const hall = await ok<{ data: { id: number } }>(api.post("/admin/api/hall", { name: "Evening study", kind: "study_hall", capacity: 10 }));
  const id = hall.data.id;
  await ok(api.post("/admin/api/hall/bulk-update", { id, studentIds: [children.mine, children.other] }));
  await ok(api.post("/admin/api/hallcheck", { hallId: id, date: today, slot: "night" }));
  return {
    rows: { hall: { mine: id, other: id } },
    queries: { "GET /admin/api/hallcheck/register": () => `?hallId=${id}&date=${today}&slot=night` },
  };
}
