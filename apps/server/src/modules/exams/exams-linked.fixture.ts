import { ok } from "../academics/school.fixture.js";

type Api = {
  get: (url: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  post: (url: string, body?: unknown) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
};

/**
 * The linked-students suite's rows for exams: a term of the children's classroom with one paper,
 * marks for both children, and a published set of it (a family's role sees published sets only).
 * Returns the rows its `:id`s name: the paper (exam/result/students/:id), the set, and the
 * children themselves for examset/student-result/:id.
 */
export async function examsFixture(api: Api, children: { mine: number; other: number }, batchId: number, classroomId: number) {
  const subject = (await ok<{ data: { id: number } }>(api.post("/admin/api/subject", { name: "Seerah" }))).data.id;
  const master = (
    await ok<{ data: { id: number } }>(
      api.post("/admin/api/exammaster", {
        name: "Term 1",
        batchId,
        startDate: "2026-09-20",
        classroomIds: [classroomId],
        subjects: [{ subjectId: subject, maxMarks: 50, passMarks: 18 }],
      }),
    )
  ).data.id;
  const [paper] = (await ok<{ rows: { id: number }[] }>(api.get(`/admin/api/exam?examMasterId=${master}`))).rows;
  await ok(
    api.post("/admin/api/result/multiresults", {
      examId: paper!.id,
      results: [
        { studentId: children.mine, marks: 40 },
        { studentId: children.other, marks: 30 },
      ],
    }),
  );
  const set = (await ok<{ data: { id: number } }>(api.post("/admin/api/examset", { name: "Term 1 report", batchId, components: [{ examMasterId: master }] })))
    .data.id;
  await ok(api.post("/admin/api/examset/publish", { id: set }));
  const both = (id: number) => ({ mine: id, other: id });
  return { rows: { exam: both(paper!.id), examset: both(set), "student-result": children } };
}
