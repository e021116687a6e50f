/** The linked-students suite's query for lesson progress: a family names its own child. */
export const lessonsLinkedQueries = (children: { mine: number; other: number }) => ({
  "GET /admin/api/lesson/logs": (whose: "mine" | "other") => `?studentId=${children[whose]}`,
});
