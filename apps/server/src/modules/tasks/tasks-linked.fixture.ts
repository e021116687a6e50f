import { ok } from "../academics/school.fixture.js";

type Reply = Promise<{ statusCode: number; body: string; json: () => unknown }>;
type Api = { get: (url: string) => Reply; post: (url: string, body?: unknown) => Reply };

/**
 * The linked-students suite's rows for tasks: one task set by name to both children, each child's
 * log of it, so the task's children, the task list and the logs have the other child to keep out.
 */
export async function tasksLinkedFixture(api: Api, children: { mine: number; other: number }, today: string) {
  const types = await ok<{ rows: { id: number; builtinKey: string | null }[] }>(api.get("/admin/api/taskTypes"));
  const task = await ok<{ data: { id: number } }>(
    api.post("/admin/api/task", {
      title: "Linked homework",
      taskTypeId: types.rows.find((t) => t.builtinKey === "homework")!.id,
      studentIds: [children.mine, children.other],
      dueOn: today,
    }),
  );
  await ok(
    api.post("/admin/api/task/mark", {
      taskId: task.data.id,
      date: today,
      entries: [
        { studentId: children.mine, status: "done" },
        { studentId: children.other, status: "late" },
      ],
    }),
  );
  return {
    rows: { task: { mine: task.data.id, other: task.data.id } },
    queries: { "GET /user/api/home/tasks": (whose: "mine" | "other") => `?student=${children[whose]}` },
  };
}
