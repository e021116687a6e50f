import { ok } from "../academics/school.fixture.js";

type Reply = { statusCode: number; body: string; json: () => unknown };
type Api = { get: (url: string) => Promise<Reply>; put: (url: string, body?: unknown) => Promise<Reply> };
type Whose = "mine" | "other";

/**
 * The linked-students suite's rows for the registers: the school works every day (so the suite
 * runs on a Sunday too), and today's register of the classroom marks one child present and the
 * other absent. Returns the queries the register calls need.
 */
export async function registersFixture(api: Api, children: { mine: number; other: number }, classroomId: number, today: string) {
  await ok(api.put("/admin/api/setting", { config: { workingDays: [1, 2, 3, 4, 5, 6, 7] } }));
  const reg = await ok<{ codes: { id: number; meaning: string }[] }>(api.get(`/admin/api/attendance/register?classroomId=${classroomId}&date=${today}`));
  const code = (meaning: string) => reg.codes.find((c) => c.meaning === meaning)!.id;
  await ok(
    api.put("/admin/api/attendance", {
      classroomId,
      date: today,
      marks: [
        { studentId: children.mine, codeId: code("present") },
        { studentId: children.other, codeId: code("absent") },
      ],
    }),
  );
  const queries: Record<string, (whose: Whose) => string> = {
    "GET /admin/api/attendance/register": () => `?classroomId=${classroomId}&date=${today}`,
    "GET /admin/api/attendance/percentages": () => `?classroomId=${classroomId}&from=${today}&to=${today}`,
    "GET /admin/api/attendance/monthly-sheet": () => `?classroomId=${classroomId}&month=${today.slice(0, 7)}`,
    "GET /admin/api/period/attendance-student": (whose) => `?studentId=${children[whose]}&date=${today}`,
    "GET /user/api/home/attendance": (whose) => `?studentId=${children[whose]}&from=${today}&to=${today}`,
  };
  return { queries };
}
