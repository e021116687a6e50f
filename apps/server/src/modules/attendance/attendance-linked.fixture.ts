import { ok } from "../academics/school.fixture.js";

type Api = {
  get: (url: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
};
type Whose = "mine" | "other";

/**
 * The linked-students suite's rows for salaah, leave and the school's own registers: a prayer
 * logged for both children yesterday, a leave application for each, and a register for each.
 * Returns the rows its `:id`s name and the queries its calls need.
 */
export async function attendanceFixture(api: Api, children: { mine: number; other: number }, classroomId: number, today: string) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const day = d.toISOString().slice(0, 10);
  const grid = await ok<{ salaahTypes: { id: number }[]; options: { id: number }[] }>(
    api.get(`/admin/api/salaah-log/students?classroomId=${classroomId}&date=${day}`),
  );
  await ok(
    api.post("/admin/api/salaah-log/salaah-attendance/bulkupdate", {
      classroomId,
      date: day,
      salaahTypeId: grid.salaahTypes[0]!.id,
      entries: [children.mine, children.other].map((studentId) => ({ studentId, optionId: grid.options[0]!.id })),
    }),
  );
  const types = await ok<{ rows: { id: number }[] }>(api.get("/admin/api/leavetypes"));
  const leave = async (studentId: number) =>
    (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/leaveapplications", { studentId, leaveTypeId: types.rows[0]!.id, fromDate: today, toDate: today, reason: "Family visit" }),
      )
    ).data.id;
  const type = await ok<{ data: { id: number } }>(api.post("/admin/api/general-attendance/type", { name: "Hostel roll" }));
  const register = async (studentId: number) =>
    (
      await ok<{ data: { id: number } }>(
        api.post("/admin/api/general-attendance", { name: `Roll ${studentId}`, typeId: type.data.id, startDate: day, studentIds: [studentId] }),
      )
    ).data.id;
  const rows = {
    leaveapplications: { mine: await leave(children.mine), other: await leave(children.other) },
    "general-attendance": { mine: await register(children.mine), other: await register(children.other) },
  };
  const queries: Record<string, (whose: Whose) => string> = {
    "GET /admin/api/salaah-log/students": () => `?classroomId=${classroomId}&date=${day}`,
    "GET /admin/api/salaah-log/salaah-attendance/students": () => `?classroomId=${classroomId}&from=${day}&to=${day}`,
    "GET /user/api/home/salaah": (whose) => `?student=${children[whose]}&from=${day}&to=${day}`,
  };
  return { rows, queries };
}
