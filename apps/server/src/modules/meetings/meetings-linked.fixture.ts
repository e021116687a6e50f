import { addDays } from "@taleem/contract";
import { ok } from "../academics/school.fixture.js";

type Api = { post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }> };

/**
 * The linked-students suite's row for meetings: one next week inviting the children's classroom and both
 * children by name, so the list's `studentIds` carries the other child for the office only.
 */
export async function meetingsFixture(api: Api, children: { mine: number; other: number }, classroomId: number, today: string) {
  await ok(
    api.post("/admin/api/meeting", {
      title: "Term review",
      date: addDays(today, 7),
      startTime: "10:00",
      endTime: "11:00",
      place: "Hall",
      classroomIds: [classroomId],
      studentIds: [children.mine, children.other],
    }),
  );
}
